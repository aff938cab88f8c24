"""The twenty-second development paraphrase set: the later turns of real conversations, what people say after the
assistant's first answer (a follow-up that changes one thing, "is that normal?" about the figure just given, a plan
of their own to judge, "why?", a number worked from the last answer, a correction, a detour and a return). Written
blind to the agent, so its wording is independent of the rules, but it is a development set: its failures are read
and worked on.

Every check is imported from the earlier sets rather than copied: the strict schema and KB checks of
datasets/scenarios, size and user wording, no user turn repeated from any other set or from datasets/scenarios/, every
key fact checked against the sections its turn names (tests/test_paraphrase_holdout7.py), and the twelfth set's kind
count (tests/test_paraphrase_holdout12.py) held to this set's own minimums, so a later edit cannot quietly thin the
mix it was written for. That most turns are later turns is this set's focus, so it is kept too. The pass rate is
measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import json

from tests.test_paraphrase_holdout12 import set_test
from tests.test_paraphrase_set import FIXTURES, scenario_files

FOLDER = FIXTURES / "paraphrase_dev22" / "scenarios"
# this set's own minimums (10 scenarios, 80 user turns, 60 of them after a scenario's first turn; turns of each kind,
# the README's counts are the actual ones)
MIN_LATER_TURNS = 60
MIN_KINDS = dict(benchmarks=12, audience=8, calculations=12, key_facts=20, must_abstain=6, must_clarify=4,
                 small_talk=3, events=3)
test_dev22_passes_the_earlier_sets_checks_and_keeps_its_focus = set_test("paraphrase_dev22", min_user_turns=80,
                                                                         min_scenarios=10, mix=MIN_KINDS)


def test_dev22_leans_on_earlier_turns():
    """User turns after a scenario's first: the turns that lean on what came before, this set's focus."""
    later = sum(1 for path in scenario_files(FOLDER)
                for i, turn in enumerate(json.loads(path.read_text(encoding="utf-8"))["turns"]) if i and "user" in turn)
    assert later >= MIN_LATER_TURNS, f"{later} later user turns < {MIN_LATER_TURNS}"
