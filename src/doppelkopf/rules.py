"""The rule set, game types and the facts derived from them (SPEC §3.1, §4, V§0).

:class:`Rules` is the rule set a table plays: ``Rules()`` is the default rule
set of the rules pages (§1–§12), the DDV domestic rules, and each field is one
option of V§0.1.  Every fact that depends on the rules — the deck, the cards per
hand, the number of tricks, the announcement deadlines, the card order of each
game type — is derived from a ``Rules`` value here and nowhere else.
:class:`GameType` names a contract; its card order under a rule set is
:meth:`Rules.card_order` (the properties of :class:`GameType` read the default
rules).

The game types, the options' types and checks, and the options' text forms
are written in private modules by concern; their public names belong to this
module, where pickles, messages and this documentation find them.

>>> from doppelkopf import Card, GameType
>>> normal = GameType.NORMAL
>>> [str(card) for card in normal.trumps]
['♥10', '♣Q', '♠Q', '♥Q', '♦Q', '♣J', '♠J', '♥J', '♦J', '♦A', '♦10', '♦K', '♦9']
>>> normal.category(Card.parse("♠Q")), normal.category(Card.parse("♠A"))
(Category.TRUMP, Category.SPADES)
>>> GameType.QUEENS_SOLO.category(Card.parse("♥10"))
Category.HEARTS
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, TypeAlias, cast

import attrs

from . import _checks, _game_types, _rule_options
from ._game_types import Category, GameType
from ._order import CardOrder, _card_order
from ._rule_options import (
    _BOCK_STACKING,
    _NINE_REASONS,
    _SECOND_DULLE,
    _choice,
    _exclude,
    _flag,
    _in_range,
    _reasons,
    _short,
    _triggers,
)
from ._rule_text import (
    _SET_OPTIONS,
    _distinct,
    _json_value,
    _named_values,
    _option_value,
    _text,
    _words,
)
from .cards import DISTINCT_CARDS, Card, Rank
from .errors import InvalidRulesError, InvalidValueError
from .parties import Announcement

__all__ = [
    "BOCK_TRIGGERS",
    "THROW_REASONS",
    "USUAL_THROW_REASONS",
    "BockStacking",
    "BockTrigger",
    "Category",
    "GameType",
    "Rules",
    "SecondDulle",
    "ThrowReason",
]


# --- the names of the game types and of the options -----------------------------
# Defined by concern in private modules; they belong to this module, which is
# where pickles, messages and the documentation find them.

SecondDulle: TypeAlias = _rule_options.SecondDulle
"""The values of :attr:`Rules.second_dulle` (V§2.2)."""

ThrowReason: TypeAlias = _rule_options.ThrowReason
"""A reason to throw in (Schmeißen, V§7.1), an element of :attr:`Rules.schmeissen`."""

BockTrigger: TypeAlias = _rule_options.BockTrigger
"""An event that starts a Bock round (V§11.1), an element of :attr:`Rules.bock`."""

BockStacking: TypeAlias = _rule_options.BockStacking
"""The values of :attr:`Rules.bock_stacking` (V§11.3)."""

THROW_REASONS: Final[tuple[ThrowReason, ...]] = _rule_options.THROW_REASONS
"""Every throw reason of V§7.1, in the order that section lists them."""

BOCK_TRIGGERS: Final[tuple[BockTrigger, ...]] = _rule_options.BOCK_TRIGGERS
"""Every Bock trigger of V§11.1."""

USUAL_THROW_REASONS: Final[frozenset[ThrowReason]] = _rule_options.USUAL_THROW_REASONS
"""SUMMARY's pair of throw reasons, the usual choice (V§7.1)."""

_register_default_orders: Final = _game_types._register_default_orders
_name_key: Final = _game_types._name_key

_DEFAULT_ORDERS: Final = cast("dict[GameType, CardOrder]", _game_types._DEFAULT_ORDERS)
"""The card order of each game type under the default rules (the table the game types read)."""


