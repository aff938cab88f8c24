"""The run's settings, read from the environment and validated once.

``braintrust eval`` passes no flags to eval files, so every knob is an ``MPA_*`` variable (see
:mod:`evals.common`). A typo must never turn into a skipped eval or a silently different run:
each invalid value raises :class:`SettingsError` whose message names the variable, the value and
what is allowed. The eval files call :func:`load_settings` at import (an error there is recorded
by :mod:`evals.loaderrors` and fails the gate); the reporter calls it again so the verdict names
the setting even when every eval file failed to import.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from rag.config import DEFAULT_PRESET, PRESETS

AGENT_KINDS = {"offline": "offline", "baseline": "offline", "anthropic": "anthropic", "claude": "anthropic"}
GATE_OFF = "off"
TRUTHY, FALSY = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


class SettingsError(ValueError):
    """An ``MPA_*`` setting has a value the harness cannot run with."""


@dataclass(frozen=True)
class Settings:
    preset: str                      # MPA_RAG_PRESET: the preset under test (agent/tool evals, gated retrieval)
    retrieval_presets: tuple[str, ...] | None  # MPA_RETRIEVAL_PRESETS (None = every preset)
    trials: int                      # MPA_TRIALS
    limit: int | None                # MPA_EVAL_LIMIT (None = whole datasets)
    gate: float | None               # MPA_GATE override (None = weights.json)
    report_only: bool                # MPA_GATE=off: print the verdict, exit 0 unless the run is broken
    agent: str                       # "offline" | "anthropic"
    baseline: str | None = None      # MPA_BASELINE: experiment ids/names/run ids to diff against (evals.arms)
    sweep: bool = False              # MPA_SWEEP: also the every-preset retrieval sweep and the packing arms


def _get(env: Mapping[str, str], name: str) -> str | None:
    v = env.get(name)
    return v.strip() if v and v.strip() else None


def _preset(name: str, setting: str) -> str:
    if name not in PRESETS:
        raise SettingsError(f"{setting}={name!r}: unknown retrieval preset; valid presets: {', '.join(PRESETS)}")
    return name


def _positive_int(raw: str, setting: str) -> int:
    try:
        n = int(raw)
    except ValueError:
        raise SettingsError(f"{setting}={raw!r}: must be a positive integer") from None
    if n < 1:
        raise SettingsError(f"{setting}={raw!r}: must be a positive integer (>= 1)")
    return n


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Every ``MPA_*`` run setting, validated; raises :class:`SettingsError` on the first bad one."""
    env = os.environ if env is None else env
    preset = _preset(_get(env, "MPA_RAG_PRESET") or DEFAULT_PRESET, "MPA_RAG_PRESET")
    raw = _get(env, "MPA_RETRIEVAL_PRESETS")
    presets = None
    if raw:
        presets = tuple(_preset(p.strip(), "MPA_RETRIEVAL_PRESETS") for p in raw.split(",") if p.strip())
        if not presets:
            raise SettingsError(f"MPA_RETRIEVAL_PRESETS={raw!r}: names no preset; valid presets: {', '.join(PRESETS)}")
    raw = _get(env, "MPA_TRIALS")
    trials = _positive_int(raw, "MPA_TRIALS") if raw else 1
    raw = _get(env, "MPA_EVAL_LIMIT")
    limit = _positive_int(raw, "MPA_EVAL_LIMIT") if raw else None
    raw = _get(env, "MPA_GATE")
    gate, report_only = None, False
    if raw and raw.lower() == GATE_OFF:
        report_only = True
    elif raw:
        try:
            gate = float(raw)
        except ValueError:
            raise SettingsError(f"MPA_GATE={raw!r}: must be a number in [0, 1] or 'off'") from None
        if not 0.0 <= gate <= 1.0:  # NaN fails this too
            raise SettingsError(f"MPA_GATE={raw!r}: must be a number in [0, 1] or 'off'")
    raw = _get(env, "MPA_AGENT")
    if raw:
        if raw.lower() not in AGENT_KINDS:
            raise SettingsError(f"MPA_AGENT={raw!r}: unknown agent; use one of {', '.join(AGENT_KINDS)}")
        agent = AGENT_KINDS[raw.lower()]
    else:
        agent = "anthropic" if _get(env, "ANTHROPIC_API_KEY") else "offline"
    raw = _get(env, "MPA_SWEEP")
    if raw and raw.lower() not in TRUTHY + FALSY:
        raise SettingsError(f"MPA_SWEEP={raw!r}: use 1/true/yes/on or 0/false/no/off")
    sweep = bool(raw) and raw.lower() in TRUTHY
    return Settings(preset, presets, trials, limit, gate, report_only, agent, _get(env, "MPA_BASELINE"), sweep)


__all__ = ["AGENT_KINDS", "GATE_OFF", "Settings", "SettingsError", "load_settings"]
