"""Parties, announcement levels and deadlines (SPEC §6, §8.1, §8.4)."""

from __future__ import annotations

import pytest

from doppelkopf import Announcement, DoppelkopfError, InvalidNotationError, Party, deadline


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