@attrs.frozen(repr=False, cache_hash=True)
class Rules:
    """A rule set: the default rules (§1–§12) and the options that change them (V§0).

    ``Rules()`` is exactly the default rule set of the rules pages, the DDV
    domestic rules, also named :attr:`Rules.DDV`.  Every field is one option
    (V§0.1), and its default reproduces the default rules.  Combinations that
    exclude each other are rejected when the value is built (V§0.4).  A rule
    set is an immutable, hashable value.

    >>> from doppelkopf import Rules
    >>> Rules() == Rules.DDV, Rules.DDV.tricks, Rules(nines=False).tricks
    (True, 12, 10)
    >>> Rules(nines=False, second_dulle="always")
    Rules(nines=False, second_dulle='always')
    >>> Rules(dullen=False, second_dulle="always")
    Traceback (most recent call last):
    ...
    doppelkopf.errors.InvalidRulesError: dullen=False excludes second_dulle='always': ... (V§0.4)

    Options (each cites the section of the rule options that defines it):

    - ``nines`` (V§1): play with the eight 9s (48 cards, 12 tricks) or without
      (40 cards, 10 tricks, every deadline two cards lower).
    - ``dullen`` (V§2.1): the 10♥ is the highest trump; off, it is a plain heart.
    - ``second_dulle`` (V§2.2): when both 10♥ fall in one trick, whether the
      second beats the first: ``"never"``, ``"always"`` or ``"except_last_trick"``.
    - ``schweinchen`` (V§2.3): both ♦A in one hand become the two highest trumps.
    - ``solos`` (V§3): voluntary solos may be declared.
    - ``skip_levels`` (V§4): an absage may skip levels (SPEC §8.8); off, each
      level must have been announced explicitly first.
    - ``specials`` (V§5.1): Doppelkopf, fox and Karlchen points are counted.
    - ``karlchen`` (V§5.2): the Karlchen point of SPEC §11.5.
    - ``karlchen_caught`` (V§5.3): a ♣J of the losing party in the last trick
      earns the winners a point.
    - ``fox_at_end`` (V§5.4): a party's own ♦A winning the last trick earns it a point.
    - ``armut`` (V§6): a player with at most ``armut_max_trumps`` trumps (an
      int from 1 to 3) may declare poverty and exchange three cards with a partner.
    - ``schmeissen`` (V§7): the set of :data:`ThrowReason` for which a player
      may throw the deal in (empty: no throwing in).
    - ``compulsory_solo`` (V§9): tournament mode; each player owes one
      compulsory solo per session.
    - ``players`` (V§10): four or five at the table, the int 4 or 5 (at five
      the dealer sits out).
    - ``session_length`` (V§9.6, V§10): the deals of a session, an int from 1
      to 10,000 (a bound no table reaches, which keeps every record readable),
      or ``None`` for three per player (:attr:`session_deals`).
    - ``bock`` (V§11): the set of :data:`BockTrigger` that start a Bock round;
      ``bock_stacking`` says how rounds that overlap combine.

    >>> Rules.TOURNAMENT
    Rules(compulsory_solo=True, session_length=24)
    >>> str(Rules.XIX), Rules.parse("xix") is Rules.XIX
    ('xix', True)
    """

    nines: bool = attrs.field(default=True, validator=_flag)
    dullen: bool = attrs.field(default=True, validator=_flag)
    second_dulle: SecondDulle = attrs.field(
        default="never", validator=_choice("second_dulle", _SECOND_DULLE, "V§2.2")
    )
    schweinchen: bool = attrs.field(default=False, validator=_flag)
    solos: bool = attrs.field(default=True, validator=_flag)
    skip_levels: bool = attrs.field(default=True, validator=_flag)
    specials: bool = attrs.field(default=True, validator=_flag)
    karlchen: bool = attrs.field(default=True, validator=_flag)
    karlchen_caught: bool = attrs.field(default=False, validator=_flag)
    fox_at_end: bool = attrs.field(default=False, validator=_flag)
    armut: bool = attrs.field(default=False, validator=_flag)
    armut_max_trumps: int = attrs.field(default=3, validator=_in_range("armut_max_trumps"))
    schmeissen: frozenset[ThrowReason] = attrs.field(default=frozenset(), converter=_reasons)
    compulsory_solo: bool = attrs.field(default=False, validator=_flag)
    players: int = attrs.field(default=4, validator=_in_range("players"))
    session_length: int | None = attrs.field(
        default=None, validator=_in_range("session_length", optional=True)
    )
    bock: frozenset[BockTrigger] = attrs.field(default=frozenset(), converter=_triggers)
    bock_stacking: BockStacking = attrs.field(
        default="consecutive", validator=_choice("bock_stacking", _BOCK_STACKING, "V§11.3")
    )
    # Derived once per value: the hot paths of a deal read them for every trick.
    _tricks: int = attrs.field(init=False, eq=False, repr=False)

    DDV: ClassVar[Rules]
    """The DDV domestic rules, the default rule set (§1–§12): ``Rules()``."""
    TOURNAMENT: ClassVar[Rules]
    """A DDV tournament round at a four-player table (V§0.3): compulsory solos, 24 deals."""
    XIX: ClassVar[Rules]
    """The mid-19th-century game (V§0.3): no Dullen, Armut, no skipped levels, no specials."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_tricks", 12 if self.nines else 10)
        if not self.dullen and self.second_dulle != "never":
            _exclude(
                "dullen",
                False,
                "second_dulle",
                self.second_dulle,
                "without Dullen there is no second Dulle",
            )
        if not self.specials:
            for name in ("karlchen_caught", "fox_at_end"):
                if getattr(self, name):
                    _exclude("specials", False, name, True, f"{name} is a special point")
        if self.compulsory_solo and not self.solos:
            _exclude("compulsory_solo", True, "solos", False, "a compulsory solo needs solos")
        if not self.nines and self.schmeissen & _NINE_REASONS:
            reason = min(self.schmeissen & _NINE_REASONS)
            _exclude("nines", False, "schmeissen", reason, "there are no nines")
        if self.compulsory_solo and self.session_deals < self.players:
            _exclude(
                "compulsory_solo",
                True,
                "session_length",
                self.session_length,
                f"a session of {self.session_deals} deals cannot give each of "
                f"{self.players} players a compulsory solo",
            )

    # --- text and JSON forms ------------------------------------------------

    def __repr__(self) -> str:
        return f"Rules({', '.join(f'{name}={value!r}' for name, value in self._changes())})"

    def __str__(self) -> str:
        """The stable text form: a preset's name, or the options that differ from ``ddv``."""
        for name, preset in _PRESETS.items():
            if self == preset:
                return name
        return ", ".join(f"{name}={_text(value)}" for name, value in self._changes())

    def _changes(self) -> list[tuple[str, object]]:
        return [
            (field.name, getattr(self, field.name))
            for field in attrs.fields(Rules)
            if field.init and getattr(self, field.name) != field.default
        ]

    def as_dict(self) -> dict[str, Any]:
        """Every option and its value, as JSON-ready data (the form records store).

        >>> Rules(nines=False).as_dict()["nines"], Rules.from_dict({}) == Rules.DDV
        (False, True)
        >>> Rules(schmeissen={"kings5", "nines5"}).as_dict()["schmeissen"]  # sets as sorted lists
        ['kings5', 'nines5']
        """
        return {name: _json_value(getattr(self, name)) for name in _OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """The rule set of :meth:`as_dict`'s form; missing options take their defaults.

        Raises:
            InvalidRulesError: an unknown option, a value of the wrong type or out
                of its bounds, a set option naming an element twice, or an
                excluded combination (V§0.4).
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError(
                f"rules must be a mapping of options, not {_short(data)}", rule="V§0.1"
            )
        for name in data:
            # A name that is no str is never compared: its __eq__ is the caller's.
            if type(name) is not str or name not in _OPTION_NAMES:
                raise InvalidRulesError(
                    f"unknown option {_short(name)}; the options are {', '.join(_OPTION_NAMES)}",
                    options=(name,) if type(name) is str else (),
                    rule="V§0.1",
                )
        values = dict(data)
        for name in _SET_OPTIONS.intersection(values):
            values[name] = _distinct(name, values[name])
        return cls(**values)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read the text form of :meth:`__str__`: a preset, then ``name=value`` options.

        Options are separated by commas or spaces; a preset name may come first
        (``ddv``).  Booleans are ``true``/``false`` (also ``yes``/``no``,
        ``on``/``off``, ``1``/``0``).

        >>> Rules.parse("nines=false, second_dulle=always")
        Rules(nines=False, second_dulle='always')
        >>> Rules.parse(str(Rules(schweinchen=True))) == Rules(schweinchen=True)
        True

        Options are read as :meth:`from_options` reads text; each may be given
        once.

        >>> Rules.parse("nines=false nines=true")
        Traceback (most recent call last):
        ...
        doppelkopf.errors.InvalidRulesError: option 'nines' is given twice (V§0.1)

        Raises:
            InvalidRulesError: an unknown preset or option, an option given
                twice, or a bad value.
        """
        tokens = _words(text)
        base = cls.preset(tokens.pop(0)) if tokens and "=" not in tokens[0] else Rules.DDV
        return cls.from_options(_named_values(tokens), base=base)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset of that name (V§0.3): ``ddv``, ``tournament`` or ``xix``.

        >>> Rules.preset("Tournament") is Rules.TOURNAMENT
        True

        Raises:
            InvalidRulesError: no preset has that name.
        """
        key = name.strip().lower() if isinstance(name, str) else None
        if key not in _PRESETS:
            raise InvalidRulesError(
                f"unknown preset {_short(name)}; the presets are {', '.join(_PRESETS)}",
                rule="V§0.3",
            )
        return _PRESETS[key]

    @classmethod
    def from_options(cls, options: Mapping[str, object], *, base: Rules | None = None) -> Rules:
        """``base`` (default :attr:`DDV`) with the named options changed.

        Values may be given as text, as the command line's ``--option
        NAME=VALUE`` does, or as Python values.  A whole number is written in
        the digits 0-9; a set option (``schmeissen``, ``bock``) is written with
        ``+`` between its names and may not name one twice, in text or in a list.

        >>> Rules.from_options({"nines": "false", "fox_at_end": True})
        Rules(nines=False, fox_at_end=True)
        >>> Rules.from_options({"schmeissen": "nines5+kings5", "players": "5"}).players
        5

        Raises:
            InvalidRulesError: an unknown option, a bad value (out of its
                bounds, a set option naming an element twice) or an excluded
                combination (V§0.4).
            InvalidTypeError: ``options`` is not a mapping or ``base`` not a
                :class:`Rules` value.
        """
        if base is not None and type(base) is not Rules:
            rule_set(base, "base")
        if not isinstance(options, Mapping):
            raise _checks.type_error(options, "options", "mapping of option names to values")
        start = base if base is not None else Rules.DDV
        if not options:
            return start
        values = start.as_dict()
        for name, value in options.items():
            # A name that is no str is never compared: its __eq__ is the caller's.
            if type(name) is not str or name not in _OPTION_NAMES:
                raise InvalidRulesError(
                    f"unknown option {_short(name)}; the options are {', '.join(_OPTION_NAMES)}",
                    options=(name,) if type(name) is str else (),
                    rule="V§0.1",
                )
            values[name] = _option_value(name, value)
        return cls(**values)

    # --- derived facts (V§0.2) ----------------------------------------------

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, two copies of each distinct card (SPEC §1.1, V§1.1).

        >>> len(Rules().deck), len(Rules(nines=False).deck)
        (48, 40)
        """
        return _DECKS[self.nines]

    @property
    def distinct_cards(self) -> tuple[Card, ...]:
        """The distinct cards in play: 24, or 20 without nines (V§1.1)."""
        return _DISTINCT[self.nines]

    @property
    def deck_bits(self) -> int:
        """The whole deck as a packed hand (see :attr:`doppelkopf.Hand.bits`)."""
        return _DECK_BITS[self.nines]

    @property
    def hand_size(self) -> int:
        """Cards per hand at the start of play: 12, or 10 without nines (SPEC §2.4, V§1.2)."""
        return self._tricks

    @property
    def tricks(self) -> int:
        """Tricks per deal, equal to :attr:`hand_size` (SPEC §3.5, V§1.3)."""
        return self._tricks

    @property
    def packets(self) -> tuple[int, ...]:
        """The packet size of each dealing round (SPEC §2.4, V§1.2): 3 3 3 3, or 3 4 3."""
        return (3, 3, 3, 3) if self.nines else (3, 4, 3)

    @property
    def cuts(self) -> range:
        """The legal cuts: each part keeps at least 3 cards (SPEC §2.3, V§1.2)."""
        return range(3, len(self.deck) - 2)

    def deadline(self, level: Announcement | int, shift: int = 0) -> int:
        """The fewest cards a player may hold to make ``level`` in time (SPEC §8.4, V§0.2).

        ``D(L) = h − 1 − L − s`` for the hand size ``h``, level ``L`` (0 for
        Re/Kontra … 4 for schwarz) and marriage shift ``s`` (SPEC §7.4).

        >>> [Rules().deadline(level) for level in range(5)]  # SPEC §8.4
        [11, 10, 9, 8, 7]
        >>> [Rules(nines=False).deadline(level) for level in range(5)]  # V01
        [9, 8, 7, 6, 5]

        Raises:
            InvalidValueError: ``level`` is not 0–4 or ``shift`` not 0–2.
        """
        if type(level) is not int and type(level) is not Announcement:
            raise InvalidValueError(f"an announcement level is 0-4, not {_short(level)} (§8.1)")
        if not 0 <= level <= 4:
            raise InvalidValueError(f"an announcement level is 0-4, not {_short(level)} (§8.1)")
        if type(shift) is not int or not 0 <= shift <= 2:
            raise InvalidValueError(
                f"the marriage shift is 0, 1 or 2, not {_short(shift)} (SPEC §7.4)"
            )
        return self.hand_size - 1 - int(level) - shift

    @property
    def session_deals(self) -> int:
        """The played deals of a session: :attr:`session_length`, or 3 per player (V§0.1, V§10).

        >>> Rules().session_deals, Rules(players=5).session_deals, Rules.TOURNAMENT.session_deals
        (12, 15, 24)
        """
        return self.session_length if self.session_length is not None else 3 * self.players

    @property
    def deadlines(self) -> tuple[int, int, int, int, int]:
        """``D(L)`` for the levels 0–4 without a marriage shift (SPEC §8.4, V§0.2)."""
        h = self.hand_size
        return (h - 1, h - 2, h - 3, h - 4, h - 5)

    def card_order(self, game_type: GameType, *, schweine: bool = False) -> CardOrder:
        """The card order of ``game_type`` under these rules (SPEC §4, V§1.5, V§2).

        ``schweine`` says whether a player holds the Schweine (both ♦A, with
        :attr:`schweinchen` on, in the game types of V§2.3); it is ignored
        where Schweine do not exist.

        >>> from doppelkopf import GameType
        >>> [str(card) for card in Rules(nines=False).card_order(GameType.NORMAL).trumps]  # V03
        ['♥10', '♣Q', '♠Q', '♥Q', '♦Q', '♣J', '♠J', '♥J', '♦J', '♦A', '♦10', '♦K']

        Raises:
            InvalidTypeError: ``game_type`` is not a :class:`GameType` or
                ``schweine`` not a ``bool``.
        """
        _checks.flag(schweine, "schweine")
        if type(game_type) is not GameType:
            _checks.instance(game_type, GameType, "game_type")

        return _card_order(
            game_type, self.nines, self.dullen, self.second_dulle, schweine and self.schweinchen
        )

    def counts_specials(self, game_type: GameType) -> bool:
        """Whether Doppelkopf, fox and Karlchen points are counted in ``game_type``.

        Only in the 2-against-2 games (SPEC §11.1), and only while
        :attr:`specials` is on (V§5.1).

        >>> Rules().counts_specials(GameType.MARRIAGE), Rules(specials=False).counts_specials(
        ...     GameType.NORMAL), Rules().counts_specials(GameType.QUEENS_SOLO)
        (True, False, False)

        Raises:
            InvalidTypeError: ``game_type`` is not a :class:`GameType`.
        """
        if type(game_type) is not GameType:
            _checks.instance(game_type, GameType, "game_type")
        return self.specials and game_type.has_special_points


_OPTION_NAMES: Final = tuple(field.name for field in attrs.fields(Rules) if field.init)

Rules.DDV = Rules()
Rules.TOURNAMENT = Rules(compulsory_solo=True, session_length=24)
Rules.XIX = Rules(dullen=False, armut=True, skip_levels=False, specials=False)
_PRESETS: Final = {"ddv": Rules.DDV, "tournament": Rules.TOURNAMENT, "xix": Rules.XIX}

_DISTINCT: Final = {
    True: DISTINCT_CARDS,
    False: tuple(card for card in DISTINCT_CARDS if card.rank is not Rank.NINE),
}
_DECKS: Final = {
    nines: tuple(c for c in cards for _ in range(2)) for nines, cards in _DISTINCT.items()
}
_DECK_BITS: Final = {
    nines: sum(2 << (2 * card.index) for card in cards) for nines, cards in _DISTINCT.items()
}


def rule_set(value: object, name: str = "rules") -> Rules:
    """``value`` itself if it is a :class:`~doppelkopf.Rules` value; otherwise an
    :class:`InvalidTypeError` (pointing to ``Rules.parse`` for text).

    >>> rule_set("ddv")
    Traceback (most recent call last):
        ...
    doppelkopf.errors.InvalidTypeError: rules must be a Rules value, not str ...
    """
    if isinstance(value, Rules):
        return value
    raise _checks.type_error(value, name, "Rules value", "Rules.parse")
