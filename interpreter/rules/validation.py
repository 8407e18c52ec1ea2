"""JSON Schema validation whose errors point at lines and columns and read like sentences.

``jsonschema`` reports problems as instance paths and messages written for programmers
("Additional properties are not allowed ('tallon' was unexpected)", "'X' is not valid under any
of the given schemas").  Rule-file authors need the place in their file and a plain statement of
what is wrong and what would be right.  Each validator keyword therefore has a small function
that turns one ``ValidationError`` into findings, and :func:`schema_errors` locates them through
the marks of a :class:`~interpreter.rules.yamlsource.SourceDoc`.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema._utils import Unset
from jsonschema.exceptions import ValidationError, best_match, relevance

from interpreter.core.errors import RulesError, RulesetError
from interpreter.rules.migrations import removed_at, removed_message
from interpreter.rules.suggest import suggest_word
from interpreter.rules.yamlsource import LEADING_ZERO, YAML11, Path, SourceDoc, format_path, leading_zero_message, shorten
from interpreter.rules.yamlsource import describe_value as _describe
from interpreter.rules.yamlsource import show_value as _show

__all__ = ["key_hint", "schema_errors", "schema_at", "yaml11_hint"]

#: JSON Schema type names in the words a YAML author uses.
_TYPE_WORDS = {
    "integer": "integer",
    "boolean": "boolean",
    "string": "string",
    "array": "list",
    "object": "mapping",
    "number": "number",
    "null": "null",
}
#: Keywords whose failure is better explained by a type error at the same place.
_SHADOWED_BY_TYPE = frozenset(
    {
        "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
        "uniqueItems", "minProperties", "maxProperties",
    }
)  # fmt: skip
_ALTERNATIVES = ("anyOf", "oneOf")


@dataclass(frozen=True, slots=True)
class _Finding:
    """One problem before it is located: where (path, at the key or the value), what, expected."""

    path: Path
    message: str
    expected: str | None = None
    at_key: bool = False


# --------------------------------------------------------------------------------------------
# Wording helpers


def _plain(value: Any) -> str:
    """A value in a list of choices, where quotes would only be noise."""
    return value if isinstance(value, str) else _show(value)


def _one_of(values: Iterable[Any]) -> str:
    shown = list(dict.fromkeys(_plain(v) for v in values))  # 9 and "9" read the same: listed once
    return shown[0] if len(shown) == 1 else "one of: " + ", ".join(shown)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


#: Words that stand for a yes or a no among a key's values, for a boolean written instead of
#: one (``first_lead: false`` means ``forbidden``).
_AS_BOOLEAN = {
    False: ("forbidden", "none", "never", "not_required", "free"),
    True: ("allowed", "required", "auto", "always"),
}
#: How a ten is written in rule files: ``T``, as in the card notation (``TD``).
_TEN = {10, "10"}


def _suggest(word: Any, choices: Iterable[Any]) -> str | None:
    """A close choice for a misspelt word: same letters in another case first, then difflib's;
    ``T`` for a ten written 10; the yes or no word of the choices for a boolean."""
    choices = list(choices)
    if isinstance(word, (int, str)) and not isinstance(word, bool) and word in _TEN and "T" in choices:
        return "T"
    if isinstance(word, bool):
        return next((c for c in _AS_BOOLEAN[word] if c in choices), None)
    if not isinstance(word, str):
        return None
    return suggest_word(word, [c for c in choices if isinstance(c, str)])


def _with_suggestion(message: str, word: Any, choices: Iterable[Any]) -> str:
    guess = _suggest(word, choices)
    return f"{message} (did you mean '{guess}'?)" if guess else message


# --------------------------------------------------------------------------------------------
# One function per validator keyword: ValidationError -> findings


def _path(error: ValidationError) -> Path:
    return tuple(error.absolute_path)


# jsonschema types the fields below as possibly Unset, but every error iter_errors yields (and
# every error in its context) has them set.


def _instance(error: ValidationError) -> Any:
    """The value the error is about."""
    instance = error.instance
    assert not isinstance(instance, Unset)
    return instance


def _limit(error: ValidationError) -> Any:
    """The failed keyword's value in the schema (the choices, the bound, the pattern...)."""
    value = error.validator_value
    assert not isinstance(value, Unset)
    return value


