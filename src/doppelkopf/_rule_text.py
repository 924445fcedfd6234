"""The text and data forms of a rule set's options (V§0.1).

``str(rules)`` and :meth:`~doppelkopf.Rules.parse` write and read
``name=value`` options, the command line's ``--option`` and
:meth:`~doppelkopf.Rules.from_options` give values as text, and records store
:meth:`~doppelkopf.Rules.as_dict`.  This module turns each option's value into
text and JSON data and back; :mod:`doppelkopf.rules` builds the rule set from
what it reads.  It imports nothing of the rule set but the checks of its
options.

>>> _option_value("schmeissen", "nines5+kings5"), _option_value("players", " 5 ")
(('nines5', 'kings5'), 5)
>>> _text(frozenset({"tie", "lost_solo"})), _text(None), _json_value(frozenset({"tie"}))
('lost_solo+tie', 'none', ['tie'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Final

from ._rule_options import (
    _INT_BOUNDS,
    _MOST_NAMES,
    _OPTIONAL_INTS,
    _SET_SECTIONS,
    _out_of_range,
    _short,
)
from .errors import InvalidRulesError

__all__: list[str] = []

_BOOLEAN_WORDS: Final = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}


def _text(value: object) -> str:
    """An option's value in the text form: ``false``, ``always``, ``nines5+kings5``, ``none``."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return "+".join(sorted(value)) if value else "none"
    return str(value)


def _json_value(value: object) -> object:
    """An option's value as JSON data: sets become sorted lists."""
    return sorted(value) if isinstance(value, frozenset) else value


_SET_OPTIONS: Final = frozenset({"schmeissen", "bock"})
_WORD_OPTIONS: Final = frozenset({"second_dulle", "bock_stacking"})


def _option_value(name: str, value: object) -> object:
    """An option's value from text (``"false"``, ``"nines5+kings5"``, ``"24"``) or as given.

    A set option may not name one element twice, in text or in a list (V§0.1).
    """
    if not isinstance(value, str):
        return _distinct(name, value) if name in _SET_OPTIONS else value
    word = value.strip().lower()
    if name in _WORD_OPTIONS:
        return word
    if name in _SET_OPTIONS:
        if word in ("", "none"):
            return frozenset()
        return _distinct(name, [part.strip() for part in word.split("+")])
    if name in _INT_BOUNDS:
        return _whole_number(name, word, value)
    if word not in _BOOLEAN_WORDS:
        raise InvalidRulesError(
            f"option {name} must be true or false, not {_short(value)}",
            options=(name,),
            rule="V§0.1",
        )
    return _BOOLEAN_WORDS[word]


_LONGEST_NUMBER: Final = 6
"""More digits than this (leading zeros aside) are beyond every int option's bound."""


def _whole_number(name: str, word: str, value: str) -> int | None:
    """The int option ``name`` from its text ``word`` (``value`` as given): ASCII digits only.

    ``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` refuses, and
    ``int`` reads other scripts' digits such as ``٥``; neither is a number here.

    >>> _whole_number("players", "05", " 05"), _whole_number("session_length", "none", "None")
    (5, None)
    """
    if name in _OPTIONAL_INTS and word in ("", "none"):
        return None
    if not (word.isascii() and word.isdigit()):
        raise InvalidRulesError(
            f"option {name} must be a whole number written in the digits 0-9, not {_short(value)}",
            options=(name,),
            rule="V§0.1",
        )
    if len(word.lstrip("0")) > _LONGEST_NUMBER:
        raise _out_of_range(name, value)
    return int(word)


def _distinct(name: str, value: object) -> object:
    """``value`` of the set option ``name``, refused if it names an element twice (V§0.1).

    A set or frozenset is returned as it is; any other iterable is read (at most
    :data:`_MOST_NAMES` + 1 items, so an endless one is not) into a tuple for the
    option's converter, which checks the names.  Anything else is left to the
    converter to refuse.
    """
    if isinstance(value, (set, frozenset, str, bytes, Mapping)) or not isinstance(value, Iterable):
        return value
    items = tuple(itertools.islice(value, _MOST_NAMES + 1))
    seen: set[str] = set()
    for item in items:
        if type(item) is str:
            if item in seen:
                raise InvalidRulesError(
                    f"option {name} names {_short(item)} twice; a set names each element once",
                    options=(name,),
                    rule=_SET_SECTIONS[name],
                )
            seen.add(item)
    return items


_LONGEST_TEXT: Final = 1000
"""The most characters of a rule set's text form that are read."""


def _words(text: object) -> list[str]:
    """The words of a rule set's text form, separated by commas or spaces.

    >>> _words("tournament players=5, bock=tie")
    ['tournament', 'players=5', 'bock=tie']

    Raises:
        InvalidRulesError: ``text`` is not a str or is too long.
    """
    if not isinstance(text, str):
        raise InvalidRulesError(f"rules text must be a str, not {_short(text)}")
    if len(text) > _LONGEST_TEXT:
        raise InvalidRulesError(f"rules text of {len(text)} characters is too long")
    return text.replace(",", " ").split()


def _named_values(words: Iterable[str]) -> dict[str, str]:
    """The options of ``name=value`` words, each given once (V§0.1).

    >>> _named_values(["players=5", "bock=tie"])
    {'players': '5', 'bock': 'tie'}

    Raises:
        InvalidRulesError: a word is not ``name=value``, or names an option twice.
    """
    options: dict[str, str] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals:
            raise InvalidRulesError(
                f"expected name=value, not {_short(word)}", options=(name,), rule="V§0.1"
            )
        if name in options:
            raise InvalidRulesError(
                f"option {_short(name)} is given twice", options=(name,), rule="V§0.1"
            )
        options[name] = value
    return options
