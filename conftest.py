"""Shared pytest fixtures. The repository root is on sys.path so tests import the packages
from the working tree (also without the editable install)."""
from __future__ import annotations

import gc
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

# One BLAS thread per test process, set before numpy loads OpenBLAS: the xdist workers already keep
# every core busy, and an OpenBLAS thread team on top only spin-waits for the cores (the dense tests
# took ~2.5x the CPU with it). An explicit setting in the environment wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# With PYTHONDONTWRITEBYTECODE set (some shells and containers set it), every run recompiles the
# project and re-does pytest's assertion rewriting of every test module (~3 s of a ~6 s collection,
# paid again by each xdist worker). The test process caches its bytecode in the gitignored
# __pycache__ folders instead; nothing else changes and a read-only tree still works (Python
# ignores a failed .pyc write).
sys.dont_write_bytecode = False

# How the run is spread over the xdist workers (heaviest file first, each test's seconds kept for the
# next run's order) and what a worker tells the controller (lean reports): tests/xdist_spread.py. Its
# hooks are imported here so pytest registers them with this conftest.
from tests.xdist_spread import (  # noqa: E402
    keep_seconds, lean_reports, pytest_configure_node, pytest_runtest_logreport, pytest_testnodedown,
    pytest_xdist_make_scheduler)
from tests.kbfacts_kept import keep_facts  # noqa: E402  (a KB's facts read once for all the test processes)
from tests.regex_kept import keep_patterns, save_patterns  # noqa: E402  (patterns compiled once for them all)

__all__ = ["pytest_configure_node", "pytest_runtest_logreport", "pytest_testnodedown", "pytest_xdist_make_scheduler"]


# Garbage collection tuned for the test processes (the library code is untouched). Collection and
# the tests build a large long-lived heap — the imported SDKs' models, compiled patterns, engines —
# and CPython's default thresholds (700, 10, 10) scan all of it again each time the heap grows by a
# quarter: measured 7-12 full collections and ~4 s of each xdist worker's ~30 s. Larger thresholds
# make the young collections rarer, from the start: collection alone (importing every test module)
# ran 3 full collections, ~0.15 s of CPU in each process. Cycles are still collected.
gc.set_threshold(50_000, 50, 100)

# The ``re`` module's cache of compiled patterns, larger in the test processes (the library code is
# untouched). It keeps 512 patterns and drops the oldest; an xdist worker meets ~2,000-2,300 distinct
# ones (the agent's own, the vocabulary tables' term patterns, each KB's headings and acronyms), so it
# compiled ~600-800 of them again after they dropped out (dynamic patterns met again, and the modules
# that tests/inprocess.py imports afresh for each in-process eval run): ~1.5 s of a worker's time
# measured (~0.8 s of CPU). A compiled pattern is the same whichever compile made it; only the repeats go.
re._MAXCACHE = max(getattr(re, "_MAXCACHE", 0), 8192)


def pytest_collection_finish(session):
    """``gc.freeze()`` moves what exists after collection out of every later scan (see above)."""
    gc.freeze()


def pytest_configure(config):
    """An xdist worker sends lean reports (``tests/xdist_spread.py``); every process that runs tests reads a KB's facts
    through pytest's cache folder (``tests/kbfacts_kept.py``) and compiles regular expressions from the opcodes kept
    there (``tests/regex_kept.py``) — an xdist controller, which runs none, neither loads the opcodes nor imports the
    fact reader before it starts its workers. A worker leaves without the interpreter's teardown. Once it has reported its last
    result and the exit handlers registered after this (pgserver stopping Postgres, braintrust's
    flush) have run, freeing its heap object by object only delays the run's end: measured
    ~0.6 s between the last worker's report and the controller's finish. The controller exits
    normally and keeps the run's exit status."""
    lean_reports(config)
    tests_run_here = hasattr(config, "workerinput") or not config.getoption("numprocesses", None)
    if tests_run_here:  # an xdist controller compiles and reads nothing worth a kept file: ~0.1 s before its workers start
        keep_patterns(config)
    keep_facts(config, wrap=tests_run_here)
    if hasattr(config, "workerinput"):
        import atexit

        def leave() -> None:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)

        atexit.register(leave)


