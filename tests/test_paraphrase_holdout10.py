"""The tenth held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. It runs the checks of the seventh set
(tests/test_paraphrase_holdout7.py, whose helpers it imports rather than copies): the strict schema and KB
checks of datasets/scenarios, size and user wording, no user turn repeated from an earlier set or from
datasets/scenarios/, and every key fact checked against the sections its turn names.
The pass rate is measured once, sealed, and reported in the set's README, never asserted here."""
from __future__ import annotations

import json

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets, scenario_files)

NAME = "paraphrase_holdout10"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 14
MIN_USER_TURNS = 100



def test_holdout10_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_holdout10_key_facts_come_from_their_sections():
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def test_holdout10_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_holdout10_repeats_no_user_turn_of_an_earlier_set():
    earlier = other_sets(NAME)
    assert FOLDER not in earlier and earlier, "the repeat check must compare against other sets only"
    check_repeats_no_user_turn(FOLDER, earlier)


def test_holdout10_covers_every_kind_of_turn_it_claims():
    """The README's mix: each kind of expectation the set was written to measure is present."""
    kinds = {"benchmarks": 0, "audience": 0, "calculations": 0, "key_facts": 0, "must_abstain": 0,
             "must_clarify": 0}
    events = 0
    for path in scenario_files(FOLDER):
        sc = json.loads(path.read_text(encoding="utf-8"))
        events += len(sc.get("events") or [])
        for turn in sc["turns"]:
            exp = turn.get("expect") or {}
            for k in kinds:
                kinds[k] += bool(exp.get(k))
    assert kinds["benchmarks"] >= 20 and kinds["audience"] >= 12 and kinds["calculations"] >= 12, kinds
    assert kinds["key_facts"] >= 18 and kinds["must_abstain"] >= 8 and kinds["must_clarify"] >= 4, kinds
    assert events >= 3, f"{events} data-change events"


def test_a_copied_user_turn_is_caught(tmp_path):
    """The repeat check fails when a user turn of this set also occurs (case and spacing aside) elsewhere."""
    path = scenario_files(FOLDER)[0]
    sc = json.loads(path.read_text(encoding="utf-8"))
    (tmp_path / path.name).write_text(json.dumps(sc), encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    copy = json.loads(json.dumps(sc))
    copy["turns"] = [{"user": "  " + sc["turns"][0]["user"].upper() + " "}]
    (other / "copy.json").write_text(json.dumps(copy), encoding="utf-8")
    try:
        check_repeats_no_user_turn(tmp_path, [other])
    except AssertionError as exc:
        assert "copied" in str(exc)
    else:
        raise AssertionError("a copied user turn was not caught")
