"""The aggregate failure profile (tests/fixtures/paraphrase/failure_profile.py) counts categories and prints no
turn's words — it is what may be run on a sealed set."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("failure_profile", ROOT / "tests/fixtures/paraphrase/failure_profile.py")
fp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fp)

SECRET = "zebra-hedgehog budget question"


def _record(tmp_path: Path) -> Path:
    turns = [{"user": SECRET, "assistant": "Based on Knowledge Base [a#1]: fine.", "tool_calls": [{"name": "get_benchmark"}],
              "citations": ["a#1"], "retrieved_ids": ["a#1"], "expect": {"benchmarks": [{"value": "$1"}]}},
             {"user": SECRET + " again", "assistant": "The knowledge base has no information on that.", "tool_calls":
              [{"name": "search_knowledge_base"}], "citations": [], "retrieved_ids": ["a#1", "b#2"],
              "expect": {"key_facts": ["x"], "sections": ["Pause rule"]}}]
    details = {"abstention": {"turns": [{"turn": 0, "score": 1.0, "abstention_statement": False},
                                        {"turn": 1, "score": 0.0, "abstention_statement": True}]},
               "expected_answer": {"turns": [{"turn": 0, "score": 1.0},
                                             {"turn": 1, "score": 0.0, "missing": ["key fact: x (0% of its words)",
                                                                                   "cites an expected section ['Pause rule'] (no)"]}]}}
    rec = {"experiments": [{"family": "conversations", "cases": [
        {"id": "secret-case", "input": {"turns": [SECRET, SECRET + " again"]}, "output": {"turns": turns}, "details": details}]}]}
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return path


def test_counts_categories_of_the_failing_turns(tmp_path):
    counts = fp.profile([_record(tmp_path)], {"a#1": "doc > intro", "b#2": "doc > pause rule"})
    assert counts["turns"] == 2 and counts["failing turns"] == 1
    assert counts["answer declines; must_abstain=False; must_clarify=False"] == 1
    assert counts["declined a later turn; the turn before passed with tools get_benchmark; this one expects "
                  "key_facts+sections"] == 1
    assert counts["expected_answer misses: key fact"] == 1 and counts["expected_answer misses: cites an expected section"] == 1
    assert counts["section: retrieved, not cited; answer <60 words"] == 1


def test_prints_no_turn_words_and_names_a_missing_record(tmp_path, capsys):
    assert fp.main([str(_record(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "failing turns" in out and "zebra" not in out and "secret-case" not in out and "pause rule" not in out.lower()
    assert fp.main([str(tmp_path / "none.json")]) == 2
    assert "none.json: no such record" in capsys.readouterr().err