@pytest.hookimpl(trylast=True)  # after pytest's own pytest_unconfigure (its unraisable-exception check)
def pytest_unconfigure(config):
    """pytest looks for exceptions raised in ``__del__`` of unreachable objects twice as a session
    ends: a full ``gc.collect()`` in its ``pytest_unconfigure`` and another in its clean-up right
    after. In an xdist worker the second freed nothing (measured) — only the other plugins'
    unconfigure hooks run between the two, and the worker then leaves with ``os._exit`` (above),
    freeing nothing more — but scans the whole heap again: ~0.12-0.3 s of CPU per worker after its
    last report, which the controller waits for. The first check stays: an unraisable exception is
    still reported as a warning (checked with a test whose cyclic garbage raises in ``__del__``)."""
    if hasattr(config, "workerinput"):
        try:
            from _pytest.unraisableexception import gc_collect_iterations_key
        except ImportError:  # another pytest: its clean-up runs as it is
            return
        config.stash[gc_collect_iterations_key] = 0


FIXTURE_KB = ROOT / "tests" / "fixtures" / "kb"
SHIPPED_KB = ROOT / "kb"


@pytest.fixture(autouse=True)
def _no_kb_state_carried():
    """What the offline agent keeps of the KB it last served, cleared before each test (one fixture for both:
    each function-scoped fixture costs every one of the ~5,800 tests its setup and teardown):

    * The KB's own metrics and labels, read from the tools it is handed on every model call
      (``kbmetrics.declare``, ``kblabels.declare``): a test that calls the parser directly must not see the
      declaration a test before it left behind on this worker (kb_txt2's labels changed what "… one showroom
      appointment booked?" parses to, depending on the order xdist ran the files in).
    * The KB's own word for its steps ("Leg", "Gate"), declared by the step tool on each model call and kept for
      the readers called without tools (``agent.offline.stepask._HEAD_WORDS``): a test calling those readers
      directly must not meet the word the previous test's KB declared in the same worker (a unit test of
      ``stepask.summary`` read "Leg 2" after a kb_txt7 conversation)."""
    from agent.offline import kblabels, kbmetrics, stepask
    kbmetrics.declare(None)
    kblabels.declare(None)
    stepask._HEAD_WORDS[1:] = []


@pytest.fixture(autouse=True, scope="session")
def _offline_reader_by_words():
    """The offline reader's meaning similarity (an encoder pass, cached under the user's cache
    folder) is off in tests: hermetic (nothing written outside the tree) and fast on a cold machine.
    Its own tests turn it on (``tests/test_offline_meaning.py``)."""
    from agent.offline import semantic
    semantic.disable()
    yield


@pytest.fixture(autouse=True, scope="session")
def _scenario_problems_kept(pytestconfig):
    """A scenario's problems read through pytest's cache folder (``tests/scenario_kept.py``), from the first test
    of the process on (a fixture, not ``pytest_configure``: the xdist controller runs no test and need not import
    the scenario loader)."""
    from tests.scenario_kept import keep_problems
    keep_problems(pytestconfig)
    yield


MEANING_SEED = ROOT / "tests" / "fixtures" / "meaning_seed"


def meaning_code() -> str:
    """A hash of the encoder's code (``rag/dense.py``): the name of the folder its vectors are kept in."""
    import hashlib

    return hashlib.sha256((ROOT / "rag" / "dense.py").read_bytes()).hexdigest()[:12]


