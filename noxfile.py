"""Every check the project runs, as nox sessions.

``python -m nox`` runs the tests with coverage, the type check, the lint and the
documentation build; ``python -m nox -s quick`` runs the tests alone, without
coverage, stopping at the first failure; ``python -m nox -s bench`` runs the
benchmarks; ``python -m nox -s rllib`` trains RLlib's PPO on the PettingZoo
environment for one iteration.  Each session builds its own virtual environment with the
interpreter that runs nox and installs the project with the extra it needs.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path

import nox

nox.needs_version = ">=2024.3.2"
nox.options.sessions = ["tests", "typecheck", "lint", "docs", "package"]

ROOT = Path(__file__).parent
LINTED = ["src", "tests", "benchmarks", "examples", "noxfile.py", "docs/conf.py", "docs/_ext"]


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite, the package's docstring examples and the README, with coverage.

    The tests run in one worker process per core (pytest-xdist): measured on a
    two-core machine, 4 min 31 s against 7 min 33 s in one process.  The
    frameworks of the ``openspiel``, ``pettingzoo`` and ``gymnasium`` extras are
    installed too, so that the adapters pass the frameworks' own checks, the
    ``jax`` extra, so that the JAX card play of the vectorised environment is
    compared with the numpy one, and the
    ``ray`` extra, so that ``arena --ray`` runs on a local Ray (about 240 MB
    installed, 13 s to install with pip's cache warm; its tests take about 20 s).
    They come as wheels or not at all: where a framework has no wheel for this
    interpreter its install is left out, with pip's reason in the log, and
    pytest skips its tests saying why.
    """
    session.install(".[test]")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for extra in ("openspiel", "pettingzoo", "gymnasium", "jax", "ray"):
        session.install("--only-binary=:all:", *extras[extra], success_codes=[0, 1])
    session.run(
        "python", "-m", "pytest", "-n", "auto", "--cov", "--cov-report=term", *session.posargs
    )
    # The floor of pyproject.toml's ``fail_under``, checked by coverage itself on the
    # data pytest left: pytest-cov's own check was seen to print its failure and
    # still let a whole parallel run exit 0.  A run of chosen tests (arguments after
    # ``--``) covers only a part, so it is held to no floor.
    if not session.posargs:
        session.run("python", "-m", "coverage", "report", "--format=total")


