"""The run's settings: every ``MPA_*`` variable of the project, read and validated once.

``braintrust eval`` passes no flags to eval files, so every knob is an ``MPA_*`` variable
(``python -m evals`` turns its flags into them). A typo must never turn into a skipped eval or a
silently different run: each invalid value raises :class:`SettingsError` whose message names the
variable, the value and what is allowed. :class:`Settings` is the one object holding every
variable: the retrieval engine's (:mod:`rag.settings`), the agent's (:mod:`agent.settings`), the
scorers' (:mod:`scorers.settings`) and the eval-run knobs declared here. The eval files call
:func:`load_settings` at import (an error there is recorded by :mod:`evals.loaderrors` and fails
the gate); the reporter calls it again so the verdict names the setting even when every eval file
failed to import. ``python -m evals.settings`` prints the README's table of variables
(``--readme`` rewrites it in README.md).
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from agent.settings import AGENT_KINDS, AgentSettings
from rag.config import DEFAULT_PRESET, PRESETS
from rag.settings import SettingsError, flag, markdown_table, names, path, positive_int, setting
from scorers.settings import GATE_OFF, ScorerSettings


def _preset(raw: str, name: str) -> str:
    if raw not in PRESETS:
        raise SettingsError(f"{name}={raw!r}: unknown retrieval preset; valid presets: {', '.join(PRESETS)}")
    return raw


def _presets(raw: str, name: str) -> tuple[str, ...]:
    presets = tuple(_preset(p, name) for p in names(raw, name))
    if not presets:
        raise SettingsError(f"{name}={raw!r}: names no preset; valid presets: {', '.join(PRESETS)}")
    return presets


@dataclass(frozen=True, kw_only=True)
class Settings(AgentSettings, ScorerSettings):
    preset: str = setting("MPA_RAG_PRESET", DEFAULT_PRESET, "retrieval preset the agent/tool evals use and the "
                          "gate scores (`--preset`)", _preset)
    retrieval_presets: tuple[str, ...] | None = setting(
        "MPA_RETRIEVAL_PRESETS", None, "comma list of presets `eval_retrieval` compares (`--presets`)", _presets,
        shown="the preset under test; every preset with `MPA_SWEEP`")
    sweep: bool = setting("MPA_SWEEP", False, "`1`: also the every-preset retrieval sweep and the packing arms "
                          "(`--sweep`, `make sweep`)", flag, shown="off")
    baseline: str | None = setting("MPA_BASELINE", None, "experiment ids, names or run ids each eval diffs "
                                   "against in Braintrust (`--baseline`)",
                                   shown="the latest experiment of the same eval and dataset")
    trials: int = setting("MPA_TRIALS", 1, "repeats per case (`--trials`; for stochastic models)", positive_int)
    limit: int | None = setting("MPA_EVAL_LIMIT", None, "first N cases of each dataset (`--limit`; a partial "
                                "run, not gateable)", positive_int, shown="whole datasets")
    datasets: Path | None = setting("MPA_DATASETS", None, "goldens folder laid out like `datasets/` "
                                    "(`--datasets`)", path, shown="the checkout's `datasets/`")
    results_dir: Path | None = setting("MPA_RESULTS_DIR", None, "where experiment records go (`--results-dir`)",
                                       path, shown="`results/`")
    pack_budget: int = setting("MPA_PACK_BUDGET", 2000, "token budget of the packing comparison "
                               "(`eval_packing`)", positive_int)
    pack_pool: int = setting("MPA_PACK_POOL", 20, "candidates each packer of `eval_packing` gets", positive_int)
    named_evals: tuple[str, ...] | None = setting(
        "MPA_NAMED_EVALS", None, "internal: the eval files `python -m evals` was given by name (compare-only "
        "evals run when named)", names, shown="set by `python -m evals`", blank_is_value=True)


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Every ``MPA_*`` setting, validated; raises :class:`SettingsError` on the first bad one."""
    return Settings.from_env() if env is None else Settings.from_env(env)


README_TABLE = re.compile(r"(<!-- settings-table:[^>]*-->\n)(.*?)(\n<!-- /settings-table -->)", re.S)


def main(argv: list[str] | None = None) -> int:
    """Print the table of every variable; ``--readme`` writes it into README.md between its markers."""
    from evals.settings import Settings as declared  # this module's class, also when run as __main__

    table = markdown_table(declared)
    if "--readme" not in (sys.argv[1:] if argv is None else argv):
        print(table)
        return 0
    readme = Path(__file__).resolve().parents[1] / "README.md"
    text = readme.read_text(encoding="utf-8")
    if not README_TABLE.search(text):
        print(f"{readme}: no <!-- settings-table --> markers", file=sys.stderr)
        return 2
    readme.write_text(README_TABLE.sub(lambda m: m.group(1) + table + m.group(3), text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["AGENT_KINDS", "GATE_OFF", "Settings", "SettingsError", "load_settings"]