def meaning_folder(config, tmp_path_factory) -> Path:
    """Where tests that turn the encoder on keep its vectors: pytest's cache folder, so a KB's pieces
    are encoded on a cold run only (they cost 20–50 ms of CPU each). The vectors are keyed by a hash of
    the text, and the folder by a hash of the encoder's code, so none is ever stale. Without pytest's
    cache (``-p no:cacheprovider``), a temporary folder. Either starts from the seed (:func:`_seeded`)."""
    cache = getattr(config, "cache", None)
    name = f"mpa-meaning-{meaning_code()}"
    folder = tmp_path_factory.mktemp("meaning") if cache is None else cache.mkdir(name)
    return _seeded(folder, MEANING_SEED / name)


def _seeded(folder: Path, seed: Path) -> Path:
    """``folder`` holding the seed's vector files where it has none of its own yet.

    Why: the suite meets ~1,900 KB pieces and questions with the encoder on (the whole of kb/ once, for the
    reader's whole-KB ranking by meaning, ``agent/offline/meaningsearch.py``); encoding them costs ~40 s of
    CPU, the whole difference between a fresh clone's first run and every later one. The seed is the
    vector file a run of this suite wrote (``make meaning-seed``), kept for the encoder code that wrote it
    (its folder name is that code's hash, like the cache's): a changed ``rag/dense.py`` finds no seed and
    encodes as before, and ``tests/test_meaning_seed.py`` fails until the seed is made again. That test
    also re-encodes a sample and compares, so the seed is known to be this encoder's output. Copied
    atomically: xdist workers may race here."""
    if seed.is_dir():
        for src in seed.glob("*.npz"):
            dst = folder / src.name
            if not dst.exists():
                tmp = folder / f".{src.name}.{os.getpid()}.tmp"
                shutil.copyfile(src, tmp)
                os.replace(tmp, dst)
    return folder


@pytest.fixture
def meaning(request, monkeypatch, tmp_path_factory):
    """The offline reader's encoder on for one test (off in this suite, above), its vectors kept in
    :func:`meaning_folder`; off again afterwards."""
    from agent.offline import semantic
    monkeypatch.setenv("MPA_MEANING_CACHE", str(meaning_folder(request.config, tmp_path_factory)))
    semantic.disable(False)
    yield
    semantic.save()
    semantic.disable()


@pytest.fixture
def fixture_kb() -> Path:
    return FIXTURE_KB


@pytest.fixture
def kb_copy(tmp_path) -> Path:
    """A writable copy of the fixture KB (for stale-index and bad-file tests)."""
    dst = tmp_path / "kb"
    shutil.copytree(FIXTURE_KB, dst)
    return dst


@pytest.fixture(scope="session")
def fixture_engine(pytestconfig):
    from mpa.engine import build_engine

    return build_engine(FIXTURE_KB, index_path=_index_cache(pytestconfig, "fixture-kb"))


@pytest.fixture(scope="session")
def kb_txt_engine(pytestconfig):
    """The plain-text fixture KB (tests/fixtures/kb_txt): every feature is tested on it as well as on kb/."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt", index_path=_index_cache(pytestconfig, "kb_txt"))


@pytest.fixture(scope="session")
def kb_alt_engine(pytestconfig):
    """The third fixture KB (tests/fixtures/kb_alt, conventions in tests/fixtures/kb_alt_README.md):
    neither kb/'s tables nor kb_txt's lists — slash triples, dash bullets, a CSV grid, prose counts."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_alt", index_path=_index_cache(pytestconfig, "kb_alt"))


@pytest.fixture(scope="session")
def kb_txt2_engine(pytestconfig):
    """The second plain-text fixture KB (tests/fixtures/kb_txt2, tests/fixtures/kb_txt2_README.md): kb_txt's
    conventions, written as a stranger KB with other verticals, platforms and metrics."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt2", index_path=_index_cache(pytestconfig, "kb_txt2"))


@pytest.fixture(scope="session")
def kb_txt3_engine(pytestconfig):
    """The third plain-text fixture KB (tests/fixtures/kb_txt3, tests/fixtures/kb_txt3_README.md): kb_txt's
    conventions again, with industrial, local-review, streaming, commerce-media, crypto and nonprofit
    figures, bounded figures ("under $7.00", "$420+"), Canadian and UK audiences and a seven-stage roadmap."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt3", index_path=_index_cache(pytestconfig, "kb_txt3"))


