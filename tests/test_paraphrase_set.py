"""The paraphrase set (issue 13): scenarios written from the KB alone, without reading the offline agent's
rules, to measure how the agent does on wording it was not built around. It lives under tests/fixtures so it is
not a gated dataset; this test only keeps it valid (same strict schema and KB checks as datasets/scenarios) and
big enough. The pass rate is measured and reported, never asserted here."""
from __future__ import annotations

import json
from pathlib import Path

from agent.scenario import load_scenario
from tests.test_datasets import _OPERATION_WORDS, MAX_TURNS, MIN_TURNS, validate_scenario

FOLDER = Path(__file__).resolve().parent / "fixtures" / "paraphrase" / "scenarios"
MIN_USER_TURNS = 40


def _files() -> list[Path]:
    files = sorted(FOLDER.glob("*.json"))
    assert files, f"{FOLDER} holds no scenario"
    return files


def test_paraphrase_scenarios_match_the_schema_and_the_kb():
    errors = []
    for path in _files():
        errors += validate_scenario(path)
        load_scenario(path)
    assert not errors, "\n  ".join(["paraphrase scenarios:"] + errors)


def test_paraphrase_set_size_and_user_wording():
    user_turns, bad = 0, []
    for path in _files():
        turns = json.loads(path.read_text(encoding="utf-8"))["turns"]
        assert MIN_TURNS <= len(turns) <= MAX_TURNS, f"{path.stem}: {len(turns)} turns"
        for i, t in enumerate(turns):
            if "user" in t:
                user_turns += 1
                if _OPERATION_WORDS.search(t["user"]):
                    bad.append(f"{path.stem} turns[{i}]")
    assert user_turns >= MIN_USER_TURNS, f"{user_turns} user turns < {MIN_USER_TURNS}"
    assert not bad, f"user turns that dictate the operation: {bad}"
