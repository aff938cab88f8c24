"""Settings validation (``evals.settings``) and dataset/scenario loading (``evals.loaders``):
every bad value is one message naming the variable, or the file and the line/field."""
from __future__ import annotations

import json

import pytest

from evals.loaderrors import clear, errors, guard, loaded
from evals.loaders import DatasetError, count_rows, read_jsonl, read_scenario
from evals.settings import SettingsError, load_settings

ROOT_SCEN = sorted(__import__("pathlib").Path(__file__).resolve().parents[1].glob("datasets/scenarios/*.json"))


def test_defaults():
    s = load_settings({})
    assert s.preset == "hybrid-weighted" and s.trials == 1 and s.limit is None and s.gate is None
    assert s.agent == "offline" and not s.report_only and s.retrieval_presets is None
    assert load_settings({"ANTHROPIC_API_KEY": "k"}).agent == "anthropic"
    s = load_settings({"MPA_GATE": "off", "MPA_TRIALS": "3", "MPA_EVAL_LIMIT": "5", "MPA_AGENT": "Claude",
                       "MPA_RETRIEVAL_PRESETS": "bm25, tfidf"})
    assert s.report_only and s.trials == 3 and s.limit == 5 and s.agent == "anthropic"
    assert s.retrieval_presets == ("bm25", "tfidf")


@pytest.mark.parametrize("env, needle", [
    ({"MPA_RAG_PRESET": "hybrid-wieghted"}, "MPA_RAG_PRESET='hybrid-wieghted': unknown retrieval preset; valid "
                                            "presets: tfidf, bm25, hybrid-weighted"),
    ({"MPA_RETRIEVAL_PRESETS": "bm25,bm52"}, "MPA_RETRIEVAL_PRESETS='bm52': unknown retrieval preset"),
    ({"MPA_RETRIEVAL_PRESETS": " , "}, "MPA_RETRIEVAL_PRESETS=',': names no preset"),
    ({"MPA_RETRIEVAL_PRESETS": "  "}, None),  # blank = unset
    ({"MPA_TRIALS": "0"}, "MPA_TRIALS='0': must be a positive integer"),
    ({"MPA_TRIALS": "2.5"}, "MPA_TRIALS='2.5': must be a positive integer"),
    ({"MPA_EVAL_LIMIT": "-1"}, "MPA_EVAL_LIMIT='-1': must be a positive integer"),
    ({"MPA_EVAL_LIMIT": "all"}, "MPA_EVAL_LIMIT='all': must be a positive integer"),
    ({"MPA_GATE": "1.5"}, "MPA_GATE='1.5': must be a number in [0, 1] or 'off'"),
    ({"MPA_GATE": "nan"}, "MPA_GATE='nan'"),
    ({"MPA_GATE": "high"}, "MPA_GATE='high'"),
    ({"MPA_AGENT": "gpt4"}, "MPA_AGENT='gpt4': unknown agent; use one of offline, baseline, anthropic, claude"),
    ({"MPA_AGENT_MAX_TOKENS": "lots"}, "MPA_AGENT_MAX_TOKENS='lots': must be a positive integer"),
    ({"MPA_JUDGES": "maybe"}, "MPA_JUDGES='maybe': use 1/true/yes/on or 0/false/no/off"),
    ({"MPA_STRIP_INVALID_CITATIONS": "2"}, "MPA_STRIP_INVALID_CITATIONS='2': use 1/true/yes/on"),
    ({"MPA_PACK_BUDGET": "0"}, "MPA_PACK_BUDGET='0': must be a positive integer"),
    ({"MPA_SEARCH_BUDGET": "x"}, "MPA_SEARCH_BUDGET='x': must be a positive integer"),
])
def test_invalid_settings_name_the_variable(env, needle):
    if needle is None:
        load_settings(env)
        return
    with pytest.raises(SettingsError) as exc:
        load_settings(env)
    assert needle in str(exc.value)


def test_jsonl_errors_name_file_and_line(tmp_path):
    p = tmp_path / "d.jsonl"
    p.write_text('{"id": "a"}\n\n{"id": "b" "x": 1}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"d\.jsonl line 3: invalid JSON \(Expecting ',' delimiter, column 12\)"):
        read_jsonl(p)
    p.write_text('{"id": "a"}\n[1, 2]\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"line 2: expected a JSON object, got list"):
        read_jsonl(p)
    p.write_text('{"id": "a"}\n{"q": "no id"}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"line 2: missing required field 'id'"):
        read_jsonl(p)
    p.write_text('{"id": "a"}\n{"id": "a"}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"line 2: duplicate id 'a' \(first on line 1\)"):
        read_jsonl(p)
    p.write_text('{"id": "a"}\n\n{"id": "b"}\n', encoding="utf-8")
    assert [r["id"] for r in read_jsonl(p)] == ["a", "b"]
    assert count_rows(tmp_path, "d.jsonl") == 2 and count_rows(tmp_path, "*.jsonl") == 1
    assert count_rows(tmp_path, "missing.jsonl") == 0
    with pytest.raises(DatasetError, match="nope.jsonl: cannot read"):
        read_jsonl(tmp_path / "nope.jsonl")


def test_scenario_errors_name_file_and_line_or_field(tmp_path):
    data = json.loads(ROOT_SCEN[0].read_text(encoding="utf-8"))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert read_scenario(good)["id"] == data["id"]
    text = json.dumps(data, indent=2)
    bad = tmp_path / "trailing.json"
    bad.write_text(text + "\n}garbage", encoding="utf-8")
    with pytest.raises(DatasetError, match=rf"trailing\.json line {text.count(chr(10)) + 2}: invalid JSON \(Extra data"):
        read_scenario(bad)
    no_id = tmp_path / "noid.json"
    no_id.write_text(json.dumps({k: v for k, v in data.items() if k != "id"}), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"noid\.json: missing required field 'id'"):
        read_scenario(no_id)
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps({**data, "turns": "not a list"}), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"schema\.json: invalid scenario"):
        read_scenario(schema)
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes(text.replace('"id"', '"caf\xe9", "id"', 1).encode("latin-1"))
    with pytest.raises(DatasetError, match=r"latin1\.json: not UTF-8"):
        read_scenario(latin1)


@pytest.fixture
def load_registry():
    """The load-error registry is process-wide: an in-process eval run later in this worker
    (tests/test_evals.py) must not see the errors this test records."""
    yield
    clear()


def test_guard_records_the_error_under_the_file_and_reraises(load_registry):
    with pytest.raises(DatasetError):
        with guard("/x/evals/eval_fake.py"):
            raise DatasetError("datasets/a.jsonl line 2: invalid JSON (Expecting value, column 1)")
    assert errors()["eval_fake.py"] == "datasets/a.jsonl line 2: invalid JSON (Expecting value, column 1)"
    assert "eval_fake.py" not in loaded()
    with guard("/x/evals/eval_fake.py"):
        pass
    assert "eval_fake.py" not in errors() and "eval_fake.py" in loaded()
    with pytest.raises(KeyError):
        with guard("/x/evals/eval_other.py"):
            raise KeyError("x")
    assert errors()["eval_other.py"] == "KeyError: 'x'"