@nox.session
def quick(session: nox.Session) -> None:
    """The tests and examples of ``tests`` without coverage, stopping at the first failure.

    Not part of the default run: a fast check while working.  Arguments go to
    pytest, e.g. ``nox -s quick -- tests/test_tricks.py``.
    """
    session.install(".[test]")
    session.run("python", "-m", "pytest", "-x", "-q", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """``mypy --strict`` over the package, the tests, the benchmarks and this file."""
    session.install(".[lint]")
    session.run("mypy", "--strict", "src", "tests", "benchmarks", "noxfile.py")


@nox.session
def lint(session: nox.Session) -> None:
    """``ruff check`` and ``ruff format --check``."""
    session.install(".[lint]")
    session.run("ruff", "check", *LINTED)
    session.run("ruff", "format", "--check", *LINTED)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML documentation and run every example in it, warnings being errors.

    The frameworks of the ``openspiel``, ``pettingzoo`` and ``gymnasium`` extras are
    installed as in ``tests``, as wheels or not at all, so that the examples of the adapters'
    pages run too: a page skips its framework's examples only where that
    framework is missing, and the session says which ones ran before building.
    """
    session.install(".[docs]")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for extra in ("openspiel", "pettingzoo", "gymnasium"):
        session.install("--only-binary=:all:", *extras[extra], success_codes=[0, 1])
    session.run(
        "python",
        "-c",
        "import importlib.util as u\n"
        "for name in ('pyspiel', 'pettingzoo', 'gymnasium'):\n"
        "    found = u.find_spec(name) is not None\n"
        "    print(f'examples of {name}:', 'run' if found else 'skipped, not installed')",
    )
    build = ROOT / "docs" / "_build"
    common = ["-W", "--keep-going", "-E", "-d", str(build / "doctrees")]
    session.run("sphinx-build", *common, "-b", "html", "docs", str(build / "html"))
    session.run("sphinx-build", *common, "-b", "doctest", "docs", str(build / "doctest"))


@nox.session
def package(session: nox.Session) -> None:
    """Build the sdist and the wheel, check them, and run the examples from the wheel alone.

    ``twine check --strict`` reads both archives' metadata as an index would.  The
    wheel is then installed into a new virtual environment outside the checkout,
    with pytest and the libraries the examples import (hypothesis for
    ``doppelkopf.strategies``, numpy for the vectorised playouts, matplotlib
    for ``doppelkopf.plots``), and its
    docstring examples and the README's run from a temporary folder, so that
    nothing of the source tree is on the path; the demo runs from the installed
    ``doppelkopf`` command.  The adapters' modules need their frameworks, the
    server's application its web libraries and the JAX play of the vectorised
    environment JAX: they are left to the ``tests`` session.
    """
    session.install("build>=1.2", "twine>=5")
    tmp = Path(session.create_tmp()).resolve()
    dist = tmp / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(dist), str(ROOT))
    archives = sorted(str(path) for path in dist.iterdir())
    session.run("twine", "check", "--strict", *archives)
    (wheel,) = dist.glob("*.whl")
    clean = tmp / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    session.run("python", "-m", "venv", str(clean))
    python = str(clean / "bin" / "python")
    session.run(
        python,
        "-m",
        "pip",
        "install",
        "--quiet",
        str(wheel),
        *_example_requirements(),
        external=True,
    )
    work = tmp / "examples"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    shutil.copy(ROOT / "README.md", work / "README.md")
    session.chdir(work)
    installed = session.run(
        python,
        "-c",
        "import doppelkopf, os; print(os.path.dirname(doppelkopf.__file__))",
        external=True,
        silent=True,
    )
    package_dir = Path(str(installed).strip())
    adapters = package_dir / "adapters"
    session.run(
        python,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-c",
        os.devnull,
        "--rootdir",
        str(work),
        "-W",
        "error",
        "-o",
        "doctest_optionflags=NORMALIZE_WHITESPACE ELLIPSIS",
        "--doctest-modules",
        "--doctest-glob=README.md",
        f"--ignore={adapters / 'openspiel.py'}",
        f"--ignore={adapters / 'pettingzoo.py'}",
        f"--ignore={adapters / 'gymnasium.py'}",
        f"--ignore={adapters / '_spaces.py'}",
        f"--ignore={package_dir / 'server' / 'app.py'}",
        f"--ignore={package_dir / 'vector' / '_jax.py'}",
        f"--ignore={package_dir / 'vector' / '_jax_observe.py'}",
        "--pyargs",
        "doppelkopf",
        "README.md",
        external=True,
    )
    session.run(str(clean / "bin" / "doppelkopf"), "demo", "--seed", "1", external=True)


def _example_requirements() -> list[str]:
    """The test extra's pytest, hypothesis, numpy and matplotlib, as pyproject.toml pins them."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    wanted = ("pytest>", "hypothesis>", "numpy>", "matplotlib>")
    return [spec for spec in extras["test"] if spec.startswith(wanted)]


@nox.session
def fuzz(session: nox.Session) -> None:
    """A long fuzzing run of ``tests/test_fuzz.py`` (not part of the default run).

    About a million actions through the deal machine, and its parser, record and
    summary fuzzers at the same scale; and the hostile-value test over every pair of
    argument positions and values (about 900,000 calls).  ``DOPPELKOPF_FUZZ_EXAMPLES`` overrides the
    2,700 machine examples; other arguments go to pytest.
    """
    session.install(".[test]")
    report = Path(session.create_tmp()) / "fuzz-report.json"
    session.run(
        "python",
        "-m",
        "pytest",
        "tests/test_fuzz.py",
        "tests/test_hostile.py",
        "-s",
        "-q",
        *session.posargs,
        env={
            "DOPPELKOPF_FUZZ_EXAMPLES": os.environ.get("DOPPELKOPF_FUZZ_EXAMPLES", "2700"),
            "DOPPELKOPF_FUZZ_REPORT": str(report),
            "DOPPELKOPF_HOSTILE_FULL": "1",
        },
    )
    session.log(f"counts of the run written to {report}")


@nox.session
def bench(session: nox.Session) -> None:
    """Run every script in ``benchmarks/`` (not part of the default run)."""
    session.install(".[bench]")
    scripts = sorted((ROOT / "benchmarks").glob("bench_*.py"))
    if not scripts:
        session.error("no benchmark scripts found in benchmarks/")
    for script in scripts:
        session.run("python", str(script), *session.posargs)


@nox.session
def rllib(session: nox.Session) -> None:
    """One iteration of RLlib's PPO on the PettingZoo environment (not part of the default run).

    Installs RLlib and PyTorch (large downloads) beside the ``pettingzoo`` extra and
    runs ``tests/test_rllib.py``, which runs ``examples/rllib_pettingzoo.py`` once:
    about half a minute on two cores once installed.  Arguments go to pytest.
    """
    session.install(".[test,pettingzoo]", "ray[rllib]", "torch==2.13.0")
    session.run("python", "-m", "pytest", "-q", "tests/test_rllib.py", *session.posargs)


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation testing of the rules modules with mutmut (not part of the default run).

    The configuration is ``[tool.mutmut]`` in pyproject.toml.  mutmut keeps its
    work in ``mutants/`` and resumes from it; delete that folder for a fresh
    run.  Arguments after ``--`` name mutants to (re)run, e.g.
    ``nox -s mutation -- "doppelkopf.scoring*"``.
    """
    session.install(".[test]", "mutmut==3.8.1")
    session.run("mutmut", "run", "--max-children", "2", *session.posargs)
    session.run("mutmut", "results")
