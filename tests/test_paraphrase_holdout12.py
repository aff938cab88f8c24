"""The twelfth held-out paraphrase set (issue 13), sealed at birth: scenarios written from the KB alone by a helper who
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
from typing import Callable

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import (FIXTURES, assert_a_copied_user_turn_is_caught, check_repeats_no_user_turn,
                                       check_schema_and_kb, check_size_and_wording, other_sets, scenario_files)

NAME = "paraphrase_holdout12"
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


def mix_errors(folder, minimums: dict[str, int]) -> dict[str, str]:
    """The kinds of turn (``kind_counts``) a set holds fewer of than ``minimums`` asks for: the mix it was written for."""
    counts = kind_counts(folder)
    return {k: f"{counts[k]} < {n}" for k, n in minimums.items() if counts[k] < n}


def set_checks(name: str, min_user_turns: int, min_scenarios: int, mix: dict[str, int] | None = None,
               key_facts: bool = True) -> dict[str, Callable[[], None]]:
    """The checks every paraphrase set since the seventh meets (held-out and development sets alike), by name (so a
    failure says which broke), on the set ``name``: the strict schema and KB checks of datasets/scenarios, every key fact within the sections its turn names
    (holdout7's ``key_fact_errors``), size and user wording, no user turn of any other set or datasets/scenarios/, and,
    given ``mix``, at least that many turns of each kind (without ``key_facts``, no section check: the sets before the
    seventh were written before it). A set's test runs them on its folder, written once here."""
    folder = FIXTURES / name / "scenarios"

    def facts_in_sections() -> None:
        errors = key_fact_errors(folder)
        assert not errors, "\n  ".join(errors)

    def no_repeat() -> None:
        others = other_sets(name)
        assert folder not in others and others, "the repeat check must compare against other sets only"
        check_repeats_no_user_turn(folder, others)

    def keeps_the_mix() -> None:
        low = mix_errors(folder, mix)
        assert not low, f"turns of each kind: {low}"
    return {"schema and KB values": lambda: check_schema_and_kb(folder),
            **({"key facts from their sections": facts_in_sections} if key_facts else {}),
            "size and user wording": lambda: check_size_and_wording(folder, min_user_turns, min_scenarios),
            "no user turn of another set": no_repeat, **({"the mix it was written for": keeps_the_mix} if mix else {})}


def set_test(name: str, min_user_turns: int, min_scenarios: int, mix: dict[str, int] | None = None,
             key_facts: bool = True) -> Callable[[str], None]:
    """``set_checks`` as one test parametrized by check name, for a set's module to bind to a ``test_`` name."""
    checks = set_checks(name, min_user_turns, min_scenarios, mix, key_facts)

    @pytest.mark.parametrize("check", sorted(checks))
    def test(check: str) -> None:
        checks[check]()
    return test


test_holdout12_passes_the_earlier_sets_checks = set_test(NAME, MIN_USER_TURNS, MIN_SCENARIOS, MIN_KINDS)


def test_a_copied_user_turn_is_caught(tmp_path):
    assert_a_copied_user_turn_is_caught(FOLDER, tmp_path)


def test_a_thinned_mix_is_caught(tmp_path):
    """The mix check counts what the files hold: dropping every abstain turn's expectation lowers the count."""
    for path in scenario_files(FOLDER):
        sc = json.loads(path.read_text(encoding="utf-8"))
        for turn in sc["turns"]:
            if (turn.get("expect") or {}).get("must_abstain"):
                turn["expect"] = {}
        (tmp_path / path.name).write_text(json.dumps(sc), encoding="utf-8")
    assert kind_counts(tmp_path)["must_abstain"] == 0 < kind_counts(FOLDER)["must_abstain"]
