"""One vocabulary: the names games and announcements are read and printed by, and the
deprecated names that still work for one release."""

from __future__ import annotations

import itertools

import pytest

import doppelkopf
from doppelkopf import (
    Announcement,
    Card,
    DoppelkopfDeprecationWarning,
    DoppelkopfError,
    GameType,
    Hand,
    InvalidNotationError,
    Party,
    PartyAnnouncements,
    Trick,
    apply_announcement,
    can_announce,
    can_announce_level,
    can_play_card,
    check_announcement,
    check_card,
    is_legal_card,
    legal_cards,
)
from doppelkopf.rules import _name_key

G = GameType
NOTHING = PartyAnnouncements()
RE_TIMELY = PartyAnnouncements(Announcement.RE_KONTRA, True)

GERMAN = {
    "Normalspiel": G.NORMAL,
    "Hochzeit": G.MARRIAGE,
    "stille Hochzeit": G.SILENT_MARRIAGE,
    "Damensolo": G.QUEENS_SOLO,
    "Bubensolo": G.JACKS_SOLO,
    "Fleischloser": G.FLESHLESS,
    "Fleischlos": G.FLESHLESS,
    "Trumpfsolo": G.DIAMONDS_SOLO,
    "Karosolo": G.DIAMONDS_SOLO,
    "Herzsolo": G.HEARTS_SOLO,
    "Piksolo": G.SPADES_SOLO,
    "Kreuzsolo": G.CLUBS_SOLO,
}


# --- GameType.parse -----------------------------------------------------------------


@pytest.mark.parametrize("game", list(GameType))
def test_game_type_parse_reads_the_display_name_member_name_and_identifier(game: G) -> None:
    for text in (str(game), game.name, game.value, str(game).upper(), game.name.lower()):
        assert GameType.parse(text) is game
    assert GameType.parse(str(game).replace(" ", "-")) is game
    assert GameType.parse(f"  {str(game).title()}  ") is game


@pytest.mark.parametrize(("word", "game"), GERMAN.items())
def test_game_type_parse_reads_the_german_table_words(word: str, game: G) -> None:
    assert GameType.parse(word) is game
    assert GameType.parse(word.lower()) is game
    assert GameType.parse(word.upper().replace("SOLO", "-SOLO")) is game
    assert GameType.parse(word.replace(" ", "_")) is game


def test_game_type_parse_reads_queens_solo_in_every_spelling() -> None:
    for text in ("queens solo", "QUEENS_SOLO", "SOLO_Q", "solo-q", "Damensolo", "Damen-Solo"):
        assert GameType.parse(text) is G.QUEENS_SOLO


def test_game_type_parse_reads_umlauts_and_their_spellings_alike() -> None:
    # The table words hold no umlaut, but the key of every name maps ä ö ü ß to
    # ae oe ue ss, as Reservation.parse does, so both spellings meet.
    assert _name_key("Fleischloß") == _name_key("Fleischloss") == "fleischloss"
    assert _name_key("Dämensölo-Ü") == _name_key("Daemensoelo ue")
    assert GameType.parse("STILLE HOCHZEIT") is G.SILENT_MARRIAGE
    assert GameType.parse("  Kreuz-Solo ") is G.CLUBS_SOLO


def test_armut_names_the_poverty_game() -> None:
    assert GameType.parse("Armut") is GameType.parse("poverty") is GameType.POVERTY  # V§6.2
    assert GameType("ARMUT") is GameType.POVERTY


def test_game_type_parse_names_no_reservation() -> None:
    for text in ("Vorbehalt", "gesund", "Solo"):
        with pytest.raises(InvalidNotationError, match="unknown game type"):
            GameType.parse(text)


def test_every_game_type_name_reads_back_to_one_game() -> None:
    names = [
        *GERMAN,
        *(str(game) for game in GameType),
        *(game.name for game in GameType),
        *(game.value for game in GameType),
    ]
    for first, second in itertools.combinations(names, 2):
        if GameType.parse(first) is not GameType.parse(second):
            assert first.lower() != second.lower()


# --- printing an announcement -----------------------------------------------------------


def test_str_of_an_announcement_is_the_spoken_word() -> None:
    assert str(Announcement.NO_90) == "keine 90"
    assert str(Announcement.RE_KONTRA) == "Re/Kontra"
    assert [str(level) for level in Announcement] == [
        "Re/Kontra",
        "keine 90",
        "keine 60",
        "keine 30",
        "schwarz",
    ]
    assert f"{Announcement.NO_60}" == "keine 60"
    assert f"{Announcement.SCHWARZ:>9}" == "  schwarz"


