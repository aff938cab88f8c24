"""The section-reach count (tests/fixtures/paraphrase/section_reach.py) counts every turn whose golden names a section —
passing or failing — by whether a search reached it and at which rank, and prints no turn's words (sealed-safe)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.test_failure_profile import _record

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("section_reach", ROOT / "tests/fixtures/paraphrase/section_reach.py")
sr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sr)


def test_counts_reach_and_first_rank_over_all_turns(tmp_path):
    out = sr.reach([_record(tmp_path)], {"a#1": "doc > intro", "b#2": "doc > pause rule"})
    assert out[("all", "turns")] == 1 and out[("fail", "turns")] == 1 and out[("pass", "turns")] == 0
    assert out[("all", "retrieved")] == 1 and out[("all", "cited")] == 0 and out[("all", "rank 2-3")] == 1
    out = sr.reach([_record(tmp_path)], {"a#1": "doc > intro", "b#2": "doc > other"})
    assert out[("all", "rank not retrieved")] == 1 and out[("all", "retrieved")] == 0


def test_rank_buckets():
    assert [sr._rank_bucket(r) for r in (None, 1, 3, 4, 10, 11)] == ["not retrieved", "1", "2-3", "4-5", "6-10", ">10"]


_rspec = importlib.util.spec_from_file_location("search_replay", ROOT / "tests/fixtures/paraphrase/search_replay.py")
replay = importlib.util.module_from_spec(_rspec)
_rspec.loader.exec_module(replay)


def test_replay_counts_turns_whose_recorded_queries_reach_the_section(kb_txt_engine, tmp_path):
    import json
    chunk = next(c for c in kb_txt_engine.chunks if len(c.headers) > 1 and len(c.headers[-1].split()) >= 2)
    call = {"name": "search_knowledge_base", "input": {"query": chunk.headers[-1], "top_k": 8}}
    turns = [{"tool_calls": [call], "expect": {"sections": [chunk.headers[-1]]}},
             {"tool_calls": [call], "expect": {"sections": ["a heading no KB has"]}},
             {"tool_calls": [{"name": "get_benchmark", "input": {}}], "expect": {"sections": [chunk.headers[-1]]}}]
    rec = tmp_path / "rec.json"
    rec.write_text(json.dumps({"experiments": [{"family": "conversations", "cases": [{"output": {"turns": turns}}]}]}))
    got = list(replay.searched_turns([rec]))
    assert len(got) == 2  # the turn that did not search is not a ranking question
    out = replay.replay(kb_txt_engine, got, {"as run": ({}, None), "bm25 only": ({"method": "bm25"}, 4)})
    assert out["as run"][:2] == (1, 2) and out["bm25 only"][:2] == (1, 2)
    # the recorded call returned nothing (the relevance gate) though the engine's top k holds the section
    assert replay.gated(kb_txt_engine, got) == 1
    assert replay.gated(kb_txt_engine, [(got[0][0], [(*got[0][1][0][:2], (chunk.id,))])]) == 0
