"""The thirteenth held-out paraphrase set (issue 13), sealed at birth: scenarios written from the KB alone by a helper who
read neither the offline agent's rules, the resolver, nor any other paraphrase set's scenarios, and nobody ran the
agent on them while they were written, so one aggregate read measures wording nobody tuned against.

The checks are the seventh set's (tests/test_paraphrase_holdout7.py), imported rather than copied: the strict schema
and KB checks of datasets/scenarios, size and user wording, no user turn repeated from any other set or from
datasets/scenarios/, and every key fact checked against the sections its turn names. On top, the set must keep the
mix it was written for (benchmark, audience, calculation, how-to, abstain, clarify, small talk, data changes), so a
later edit cannot quietly turn it into an easier set. The pass rate is measured and reported in the set's README,
never asserted here."""
from __future__ import annotations

import json

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets, scenario_files)

NAME = "paraphrase_holdout13"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 14
MIN_USER_TURNS = 100
# turns carrying each kind of expectation, at least (the README's counts are the actual ones)
MIN_KINDS = {"benchmarks": 20, "audience": 15, "calculations": 15, "key_facts": 20, "must_abstain": 10,
             "must_clarify": 5, "small_talk": 6, "events": 3}


def kind_counts(folder) -> dict[str, int]:
    """How many turns carry each kind of expectation; small talk is a turn whose only expectation is must_cite false,
    and events are data changes made mid-conversation."""
    counts = dict.fromkeys(MIN_KINDS, 0)
    for path in scenario_files(folder):
        sc = json.loads(path.read_text(encoding="utf-8"))
        counts["events"] += len(sc.get("events") or [])
        for turn in sc["turns"]:
            exp = turn.get("expect") or {}
            for key in MIN_KINDS.keys() - {"small_talk", "events"}:
                counts[key] += bool(exp.get(key))
            counts["small_talk"] += exp == {"must_cite": False}
    return counts


def _no_key_fact_errors() -> None:
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


# the earlier sets' checks, run on this folder (key_fact_errors is shown to catch a made-up fact by holdout7's test)
CHECKS = {"schema and KB values": lambda: check_schema_and_kb(FOLDER),
          "key facts from their sections": _no_key_fact_errors,
          "size and user wording": lambda: check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS),
          "no user turn of another set": lambda: check_repeats_no_user_turn(FOLDER, other_sets(NAME))}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_holdout13_passes_the_earlier_sets_checks(check):
    CHECKS[check]()


def test_holdout13_keeps_the_mix_it_was_written_for():
    counts = kind_counts(FOLDER)
    low = {k: f"{counts[k]} < {n}" for k, n in MIN_KINDS.items() if counts[k] < n}
    assert not low, f"turns of each kind: {low}"


def test_a_copied_user_turn_is_caught(tmp_path):
    """The repeat check fails when a set holds a turn of another set, case and spacing aside."""
    sc = json.loads(scenario_files(FOLDER)[0].read_text(encoding="utf-8"))
    (tmp_path / "copy.json").write_text(json.dumps({"turns": [{"user": "  " + sc["turns"][0]["user"].upper()}]}),
                                        encoding="utf-8")
    with pytest.raises(AssertionError, match="copied"):
        check_repeats_no_user_turn(tmp_path, [FOLDER])


def test_a_thinned_mix_is_caught(tmp_path):
    """The mix check counts what the files hold: dropping every abstain turn's expectation lowers the count."""
    for path in scenario_files(FOLDER):
        sc = json.loads(path.read_text(encoding="utf-8"))
        for turn in sc["turns"]:
            if (turn.get("expect") or {}).get("must_abstain"):
                turn["expect"] = {}
        (tmp_path / path.name).write_text(json.dumps(sc), encoding="utf-8")
    assert kind_counts(tmp_path)["must_abstain"] == 0 < kind_counts(FOLDER)["must_abstain"]
