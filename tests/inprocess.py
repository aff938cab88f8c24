"""``braintrust eval ARGS`` run inside the test process, isolated as a fresh interpreter would be.

Why: a subprocess pays ~1 s of CPU per run (the interpreter, the braintrust and anthropic imports,
the KB build) before the first case runs; the eval tests start ~10 of them. What a fresh process
gives the CLI, this gives it too, and undoes afterwards:

* the environment is exactly ``env`` (nothing inherited) and the working directory is ``cwd``;
* the ``evals`` package is imported afresh from ``cwd`` when ``cwd`` holds a copy of it (a broken
  tree of tests/test_gate_runs.py) and from the checkout otherwise — so no module state (the engine
  cache, load errors) leaks between runs, and a run sees the tree's own copy as the real CLI would;
* the braintrust SDK's process-wide state (login, the background logger, the eval thread pool) is
  new, and what the run logged is flushed before returning (the real CLI flushes at exit).

Stdout and stderr are captured; an uncaught exception is printed to stderr and exits 1, as the
real ``braintrust`` script does. The real CLI in a subprocess stays in the ``slow`` tests of
tests/test_gate_runs.py (the process boundary itself).
"""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _evals_modules() -> dict:
    return {k: m for k, m in sys.modules.items() if k == "evals" or k.startswith("evals.")}


def run_braintrust_eval(args: list[str], env: dict[str, str], cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``braintrust eval *args`` with environment ``env`` in ``cwd``; returns what ``subprocess.run``
    would (``returncode`` 0 or 1, ``stdout``, ``stderr``)."""
    import braintrust
    import braintrust.framework as bt_framework
    import braintrust.logger as bt_logger
    from braintrust.cli.__main__ import main as bt_main

    argv = ["eval", *map(str, args)]
    out, err = io.StringIO(), io.StringIO()
    saved = _evals_modules()
    for k in saved:
        del sys.modules[k]
    pool = bt_framework.ResourceManager(bt_framework.EvalThreadPoolSingleton())
    try:
        with pytest.MonkeyPatch.context() as mp:
            for k in [k for k in os.environ if k not in env]:
                mp.delenv(k)
            for k, v in env.items():
                mp.setenv(k, str(v))
            mp.setattr(sys, "argv", ["braintrust", *argv])
            mp.setattr(sys, "path", [str(cwd), *sys.path])
            mp.setattr(bt_framework, "_THREAD_POOL_SINGLETON", pool)
            mp.chdir(cwd)
            bt_logger._internal_reset_global_state()  # reads the BRAINTRUST_* settings of this run
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = bt_main(argv)
                except SystemExit as exc:
                    code = exc.code
                except Exception:  # the real script prints the traceback and exits 1
                    traceback.print_exc()
                    code = 1
                try:
                    braintrust.flush()  # what the real CLI's atexit hook sends
                except Exception:
                    traceback.print_exc()
    finally:
        with pool.get() as p:
            if p._thread_pool is not None:
                p._thread_pool.shutdown(wait=True)
        bt_logger._internal_reset_global_state()  # nothing of this run's login or logger survives it
        for k in list(_evals_modules()):
            del sys.modules[k]
        sys.modules.update(saved)
    return subprocess.CompletedProcess(["braintrust", *argv], 1 if code else 0, out.getvalue(), err.getvalue())


def clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without any MPA_/BRAINTRUST_/ANTHROPIC_/OPENAI_ setting, plus ``extra``
    — what the eval tests hand a run, so the developer's shell never changes a result."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MPA_", "BRAINTRUST_", "ANTHROPIC_", "OPENAI_"))}
    env.update({k: str(v) for k, v in extra.items()})
    return env
