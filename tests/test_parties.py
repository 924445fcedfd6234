"""Parties, announcement levels and deadlines (SPEC §6, §8.1, §8.4)."""

from __future__ import annotations

import pytest

from doppelkopf import (
    Announcement,
    DoppelkopfError,
    InvalidNotationError,
    InvalidValueError,
    Party,
    Suit,
    deadline,
)
from doppelkopf.errors import InvalidTypeError


def test_party_opponent() -> None:
    assert Party.RE.opponent is Party.KONTRA
    assert Party.KONTRA.opponent is Party.RE
    for party in Party:
        assert party.opponent.opponent is party
    assert len(Party) == 2


def test_party_text() -> None:
    assert str(Party.RE) == "Re"
    assert str(Party.KONTRA) == "Kontra"
    assert repr(Party.RE) == "Party.RE"
    assert repr(Party.KONTRA) == "Party.KONTRA"


def test_announcement_levels_spec_8_1() -> None:
    assert [int(level) for level in Announcement] == [0, 1, 2, 3, 4]
    assert list(Announcement) == [
        Announcement.RE_KONTRA,
        Announcement.NO_90,
        Announcement.NO_60,
        Announcement.NO_30,
        Announcement.SCHWARZ,
    ]
    assert Announcement.RE_KONTRA < Announcement.NO_90 < Announcement.SCHWARZ


def test_announcement_labels() -> None:
    assert [level.label(Party.RE) for level in Announcement] == [
        "Re",
        "keine 90",
        "keine 60",
        "keine 30",
        "schwarz",
    ]
    assert Announcement.RE_KONTRA.label(Party.KONTRA) == "Kontra"
    assert Announcement.NO_60.label(Party.KONTRA) == "keine 60"


def test_announcement_generic_labels() -> None:
    assert [level.label_generic for level in Announcement] == [
        "Re/Kontra",
        "keine 90",
        "keine 60",
        "keine 30",
        "schwarz",
    ]


def test_announcement_thresholds() -> None:
    assert [level.threshold for level in Announcement] == [None, 90, 60, 30, None]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("re", Announcement.RE_KONTRA),
        ("Re", Announcement.RE_KONTRA),
        ("RE", Announcement.RE_KONTRA),
        ("kontra", Announcement.RE_KONTRA),
        ("Kontra", Announcement.RE_KONTRA),
        ("contra", Announcement.RE_KONTRA),
        ("RE_KONTRA", Announcement.RE_KONTRA),
        (" re ", Announcement.RE_KONTRA),
        ("keine 90", Announcement.NO_90),
        ("Keine 90", Announcement.NO_90),
        ("keine90", Announcement.NO_90),
        ("keine-90", Announcement.NO_90),
        ("k90", Announcement.NO_90),
        ("K 90", Announcement.NO_90),
        ("no90", Announcement.NO_90),
        ("no 90", Announcement.NO_90),
        ("NO_90", Announcement.NO_90),
        ("nono90", Announcement.NO_90),
        ("keine 60", Announcement.NO_60),
        ("k60", Announcement.NO_60),
        ("no60", Announcement.NO_60),
        ("NO_60", Announcement.NO_60),
        ("nono60", Announcement.NO_60),
        ("keine 30", Announcement.NO_30),
        ("k30", Announcement.NO_30),
        ("no30", Announcement.NO_30),
        ("NO_30", Announcement.NO_30),
        ("nono30", Announcement.NO_30),
        ("schwarz", Announcement.SCHWARZ),
        ("Schwarz", Announcement.SCHWARZ),
        ("SCHWARZ", Announcement.SCHWARZ),
        ("black", Announcement.SCHWARZ),
        ("no0", Announcement.SCHWARZ),
        ("k0", Announcement.SCHWARZ),
        ("keine\t60", Announcement.NO_60),
    ],
)
def test_announcement_parse(text: str, expected: Announcement) -> None:
    assert Announcement.parse(text) is expected


@pytest.mark.parametrize("level", list(Announcement))
@pytest.mark.parametrize("party", list(Party))
def test_announcement_parse_reads_labels_and_names(level: Announcement, party: Party) -> None:
    assert Announcement.parse(level.label(party)) is level
    assert Announcement.parse(level.name) is level


@pytest.mark.parametrize(
    "text", ["", "keine 120", "keine 0", "k45", "keine", "ja", "weiss", "re kontra kontra", "90"]
)
def test_announcement_parse_rejects(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="unknown announcement") as info:
        Announcement.parse(text)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, DoppelkopfError)
    assert info.value.text == text


# SPEC §8.4: minimum cards in hand for each level, for marriage shifts s = 0, 1, 2.
DEADLINES = {
    Announcement.RE_KONTRA: (11, 10, 9),
    Announcement.NO_90: (10, 9, 8),
    Announcement.NO_60: (9, 8, 7),
    Announcement.NO_30: (8, 7, 6),
    Announcement.SCHWARZ: (7, 6, 5),
}


@pytest.mark.parametrize("level", list(Announcement))
@pytest.mark.parametrize("shift", [0, 1, 2])
def test_deadline_table_spec_8_4(level: Announcement, shift: int) -> None:
    assert deadline(level, shift=shift) == DEADLINES[level][shift]
    assert deadline(level, shift) == DEADLINES[level][shift]


def test_deadline_default_shift_is_zero() -> None:
    assert [deadline(level) for level in Announcement] == [11, 10, 9, 8, 7]


def test_deadline_before_own_card_number() -> None:
    # "min cards n" and "before own card #" are two spellings of one rule: n = 13 - card #.
    before_card = {0: 2, 1: 3, 2: 4, 3: 5, 4: 6}
    for level in Announcement:
        assert 13 - deadline(level) == before_card[level]


