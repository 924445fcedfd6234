"""The citation file names the version of the package and the rules it implements."""

from __future__ import annotations

import re
from pathlib import Path

import doppelkopf

ROOT = Path(__file__).resolve().parent.parent


def _field(text: str, name: str) -> str:
    match = re.search(rf"^{name}:\s*(.+)$", text, flags=re.MULTILINE)
    assert match is not None, f"CITATION.cff has no {name} field"
    return match.group(1).strip().strip('"')


def test_citation_names_the_package_version() -> None:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert _field(text, "cff-version") == "1.2.0"
    assert _field(text, "version") == doppelkopf.__version__
    assert f"Version {doppelkopf.__version__} implements" in " ".join(text.split())


def test_citing_page_names_the_package_version() -> None:
    text = " ".join((ROOT / "docs" / "citing.rst").read_text(encoding="utf-8").split())
    assert f"version {doppelkopf.__version__}." in text
    assert f"'{doppelkopf.__version__}'" in text


def test_citation_cites_the_rules_sections_the_docs_ship() -> None:
    text = " ".join((ROOT / "CITATION.cff").read_text(encoding="utf-8").split())
    rules = (ROOT / "docs" / "rules").glob("*.rst")
    anchors = set(
        re.findall(
            r"^\.\. _(spec-\d+|variants-\d+):",
            "\n".join(p.read_text(encoding="utf-8") for p in rules),
            flags=re.MULTILINE,
        )
    )
    assert {"spec-1", "spec-15", "variants-0", "variants-14"} <= anchors
    assert "§1 to §15" in text
    assert "V§0 to V§14" in text
