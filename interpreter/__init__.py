"""Sixty-Six Rules: a generic trick-taking engine driven by declarative rulesets."""
