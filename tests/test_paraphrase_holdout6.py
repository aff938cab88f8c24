"""The sixth held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. Same checks as the first set
(tests/test_paraphrase_set.py), plus: no user turn repeats one of an earlier set or of datasets/scenarios/.
The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording)

FOLDER = FIXTURES / "paraphrase_holdout6" / "scenarios"
MIN_SCENARIOS = 12
MIN_USER_TURNS = 60


def _earlier_folders():
    root = FIXTURES.parent.parent
    folders = [p / "scenarios" for p in sorted(FIXTURES.glob("paraphrase*")) if p.name != "paraphrase_holdout6"]
    return [f for f in folders + [root / "datasets" / "scenarios"] if f.is_dir() and any(f.glob("*.json"))]


def test_holdout6_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_holdout6_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_holdout6_repeats_no_user_turn_of_an_earlier_set():
    check_repeats_no_user_turn(FOLDER, _earlier_folders())


def test_the_shared_checks_can_fail(tmp_path):
    """A wrong Typical value and a user turn that spells out the operation are both caught."""
    import json
    import pytest
    src = sorted(FOLDER.glob("*.json"))[0]
    sc = json.loads(src.read_text(encoding="utf-8"))
    turn = next(t for t in sc["turns"] if t.get("expect", {}).get("benchmarks"))
    turn["expect"]["benchmarks"][0]["value"] = "$1–$2"
    (tmp_path / src.name).write_text(json.dumps(sc), encoding="utf-8")
    with pytest.raises(AssertionError, match="Typical cell"):
        check_schema_and_kb(tmp_path)
    sc = json.loads(src.read_text(encoding="utf-8"))
    sc["turns"][0]["user"] += " divided by 12"
    (tmp_path / src.name).write_text(json.dumps(sc), encoding="utf-8")
    with pytest.raises(AssertionError, match="dictate the operation"):
        check_size_and_wording(tmp_path, 1)
