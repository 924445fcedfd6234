"""The public API as a contract: every public name, its kind and its signature.

``tests/data/public_api.json`` lists every public name of :mod:`doppelkopf`, of its public
modules and of its public subpackages (the names of each module's ``__all__``,
or its public re-exports where it has none), and for a class each public
member: what kind of object it is and, for anything callable, its signature
with the annotations as written.  A name removed, or a kind or signature
changed, fails the test; a new name fails it too until it is added to the
list, so that every change of the API is a deliberate edit here.

The annotation of a method's ``self`` is left out: a function defined at
module level and bound as a method annotates it for the type checker, while
a method written in the class body does not, and the two are called alike.

Print the current listing to update the list after a deliberate change::

    PYTHONPATH=src python tests/test_public_api.py > tests/data/public_api.json

The pickle of a :class:`~doppelkopf.Deal` is part of the contract too: it
names the classes of the state by the modules they are found in, so a pickle
written by one version loads in another.  :func:`test_deal_pickle_names`
pins the names of :mod:`doppelkopf.deal`'s own classes that it holds.
"""

from __future__ import annotations

import enum
import importlib
import importlib.util
import inspect
import json
import pickle
import pickletools
import sys
from pathlib import Path
from typing import Any

import pytest

from doppelkopf import Announcement, Deal, Reservation, Rules

PUBLIC_MODULES = (
    "doppelkopf",
    "doppelkopf.adapters",
    "doppelkopf.adapters.encoding",
    "doppelkopf.adapters.gymnasium",
    "doppelkopf.adapters.openspiel",
    "doppelkopf.adapters.pettingzoo",
    "doppelkopf.adapters.text",
    "doppelkopf.analysis",
    "doppelkopf.announce",
    "doppelkopf.cards",
    "doppelkopf.cli",
    "doppelkopf.deal",
    "doppelkopf.errors",
    "doppelkopf.parties",
    "doppelkopf.plots",
    "doppelkopf.players",
    "doppelkopf.records",
    "doppelkopf.rules",
    "doppelkopf.scoring",
    "doppelkopf.search",
    "doppelkopf.server",
    "doppelkopf.server.app",
    "doppelkopf.session",
    "doppelkopf.specials",
    "doppelkopf.strategies",
    "doppelkopf.svg",
    "doppelkopf.tricks",
    "doppelkopf.vector",
    "doppelkopf.wire",
)
"""The modules whose names are public: the package, its public modules and subpackages."""

_FRAMEWORKS = {
    "doppelkopf.adapters.gymnasium": "gymnasium",
    "doppelkopf.adapters.openspiel": "pyspiel",
    "doppelkopf.adapters.pettingzoo": "pettingzoo",
    "doppelkopf.server.app": "starlette",
}
"""The adapters that import an optional framework, with the framework's module."""

LEFT_OUT = tuple(
    module
    for module, framework in _FRAMEWORKS.items()
    if importlib.util.find_spec(framework) is None
)
"""The adapters whose framework is not installed here: their names are not compared."""


API: dict[str, str] = json.loads(
    (Path(__file__).parent / "data" / "public_api.json").read_text(encoding="utf-8")
)
"""Every public name with its kind and signature, as :func:`public_api` gives it."""


def _signature(thing: Any, method: bool) -> str:
    """The signature of ``thing`` as text, without ``self``'s annotation in a method."""
    try:
        signature = inspect.signature(thing)
    except (TypeError, ValueError):
        return "(?)"
    if method:
        parameters = list(signature.parameters.values())
        if parameters and parameters[0].name == "self":
            parameters[0] = parameters[0].replace(annotation=inspect.Parameter.empty)
            signature = signature.replace(parameters=parameters)
    return str(signature)


def _member(cls: type, name: str) -> str:  # noqa: PLR0911 - one return per kind
    """The kind and signature of the public member ``name`` of ``cls``."""
    raw = inspect.getattr_static(cls, name)
    if isinstance(raw, property):
        return "property"
    if isinstance(raw, classmethod):
        return "classmethod " + _signature(getattr(cls, name), method=False)
    if isinstance(raw, staticmethod):
        return "staticmethod " + _signature(getattr(cls, name), method=False)
    if inspect.isfunction(raw):
        return "method " + _signature(raw, method=True)
    if isinstance(raw, enum.Enum):
        return f"member {raw.value!r}"
    if inspect.isclass(raw):
        return "class"
    if callable(raw) or hasattr(raw, "__get__"):
        return f"descriptor {type(raw).__name__}"
    return f"attribute {type(raw).__name__}"


def _entry(thing: Any) -> str:
    if inspect.isclass(thing):
        if issubclass(thing, enum.Enum):
            return "enum"
        if issubclass(thing, BaseException):
            return "exception " + _signature(thing, method=False)
        return "class " + _signature(thing, method=False)
    if inspect.isfunction(thing) or inspect.isbuiltin(thing):
        return "function " + _signature(thing, method=False)
    if inspect.ismodule(thing):
        return "module"
    return f"value {type(thing).__name__}"