def _keyword(error: ValidationError) -> str | None:
    """The failed keyword; None for a ``false`` subschema (a case the stubs leave out)."""
    keyword = error.validator
    assert not isinstance(keyword, Unset)
    return keyword


def _at(error: ValidationError, message: str, expected: str | None = None) -> list[_Finding]:
    """The usual case: one finding about the value the error is about."""
    return [_Finding(_path(error), message, expected)]


def _unknown_keys(error: ValidationError) -> list[_Finding]:
    """additionalProperties: false -- one finding per unknown key, located at that key."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    properties = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    extras = [
        key
        for key in _instance(error)
        if key not in properties and not any(re.search(p, key) for p in patterns)
    ]
    return [_unknown_key(_path(error), key, properties, patterns) for key in extras]


def _unknown_key(parent: Path, key: str, allowed: list[str], patterns: list[str]) -> _Finding:
    gone = removed_at((*parent, key))
    if gone is not None:  # with another value than its one (with that one, migrate dropped it)
        return _Finding(parent + (key,), removed_message(gone), f"this key deleted (its only value was {gone.value!r})", at_key=True)
    choices = [*allowed, *(f"a key matching {p}" for p in patterns)]
    expected = "one of: " + ", ".join(choices) if choices else "no keys here"
    message = _with_suggestion(f"unknown key '{key}'", key, allowed)
    if parent == () and _suggest(key, allowed) == "extends":
        # Without `extends` the file must give every required key itself: the missing-key
        # errors all follow from this one (see _drop_explained_missing), so it says why.
        message += "; without extends, this file is a whole ruleset and lacks its required keys"
        expected = "extends: the ruleset this file changes, e.g. extends: schnapsen"
    return _Finding(parent + (key,), message, expected, at_key=True)


def _unevaluated_keys(error: ValidationError, root: dict[str, Any]) -> list[_Finding]:
    """unevaluatedProperties: false -- like unknown keys, with names gathered from applicators."""
    allowed = _declared_properties(error.schema, root, depth=0)
    extras = [key for key in _instance(error) if key not in allowed]
    if not extras:
        return _generic(error)
    return [_unknown_key(_path(error), key, allowed, []) for key in extras]


def _declared_properties(schema: Any, root: dict[str, Any], depth: int) -> list[str]:
    """Property names a schema and its in-place applicators (allOf, if/then, $ref...) declare."""
    if not isinstance(schema, dict) or depth > 20:
        return []
    names = list(schema.get("properties", {}))
    subschemas: list[Any] = []
    for keyword in ("allOf", "anyOf", "oneOf"):
        subschemas.extend(schema.get(keyword, []))
    subschemas.extend(schema.get(k) for k in ("if", "then", "else") if k in schema)
    subschemas.extend(schema.get("dependentSchemas", {}).values())
    if isinstance(schema.get("$ref"), str):
        subschemas.append(_local_ref(schema["$ref"], root))
    for sub in subschemas:
        names.extend(n for n in _declared_properties(sub, root, depth + 1) if n not in names)
    return names


def _local_ref(ref: str, root: dict[str, Any]) -> Any:
    """Follow a ``#/...`` JSON pointer inside the root schema (other references are ignored)."""
    if not ref.startswith("#"):
        return None
    node: Any = root
    for part in ref[1:].split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _enum(error: ValidationError) -> list[_Finding]:
    return _not_allowed(error, list(_limit(error)))


def _not_allowed(error: ValidationError, values: list[Any]) -> list[_Finding]:
    """A value outside a list of choices, with a suggestion when one is close."""
    instance = _instance(error)
    message = _with_suggestion(f"{_show(instance)} is not allowed", instance, values)
    return _at(error, message, _one_of(values))


def _const(error: ValidationError) -> list[_Finding]:
    return _at(error, f"{_show(_instance(error))} is not allowed", _plain(_limit(error)))


def _type(error: ValidationError) -> list[_Finding]:
    schema = error.schema if isinstance(error.schema, dict) else {}
    return [_wrong_type(_path(error), _instance(error), _as_list(_limit(error)), schema)]


