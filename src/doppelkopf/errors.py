"""The exception hierarchy.

Every error the library raises on purpose is a :class:`DoppelkopfError`.  Errors
caused by bad input — text that does not parse, an action the rules forbid — are
also :class:`ValueError`, so code that already catches ``ValueError`` keeps
working.

A value of the wrong Python type raises :class:`InvalidTypeError`, which is both a
:class:`DoppelkopfError` and a :class:`TypeError`.  The library never guesses what
a value of another type means: a string where a :class:`~doppelkopf.Card`, a
:class:`~doppelkopf.Hand`, a :class:`~doppelkopf.GameType`, a
:class:`~doppelkopf.Party` or an :class:`~doppelkopf.Announcement` belongs is
rejected, and only the ``parse`` class methods read text.  ``True`` and ``False``
are not the numbers 1 and 0: a seat, a level or a count given as a ``bool`` is
rejected too.  The message names the parameter, the expected type, a short excerpt
of the value given and, for text, the ``parse`` method to use.

>>> from doppelkopf import Card, Hand, InvalidNotationError
>>> try:
...     Card.parse("♣X")
... except InvalidNotationError as error:
...     print(error)
invalid card '♣X': expected a suit (♣ ♠ ♥ ♦ or C S H D) and a rank (A 10 K Q J 9)
>>> try:
...     Hand.parse("CQ").count("SA")
... except TypeError as error:
...     print(error)
card must be a Card, not str 'SA'; use Card.parse('SA')
"""

from __future__ import annotations

__all__ = [
    "AnnouncementBannedError",
    "AnnouncementError",
    "AnnouncementTooLateError",
    "CardNotHeldError",
    "DoppelkopfDeprecationWarning",
    "DoppelkopfError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidReservationError",
    "InvalidRulesError",
    "InvalidSummaryError",
    "InvalidTypeError",
    "InvalidValueError",
    "LateReplyLockError",
    "MissingExtraError",
    "MustFollowError",
    "NotYourTurnError",
    "NotationError",
    "TrickCompleteError",
    "WrongPhaseError",
]


class DoppelkopfError(Exception):
    """Root of every exception raised by :mod:`doppelkopf` on purpose."""


class DoppelkopfDeprecationWarning(DoppelkopfError, DeprecationWarning):
    """The warning of a deprecated name, which still works for one release.

    It is a :class:`DeprecationWarning`, so the usual filters apply; where warnings
    are turned into errors it is also a :class:`DoppelkopfError`, like every
    exception the library raises on purpose.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error")
    ...     try:
    ...         warnings.warn("an old name", DoppelkopfDeprecationWarning, stacklevel=1)
    ...     except DoppelkopfError as error:
    ...         print(type(error).__name__, isinstance(error, DeprecationWarning), error)
    DoppelkopfDeprecationWarning True an old name
    """


class InvalidNotationError(DoppelkopfError, ValueError):
    """Text could not be read as a card, hand, trick or other notation.

    ``text`` is the offending token (or the whole input when no single token is
    to blame).
    """

    def __init__(self, message: str, *, text: str) -> None:
        super().__init__(message)
        self.text = text


class NotationError(InvalidNotationError):
    """A position string or a game's notation that cannot be read, or that describes
    an impossible position (:doc:`/notation`).

    The message says where: the ``line`` and ``column`` (both from 1, ``None``
    where the text has a single line or no column is to blame), or the
    ``field`` of a position string; for an action the rules forbid, the
    action and the rule, which ``rule`` holds too (empty when text that is no
    notation is refused).  ``text`` is a short excerpt of the part at fault.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str,
        line: int | None = None,
        column: int | None = None,
        field: str = "",
        rule: str = "",
    ) -> None:
        super().__init__(message, text=text)
        self.line = line
        self.column = column
        self.field = field
        self.rule = rule


class InvalidTypeError(DoppelkopfError, TypeError):
    """A value of the wrong Python type: text where a card belongs, ``True`` as a seat.

    Attributes:
        name: the parameter that received the value (``"card"``).
        expected: what the parameter accepts (``"Card"``).
        value: a short excerpt of the value given, safe to print (``"str 'SA'"``).
    """

    def __init__(self, message: str, *, name: str, expected: str, value: str) -> None:
        super().__init__(message)
        self.name = name
        self.expected = expected
        self.value = value


class InvalidValueError(DoppelkopfError, ValueError):
    """A value outside what the library accepts: seat 4, a cut of 2 cards, a third
    copy of a card in a hand or trick, a marriage shift of 3.

    ``rule`` is the section that sets the range — of the rules (``"§7.4"``, see
    :doc:`/rules/index`) or of the rule options (``"V§9.1"``, see
    :doc:`/rules/variants`) — or ``""``; when given, the message ends with it.

    >>> str(InvalidValueError("a marriage shift is 0-2, not 3", rule="§7.4"))
    'a marriage shift is 0-2, not 3 (SPEC §7.4)'
    >>> str(InvalidValueError("seat 7 owes no compulsory solo", rule="V§9.1"))
    'seat 7 owes no compulsory solo (V§9.1)'
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        cited = rule if rule.startswith("V§") else f"SPEC {rule}"
        super().__init__(message if not rule else f"{message} ({cited})")
        self.rule = rule


