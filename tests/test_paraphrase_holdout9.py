"""The ninth held-out paraphrase set (issue 13), sealed at birth: scenarios written from the KB alone by a helper
who read neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, and who
never ran the agent on them, so the lead's one aggregate read measures wording nobody tuned against. The checks
are the seventh set's (imported, not copied): the strict schema and KB checks, size and user wording, no user
turn repeated from an earlier set or datasets/scenarios/, and every key fact checked word by word (and figure by
figure) against the sections its turn names. The pass rate is measured and reported in the set's README, never
asserted here."""
from __future__ import annotations

import json

from tests.test_paraphrase_holdout7 import key_fact_errors
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets)

NAME = "paraphrase_holdout9"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 14
MIN_USER_TURNS = 100



def test_holdout9_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_holdout9_key_facts_come_from_their_sections():
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def test_holdout9_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_holdout9_repeats_no_user_turn_of_an_earlier_set():
    earlier = other_sets(NAME)
    assert FOLDER not in earlier and earlier, earlier
    check_repeats_no_user_turn(FOLDER, earlier)


def test_a_copied_user_turn_is_caught(tmp_path):
    """The repeat check fails on a set that holds a user turn of an earlier set (case and spacing ignored)."""
    path = sorted(FOLDER.glob("*.json"))[0]
    sc = json.loads(path.read_text(encoding="utf-8"))
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    copy = json.loads(json.dumps(sc))
    copy["turns"][0]["user"] = "  " + sc["turns"][0]["user"].upper() + " "
    (earlier / path.name).write_text(json.dumps(copy), encoding="utf-8")
    try:
        check_repeats_no_user_turn(FOLDER, [earlier])
    except AssertionError as e:
        assert "copied" in str(e)
    else:
        raise AssertionError("a copied user turn was not caught")


def test_a_key_fact_from_outside_its_section_is_caught(tmp_path):
    """The section check fails on a key fact whose words or figure are not in the turn's sections."""
    path = next(p for p in sorted(FOLDER.glob("*.json"))
                if any((t.get("expect") or {}).get("key_facts") for t in json.loads(p.read_text(encoding="utf-8"))["turns"]))
    sc = json.loads(path.read_text(encoding="utf-8"))
    turn = next(t for t in sc["turns"] if (t.get("expect") or {}).get("key_facts"))
    turn["expect"]["key_facts"] = ["walruses juggle 4321 lanterns"]
    (tmp_path / path.name).write_text(json.dumps(sc), encoding="utf-8")
    errors = key_fact_errors(tmp_path)
    assert any("outside its sections" in e for e in errors) and any("4321" in e for e in errors)