@pytest.mark.parametrize("shift", [-1, 3, 4, 10])
def test_bad_shift_is_rejected(shift: int) -> None:
    with pytest.raises(ValueError, match="shift"):
        deadline(Announcement.RE_KONTRA, shift=shift)


# --- values of the wrong type or range ----------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [("re", Party.RE), ("Re", Party.RE), (" KONTRA ", Party.KONTRA), ("contra", Party.KONTRA)],
)
def test_party_parse(text: str, expected: Party) -> None:
    assert Party.parse(text) is expected
    assert Party.parse(str(expected)) is expected


@pytest.mark.parametrize("text", ["", "r", "rekontra", "Party.RE", "x" * 10_000])
def test_party_parse_rejects_unknown_names(text: str) -> None:
    with pytest.raises(InvalidNotationError, match=r"unknown party .*\(SPEC §6\)") as info:
        Party.parse(text)
    assert info.value.text == text
    assert len(str(info.value)) < 120


HOSTILE = [None, True, 1, 1.5, 1 + 0j, b"re", ["re"], Party.RE, Announcement.NO_90, object()]


@pytest.mark.parametrize("value", [value for value in HOSTILE if value is not Party.RE])
def test_party_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(InvalidTypeError, match="text must be a str") as info:
        Party.parse(value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, DoppelkopfError)


@pytest.mark.parametrize("value", HOSTILE)
def test_announcement_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(InvalidTypeError, match="text must be a str"):
        Announcement.parse(value)  # type: ignore[arg-type]


def test_announcement_parse_quotes_only_an_excerpt() -> None:
    text = "keine " * 100_000
    with pytest.raises(InvalidNotationError, match="unknown announcement") as info:
        Announcement.parse(text)
    assert len(str(info.value)) < 100
    assert Announcement.parse("  keine   90  ") is Announcement.NO_90


def test_party_lookup_by_value() -> None:
    assert Party("re") is Party.RE
    with pytest.raises(InvalidValueError, match="no party has the value 'Re'"):
        Party("Re")
    with pytest.raises(InvalidTypeError, match="value must be a str"):
        Party(None)


@pytest.mark.parametrize("value", [5, -1, 10**100])
def test_announcement_lookup_out_of_range(value: int) -> None:
    with pytest.raises(InvalidValueError, match=r"level must be 0-4.*SPEC §8\.1"):
        Announcement(value)


def test_lookup_of_an_int_beyond_the_text_limit() -> None:
    # The standard enum lookup formats the value with %r before raising, which fails
    # for an int of more than 4,300 digits; the library's lookup never formats it.
    with pytest.raises(InvalidValueError, match="an int of 5001 digits") as info:
        Announcement(10**5000)
    assert len(str(info.value)) < 80
    with pytest.raises(
        InvalidTypeError, match="must be a str 're' or 'kontra', not an int of 5001"
    ):
        Party(10**5000)


class _Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize("enum", [Party, Announcement])
def test_lookup_of_a_value_whose_repr_raises(enum: type[Party | Announcement]) -> None:
    with pytest.raises(InvalidTypeError, match="not _Unprintable <_Unprintable instance at 0x"):
        enum(_Unprintable())  # type: ignore[arg-type]


def test_lookup_of_members_and_values() -> None:
    assert Party(Party.KONTRA) is Party.KONTRA
    assert Announcement(Announcement.NO_30) is Announcement.NO_30
    assert Announcement(3) is Announcement.NO_30
    with pytest.raises(InvalidTypeError):
        Party(["re"])


@pytest.mark.parametrize("value", ["re", None, 2.5, 1j])
def test_announcement_lookup_of_other_types(value: object) -> None:
    with pytest.raises(InvalidTypeError, match="level must be an Announcement or int 0-4"):
        Announcement(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("party", [None, "re", Announcement.RE_KONTRA, 0])
def test_label_requires_a_party(party: object) -> None:
    with pytest.raises(InvalidTypeError, match="party must be a Party"):
        Announcement.RE_KONTRA.label(party)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="party must be a Party"):
        Announcement.NO_90.label(party)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [5, 7, -1, 99, pytest.param(10**5000, id="huge")])
def test_deadline_rejects_levels_out_of_range(level: int) -> None:
    with pytest.raises(InvalidValueError, match=r"level must be 0-4.*SPEC §8\.1") as info:
        deadline(level)  # type: ignore[arg-type]
    assert len(str(info.value)) < 100


@pytest.mark.parametrize("level", [True, False, 1.0, 1 + 0j, "k90", None, Party.RE, Suit.DIAMONDS])
def test_deadline_rejects_levels_of_other_types(level: object) -> None:
    with pytest.raises(InvalidTypeError, match="level must be an Announcement or int") as info:
        deadline(level)  # type: ignore[arg-type]
    assert info.value.name == "level"


def test_deadline_accepts_int_levels() -> None:
    assert [deadline(level) for level in range(5)] == [11, 10, 9, 8, 7]  # type: ignore[arg-type]


@pytest.mark.parametrize("shift", [True, False, 1.0, "1", None, Announcement.NO_90])
def test_deadline_rejects_shifts_of_other_types(shift: object) -> None:
    with pytest.raises(InvalidTypeError, match="the marriage shift must be an int"):
        deadline(Announcement.NO_90, shift=shift)  # type: ignore[arg-type]


def test_deadline_rejects_a_huge_shift_with_a_short_message() -> None:
    with pytest.raises(InvalidValueError, match=r"an int of 5001 digits \(SPEC §7\.4\)"):
        deadline(Announcement.NO_90, shift=10**5000)
