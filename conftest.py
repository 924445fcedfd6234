"""Leave a module's examples out of the doctest run where its framework is not installed.

``doppelkopf.adapters.openspiel`` imports ``pyspiel``,
``doppelkopf.adapters.pettingzoo`` imports ``pettingzoo`` and
``doppelkopf.vector._jax`` imports ``jax``; without them the modules cannot
be imported, so their examples cannot run.  The header of the
run says which were left out and why.
"""

from __future__ import annotations

import importlib.util

_FRAMEWORKS = {
    "src/doppelkopf/adapters/openspiel.py": ("pyspiel", "openspiel"),
    "src/doppelkopf/adapters/pettingzoo.py": ("pettingzoo", "pettingzoo"),
    "src/doppelkopf/vector/_jax.py": ("jax", "jax"),
}

collect_ignore: list[str] = []
_LEFT_OUT: list[str] = []
for _path, (_module, _extra) in _FRAMEWORKS.items():
    if importlib.util.find_spec(_module) is None:
        collect_ignore.append(_path)
        _LEFT_OUT.append(f'{_path} ({_module} not installed: pip install ".[{_extra}]")')


def pytest_report_header() -> list[str]:
    """Name the adapter examples left out of this run."""
    return [f"left out: {entry}" for entry in _LEFT_OUT]
