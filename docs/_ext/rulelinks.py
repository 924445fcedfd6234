"""Link the rule citations of docstrings to the rules pages, and back.

Docstrings cite the rules by section: ``SPEC §5.2``, ``(§8.6c)``, ``§9–§12`` or,
for the options, ``V§2.3``.  Each section of the rules pages carries an anchor
``spec-5.2`` or ``variants-2.3``.  This extension

- turns every citation in a docstring that autodoc brings in, and in the
  prose of the pages named by the ``rulelinks_pages`` setting, into a
  ``:ref:`` link to its anchor (titles, doctest examples, literal blocks and
  inline literals are left alone);
- warns about a citation of a section that has no anchor, so that a build with
  ``-W`` fails;
- remembers which documented object cites which section, and fills each
  ``.. implemented-by:: 5.2`` directive of the rules pages with links to those
  objects.

The text functions at the top need nothing but the standard library, so that
the tests can import this file without Sphinx; the Sphinx parts are set up in
:func:`setup`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

#: A citation: an optional family prefix, a section number with an optional
#: clause letter, and an optional second end of a range (``§9–§12``, ``§4.1–4.3``).
CITATION = re.compile(
    r"(?<![\w§])"
    r"(?P<prefix>SPEC\s+§|V§|§)"
    r"(?P<num>\d+(?:\.\d+)?)"
    r"(?P<clause>[a-z](?![\w])|\([a-z]\))?"
    r"(?:(?P<dash>[–-])(?P<prefix2>§)?(?P<num2>\d+(?:\.\d+)?))?"
)

#: Spans of a line where a link cannot go: inline literals, roles and
#: interpreted text (shown as written), and strong or emphasised text (reST
#: does not nest inline markup).  Citations inside them are not linked.
_PROTECTED = re.compile(
    r"``.+?``|:[\w:.+-]+:`[^`]*`|`[^`]*`_{0,2}|\*\*.+?\*\*|(?<![*\w])\*[^*\s][^*]*?\*(?![*\w])"
)

#: The underline (or overline) of a section title.
_ADORNMENT = re.compile(r"([=\-~^\"'`#*+:._])\1{2,}\s*")

#: Other texts whose sections look like the specification's.
_FOREIGN = re.compile(r"(?:TSR(?:\s+\d{4})?|DOM(?:-FR|-PT)?)\s+$")

#: Directives whose content is shown verbatim.
_VERBATIM_DIRECTIVE = re.compile(
    r"\s*\.\.\s+(?:code-block|code|sourcecode|doctest|testcode|testoutput|"
    r"literalinclude|math|parsed-literal)::"
)


class Citation(NamedTuple):
    """One cited section: its family (``"spec"`` or ``"variants"``) and number."""

    family: str
    number: str

    @property
    def label(self) -> str:
        """The anchor of the section, such as ``spec-5.2``."""
        return f"{self.family}-{self.number}"

    @property
    def text(self) -> str:
        """The citation as the rules pages write it: ``§5.2`` or ``V§2.3``."""
        return ("V§" if self.family == "variants" else "§") + self.number


def _family(prefix: str | None) -> str:
    return "variants" if prefix == "V§" else "spec"


def expand_range(first: str, last: str) -> list[str]:
    """The section numbers from ``first`` to ``last``, both included.

    Both ends must be top-level sections (``9``, ``12``) or clauses of one
    section (``11.3``, ``11.5``); any other pair gives the two ends alone.

    >>> expand_range("9", "12")
    ['9', '10', '11', '12']
    >>> expand_range("11.3", "11.5")
    ['11.3', '11.4', '11.5']
    >>> expand_range("2.3", "3.1")
    ['2.3', '3.1']
    """
    a, b = first.split("."), last.split(".")
    if len(a) == len(b) == 1 and int(a[0]) <= int(b[0]):
        return [str(n) for n in range(int(a[0]), int(b[0]) + 1)]
    if len(a) == len(b) == 2 and a[0] == b[0] and int(a[1]) <= int(b[1]):
        return [f"{a[0]}.{n}" for n in range(int(a[1]), int(b[1]) + 1)]
    return [first, last]


def _unprotected(line: str) -> Iterator[tuple[int, int]]:
    """The ``(start, end)`` spans of ``line`` outside protected spans."""
    start = 0
    for match in _PROTECTED.finditer(line):
        yield start, match.start()
        start = match.end()
    yield start, len(line)


def _matches(line: str) -> Iterator[re.Match[str]]:
    for start, end in _unprotected(line):
        for match in CITATION.finditer(line, start, end):
            if not _FOREIGN.search(line[: match.start()]):
                yield match


def citations_in_line(line: str) -> list[Citation]:
    """Every section cited in ``line``, ranges expanded, in order of appearance.

    >>> citations_in_line("a third ♣Q (SPEC §1.1); see §9–§10 and V§2.3")
    [Citation(family='spec', number='1.1'), Citation(family='spec', number='9'), \
Citation(family='spec', number='10'), Citation(family='variants', number='2.3')]
    """
    found: list[Citation] = []
    for match in _matches(line):
        family = _family(match["prefix"])
        if match["num2"]:
            found += [Citation(family, n) for n in expand_range(match["num"], match["num2"])]
        else:
            found.append(Citation(family, match["num"]))
    return found


def link_line(line: str) -> str:
    """``line`` with each citation made a ``:ref:`` link to its section's anchor.

    The link keeps the citation's text, so ``(SPEC §8.6c)`` still reads the
    same and links to ``spec-8.6``.

    >>> link_line("refused (SPEC §5.2)")
    'refused (:ref:`SPEC §5.2 <spec-5.2>`)'
    """
    pieces: list[str] = []
    done = 0
    for match in _matches(line):
        family = _family(match["prefix"])
        head = line[match.start() : match.end("clause") if match["clause"] else match.end("num")]
        pieces += [line[done : match.start()], f":ref:`{head} <{family}-{match['num']}>`"]
        if match["num2"]:
            tail = (match["prefix2"] or "") + match["num2"]
            pieces += [match["dash"], f":ref:`{tail} <{family}-{match['num2']}>`"]
        done = match.end()
    pieces.append(line[done:])
    return "".join(pieces)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def prose_lines(lines: list[str]) -> Iterator[int]:
    """The indices of the reST ``lines`` that are prose, where citations are linked.

    Section titles, doctest blocks (from a ``>>>`` line to the next blank
    line), literal blocks (after a paragraph ending in ``::``) and the bodies of
    code, doctest and math directives are left out.
    """
    verbatim_above: int | None = None  # indentation of the line that opened a literal block
    in_doctest = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if _ADORNMENT.fullmatch(line) or (stripped and _ADORNMENT.fullmatch(following)):
            continue  # a section title, or its adornment: no links in titles
        if in_doctest:
            if not stripped:
                in_doctest = False
            continue
        if verbatim_above is not None:
            if not stripped or _indent(line) > verbatim_above:
                continue
            verbatim_above = None
        if stripped.startswith(">>>"):
            in_doctest = True
            continue
        if _VERBATIM_DIRECTIVE.match(line) or (stripped.endswith("::") and ".. " not in line):
            verbatim_above = _indent(line)
            if _VERBATIM_DIRECTIVE.match(line):
                continue
        yield index


def link_lines(lines: list[str]) -> list[Citation]:
    """Link the citations of the prose in ``lines``, in place; return what was cited."""
    cited: list[Citation] = []
    for index in prose_lines(lines):
        found = citations_in_line(lines[index])
        if found:
            cited += found
            lines[index] = link_line(lines[index])
    return cited


def parse_section_argument(argument: str) -> Citation:
    """The section of an ``implemented-by`` argument: ``5.2``, ``§5.2`` or ``V2.3``.

    >>> parse_section_argument("V2.3")
    Citation(family='variants', number='2.3')
    """
    match = re.fullmatch(r"(V)?§?(\d+(?:\.\d+)?)", argument.strip())
    if match is None:
        raise ValueError(f"not a rules section: {argument[:20]!r} (write 5.2, or V2.3 for V§2.3)")
    return Citation("variants" if match[1] else "spec", match[2])


def display_name(name: str, package: Any) -> str:
    """The shortest public spelling of ``name``: through ``package`` if it re-exports it.

    ``doppelkopf.tricks.legal_cards`` is shown as ``doppelkopf.legal_cards``
    when the package holds the same object under that name; a method is
    shown through its class in the same way.
    """
    parts = name.split(".")
    for cut in range(len(parts) - 1, 1, -1):
        module = sys.modules.get(".".join(parts[:cut]))
        if module is None:
            continue
        top, qualified = parts[cut], ".".join(parts[cut:])
        exported = getattr(package, top, None)
        if exported is not None and exported is getattr(module, top, None):
            return f"{package.__name__}.{qualified}"
        break
    return name


# -- Sphinx ------------------------------------------------------------------------


def setup(app: Any) -> dict[str, Any]:  # noqa: PLR0915 - the extension is set up in one place
    """Register the docstring hook, the ``implemented-by`` directive and the checks."""
    import importlib

    from docutils import nodes  # type: ignore[import-untyped]
    from sphinx.util import logging
    from sphinx.util.docutils import SphinxDirective

    logger = logging.getLogger(__name__)
    roles = {"function": "func", "method": "meth", "class": "class", "exception": "exc"}

    def store(env: Any) -> dict[str, list[tuple[str, str, str, str]]]:
        # docname -> [(label, object name, shown name, object type)]
        if not hasattr(env, "rulelinks_citations"):
            env.rulelinks_citations = {}
        data: dict[str, list[tuple[str, str, str, str]]] = env.rulelinks_citations
        return data

    def process_docstring(  # noqa: PLR0917 - the signature of Sphinx's event
        app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
    ) -> None:
        cited = link_lines(lines)
        if not cited:
            return
        package = importlib.import_module(name.split(".", maxsplit=1)[0])
        shown = display_name(name, package)
        entries = store(app.env).setdefault(app.env.docname, [])
        for citation in dict.fromkeys(cited):
            entries.append((citation.label, name, shown, what))

    def process_source(app: Any, docname: str, source: list[str]) -> None:
        pages = app.config.rulelinks_pages
        if not any(docname == page or docname.startswith(page.rstrip("*")) for page in pages):
            return
        lines = source[0].split("\n")
        link_lines(lines)
        source[0] = "\n".join(lines)

    def purge(app: Any, env: Any, docname: str) -> None:
        store(env).pop(docname, None)

    def merge(app: Any, env: Any, docnames: Iterable[str], other: Any) -> None:
        for docname in docnames:
            if docname in store(other):
                store(env)[docname] = store(other)[docname]

    def check(app: Any, env: Any) -> None:
        labels = env.get_domain("std").labels
        for docname, entries in sorted(store(env).items()):
            for label, name, _shown, _what in entries:
                if label not in labels:
                    logger.warning(
                        "the docstring of %s cites a rules section with no anchor %r",
                        name,
                        label,
                        location=docname,
                    )

    class ImplementedBy(SphinxDirective):
        """``.. implemented-by:: 5.2``: the documented objects that cite §5.2."""

        required_arguments = 1
        has_content = False

        def run(self) -> list[Any]:
            try:
                citation = parse_section_argument(self.arguments[0])
            except ValueError as error:
                raise self.error(str(error)) from None
            placeholder = nodes.paragraph(classes=["implemented-by"])
            placeholder["rulelinks-label"] = citation.label
            return [placeholder]

    def resolve(app: Any, doctree: Any, docname: str) -> None:
        objects = app.env.get_domain("py").objects
        by_label: dict[str, dict[str, tuple[str, str]]] = {}
        for entries in store(app.env).values():
            for label, name, shown, what in entries:
                by_label.setdefault(label, {})[name] = (shown, what)
        for placeholder in list(doctree.findall(nodes.paragraph)):
            label = placeholder.get("rulelinks-label")
            if label is None:
                continue
            cited = sorted(by_label.get(label, {}).items(), key=lambda item: item[1][0])
            if not cited:
                placeholder.parent.remove(placeholder)
                continue
            placeholder.append(nodes.strong(text="Implemented by: "))
            for position, (name, (shown, what)) in enumerate(cited):
                if position:
                    placeholder.append(nodes.Text(", "))
                text = shown + ("()" if roles.get(what) in {"func", "meth"} else "")
                literal = nodes.literal(text=text, classes=["xref", "py"])
                entry = objects.get(name)
                if entry is None:
                    placeholder.append(literal)
                    continue
                uri = app.builder.get_relative_uri(docname, entry.docname)
                placeholder.append(
                    nodes.reference("", "", literal, internal=True, refuri=f"{uri}#{entry.node_id}")
                )

    # The pages whose prose citations are linked as well: docnames, or prefixes
    # ending in ``*`` (``"rules/*"``).
    app.add_config_value("rulelinks_pages", [], "env", types=[list])
    app.connect("source-read", process_source)
    app.connect("autodoc-process-docstring", process_docstring, priority=600)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-check-consistency", check)
    app.connect("doctree-resolved", resolve)
    app.add_directive("implemented-by", ImplementedBy)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
