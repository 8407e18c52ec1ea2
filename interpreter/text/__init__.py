"""Text made from rulesets: rulebooks (:mod:`.rulebook`, ``rules describe``), the differences
between two rulesets (:mod:`.diff`), the ruleset reference (:mod:`.schemadoc`), the schema's
own words for its keys (:mod:`.schemawords`) and house-rule skeletons (:mod:`.skeleton`)."""
