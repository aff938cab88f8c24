"""The eleventh held-out paraphrase set (issue 13), sealed at birth: scenarios written from the KB alone by a
helper who read neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so
the lead's single measurement is on wording nobody tuned against. The checks are the seventh set's, imported
rather than copied so every set is held to the same bar: the strict schema and KB checks of datasets/scenarios,
size and user wording, no user turn repeated from an earlier set or datasets/scenarios/, and every key fact
checked against the text of the sections its turn names. The pass rate is measured, never asserted here."""
from __future__ import annotations

import json

import pytest

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_holdout11"
FOLDER = FIXTURES / NAME / "scenarios"


def _no_key_fact_outside_its_sections():
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


# the shared bar every held-out set meets, by name, so a failure says which check broke
SHARED_CHECKS = {
    "schema and KB values": lambda: check_schema_and_kb(FOLDER),
    "key facts within their sections": _no_key_fact_outside_its_sections,
    "14 scenarios, 100 user turns, no dictated operation": lambda: check_size_and_wording(FOLDER, 100, 14),
    "no user turn of an earlier set": lambda: check_repeats_no_user_turn(FOLDER, other_sets(NAME)),
}


@pytest.mark.parametrize("check", sorted(SHARED_CHECKS))
def test_holdout11_meets_the_shared_bar(check):
    SHARED_CHECKS[check]()


MIN_TURNS_PER_KIND = {"benchmarks": 20, "audience": 12, "calculations": 12, "key_facts": 15, "must_abstain": 8,
                      "must_clarify": 4}


def test_holdout11_covers_every_kind_of_turn_the_brief_asks_for():
    """Each kind of expected answer is present often enough that the aggregate measures all of them, not one,
    and inputs change mid-conversation (events) at least three times."""
    scenarios = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FOLDER.glob("*.json"))]
    expects = [t.get("expect") or {} for sc in scenarios for t in sc["turns"]]
    short = {k: sum(bool(e.get(k)) for e in expects) for k in MIN_TURNS_PER_KIND}
    short = {k: n for k, n in short.items() if n < MIN_TURNS_PER_KIND[k]}
    n_events = sum(len(sc.get("events") or []) for sc in scenarios)
    assert not short and n_events >= 3, f"too few turns of a kind: {short}; data-change events: {n_events}"