def test_repr_and_value_of_an_announcement_are_unchanged() -> None:
    assert repr(Announcement.NO_90) == "<Announcement.NO_90: 1>"
    assert Announcement.NO_90.value == 1 == int(Announcement.NO_90)
    assert Announcement.NO_30 + 1 == 4
    assert Announcement.RE_KONTRA.label(Party.KONTRA) == "Kontra"


@pytest.mark.parametrize("level", list(Announcement))
def test_announcement_parse_reads_its_own_str(level: Announcement) -> None:
    if level is not Announcement.RE_KONTRA:
        assert Announcement.parse(str(level)) is level
    assert Announcement.parse(level.name) is level or level is Announcement.RE_KONTRA


# --- new names and their deprecated aliases ------------------------------------------------


def test_new_names_are_exported() -> None:
    assert doppelkopf.can_play_card is can_play_card
    assert doppelkopf.can_announce is can_announce
    assert doppelkopf.DoppelkopfDeprecationWarning is DoppelkopfDeprecationWarning


def test_the_deprecation_warning_is_a_library_error() -> None:
    assert issubclass(DoppelkopfDeprecationWarning, DeprecationWarning)
    assert issubclass(DoppelkopfDeprecationWarning, DoppelkopfError)


def test_is_legal_card_warns_and_answers_like_can_play_card() -> None:
    hand, trick = Hand.parse("♥10 ♥K ♦Q ♣A"), Trick.parse("♥A")
    for card in hand:
        with pytest.warns(
            DeprecationWarning, match="is_legal_card is deprecated; use can_play_card"
        ):
            old = is_legal_card(hand, trick, G.NORMAL, card)
        assert old is can_play_card(hand, trick, G.NORMAL, card)
        assert old is (card in legal_cards(hand, trick, G.NORMAL))


def test_is_legal_card_warning_points_to_the_caller() -> None:
    with pytest.warns(DoppelkopfDeprecationWarning) as caught:
        is_legal_card(Hand.parse("♣A"), Trick(0), G.NORMAL, Card.parse("♣A"))
    assert caught[0].filename == __file__


def test_can_play_card_agrees_with_check_card_on_a_complete_trick_and_a_missing_card() -> None:
    full = Trick.parse("♣A ♣10 ♣K ♣9", leader=0)
    hand = Hand.parse("♣A")
    assert not can_play_card(hand, full, G.NORMAL, Card.parse("♣A"))
    assert not can_play_card(hand, Trick(0), G.NORMAL, Card.parse("♠A"))
    assert can_play_card(hand, Trick(0), G.NORMAL, Card.parse("♣A"))
    check_card(hand, Trick(0), G.NORMAL, Card.parse("♣A"))


def test_can_announce_answers_whether_check_announcement_accepts() -> None:
    # A repetition is legal (SPEC §8.6a): check_announcement accepts it, so can_announce
    # says yes, as Deal.can_announce does.
    check_announcement(RE_TIMELY, NOTHING, Announcement.RE_KONTRA, hand_size=11)
    assert can_announce(RE_TIMELY, NOTHING, Announcement.RE_KONTRA, hand_size=11)
    assert apply_announcement(RE_TIMELY, NOTHING, Announcement.RE_KONTRA, hand_size=11) is (
        RE_TIMELY
    )
    assert not can_announce(NOTHING, NOTHING, Announcement.RE_KONTRA, hand_size=10)  # L02


def test_can_announce_level_warns_and_keeps_its_answer() -> None:
    cases = [
        (RE_TIMELY, Announcement.RE_KONTRA, 11, False),  # L12: a repetition adds nothing
        (NOTHING, Announcement.RE_KONTRA, 11, True),  # L01
        (NOTHING, Announcement.RE_KONTRA, 10, False),  # L02
        (RE_TIMELY, Announcement.NO_90, 10, True),
    ]
    for own, level, hand_size, expected in cases:
        with pytest.warns(DeprecationWarning, match="can_announce_level is deprecated"):
            assert can_announce_level(own, NOTHING, level, hand_size=hand_size) is expected
        new = can_announce(own, NOTHING, level, hand_size=hand_size) and (
            apply_announcement(own, NOTHING, level, hand_size=hand_size) is not own
        )
        assert new is expected