def _wrong_type(path: Path, instance: Any, types: list[str], schema: dict[str, Any] | None = None) -> _Finding:
    words = " or ".join(_TYPE_WORDS.get(t, t) for t in types)
    key = path[-1] if path and isinstance(path[-1], str) else None
    if isinstance(instance, bool) and "object" in types and key is not None:
        # a section written as a switch: `closing: false`
        if "enabled" in (schema or {}).get("properties", {}):
            words = f"a mapping, such as {key}: {{enabled: {_show(instance)}}}"
        elif "null" in types and instance is False:
            words = f"a mapping, or {key}: null for none"
    elif _is_number(instance) and types == ["string"] and key is not None:
        # `game_points: 3`: "expected string" did not say that quotes make the number one
        what = "a formula" if _is_formula(schema) else "a string"
        words = f'{what} in quotes, such as {key}: "{_show(instance)}"'
    return _Finding(path, f"wrong type: got {_describe(instance)}", words)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_formula(schema: dict[str, Any] | None) -> bool:
    """Whether a key's schema is the schema's expression (a formula such as game_points)."""
    from interpreter.rules.resources import load_schema

    return bool(schema == load_schema().get("$defs", {}).get("expression"))


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def _required(error: ValidationError) -> list[_Finding]:
    """Every missing key (jsonschema yields one error per key; duplicates are dropped later)."""
    instance = _instance(error)
    missing = [key for key in _limit(error) if key not in instance]
    return [_missing(error, key) for key in missing]


def _missing(error: ValidationError, key: str, reason: str = "") -> _Finding:
    return _Finding(_path(error), f"missing key '{key}'{reason}", f"a value for '{key}'")


def _dependent_required(error: ValidationError) -> list[_Finding]:
    findings = []
    instance = _instance(error)
    for key, needed in _limit(error).items():
        if key in instance:
            for other in needed:
                if other not in instance:
                    findings.append(_missing(error, other, f", needed because '{key}' is given"))
    return findings


def _sentence(template: str, expected: str) -> Callable[[ValidationError], list[_Finding]]:
    """A keyword whose message is one sentence about the value and the keyword's limit, and
    whose expected part states the limit the other way round (``at least 1``)."""

    def explain(error: ValidationError) -> list[_Finding]:
        value, limit = _show(_instance(error)), _show(_limit(error))
        return _at(error, template.format(value=value, limit=limit), expected.format(limit=limit))

    return explain


def _items_count(error: ValidationError) -> list[_Finding]:
    bound = "at least" if error.validator == "minItems" else "at most"
    limit = _plural(_limit(error), "item")
    count = _plural(len(_instance(error)), "item")
    return _at(error, f"the list has {count}", f"{bound} {limit}")


def _properties_count(error: ValidationError) -> list[_Finding]:
    bound = "at least" if error.validator == "minProperties" else "at most"
    limit = _plural(_limit(error), "key")
    count = _plural(len(_instance(error)), "key")
    return _at(error, f"the mapping has {count}", f"{bound} {limit}")


def _unique_items(error: ValidationError) -> list[_Finding]:
    items = _instance(error)
    index = _first_duplicate(items)
    what = _show(items[index]) if index is not None else "an item"
    return _at(error, f"{what} appears more than once in the list", "each item once")


def _first_duplicate(items: list[Any]) -> int | None:
    """Index of the first item seen twice, telling true apart from 1 as JSON does (linear)."""
    seen: set[Any] = set()
    for index, item in enumerate(items):
        marker = _json_key(item)
        if marker in seen:
            return index
        seen.add(marker)
    return None


def _json_key(value: Any) -> Any:
    """A hashable stand-in equal for values JSON calls equal: 1 and 1.0, but not 1 and true."""
    if isinstance(value, bool):
        return ("boolean", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, list):
        return ("list", tuple(_json_key(item) for item in value))
    if isinstance(value, dict):
        return ("mapping", frozenset((key, _json_key(item)) for key, item in value.items()))
    return ("value", value)


