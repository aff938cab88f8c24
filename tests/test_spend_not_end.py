"""A spend or budget called lower or higher is the budget, not an end of a range (agent/offline/parse.py's range-end
words): "at that lower spend" after a cut is the new budget at both ends of the cost range, not the range's bottom.
The end words once matched across a word's letters ("lower sp|end"). "What would we get …" asks what the budget
buys, as "what do we get …" does. On the shipped KB and the plain-text kb_txt; wording of this file's own."""
from __future__ import annotations

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB
from tests.test_workverb import TXT
from tests.unseen_wording import assert_unseen

# (fixture, KB, the conversation up to a budget cut, the budget the last answer divides, the one it must not)
_CUT = {"kb": ("shipped_engine", KB, ["we're a healthcare clinic group with $90k a month for ads. how many new patients is that?",
                                      "leadership cut the budget to $65k."], "$65,000", "$90,000"),
        "txt": ("kb_txt_engine", TXT, ["we're a dental practice putting $14k a month into google ads. how many clicks does that "
                                       "buy?", "we have to trim the budget to $9k"], "$9,000", "$14,000")}
# what each asks next: a count at "that lower spend"; "what would we get …", which asks what the budget buys as "what do
# we get …" does; and a pronoun before the verb, the user and never a business ("would we get with the smaller budget")
_ASKED = {"kb": ["how many new patients would that lower spend bring in?", "what would we get at that reduced spend?",
                 "what would we get with the leaner budget?"],
          "txt": ["how many clicks would that lower spend buy?", "what would we get at that lower budget?",
                  "what would we get with the smaller budget?"]}
CASES = [(f, kb, [*msgs, ask], new, old) for key, (f, kb, msgs, new, old) in _CUT.items() for ask in _ASKED[key]]


def test_wording_is_own():
    assert_unseen([m for _, _, msgs, _, _ in CASES for m in msgs])


@pytest.mark.parametrize("text,end", [("how many would that lower spend buy?", None),
                                      ("what would the higher budget spend get us?", None),
                                      ("and at the lower end?", "low"), ("at the low-end figure?", "low"),
                                      ("the top end of that cost", "high"), ("priced at the pricey side", "high")])
def test_an_end_word_is_read_only_before_a_whole_end_word(text, end):
    assert parse(text).end == end


@pytest.mark.parametrize("fixture,kb,messages,budget,old", CASES)
def test_that_lower_spend_is_the_new_budget_at_both_ends(request, monkeypatch, meaning, fixture, kb, messages, budget, old):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    answer, _ = turns(request.getfixturevalue(fixture), messages)[-1]
    assert budget in answer and old not in answer, answer
    assert "top of the Typical range" in answer and "bottom of the Typical range" in answer, answer
