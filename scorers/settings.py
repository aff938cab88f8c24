"""The scorers' ``MPA_*`` variables, on top of the retrieval engine's (:mod:`rag.settings`).

The scorers read the KB (``MPA_KB_DIR``), the weights and gate file, the gate override and the
LLM-judge switches; ``evals.settings.Settings`` combines these with the agent's and the eval-run
knobs into the one object holding every variable.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rag.settings import RagSettings, SettingsError, flag, path, setting
from rag.llm import DEFAULT_CLAUDE_MODEL

GATE_OFF = "off"


def _gate(raw: str, name: str) -> float | None:
    if raw.lower() == GATE_OFF:
        return None
    try:
        v = float(raw)
    except ValueError:
        v = float("nan")
    if not 0.0 <= v <= 1.0:  # NaN fails this too
        raise SettingsError(f"{name}={raw!r}: must be a number in [0, 1] or 'off'")
    return v


def _report_only(raw: str, name: str) -> bool:
    return raw.lower() == GATE_OFF


@dataclass(frozen=True, kw_only=True)
class ScorerSettings(RagSettings):
    judges: bool = setting("MPA_JUDGES", True, "`off`: no LLM judges even with an API key (they never enter "
                           "the gate)", flag, shown="on when `ANTHROPIC_API_KEY` or `OPENAI_API_KEY` is set")
    judge_model: str = setting("MPA_JUDGE_MODEL", DEFAULT_CLAUDE_MODEL, "Claude model of the grounding judge")
    weights: Path | None = setting("MPA_WEIGHTS", None, "weights and gate JSON (`--weights`)", path,
                              shown="the packaged `scorers/weights.json`")
    gate: float | None = setting("MPA_GATE", None, "gate threshold override in [0, 1]; `off` = report only "
                                 "(verdict printed, exit 0 unless the run is broken) (`--gate`)", _gate,
                                 shown="`gate.threshold` of the weights file")
    report_only: bool = setting("MPA_GATE", False, "", _report_only)


__all__ = ["GATE_OFF", "ScorerSettings"]
