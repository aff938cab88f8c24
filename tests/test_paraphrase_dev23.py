"""The twenty-third development paraphrase set: the held-out sets' ordinary mix as a new user writes it (a business
described by what it makes, sells or does rather than named as a vertical, a metric said in plain words about as often
as named, how-to questions in everyday words whose answer sits in a section written in the trade's words, figures worked
from the user's own numbers, a turn the KB cannot answer and one that lacks an input). Written blind to the agent, so
its wording is independent of the rules, but it is a development set: its failures are read and worked on.

Nothing is checked here that an earlier set's test does not already define: the strict schema and KB values, size and
user wording, no user turn shared with any other set or datasets/scenarios/, key facts read from the sections their
turns name, and the kind count of the twelfth set, held to this set's own floors so a later edit cannot thin the mix.
The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

from tests.test_paraphrase_holdout12 import set_test

# floors, not the actual counts (those are in the README): 10 conversations, 80 user turns, and per kind of expectation
FLOORS = {"benchmarks": 12, "audience": 8, "calculations": 10, "key_facts": 20, "must_abstain": 6, "must_clarify": 4,
          "small_talk": 3, "events": 3}
test_dev23_passes_the_paraphrase_set_checks = set_test("paraphrase_dev23", min_user_turns=80, min_scenarios=10,
                                                       mix=FLOORS)