def _own_members(cls: type) -> list[str]:
    """The public names a class defines or inherits from the library's own classes."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__.split(".")[0] != "doppelkopf":
            continue
        names.update(name for name in vars(klass) if not name.startswith("_"))
    if issubclass(cls, enum.Enum):
        names.update(cls.__members__)
    return sorted(names)


def public_names(module_name: str) -> list[str]:
    """The public names of a module: its ``__all__``, or its public re-exports."""
    module = importlib.import_module(module_name)
    exported = getattr(module, "__all__", None)
    if exported is not None:
        return sorted(exported)
    return sorted(
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not inspect.ismodule(value)
    )


def public_api() -> dict[str, str]:
    """Every public name with its kind and signature, and every public member of a class."""
    api: dict[str, str] = {}
    for module_name in PUBLIC_MODULES:
        if module_name in LEFT_OUT:
            continue
        module = importlib.import_module(module_name)
        for name in public_names(module_name):
            thing = getattr(module, name)
            api[f"{module_name}.{name}"] = _entry(thing)
            if inspect.isclass(thing) and not issubclass(thing, BaseException):
                for member in _own_members(thing):
                    api[f"{module_name}.{name}.{member}"] = _member(thing, member)
    return api


def _left_out(name: str) -> bool:
    return any(name.startswith(f"{module}.") for module in LEFT_OUT)


def test_public_api_unchanged() -> None:
    current = public_api()
    removed = sorted(name for name in set(API) - set(current) if not _left_out(name))
    added = sorted(set(current) - set(API))
    changed = sorted(name for name in set(API) & set(current) if API[name] != current[name])
    report = [f"removed: {name}: {API[name]}" for name in removed]
    report += [f"added (list it in API): {name}: {current[name]}" for name in added]
    report += [f"changed: {name}: {API[name]} -> {current[name]}" for name in changed]
    assert not report, "\n".join(report)


def test_public_api_lists_the_deal() -> None:
    """The listing reaches into the deal: its verbs and their signatures are pinned."""
    api = public_api()
    assert api["doppelkopf.deal.Deal.play"] == "method (self, seat: 'int', card: 'Card') -> 'Deal'"
    assert api["doppelkopf.deal.Deal.turn"] == "property"
    assert api["doppelkopf.Deal"] == api["doppelkopf.deal.Deal"]


def _deal_names(deal: Deal) -> set[str]:
    """The classes of :mod:`doppelkopf.deal` that a pickle of ``deal`` names."""
    names = set()
    for opcode, argument, _ in pickletools.genops(pickle.dumps(deal, protocol=2)):
        if opcode.name == "GLOBAL" and str(argument).startswith("doppelkopf.deal"):
            names.add(str(argument))
    return names


def test_deal_pickle_names() -> None:
    deal = Deal.shuffled(seed=3)
    for seat in range(4):
        deal = deal.declare(seat, Reservation.HEALTHY)
    deal = deal.play(0, deal.legal_cards()[0])
    deal = deal.announce(0, Announcement.RE_KONTRA)
    assert _deal_names(deal) == {
        "doppelkopf.deal.machine Deal",
        "doppelkopf.deal.machine _Setup",
        "doppelkopf.deal.procedures Procedures",
        "doppelkopf.deal.actions Announced",
        "doppelkopf.deal.actions Reservation",
    }
    assert pickle.loads(pickle.dumps(deal)) == deal
    # The deal and its setup name one module, written once in the pickle.
    assert pickle.dumps(deal, protocol=5).count(b"doppelkopf.deal.machine") == 1
    poor = Deal.from_hands(
        (
            "♦K ♣J ♠K ♠A ♠A ♠10 ♣A ♣A ♣10 ♥A ♥K ♥9",
            "♣Q ♣Q ♠Q ♠Q ♥Q ♥Q ♦Q ♦Q ♣J ♠J ♠J ♥J",
            "♥10 ♥10 ♦A ♦A ♦10 ♦10 ♦K ♦9 ♦9 ♥J ♦J ♠9",
            "♦J ♠10 ♠K ♠9 ♣10 ♣K ♣K ♣9 ♣9 ♥A ♥K ♥9",
        ),
        rules=Rules(armut=True),
    ).declare(0, Reservation.POVERTY)
    for seat in (1, 2, 3):
        poor = poor.declare(seat, Reservation.HEALTHY)
    assert "doppelkopf.deal.poverty Poverty" in _deal_names(poor)
    assert pickle.loads(pickle.dumps(poor)) == poor


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_public_names_resolve(module_name: str) -> None:
    if module_name in LEFT_OUT:
        pytest.skip(f"{_FRAMEWORKS[module_name]} is not installed")
    module = importlib.import_module(module_name)
    for name in public_names(module_name):
        assert hasattr(module, name), f"{module_name}.{name}"


if __name__ == "__main__":
    sys.stdout.write(json.dumps(public_api(), indent=1, ensure_ascii=False) + "\n")
