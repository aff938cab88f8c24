"""The eighth held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. The checks are holdout7's (tests/test_paraphrase_holdout7.py,
imported, not copied): the schema and KB checks of the first set, size and wording, no user turn repeated from
an earlier set (holdout7 included) or from datasets/scenarios/, and every key fact checked against the sections
its turn names. The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import json

from tests.test_paraphrase_holdout12 import set_test
from tests.test_paraphrase_set import FIXTURES, user_turns

NAME = "paraphrase_holdout8"
FOLDER = FIXTURES / NAME / "scenarios"
test_holdout8_passes_the_held_out_set_checks = set_test(NAME, min_user_turns=90, min_scenarios=13)


def test_holdout8_user_turns_are_distinct_within_the_set():
    n = sum("user" in t for p in FOLDER.glob("*.json") for t in json.loads(p.read_text(encoding="utf-8"))["turns"])
    assert len(user_turns(FOLDER)) == n, "a user turn of this set repeats another of its turns"


def test_holdout8_readme_is_sealed():
    text = (FIXTURES / NAME / "README.md").read_text(encoding="utf-8")
    assert "**SEALED: only aggregate pass rates may be read;" in text and "**Aggregate reads" in text
