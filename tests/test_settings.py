"""The ``MPA_*`` settings: one declaration per variable, read nowhere else, documented as declared.

* the README's variable table is the one :func:`rag.settings.markdown_table` renders from the code;
* every ``MPA_*`` name written anywhere in the code, the Makefile or the docs is declared (a
  stale or misspelt name in a docstring is as misleading as one in code);
* no module outside the settings modules reads an ``MPA_*`` variable from ``os.environ``;
* a bad value is one error naming the variable and the value; the CLIs print it as one line and
  exit 2, with no traceback.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from agent.settings import AgentSettings
from evals.settings import Settings, load_settings
from rag.settings import RagSettings, SettingsError, declared, markdown_table, unknown_variables
from scorers.settings import ScorerSettings

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rag", "mpa", "agent", "scorers", "evals", "bench")
SETTINGS_MODULES = {"rag/settings.py", "agent/settings.py", "scorers/settings.py", "evals/settings.py"}
NAME = re.compile(r"\bMPA_[A-Z][A-Z0-9_]*[A-Z0-9]\b")


def _sources() -> list[Path]:
    files = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    files += [ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "Makefile", ROOT / "pyproject.toml",
              *ROOT.glob("datasets/**/README.md"), *ROOT.glob("tests/fixtures/**/README.md")]
    return [p for p in files if p.is_file()]


def test_readme_table_is_the_declared_one():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- settings-table:[^>]*-->\n(.*?)\n<!-- /settings-table -->", text, re.S)
    assert m, "README.md lost its settings table markers"
    assert m.group(1) == markdown_table(Settings), "README table is stale: run `python -m evals.settings --readme`"


def test_every_variable_named_anywhere_is_declared():
    known = declared(Settings)
    stray = sorted({f"{p.relative_to(ROOT)}: {n}" for p in _sources()
                    for n in NAME.findall(p.read_text(encoding="utf-8")) if n not in known})
    assert not stray, stray


def test_only_the_settings_modules_read_mpa_variables():
    read = re.compile(r"""(environ\.get|getenv)\(\s*["']MPA_|environ\[\s*["']MPA_\w+["']\s*\](?!\s*=)"""
                      r"""|startswith\(\s*["']MPA_""")
    bad = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}"
           for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))
           if str(p.relative_to(ROOT)) not in SETTINGS_MODULES
           for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if read.search(line)]
    assert not bad, bad


def test_layers_compose_and_the_object_is_frozen():
    """Each layer's class holds its own variables and those below it, never those above."""
    rag, agent, scorers = (set(declared(c)) for c in (RagSettings, AgentSettings, ScorerSettings))
    assert rag < agent and rag < scorers and not (agent - rag) & (scorers - rag)
    assert agent | scorers < set(declared(Settings))
    s = load_settings({})
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.trials = 3  # type: ignore[misc]


def test_defaults_are_the_documented_ones():
    s = Settings.defaults()
    assert (s.agent, s.agent_model, s.agent_max_tokens, s.strip_invalid_citations) == \
        ("offline", "claude-sonnet-5-5", 1024, False)
    assert (s.judges, s.judge_model, s.gate, s.report_only, s.weights) == (True, "claude-sonnet-5-5", None, False, None)
    assert (s.rerank_model, str(s.feedback_db), s.store, s.kb_dir) == \
        ("claude-haiku-4-5", ".feedback/feedback.sqlite3", None, None)
    assert (s.pack_budget, s.pack_pool, s.bt_project, s.named_evals) == (2000, 20, "mpa-rag-eval", None)


def test_values_are_parsed():
    s = load_settings({"MPA_KB_DIR": "~/kb ", "MPA_JUDGES": "OFF", "MPA_STRIP_INVALID_CITATIONS": "yes",
                       "MPA_AGENT_MAX_TOKENS": "2048", "MPA_GATE": "0.5", "MPA_NAMED_EVALS": "",
                       "MPA_STORE": "  "})
    assert s.kb_dir == Path("~/kb").expanduser() and not s.judges and s.strip_invalid_citations
    assert s.agent_max_tokens == 2048 and s.gate == 0.5 and not s.report_only
    assert s.named_evals == () and s.store is None  # MPA_NAMED_EVALS="" is "named none"; a blank store is unset


def test_read_checks_only_its_own_variable():
    env = {"MPA_TRIALS": "zero", "MPA_BT_PROJECT": "p", "MPA_GATE": "2"}
    assert Settings.read("bt_project", env) == "p"
    with pytest.raises(SettingsError, match="MPA_GATE='2'"):
        Settings.read("gate", env)
    assert unknown_variables(Settings, {"MPA_TRAILS": "3", "MPA_TRIALS": "3", "HOME": "/"}) == ["MPA_TRAILS"]


@pytest.mark.parametrize("cli", ["agent", "evals", "rag", "serve"])
def test_clis_print_one_line_for_a_bad_value(cli, monkeypatch, capsys):
    var = "MPA_SEARCH_BUDGET" if cli in ("rag", "serve") else "MPA_AGENT_MAX_TOKENS"
    monkeypatch.setenv(var, "-3")
    monkeypatch.delenv("MPA_NAMED_EVALS", raising=False)  # python -m evals sets it: restored after the test
    if cli == "agent":
        from agent.__main__ import main
        argv = ["chat"]
    elif cli == "evals":
        from evals.__main__ import main
        argv = ["--no-send-logs"]
    elif cli == "rag":
        from rag.cli import main
        argv = ["search", "q"]
    else:
        from rag.serve import main
        argv = []
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{var}='-3': must be a positive integer" in err[0], err


def test_an_unknown_eval_name_is_one_line_naming_the_short_names(monkeypatch, capsys):
    """``python -m evals benchmark`` (no such file, no such short name) used to reach ``braintrust eval``,
    which printed "Failed to import …: 'NoneType' object has no attribute 'loader'" and ran nothing."""
    from evals.__main__ import main
    monkeypatch.delenv("MPA_NAMED_EVALS", raising=False)
    assert main(["--no-send-logs", "tools", "benchmark"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "benchmark: no such eval file or directory" in err[0], err
    assert "conversations" in err[0] and "tools" in err[0] and "tools:" not in err[0]
