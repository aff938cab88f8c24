"""pytest's own bytecode of the test modules, written before a run (the Makefile's ``bytecode`` target).

Why: pytest never runs a test module's plain bytecode. It rewrites the module's ``assert`` statements (so
a failure explains itself) and keeps the rewritten code beside the source as
``__pycache__/test_x.cpython-311-pytest-<version>.pyc``. A fresh clone has none, so on its first run every
xdist worker rewrote all ~210 test modules itself: ~2.3 s of CPU per worker, half of its collection, the
largest part of what a first run paid over the next one. ``compileall`` had written the plain bytecode of
the same modules, which pytest does not read. This writes the rewritten bytecode once, with pytest's own
functions, so it is the code pytest would have written (``tests/test_pytest_bytecode.py`` compares). pytest
checks a hash of the source before it uses one (its pycs are hash-based), so a module changed afterwards
is rewritten by pytest as before. The root ``conftest.py`` is included: pytest imports it before its
``sys.dont_write_bytecode = False`` runs, so with ``PYTHONDONTWRITEBYTECODE`` set it was rewritten on every
run. With a pytest whose private functions differ this writes nothing and says so; pytest then rewrites
as it always did.

    python tests/pytest_bytecode.py [ROOT]
"""
from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(root: Path = ROOT) -> list[Path]:
    """The modules pytest rewrites on import in this project: the conftest files and the test files
    (``test_*.py``, pytest's default ``python_files``) directly in ``tests/`` — where every test
    module lives; the fixture folders below it hold data."""
    found = [root / "conftest.py", root / "tests" / "conftest.py", *sorted((root / "tests").glob("test_*.py"))]
    return [path for path in found if path.is_file()]


def _rewriter():
    """pytest's functions that rewrite a module and write its pyc, or ``None`` where they are not there."""
    try:
        from _pytest.assertion import rewrite
        return rewrite._rewrite_test, rewrite._write_pyc_fp, rewrite._read_pyc, rewrite.get_cache_dir, rewrite.PYC_TAIL
    except (ImportError, AttributeError):
        return None


@functools.lru_cache(maxsize=None)
def _ini(root: Path) -> "_Ini":
    return _Ini(root)


class _Ini:
    """What pytest's rewriter asks of its configuration (``getini("enable_assertion_pass_hook")``, which
    changes the rewritten code), answered from ``pyproject.toml``'s ``[tool.pytest.ini_options]``."""

    def __init__(self, root: Path):
        import tomllib

        try:
            data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            data = {}
        self.options = data.get("tool", {}).get("pytest", {}).get("ini_options", {})

    def getini(self, name: str):
        value = self.options.get(name, False)
        return value if isinstance(value, bool) else str(value).strip().lower() in {"true", "1", "yes", "on"}


def write(path: Path, root: Path = ROOT) -> bool:
    """Rewrites ``path`` and writes the pyc where pytest looks for it (atomically: a pytest run may be
    reading it), unless pytest would take the one there already (as ``compileall`` skips what is up to
    date: ``make test`` runs this every time). False where pytest's functions are not there, the
    module does not compile (pytest reports that itself) or the folder is not writable."""
    rewriter = _rewriter()
    if rewriter is None:
        return False
    rewrite_test, write_pyc_fp, read_pyc, cache_dir_of, tail = rewriter
    cache_dir = cache_dir_of(path)
    pyc = cache_dir / (path.name[:-3] + tail)
    if read_pyc(path, pyc) is not None:
        return True
    try:
        source_hash, code = rewrite_test(path, _ini(root))
    except (OSError, SyntaxError, ValueError):
        return False
    tmp = pyc.with_name(f"{pyc.name}.{os.getpid()}")
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fp:
            write_pyc_fp(fp, source_hash, code)
        os.replace(tmp, pyc)
    except OSError:
        tmp.unlink(missing_ok=True)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    """Writes them all, on every core (as ``compileall -j 0``), else one by one; 0 even when none could be
    written: nothing depends on them but the time of a first run."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]).resolve() if args else ROOT
    if _rewriter() is None:
        print("pytest_bytecode: this pytest's assertion rewriter is not the one expected; pytest rewrites the "
              "test modules itself", file=sys.stderr)
        return 0
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    paths = modules(root)
    try:
        with ProcessPoolExecutor(max_workers=min(os.cpu_count() or 1, 8)) as pool:
            list(pool.map(partial(write, root=root), paths, chunksize=16))
    except (OSError, ImportError, NotImplementedError):  # no process pool here (no semaphores): one by one
        for path in paths:
            write(path, root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