class IllegalActionError(DoppelkopfError, ValueError):
    """An action that the rules forbid.

    Attributes:
        seat: the seat that attempted the action, or ``None`` when no seat is
            involved (for example a malformed score-sheet summary).
        action: a short description of the action (``"play ♣Q"``).
        rule: the section of the rules that forbids it (``"§5.2"``).
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        action: str = "",
        rule: str = "",
    ) -> None:
        text = message if not rule else f"{message} ({rule})"
        super().__init__(text)
        self.seat = seat
        self.action = action
        self.rule = rule


class CardNotHeldError(IllegalActionError):
    """A player tried to play a card that is not in their hand (SPEC §5.2)."""


class MustFollowError(IllegalActionError):
    """A player who holds the led category played another card (SPEC §5.2)."""


class TrickCompleteError(IllegalActionError):
    """A card was added to a trick that already holds four cards (SPEC §5.1)."""


class NotYourTurnError(IllegalActionError):
    """A seat acted out of turn: playing or answering the reservation round (SPEC §3.2, §5.1)."""


class WrongPhaseError(IllegalActionError):
    """The action does not belong to the deal's current phase (SPEC §3.2, §3.5)."""


class InvalidReservationError(IllegalActionError):
    """A reservation the rules do not allow, such as a marriage without both ♣Q (SPEC §3.2)."""


class AnnouncementError(IllegalActionError):
    """An announcement the rules do not allow (SPEC §8)."""


class AnnouncementTooLateError(AnnouncementError):
    """An announcement made with fewer cards in hand than its deadline allows (SPEC §8.4, §8.6)."""


class AnnouncementBannedError(AnnouncementError):
    """An announcement while announcements are closed: a marriage before its clarification
    trick, or before the reservation round ended (SPEC §7.4, §8.3)."""


class LateReplyLockError(AnnouncementError):
    """An absage by a party whose Re/Kontra was a late reply (SPEC §8.7)."""


class InvalidSummaryError(DoppelkopfError, ValueError):
    """A score-sheet summary that no real deal can produce (SPEC §9–§12)."""


class InvalidRulesError(InvalidValueError):
    """A rule set that cannot be built: an unknown option, a bad value, or two
    options that exclude each other (V§0.4).

    Attributes:
        options: the names of the options at fault (one or two).
        rule: the section of the rule options that forbids the combination
            (``"V§0.4"``).
    """

    def __init__(self, message: str, *, options: tuple[str, ...] = (), rule: str = "") -> None:
        super().__init__(message if not rule else f"{message} ({rule})")
        self.options = options
        self.rule = rule


class MissingExtraError(DoppelkopfError, ImportError):
    """A feature whose optional dependency is not installed, such as the plots' matplotlib.

    It is an :class:`ImportError` too, so code that tries an optional import
    and falls back keeps working.  The message names the package that is
    missing and the command that installs it.

    Attributes:
        extra: the name of the package's optional extra that brings it (``"plot"``).

    >>> error = MissingExtraError("plots need matplotlib", extra="plot", name="matplotlib")
    >>> isinstance(error, ImportError), error.extra, error.name
    (True, 'plot', 'matplotlib')
    """

    def __init__(self, message: str, *, extra: str, name: str | None = None) -> None:
        super().__init__(message, name=name)
        self.extra = extra
