"""Read-only mappings and lists: a loaded ruleset's ``data``, shared by every game of a process.

``load_ruleset`` hands out one :class:`~interpreter.rules.ruleset.Ruleset` per file, so a
write to its mapping (``rs.data["claim"]["target"] = 10``, by a caller or a bot through
``view.rs``) would change the rules of every later game.  :func:`freeze` copies the mapping
into a :class:`FrozenDict` and :class:`FrozenList` tree that refuses every change with a
``TypeError``.

They subclass ``dict`` and ``list`` rather than becoming ``MappingProxyType`` and tuples: a
frozen mapping still equals the plain one it was made from (``rs.data == data``, a list
against a list), passes the ``isinstance(value, dict)`` tests of the readers of rule
mappings, and ``json.dumps`` writes it.  ``copy.deepcopy`` gives back a plain, changeable
copy (:func:`thaw`): what a caller deep-copies a ruleset's mapping for is to edit the copy.

:func:`seal` mends the frozen value classes (cards, card sets, actions) for a new attribute.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, NoReturn, TypeVar

_T = TypeVar("_T", bound=type)


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(
        f"a ruleset's data is read-only ({type(self).__name__}): every game of the process shares it; "
        "edit a copy instead (copy.deepcopy(rs.data) is a plain dict) and load the edited rules"
    )


class FrozenDict(dict[str, Any]):
    """A ``dict`` that refuses every change (``TypeError``); see the module docstring."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return thaw(self)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        # the default pickle fills an empty instance key by key, which __setitem__ refuses
        return (FrozenDict, (dict(self),))


class FrozenList(list[Any]):
    """A ``list`` that refuses every change (``TypeError``); see the module docstring."""

    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return thaw(self)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return (FrozenList, (list(self),))


def freeze(value: Any) -> Any:
    """A read-only copy of a mapping read from YAML: mappings and lists frozen all the way down
    (scalars are immutable already)."""
    if isinstance(value, dict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list):
        return FrozenList([freeze(item) for item in value])
    return value


def thaw(value: Any) -> Any:
    """A plain, changeable deep copy of a frozen (or plain) mapping."""
    if isinstance(value, dict):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, list):
        return [thaw(item) for item in value]
    return value


def _refuse_set(self: object, name: str, value: object) -> NoReturn:
    raise FrozenInstanceError(f"cannot assign to field {name!r}: {type(self).__name__} is immutable")


def _refuse_delete(self: object, name: str) -> NoReturn:
    raise FrozenInstanceError(f"cannot delete field {name!r}: {type(self).__name__} is immutable")


def seal(cls: _T) -> _T:
    """Refuse every assignment and deletion on ``cls``'s instances with ``FrozenInstanceError``.

    A frozen dataclass with ``slots=True`` refuses its own fields, but under Python 3.11 a new
    attribute (``card.foo = 1``) met ``TypeError: super(type, obj): obj must be an instance or
    subtype of type``: its ``__setattr__`` names the class as it was before ``slots`` rebuilt
    it.  Its ``__init__`` sets the fields with ``object.__setattr__``, so nothing of the
    class's own needs the replaced methods (the compiled build's classes refuse so already)."""
    setattr(cls, "__setattr__", _refuse_set)
    setattr(cls, "__delattr__", _refuse_delete)
    return cls
