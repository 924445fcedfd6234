"""The documentation's rule-citation extension: finding, linking and skipping citations."""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import doppelkopf

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"


def _load() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "docs" / "_ext" / "rulelinks.py"
    spec = importlib.util.spec_from_file_location("rulelinks", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rulelinks"] = module
    spec.loader.exec_module(module)
    return module


rulelinks = _load()


def _cited(line: str) -> list[str]:
    return [citation.label for citation in rulelinks.citations_in_line(line)]


@pytest.mark.parametrize(
    ("line", "labels"),
    [
        ("a hand cannot hold a third ♣Q (SPEC §1.1)", ["spec-1.1"]),
        ("cannot play ♥10: it is trump (§5.2)", ["spec-5.2"]),
        ("the reply (SPEC §8.6c) and the no-op (§8.6a)", ["spec-8.6", "spec-8.6"]),
        ("see §8.6(c)", ["spec-8.6"]),
        ("settlement (SPEC §9–§12)", ["spec-9", "spec-10", "spec-11", "spec-12"]),
        ("specials (SPEC §11.3–§11.5)", ["spec-11.3", "spec-11.4", "spec-11.5"]),
        ("trumps of §4.1–4.3", ["spec-4.1", "spec-4.2", "spec-4.3"]),
        (
            "the deal (SPEC §2.3–§2.4, §3, §5–§8)",
            ["spec-2.3", "spec-2.4", "spec-3"] + [f"spec-{n}" for n in (5, 6, 7, 8)],
        ),
        ("no nines (V§1.2), second Dulle (V§2)", ["variants-1.2", "variants-2"]),
        ("the deck (SPEC §1.2.)", ["spec-1.2"]),
        ("TSR §6.5 and DOM-FR §10 are other texts", []),
        ("no citation here: 5.2, section 8", []),
    ],
)
def test_citations_in_line(line: str, labels: list[str]) -> None:
    assert _cited(line) == labels


def test_link_line_keeps_the_text_and_links_each_end_of_a_range() -> None:
    assert rulelinks.link_line("refused (SPEC §5.2).") == "refused (:ref:`SPEC §5.2 <spec-5.2>`)."
    assert rulelinks.link_line("(§8.6c)") == "(:ref:`§8.6c <spec-8.6>`)"
    assert rulelinks.link_line("SPEC §9–§12") == ":ref:`SPEC §9 <spec-9>`–:ref:`§12 <spec-12>`"
    assert rulelinks.link_line("§4.1–4.3") == ":ref:`§4.1 <spec-4.1>`–:ref:`4.3 <spec-4.3>`"
    assert rulelinks.link_line("V§2.3 and §1") == (
        ":ref:`V§2.3 <variants-2.3>` and :ref:`§1 <spec-1>`"
    )


def test_link_line_leaves_literals_and_roles_alone() -> None:
    line = "``rule='§2.5'`` and :ref:`§3 <spec-3>` but §4"
    assert rulelinks.link_line(line) == (
        "``rule='§2.5'`` and :ref:`§3 <spec-3>` but :ref:`§4 <spec-4>`"
    )
    assert rulelinks.link_line("nothing cited") == "nothing cited"


def test_link_lines_skips_doctest_and_literal_blocks() -> None:
    lines = [
        "Refuse a third card (SPEC §1.1).",
        "",
        ">>> hand.add(card)",
        "Traceback (most recent call last):",
        "doppelkopf.errors.InvalidValueError: a third ♣Q (SPEC §1.1)",
        "",
        "The table::",
        "",
        "    §4.1 written as is",
        "",
        ".. code-block:: text",
        "",
        "   §4.2 also as is",
        "",
        "Back to prose (§5.3).",
    ]
    cited = rulelinks.link_lines(lines)
    assert [citation.label for citation in cited] == ["spec-1.1", "spec-5.3"]
    assert lines[0] == "Refuse a third card (:ref:`SPEC §1.1 <spec-1.1>`)."
    assert lines[4].endswith("(SPEC §1.1)")
    assert lines[8] == "    §4.1 written as is"
    assert lines[12] == "   §4.2 also as is"
    assert lines[14] == "Back to prose (:ref:`§5.3 <spec-5.3>`)."


def test_link_lines_skips_titles_and_strong_text() -> None:
    lines = [
        "Following (§5.2)",
        "----------------",
        "",
        "**Deadlines (§8.4)** are strict, and *§8.7* too; see §8.6.",
        "",
        "=========",
        "Title §1",
        "=========",
    ]
    cited = rulelinks.link_lines(lines)
    assert [citation.label for citation in cited] == ["spec-8.6"]
    assert lines[0] == "Following (§5.2)"
    assert lines[3] == (
        "**Deadlines (§8.4)** are strict, and *§8.7* too; see :ref:`§8.6 <spec-8.6>`."
    )
    assert lines[6] == "Title §1"


def test_expand_range() -> None:
    assert rulelinks.expand_range("9", "12") == ["9", "10", "11", "12"]
    assert rulelinks.expand_range("11.3", "11.5") == ["11.3", "11.4", "11.5"]
    assert rulelinks.expand_range("2.3", "3.1") == ["2.3", "3.1"]
    assert rulelinks.expand_range("12", "9") == ["12", "9"]


def test_parse_section_argument() -> None:
    assert rulelinks.parse_section_argument("5.2").label == "spec-5.2"
    assert rulelinks.parse_section_argument("§11").label == "spec-11"
    assert rulelinks.parse_section_argument("V2.3").label == "variants-2.3"
    with pytest.raises(ValueError, match="not a rules section"):
        rulelinks.parse_section_argument("five")


def test_display_name_uses_the_package_export() -> None:
    assert rulelinks.display_name("doppelkopf.tricks.legal_cards", doppelkopf) == (
        "doppelkopf.legal_cards"
    )
    assert rulelinks.display_name("doppelkopf.deal.Deal.play", doppelkopf) == (
        "doppelkopf.Deal.play"
    )
    assert rulelinks.display_name("doppelkopf.deal", doppelkopf) == "doppelkopf.deal"


def test_the_extension_examples() -> None:
    failures, tried = doctest.testmod(rulelinks, raise_on_error=False)
    assert tried > 0
    assert failures == 0


def _anchors() -> set[str]:
    found: set[str] = set()
    for page in RULES.glob("*.rst"):
        found |= set(re.findall(r"^\.\. _((?:spec|variants)-[\d.]+):$", page.read_text(), re.M))
    return found


def test_every_citation_in_the_package_has_an_anchor() -> None:
    anchors = _anchors()
    source = Path(doppelkopf.__file__).parent
    missing = {
        (path.name, citation.label)
        for path in source.glob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        for citation in rulelinks.citations_in_line(line)
        if citation.label not in anchors
    }
    assert not missing


# The number of clauses of each section: SPEC §0-§12 and V§0-V§11 (§13-§15 and
# V§12-V§14 are tables and lists without numbered clauses).
SPEC_CLAUSES = {0: 4, 1: 3, 2: 5, 3: 5, 4: 7, 5: 5, 6: 4, 7: 6, 8: 11, 9: 4, 10: 5, 11: 7, 12: 4}
VARIANT_CLAUSES = {0: 5, 1: 5, 2: 3, 3: 0, 4: 0, 5: 5, 6: 7, 7: 2, 8: 0, 9: 6, 10: 0, 11: 4}


def test_every_section_and_clause_of_the_rules_has_an_anchor() -> None:
    expected = {f"spec-{n}" for n in (*SPEC_CLAUSES, 14, 15)}
    expected |= {f"spec-{n}.{m}" for n, count in SPEC_CLAUSES.items() for m in range(1, count + 1)}
    expected |= {f"variants-{n}" for n in range(15)}
    expected |= {
        f"variants-{n}.{m}" for n, count in VARIANT_CLAUSES.items() for m in range(1, count + 1)
    }
    assert sorted(expected - _anchors()) == []