@pytest.fixture(scope="session")
def kb_txt4_engine(pytestconfig):
    """The fourth plain-text fixture KB (tests/fixtures/kb_txt4, tests/fixtures/kb_txt4_README.md): kb_txt's
    conventions again, with storefront visit businesses, security vendors' pipeline, subscription and
    marketplace economics, Pinterest / Snapchat / Amazon DSP, mail and radio, Australian and German
    audiences, an eight-gate launch workflow and numbered house rules."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt4", index_path=_index_cache(pytestconfig, "kb_txt4"))


@pytest.fixture(scope="session")
def kb_txt5_engine(pytestconfig):
    """The fifth plain-text fixture KB (tests/fixtures/kb_txt5, tests/fixtures/kb_txt5_README.md): kb_txt's
    conventions again, with leisure and showroom businesses, coworking, staffing, tutoring and pharmacies,
    native and creator video, trade shows and catalogs, cohort returns and payback in months, Indian cities
    and Brazilian states, six launch checkpoints and numbered spend policies."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt5", index_path=_index_cache(pytestconfig, "kb_txt5"))


@pytest.fixture(scope="session")
def kb_txt6_engine(pytestconfig):
    """The sixth plain-text fixture KB (tests/fixtures/kb_txt6, tests/fixtures/kb_txt6_README.md): kb_txt's
    conventions again, with video, audio and screen delivery metrics, retail media networks and marketplaces,
    franchises, public sector recruitment and fundraising events, app retention, B2B events, Mexican states,
    Nordic households and Japanese prefectures, seven campaign milestones and numbered flighting rules."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt6", index_path=_index_cache(pytestconfig, "kb_txt6"))


@pytest.fixture(scope="session")
def kb_txt7_engine(pytestconfig):
    """The seventh plain-text fixture KB (tests/fixtures/kb_txt7, tests/fixtures/kb_txt7_README.md): kb_txt's
    conventions again, with senior living, live events, farm inputs, personal insurance, SMS and push, creators and
    in-game ads, South African, Polish and South Korean markets (rand, złoty, won), eight planning legs and standards."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt7", index_path=_index_cache(pytestconfig, "kb_txt7"))


