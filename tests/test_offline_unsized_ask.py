"""One clarifying question for the one input a forecast lacks — and none for a yes/no question of what one may do.

* a budget moved by no amount ("nudge the spend up a little", "bump it up some", "increase our budget") before a
  count is forecast: ask how much (agent/offline/unsized.py), never work at the old budget;
* a budget asked for a goal of fullness ("keep every truck booked up", "chairs booked solid"): ask the count that
  fills them (and what one costs, when no price was said), never take the count of trucks for the results;
* the user's own results forecast from a known budget for a business the KB has no price for: the decline *and*
  the question for their own price of one (agent/offline/unpriced.py);
* "is it fine for us to upload …?" judges an action, not a worked result: no plan input asked (actionjudged.py);
* "our CAC" right after comparing with another business keeps the user's own business (ownbiz.py).
On the shipped KB and the plain-text kb_txt; wording of this file's own."""
from __future__ import annotations

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from agent.offline.actionjudged import judges_action
from agent.offline.memory import Memory
from agent.offline.parse import parse
from agent.offline import unsized
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB
from tests.test_workverb import TXT
from tests.unseen_wording import assert_unseen

_ASKED = "I need one number from you"

# (fixture, KB, conversation, what the last answer must hold, what it must not)
_TALKS = {
    "nudge": ("shipped_engine", KB, ["we run a boutique hotel and put $6,000 a month into ads. how many bookings is that at a "
                                     "typical travel cost per booking?",
                                     "what if we nudge the spend up a little, how many extra bookings would that bring?"],
              ["change in budget", "?"], ["$6,000 ÷"]),
    "increase": ("shipped_engine", KB, ["we're an online store with a $10,000 monthly budget. how many new customers is that "
                                        "at the typical ecommerce CAC?", "and if we increase our budget how many more "
                                        "customers could we get?"], ["add to the budget", "?"], ["$10,000 ÷"]),
    "bump_txt": ("kb_txt_engine", TXT, ["we're a gym spending 3k a month on meta. how many sign-ups is that at a typical cpa?",
                                        "and if we bump it up some, how many more sign-ups would we get?"],
                 ["change in budget", "?"], ["$3,000 ÷"]),
    "booked_solid": ("shipped_engine", KB, ["i own two hair salons. what budget would keep our chairs booked solid all "
                                            "summer?"], ["capacity", "what one booking costs you?"], ["×"]),
    "trucks_txt": ("kb_txt_engine", TXT, ["we run a moving company. how much should we spend a month to keep all four "
                                             "trucks booked up?"], ["capacity", "?"], ["×", "$"]),
    "theater": ("shipped_engine", KB, ["we're a community theater group with $8k for the season. how many new ticket buyers "
                                       "can we expect to bring in with that?"],
                ["does not contain", "what does one new ticket buyer cost you"], ["Based on Knowledge Base"]),
    "llamas_txt": ("kb_txt_engine", TXT, ["we run llama treks with 2,500 a month for ads. how many new hikers could we "
                                             "expect to sign up from that?"],
                    ["does not contain", "what does one new hiker cost you"], []),
    "upload": ("shipped_engine", KB, ["we're a dental clinic putting 5k a month into ads. how many new patients is that at a "
                                      "typical healthcare CAC?",
                                      "is it fine for us to upload our patient email list to facebook for lookalikes?"],
               ["first-party-data"], [_ASKED, "gross profit"]),
    "retarget_txt": ("kb_txt_engine", TXT, ["we're a fitness studio putting 2k a month into meta. how many sign-ups is that at "
                                            "a typical cpa?", "is it ok to retarget those people on instagram afterwards?"],
                     ["Based on Knowledge Base"], [_ASKED, "gross profit"]),
    "compared": ("shipped_engine", KB, ["we sell saas software to small firms. whats a typical CPL for saas?",
                                        "how does that stack up against financial services?",
                                        "so what should our CAC be then?"], ["saas CAC", "$450–$900"], ["financial-services"]),
    "compared_txt": ("kb_txt_engine", TXT, ["we're a dental practice. whats a typical google ads cpa for dentists?",
                                            "how does that compare to plumbers and hvac?",
                                            "so what should our cpa be on meta then?"], ["Dental Practices"], ["Plumbers"]),
}


def test_wording_is_own():
    assert_unseen([m for _, _, msgs, _, _ in _TALKS.values() for m in msgs])


@pytest.mark.parametrize("key", sorted(_TALKS))
def test_the_one_missing_input_is_asked_and_none_for_a_rule(request, monkeypatch, key):
    fixture, kb, messages, want, never = _TALKS[key]
    monkeypatch.setenv("MPA_KB_DIR", kb)
    answer = turns(request.getfixturevalue(fixture), messages)[-1][0]
    assert all(w in answer for w in want) and not any(n in answer for n in never), answer


@pytest.mark.parametrize("text,judged", [
    ("is it fine for us to email those folks again?", True),
    ("would it be okay if we showed those prices in the ad?", True),
    ("is it a good idea to pause that campaign?", True),
    ("is that ok for a shop our size?", False),
    ("would that be a good deal for us?", False)])
def test_a_judgement_of_an_action_is_told_from_a_judged_result(text, judged):
    assert judges_action(text) is judged


@pytest.mark.parametrize("text,asks", [
    ("if we raise the budget a touch how many more sign-ups would we see?", "add to the budget"),
    ("say we trim our spend slightly, how many fewer orders would we get?", "take off the budget"),
    ("if we raise the budget by 20% how many more sign-ups would we see?", None),  # an amount said
    ("what if we double it, how many more orders?", None),
    ("how many orders would that lower spend bring in?", None),  # the budget already moved, named by its adjective
    ("how much should we spend to keep the studio at capacity every weekend?", "capacity"),
    ("how much should we spend next quarter?", None)])  # no goal of fullness: the budget's own question
def test_what_is_said_without_a_size(text, asks):
    need = unsized.need(parse(text), Memory(facts={"budget": 5000.0}))
    assert (need is None) if asks is None else (asks in (need or "")), need
