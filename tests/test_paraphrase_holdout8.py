"""The eighth held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. The checks are holdout7's (tests/test_paraphrase_holdout7.py,
imported, not copied): the schema and KB checks of the first set, size and wording, no user turn repeated from
an earlier set (holdout7 included) or from datasets/scenarios/, and every key fact checked against the sections
its turn names. The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import json

import pytest

from tests.test_paraphrase_holdout7 import _earlier_folders as _folders_before_holdout7
from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, user_turns)

NAME = "paraphrase_holdout8"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 13
MIN_USER_TURNS = 90


def _earlier_folders():
    """Every other set's scenarios: holdout7's list (which names this folder too) minus this set, plus holdout7."""
    folders = [f for f in _folders_before_holdout7() if f.parent.name != NAME]
    return folders + [FIXTURES / "paraphrase_holdout7" / "scenarios"]


def _key_facts_come_from_their_sections():
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def _repeats_no_user_turn_of_an_earlier_set():
    earlier = _earlier_folders()
    assert FOLDER not in earlier and FIXTURES / "paraphrase_holdout7" / "scenarios" in earlier
    check_repeats_no_user_turn(FOLDER, earlier)


CHECKS = {
    "schema and KB": lambda: check_schema_and_kb(FOLDER),
    "key facts come from their sections": _key_facts_come_from_their_sections,
    "set size and user wording": lambda: check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS),
    "no user turn of an earlier set repeated": _repeats_no_user_turn_of_an_earlier_set,
}


@pytest.mark.parametrize("check", list(CHECKS))
def test_holdout8_passes_the_held_out_set_checks(check):
    CHECKS[check]()


def test_holdout8_user_turns_are_distinct_within_the_set():
    n = sum("user" in t for p in FOLDER.glob("*.json") for t in json.loads(p.read_text(encoding="utf-8"))["turns"])
    assert len(user_turns(FOLDER)) == n, "a user turn of this set repeats another of its turns"


def test_holdout8_readme_is_sealed():
    text = (FIXTURES / NAME / "README.md").read_text(encoding="utf-8")
    assert "**SEALED: only aggregate pass rates may be read;" in text and "**Aggregate reads" in text