def _unique_items_keyword(
    validator: Any, unique: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """``uniqueItems`` in linear time: jsonschema compares every pair when items are mixed."""
    if unique and isinstance(instance, list) and _first_duplicate(instance) is not None:
        yield ValidationError("the list has an item more than once")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


#: Patterns of the schema in words, with a way to mend a value (None: no guess).
_PATTERN_WORDS: dict[str, tuple[str, Callable[[str], str]]] = {
    "^[a-z0-9][a-z0-9-]*$": ("lower-case letters, digits and hyphens", _slug),
}


def _pattern(error: ValidationError) -> list[_Finding]:
    instance = _instance(error)
    words = _PATTERN_WORDS.get(_limit(error))
    if words is None:
        return _at(error, f"{_show(instance)} is not in the required form", f"text matching {_limit(error)}")
    form, mend = words
    guess = mend(instance) if isinstance(instance, str) else ""
    hint = f" (did you mean '{guess}'?)" if guess and guess != instance else ""
    return _at(error, f"{_show(instance)} is not in the required form{hint}", form)


def _length(error: ValidationError) -> list[_Finding]:
    limit = _plural(_limit(error), "character")
    instance = _instance(error)
    text = _show(instance)
    if error.validator == "minLength":
        message = "the text is empty" if instance == "" else f"{text} is too short"
        return _at(error, message, f"at least {limit}")
    length = _plural(len(instance), "character")
    return _at(error, f"{text} is too long ({length})", f"at most {limit}")


def _items(error: ValidationError) -> list[_Finding]:
    """``items: false`` after ``prefixItems``: the list is longer than the fixed positions."""
    if _limit(error) is False:
        fixed = error.schema.get("prefixItems", []) if isinstance(error.schema, dict) else []
        count = _plural(len(_instance(error)), "item")
        return _at(error, f"the list has {count}", f"at most {_plural(len(fixed), 'item')}")
    return _generic(error)


def _not(error: ValidationError) -> list[_Finding]:
    return _at(error, f"{_show(_instance(error))} is not allowed here", "another value, or this key left out")


def _false_schema(error: ValidationError, data: Any) -> list[_Finding]:
    """A ``false`` subschema forbids a key or item outright.

    jsonschema 4.x leaves the key or index out of such an error's path (it reports the parent),
    so the child is found again by identity among the parent's entries.
    """
    path = _path(error)
    here = _value_at(data, path)
    instance = _instance(error)
    if here is instance:
        return [_forbidden(path)]
    entries = here.items() if isinstance(here, dict) else enumerate(here or ())
    children = [path + (name,) for name, value in entries if value is instance]
    return [_forbidden(child) for child in children] or _at(error, "this value is not allowed here", "this value left out")


def _value_at(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _forbidden(path: Path) -> _Finding:
    if path and isinstance(path[-1], str):
        return _Finding(path, f"the key '{path[-1]}' is not allowed here", "this key left out", at_key=True)
    return _Finding(path, "this item is not allowed here" if path else "this value is not allowed here", "this value left out")


def _generic(error: ValidationError) -> list[_Finding]:
    """Keywords without a wording of their own keep jsonschema's message; the expected part
    points at the schema, which states the rule."""
    return _at(error, error.message, f"a value the schema's '{_keyword(error)}' allows (rules schema prints it)")


# --------------------------------------------------------------------------------------------
# anyOf / oneOf: explain the actual problem, not "not valid under any of the given schemas"


def _alternatives(error: ValidationError, root: dict[str, Any], data: Any) -> list[_Finding]:
    if not error.context:
        return _at(error, f"{_show(_instance(error))} fits more than one of the allowed forms", "a value of exactly one of the forms")
    values = _allowed_values(error)
    if values is not None:
        return _not_allowed(error, values)
    types = _allowed_types(error)
    if types is not None:
        return [_wrong_type(_path(error), _instance(error), types)]
    return _findings(_best_branch_error(error), root, data)


def _branches(error: ValidationError) -> list[list[ValidationError]] | None:
    """Errors of each branch about the same value; None if some branch failed only deeper."""
    groups: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        if not sub.relative_path:
            groups.setdefault(sub.relative_schema_path[0], []).append(sub)
    if len(groups) < len(_limit(error)):
        return None
    return list(groups.values())


def _allowed_values(error: ValidationError) -> list[Any] | None:
    """The union of enum/const values when every alternative is a list of values."""
    if error.validator == "enum":
        return list(_limit(error))
    if error.validator == "const":
        return [_limit(error)]
    if error.validator not in _ALTERNATIVES:
        return None
    return _union(_branches(error), _allowed_values)


def _allowed_types(error: ValidationError) -> list[str] | None:
    """The union of types when every alternative failed on the type of the value."""
    if error.validator == "type":
        return _as_list(_limit(error))
    if error.validator not in _ALTERNATIVES:
        return None
    return _union(_branches(error), _allowed_types)


def _union(
    branches: list[list[ValidationError]] | None,
    pick: Callable[[ValidationError], list[Any] | None],
) -> list[Any] | None:
    if not branches:
        return None
    merged: list[Any] = []
    for errors in branches:
        found = next((v for v in map(pick, errors) if v is not None), None)
        if found is None:
            return None
        merged.extend(v for v in found if not any(_same(v, m) for m in merged))
    return merged


def _same(a: Any, b: Any) -> bool:
    """Choices that read the same to the author ("9" and 9) are listed once."""
    return _plain(a) == _plain(b)


def _best_branch_error(error: ValidationError) -> ValidationError:
    """jsonschema's best match inside the alternatives; on a tie, the first branch's error."""
    best: ValidationError | None = best_match([error])
    if best is None or best is error:
        best = min(error.context, key=relevance)
    return best


# --------------------------------------------------------------------------------------------
# Driver


_SIMPLE: dict[str, Callable[[ValidationError], list[_Finding]]] = {
    "additionalProperties": _unknown_keys,
    "enum": _enum,
    "const": _const,
    "type": _type,
    "required": _required,
    "dependentRequired": _dependent_required,
    "minimum": _sentence("{value} is less than the minimum {limit}", "{limit} or more"),
    "maximum": _sentence("{value} is greater than the maximum {limit}", "{limit} or less"),
    "exclusiveMinimum": _sentence("{value} is not greater than {limit}", "more than {limit}"),
    "exclusiveMaximum": _sentence("{value} is not less than {limit}", "less than {limit}"),
    "multipleOf": _sentence("{value} is not a multiple of {limit}", "a multiple of {limit}"),
    "minItems": _items_count,
    "maxItems": _items_count,
    "minProperties": _properties_count,
    "maxProperties": _properties_count,
    "uniqueItems": _unique_items,
    "pattern": _pattern,
    "minLength": _length,
    "maxLength": _length,
    "items": _items,
    "not": _not,
}


def _findings(error: ValidationError, root: dict[str, Any], data: Any) -> list[_Finding]:
    """Findings for one error, whatever its keyword."""
    keyword = _keyword(error)
    if keyword in _ALTERNATIVES:
        return _alternatives(error, root, data)
    if keyword == "unevaluatedProperties" and _limit(error) is False:
        return _unevaluated_keys(error, root)
    if keyword is None:
        return _false_schema(error, data)
    return _SIMPLE.get(keyword, _generic)(error)


def _key_name(error: ValidationError, doc: SourceDoc) -> str | None:
    """The key whose name an error of ``propertyNames`` is about (it belongs at that key)."""
    key = _instance(error)
    if not isinstance(key, str) or "propertyNames" not in error.absolute_schema_path:
        return None
    return key if _path(error) + (key,) in doc.key_marks else None


def _at_key_name(finding: _Finding, key: str) -> _Finding:
    return _Finding(finding.path + (key,), finding.message, finding.expected, at_key=True)


def _removed_by_null(finding: _Finding, doc: SourceDoc) -> _Finding:
    """A required key that a file of the chain removed with ``null`` (``deck: null``, or
    ``deck:`` with nothing after it, in a file that extends another) is missing *there*: said at
    that null, not at the top of the file or of the mapping, where nothing is wrong."""
    found = _MISSING.fullmatch(finding.message)
    if found is None:
        return finding
    path = (*finding.path, found.group(1))
    for layer in getattr(doc, "layers", ()):
        if path in layer.key_marks and _written_null(layer.data, path):
            leaf = found.group(1)
            written = f"'{leaf}:' with no value" if path in layer.empty else f"'{leaf}: null'"
            whole = "a ruleset" if len(path) == 1 else f"'{format_path(path[:-1])}'"
            instead = ("a name of this file's own (lower-case letters, digits and hyphens)" if path == ("name",)
                       else f"the value of {leaf} to use here, or this line deleted to keep the base's")
            return _Finding(
                path, f"missing key '{leaf}': {written} removes the base's {leaf}, and {whole} must have one", instead, at_key=True,
            )
    return finding


def _written_null(data: Any, path: Path) -> bool:
    """Whether ``data`` (one file's own) has a null at ``path``."""
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return False
        data = data[part]
    return data is None


def _drop_shadowed(errors: list[ValidationError]) -> Iterator[ValidationError]:
    """Skip e.g. an enum failure when the same schema already says the type is wrong."""
    typed = {_place(e) for e in errors if e.validator == "type"}
    for error in errors:
        if error.validator not in _SHADOWED_BY_TYPE or _place(error) not in typed:
            yield error


def _place(error: ValidationError) -> tuple[Path, int]:
    """Which value, checked by which schema object, an error is about."""
    return _path(error), id(error.schema)


def _sort_key(error: RulesError) -> tuple[int, int, str]:
    return (error.line or 0, error.column or 0, error.message)


def _is_integer(checker: object, instance: object) -> bool:
    """YAML's ``2.0`` is a float: a count of players or cards must be written as a whole number."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=64)
def _ecma_pattern(pattern: str) -> re.Pattern[str]:
    r"""A JSON Schema pattern as Python must read it: ``$`` ends the text, as in ECMA-262.

    Python's ``$`` also matches before a final newline, so ``^[a-z]+$`` would accept
    ``"abc\n"``; outside a character class an unescaped ``$`` becomes ``\Z``.
    """
    out: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            char = r"\Z"
        out.append(char)
    return re.compile("".join(out))


def _pattern_keyword(
    validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """``pattern`` with ECMA-262's ``$`` (jsonschema uses Python's, which allows a final newline)."""
    if isinstance(instance, str) and not _ecma_pattern(pattern).search(instance):
        yield ValidationError(f"the text does not match {pattern}")


_Validator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    validators={"pattern": _pattern_keyword, "uniqueItems": _unique_items_keyword},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)

_MISSING = re.compile(r"missing key '([^']+)'")
_SUGGESTED = re.compile(r"unknown key '[^']+' \(did you mean '([^']+)'\?\)(;|$)")


def _drop_explained_missing(errors: list[RulesError]) -> list[RulesError]:
    """A misspelt key is reported once: 'unknown key ... (did you mean X?)' explains 'missing key X'.

    A misspelt top-level ``extends`` (``extend:``) explains every missing top-level key, since
    a file with a base takes them from it: the misspelling is then the one error, not the last
    of six."""
    suggested = {
        (e.file, e.path.rpartition(".")[0] if e.path else "", m.group(1))
        for e in errors
        if (m := _SUGGESTED.match(e.message)) is not None
    }
    no_base = {file for file, parent, meant in suggested if parent == "" and meant == "extends"}
    return [
        e for e in errors
        if not ((m := _MISSING.fullmatch(e.message)) and (
            (e.file, e.path or "", m.group(1)) in suggested or (e.file in no_base and not e.path)
        ))
    ]


def schema_errors(
    doc: SourceDoc, schema: dict[str, Any], *, error_cls: type[RulesError] = RulesetError
) -> list[RulesError]:
    """All schema violations of the document, located and worded for a rule-file author.

    Every problem is reported (not only the first) so one run shows everything to fix; the list
    is sorted by position and free of duplicates.  An empty list means the document is valid.
    """
    validator = _Validator(schema)
    results: dict[tuple[Any, ...], RulesError] = {}
    for error in _drop_shadowed(list(validator.iter_errors(doc.data))):
        key = _key_name(error, doc)
        for finding in _findings(error, schema, doc.data):
            if key is not None:
                finding = _at_key_name(finding, key)
            if error.validator == "required":
                finding = _removed_by_null(finding, doc)
            located = doc.error(
                error_cls, finding.message, finding.path, key=finding.at_key,
                expected=finding.expected,
            )
            results.setdefault((located.line, located.column, str(located)), located)
    found = _drop_explained_missing(list(results.values()))
    return sorted(_null_extends(found, doc, error_cls), key=_sort_key)


def stray_keys(
    doc: SourceDoc, schema: dict[str, Any], paths: list[Path], *, error_cls: type[RulesError] = RulesetError
) -> list[RulesError]:
    """The unknown keys among ``paths`` -- keys a house file set to null that removed nothing
    (:func:`interpreter.rules.extends.nulls_removing_nothing`) -- located and worded as any
    unknown key (a suggestion included): each is put back for the schema to see, and only
    its "unknown key" findings are kept (a known key with nothing to remove is harmless)."""
    if not paths:
        return []
    data = copy.deepcopy(doc.data)
    for path in paths:
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        parent[path[-1]] = {}
    wanted = set(paths)
    results: dict[tuple[Any, ...], RulesError] = {}
    for error in _Validator(schema).iter_errors(data):
        for finding in _findings(error, schema, data):
            if finding.path in wanted and finding.at_key and finding.message.startswith("unknown key"):
                located = doc.error(error_cls, finding.message, finding.path, key=True, expected=finding.expected)
                results.setdefault((located.line, located.column, str(located)), located)
    return sorted(results.values(), key=_sort_key)


def _null_extends(errors: list[RulesError], doc: SourceDoc, error_cls: type[RulesError]) -> list[RulesError]:
    """``extends: null`` (or ``extends:`` with no value) means no base, so the file must be a
    whole ruleset; where it is not, its missing top-level keys are one mistake, said once at
    that line -- not five "missing key" errors at line 1, which never say why a file that
    meant to extend a base is asked for a deck.  A whole ruleset that writes ``extends: null``
    is valid: null means no base, as the schema says."""
    data = doc.data
    if not isinstance(data, dict) or "extends" not in data or data["extends"] is not None:
        return errors
    missing = [e for e in errors if not e.path and e.file == doc.file and _MISSING.fullmatch(e.message)]
    if not missing:
        return errors
    keys = sorted(m.group(1) for e in missing if (m := _MISSING.fullmatch(e.message)) is not None)
    written = "'extends:' with no value is null, which" if ("extends",) in doc.empty else "'extends: null'"
    lacks = ", ".join(keys[:-1]) + " and " + keys[-1] if len(keys) > 1 else keys[0]
    one = doc.error(
        error_cls,
        f"{written} means no base, so this file must be a whole ruleset, and it has no {lacks}",
        ("extends",),
        expected="the ruleset to extend: a bundled ruleset name (schnapsen) or a path relative to this file "
        f"(base.yaml); or, for a ruleset without a base, the keys {lacks}",
    )
    return [e for e in errors if e not in missing] + [one]


# --------------------------------------------------------------------------------------------
# The schema at a path, for hints that know the key


def schema_at(root: dict[str, Any], path: Path) -> dict[str, Any] | None:
    """The subschema that describes the value at ``path`` (``None`` where the schema has none);
    a reference or a choice of forms is merged into one mapping of what the branches allow."""
    node: Any = root
    for part in path:
        node = _flattened(node, root)
        if isinstance(part, int):
            node = node.get("items")
        else:
            patterns = node.get("patternProperties", {})
            node = node.get("properties", {}).get(part)
            if node is None:
                node = next((sub for pattern, sub in patterns.items() if re.search(pattern, part)), None)
        if not isinstance(node, dict):
            return None
    return _flattened(node, root)


def _flattened(node: Any, root: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """A subschema with its ``$ref`` and the branches of ``anyOf``/``oneOf`` folded in: the
    union of their properties, types and allowed values."""
    if not isinstance(node, dict) or depth > 20:
        return {}
    out = {k: v for k, v in node.items() if k not in ("$ref", "anyOf", "oneOf")}
    parts: list[Any] = []
    if isinstance(node.get("$ref"), str):
        parts.append(_local_ref(node["$ref"], root))
    for keyword in _ALTERNATIVES:
        parts.extend(node.get(keyword, []))
    for part in parts:
        flat = _flattened(part, root, depth + 1)
        for key, value in flat.items():
            if key == "properties":
                out.setdefault("properties", {}).update(value)
            elif key == "enum":
                out["enum"] = [*out.get("enum", []), *value]
            elif key == "type":
                mine = _as_list(out.get("type", []))
                out["type"] = [*mine, *(t for t in _as_list(value) if t not in mine)]
            else:
                out.setdefault(key, value)
    return out


_YAML11_TRUE = frozenset({"yes", "on", "y"})


def yaml11_hint(path: Path, word: str, root: dict[str, Any] | None = None) -> tuple[str, str | None] | None:
    """What to write instead of a YAML 1.1 boolean (``no``) at ``path`` of a rule file, from
    the key's schema: ``false`` for a boolean key, one of its values for a key with a list of
    them, quotes for a text key; ``None`` where the schema does not say."""
    if root is None:
        from interpreter.rules.resources import load_schema

        root = load_schema()
    node = schema_at(root, path)
    if not node:
        return None
    types = _as_list(node.get("type", []))
    meant = word.lower() in _YAML11_TRUE
    shown = f"'{shorten(word)}'"
    if "boolean" in types:
        value = "true" if meant else "false"
        return f"{shown} is a YAML 1.1 boolean, which rule files do not read; write {value}", "true or false"
    values = [v for v in node.get("enum", []) if not isinstance(v, bool)]
    if values:
        guess = _suggest(meant, values)
        hint = f" (did you mean '{guess}'?)" if guess else ""
        return f"{shown} is a YAML 1.1 boolean, not one of the values of this key{hint}", _one_of(values)
    if "string" in types:
        return f"{shown} is a YAML 1.1 boolean; quote it to write the text", f'"{shorten(word)}"'
    if types:
        return f"{shown} is a YAML 1.1 boolean, not a value of this key", " or ".join(_TYPE_WORDS.get(t, t) for t in types)
    return None


def key_hint(path: Path, word: str, why: str, root: dict[str, Any] | None = None) -> tuple[str, str | None] | None:
    """What to write instead of a scalar the reader refused at ``path`` of a rule file, worded
    for the key (:data:`~interpreter.rules.yamlsource.KeyHint`): a YAML 1.1 boolean
    (:func:`yaml11_hint`), an integer with a leading zero, or a value its explicit tag does not
    fit (``!!bool "no"`` on a key of ``allowed`` or ``forbidden``); ``None`` where the schema
    does not say more than the reader's own words."""
    if root is None:
        from interpreter.rules.resources import load_schema

        root = load_schema()
    if why == YAML11:
        return yaml11_hint(path, word, root)
    node = schema_at(root, path)
    if not node:
        return None
    types = _as_list(node.get("type", []))
    values = [v for v in node.get("enum", []) if not isinstance(v, bool)]
    if why == LEADING_ZERO:
        message, expected = leading_zero_message(word)
        if "integer" in types or "number" in types or not ("string" in types or values):
            return None  # the reader's words: write 10 or 8
        return message.rpartition(";")[0] + "; quote it to write the text", f'"{shorten(word)}"'
    kind = _TAG_KINDS.get(why)
    if kind is None or kind in types or (kind == "integer" and "number" in types):
        return None  # the key takes that kind: the reader's words say what the value must look like
    takes = _one_of(values) if values else " or ".join(_TYPE_WORDS.get(t, t) for t in types)
    if not takes:
        return None
    return (f"the tag '{why}' asks for a {_TYPE_WORDS[kind]}, which this key does not take "
            f"('{shorten(word)}' is not a valid {_TYPE_WORDS[kind]} either)"), f"{takes}, without the tag"


#: The kind of value each explicit scalar tag asks for, in the schema's names.
_TAG_KINDS = {"!!bool": "boolean", "!!int": "integer", "!!float": "number", "!!null": "null"}