@pytest.fixture(scope="session")
def kb_txt8_engine(pytestconfig):
    """The eighth plain-text fixture KB (tests/fixtures/kb_txt8, tests/fixtures/kb_txt8_README.md): kb_txt's
    conventions in other layout habits (Title Case headings, "X to Y" ranges, units in captions, market-by-metric
    pipe grids, figures in prose), with lodging, home energy, e-bikes, Swiss cantons, Colombia and Canadian metros."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt8", index_path=_index_cache(pytestconfig, "kb_txt8"))


@pytest.fixture(scope="session")
def kb_txt14_engine(pytestconfig):
    """The fourteenth plain-text fixture KB (tests/fixtures/kb_txt14, tests/fixtures/kb_txt14_README.md), written blind:
    tables declared in words ("rows:" / "columns:" lines), businesses named by their customers, "key => value"
    profiles, a question-and-answer glossary and towns in a region-then-town outline."""
    from mpa.engine import build_engine

    return build_engine(ROOT / "tests" / "fixtures" / "kb_txt14", index_path=_index_cache(pytestconfig, "kb_txt14"))


def _index_cache(config, name: str) -> Path | None:
    """Where a session keeps the index of the KB ``name`` between runs (pytest's cache folder), or
    ``None`` without that cache. Building kb/'s index (chunking, tagging, both matrices) costs each
    xdist worker ~0.8 s of CPU; loading it ~0.05 s. The file name carries a hash of the code that
    builds an index (``rag/``, ``mpa/``), so a changed chunker or tagger never meets an index it did
    not build; the engine itself rebuilds when the KB's files, the config or the vocabulary changed,
    as for any index file. This KB's indexes of other code versions are deleted."""
    import hashlib

    cache = getattr(config, "cache", None)
    if cache is None:
        return None
    digest = hashlib.sha256()
    for path in sorted([*ROOT.glob("rag/*.py"), *ROOT.glob("mpa/*.py")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    folder = cache.mkdir("kb-index")
    keep = f"{name}-{digest.hexdigest()[:16]}"
    for old in folder.iterdir():
        if old.name.startswith(f"{name}-") and not old.name.startswith(keep):
            old.unlink(missing_ok=True) if old.is_file() else shutil.rmtree(old, ignore_errors=True)
    return folder / f"{keep}.json"


@pytest.fixture(scope="session")
def shipped_index(pytestconfig) -> str | None:
    """The session's index file of kb/ (the one :func:`shipped_engine` loads), for command lines run in
    tests: their default index path is inside the checkout, which a test must not write."""
    path = _index_cache(pytestconfig, "kb")
    return str(path) if path else None


@pytest.fixture(scope="session")
def shipped_engine(pytestconfig):
    from mpa.engine import build_engine

    if not SHIPPED_KB.is_dir():
        pytest.skip("kb/ not present")
    return build_engine(SHIPPED_KB, index_path=_index_cache(pytestconfig, "kb"))


@pytest.fixture
def run_main(capsys, monkeypatch):
    """Runs a command line's ``main(argv)`` in this process, as ``python -m ...`` would, and returns
    ``(exit code, stdout, stderr)``. In-process because a fresh interpreter pays ~1.5-3 s of imports
    and KB building per call; only the tests about the process boundary itself (a closed pipe, a
    fresh interpreter's imports) spawn one. ``stdin`` text is piped (not a tty); the working
    directory is the repository root unless ``cwd`` is given. An uncaught exception fails the
    test, which is what a traceback from the real command would be."""

    def run(main, argv, *, stdin: str | None = None, cwd: Path = ROOT) -> tuple[int, str, str]:
        import io

        monkeypatch.chdir(cwd)
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin or ""))
        capsys.readouterr()
        try:
            code = main([str(a) for a in argv])
        except SystemExit as exc:  # argparse usage errors
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if isinstance(exc.code, str):
                print(exc.code, file=sys.stderr)
        out, err = capsys.readouterr()
        return code or 0, out, err

    return run


# ------------------------------------------------------------------ old temporary folders, off the clock
# pytest keeps the last 3 runs' tmp_path folders and deletes older ones when a run ends. A run leaves
# ~3,000 files (a Postgres data folder, KB copies); deleting them took ~6 s at the end of every run on
# an ext4 disk mounted with `discard` (I/O, not CPU). The controller starts that same clean-up (pytest's
# own function, lock-guarded against concurrent runs) in a thread when the run starts, so it overlaps
# the tests; the run's end joins it and pytest then finds nothing left to delete.
_cleaner: list = []


def pytest_sessionstart(session):
    config = session.config
    factory = getattr(config, "_tmp_path_factory", None)
    if hasattr(config, "workerinput") or factory is None or factory._given_basetemp is not None:
        return
    try:
        import threading
        from _pytest.pathlib import LOCK_TIMEOUT, cleanup_numbered_dir

        basetemp = factory.getbasetemp()
        keep = 0 if factory._retention_policy == "none" else factory._retention_count
        dead_before = basetemp.stat().st_mtime - LOCK_TIMEOUT
    except (ImportError, AttributeError, OSError):  # another pytest: it cleans up at the end as usual
        return
    t = threading.Thread(target=cleanup_numbered_dir, args=(basetemp.parent, "pytest-", keep, dead_before),
                         daemon=True, name="old-tmp-cleanup")
    t.start()
    _cleaner.append(t)


@pytest.hookimpl(tryfirst=True)  # before pytest's own tmp_path clean-up
def pytest_sessionfinish(session):
    for t in _cleaner:
        t.join()
    keep_seconds(session.config)
    save_patterns()
