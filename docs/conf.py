"""Sphinx configuration of the doppelkopf documentation."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.ext import napoleon

# Document (and run the examples of) the source tree next to this file, whether
# or not the package is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
# The project's own Sphinx extensions (rulelinks: rule citations and back-links).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import doppelkopf

project = "doppelkopf"
author = "the doppelkopf authors"
project_copyright = "the doppelkopf authors"
release = doppelkopf.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "rulelinks",
]
exclude_patterns = ["_build"]
language = "en"
nitpicky = False

# -- HTML ------------------------------------------------------------------------
html_theme = "furo"
html_title = f"doppelkopf {release}"
html_static_path: list[str] = []

# -- rule citations (docs/_ext/rulelinks.py) ------------------------------------------
# Besides the docstrings, the citations in the prose of these pages link to the rules.
rulelinks_pages = [
    "rules/*",
    "procedures/*",
    "house-rules",
    "scoring",
    "sessions",
    "plots",
    "playing",
    "bots",
    "cli",
    "quickstart",
    "records",
    "design",
    "index",
    "citing",
]

# -- copy button -------------------------------------------------------------------
# The button copies what is typed, not what is printed: the ``>>> `` and ``... ``
# prompts are removed and the output lines of an example are left out.
copybutton_prompt_text = r">>> |\.\.\. "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True

# -- autodoc and napoleon (Google-style docstrings) --------------------------------
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest ---------------------------------------------------------------------
# ``sphinx-build -b doctest`` runs every ``>>>`` example of the pages.  Examples
# in docstrings are written against their module's globals and are run by
# ``pytest --doctest-modules``; see _leave_docstring_examples_to_pytest.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)
# A warning raised by an example is an error, as in the test suite
# (``filterwarnings = ["error"]``): an example that warns would teach the reader
# to write code that warns.
doctest_global_setup = """
import warnings
warnings.simplefilter("error")
"""


def _napoleon_prose_attributes(  # noqa: PLR0917 - the signature of Sphinx's event
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Napoleon, except that attribute and property docstrings are read as prose.

    Napoleon reads the first line of such a docstring as ``type: description``.
    The library's types come from annotations, and a line such as "The packed
    form: two bits per card" is a sentence, not a type.
    """
    if what in {"attribute", "data", "property"}:
        what = "method"
    napoleon._process_docstring(app, what, name, obj, options, lines)


def _leave_docstring_examples_to_pytest(app: Sphinx, doctree: nodes.document) -> None:
    """Show the examples that autodoc brings in from docstrings, but do not run them here.

    Each docstring example runs with the globals of its own module under
    ``pytest --doctest-modules``.  On an API page, examples from many modules
    would share one namespace instead, so the same text could pass in one place
    and fail in the other.  Turning them into plain ``pycon`` literal blocks keeps
    their look and leaves the doctest builder with the pages' own examples.
    """
    for block in list(doctree.findall(nodes.doctest_block)):
        if ":docstring of " in (block.source or ""):
            literal = nodes.literal_block(block.rawsource, block.astext(), language="pycon")
            literal.source, literal.line = block.source, block.line
            block.replace_self(literal)


# Classes built only by their factory methods: their constructor takes private
# parts, so the page shows no constructor signature for them.
_BUILT_BY_FACTORIES = {"doppelkopf.deal.Deal"}


def _hide_private_constructors(  # noqa: PLR0917 - the signature of Sphinx's event
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Drop the constructor signature of the classes in ``_BUILT_BY_FACTORIES``."""
    if what == "class" and name in _BUILT_BY_FACTORIES:
        return "", return_annotation
    return None


def setup(app: Sphinx) -> None:
    """Install the three hooks defined above."""
    app.connect("doctree-read", _leave_docstring_examples_to_pytest)
    app.connect("autodoc-process-signature", _hide_private_constructors)
    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is napoleon._process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _napoleon_prose_attributes)
