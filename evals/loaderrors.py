"""What went wrong while the eval files loaded — kept for the reporter.

``braintrust eval`` catches an exception raised while an eval file is imported, prints
"Failed to import …" and carries on with the other files; the run would then be gated on what is
left. Each ``evals/eval_*.py`` wraps its registration in :func:`guard`, which records the error
under the file's name before re-raising, so the reporter can fail the gate with the real cause
("evals/eval_tools.py: datasets/audience.jsonl line 7: invalid JSON …"), not only "missing".
The registry lives in this module, which every eval file and the reporter share within one
``braintrust eval`` process.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

_ERRORS: dict[str, str] = {}
_LOADED: set[str] = set()


def record(file: str | Path, exc: BaseException) -> None:
    msg = str(exc).strip() or type(exc).__name__
    if type(exc).__name__ not in ("SettingsError", "DatasetError"):
        msg = f"{type(exc).__name__}: {msg}"
    _ERRORS[Path(file).name] = " ".join(msg.split())


def errors() -> dict[str, str]:
    """eval file name (``eval_tools.py``) → the error that stopped it loading."""
    return dict(_ERRORS)


def loaded() -> set[str]:
    """Eval file names whose guarded block completed (their evaluators registered)."""
    return set(_LOADED)


def clear() -> None:
    _ERRORS.clear()
    _LOADED.clear()


@contextmanager
def guard(file: str | Path):
    """Record any exception raised in the block under ``file``, then let it propagate."""
    name = Path(file).name
    _ERRORS.pop(name, None)
    _LOADED.discard(name)
    try:
        yield
    except Exception as exc:
        record(file, exc)
        raise
    _LOADED.add(name)


__all__ = ["clear", "errors", "guard", "loaded", "record"]
