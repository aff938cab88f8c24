"""The paraphrase set (issue 13): scenarios written from the KB alone, without reading the offline agent's
rules, to measure how the agent does on wording it was not built around. It lives under tests/fixtures so it is
not a gated dataset; this test only keeps it valid (same strict schema and KB checks as datasets/scenarios) and
big enough. The pass rate is measured and reported, never asserted here. The checks take the folder as an
argument so the held-out set (tests/test_paraphrase_holdout.py) runs exactly the same ones."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.scenario import load_scenario
from tests.test_datasets import _OPERATION_WORDS, MAX_TURNS, MIN_TURNS, validate_scenario

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FOLDER = FIXTURES / "paraphrase" / "scenarios"
MIN_USER_TURNS = 40


def scenario_files(folder: Path) -> list[Path]:
    files = sorted(folder.glob("*.json"))
    assert files, f"{folder} holds no scenario"
    return files


def user_turns(folder: Path) -> set[str]:
    """The literal user turns of a set, case and whitespace folded, so later sets can check they copy none."""
    return {" ".join(t["user"].lower().split())
            for p in scenario_files(folder)
            for t in json.loads(p.read_text(encoding="utf-8"))["turns"] if "user" in t}


def check_repeats_no_user_turn(folder: Path, earlier: list[Path]) -> None:
    """A held-out set repeats no user turn of an earlier set: a repeated question would measure tuned wording."""
    repeated = user_turns(folder) & set().union(*map(user_turns, earlier))
    assert not repeated, f"user turns copied from an earlier paraphrase set: {sorted(repeated)}"


def assert_a_copied_user_turn_is_caught(folder: Path, tmp_path: Path) -> None:
    """The repeat check fails on a set holding a user turn of ``folder``'s, case and spacing aside: a held-out set's
    test calls it on its own folder, so the check it relies on is shown to fail there."""
    sc = json.loads(scenario_files(folder)[0].read_text(encoding="utf-8"))
    (tmp_path / "copy.json").write_text(json.dumps({"turns": [{"user": "  " + sc["turns"][0]["user"].upper() + " "}]}),
                                        encoding="utf-8")
    with pytest.raises(AssertionError, match="copied"):
        check_repeats_no_user_turn(tmp_path, [folder])

def other_sets(name: str) -> list[Path]:
    """The scenario folders of every paraphrase set but ``name``, and datasets/scenarios/: the sets a new set must not
    copy a turn from (its own folder is left out, or the repeat check would report each turn as a copy of itself)."""
    folders = [p / "scenarios" for p in sorted(FIXTURES.glob("paraphrase*")) if p.name != name]
    return [f for f in folders + [FIXTURES.parent.parent / "datasets" / "scenarios"] if f.is_dir() and any(f.glob("*.json"))]


def check_schema_and_kb(folder: Path) -> None:
    """Every scenario passes the strict schema and KB-consistency checks of datasets/scenarios and loads
    with the agent's own loader."""
    errors = []
    for path in scenario_files(folder):
        errors += validate_scenario(path)
        load_scenario(path)
    assert not errors, "\n  ".join([f"{folder}:"] + errors)


def check_size_and_wording(folder: Path, min_user_turns: int, min_scenarios: int = 1) -> None:
    """Enough scenarios and user turns, 4-10 turns each, and no user turn that dictates the operation."""
    files = scenario_files(folder)
    assert len(files) >= min_scenarios, f"{len(files)} scenarios < {min_scenarios}"
    user_turns, bad = 0, []
    for path in files:
        turns = json.loads(path.read_text(encoding="utf-8"))["turns"]
        assert MIN_TURNS <= len(turns) <= MAX_TURNS, f"{path.stem}: {len(turns)} turns"
        for i, t in enumerate(turns):
            if "user" in t:
                user_turns += 1
                if _OPERATION_WORDS.search(t["user"]):
                    bad.append(f"{path.stem} turns[{i}]")
    assert user_turns >= min_user_turns, f"{user_turns} user turns < {min_user_turns}"
    assert not bad, f"user turns that dictate the operation: {bad}"


def test_paraphrase_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_paraphrase_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS)
