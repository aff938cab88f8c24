"""A short reply to the agent's own clarifying question fills the inputs it asked for, and the question that led to
the asking is answered (agent/offline/askedreply.py); money said as added grows the known budget
(agent/offline/budgetadd.py). Every wording is this file's own, on kb/ and on the plain-text KBs kb_txt and kb_txt4."""
from __future__ import annotations

import pytest

from agent.offline import askedreply, budgetadd
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

# (KB fixture, conversation, what the last answer must say)
CONVERSATIONS = [
    # a count asked with a per-one price and no unit word: the capacity, not the chairs in the question
    ("shipped_engine", ["how much do we need to spend each month to keep our 4 chairs fully booked?",
                        "about 300 a month, $15 each"], ["300 × $15 = $4,500"]),
    # the price of one said as "bucks a signup", the budget as "grand to spend", in the other order
    ("shipped_engine", ["how many trial signups will our ads bring in next month?", "say 40 bucks a signup, and 6 grand to spend"],
     ["$6,000 ÷ $40 = 150"]),
    ("shipped_engine", ["can you work out our ltv to cac?", "LTV is roughly 900, CAC about 300"], ["$900 ÷ $300 = 3.0"]),
    # a margin asked as a percentage, answered bare, with the sign, or as "N in M"
    ("shipped_engine", ["what roas do we need to break even on our store?", "about 60"], ["1 ÷ 0.60 = 1.67"]),
    ("shipped_engine", ["what roas do we need to break even on our store?", "we keep roughly 2 in 5 dollars"], ["1 ÷ 0.40 = 2.50"]),
    # a change in budget asked, answered as money added: the known budget grows by it, and the sum is carried on
    ("shipped_engine", ["we sell online and spend 5k a month on ads", "if we bump the budget up a bit how many more orders would we get?",
                        "say another $1,000", "and how many at a $50 CPA?"], ["$6,000 ÷ $50 = 120"]),
    # one of two inputs given: the other asked again, and the next reply completes the question
    ("shipped_engine", ["how much do we need to spend each month to keep our 4 chairs fully booked?", "$20 each",
                        "about 300"], ["300 × $20 = $6,000"]),
    # the budget given with no business named and no price: the price of one asked, then used
    ("shipped_engine", ["how many trial signups will our ads bring in next month?", "not sure, maybe 5k?", "around $35"],
     ["$5,000 ÷ $35"]),
    # plain-text KBs: the KB's own price of one is used, cited, with the budget the reply gives
    ("kb_txt4_engine", ["we're a chiropractor. how many booked appointments will our ads get us next month?", "roughly 5 grand"],
     ["$5,000 ÷ $55", "$5,000 ÷ $42", "[local_appointment_businesses#"]),
    ("kb_txt4_engine", ["we run two driving schools. how many first lessons could our ads book us this quarter?", "15k for the quarter"],
     ["$15,000 ÷ $24 = 625"]),
    ("kb_txt4_engine", ["we're an optometrist. how many eye exams will our ads book next month?", "4k", "another 1k"],
     ["$4,000 + $1,000 = $5,000", "$5,000 ÷ $38"]),
    ("kb_txt_engine", ["we're a roofing company. how many jobs will our google ads land us next month?",
                       "8 grand a month, and about 120 a job"], ["$8,000 ÷ $120"]),
    ("kb_txt_engine", ["we're an hvac company. how much should we spend to keep our 5 techs fully booked?",
                       "roughly 200 jobs a month at $45 a job"], ["200 × $45 = $9,000"]),
]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([m for _, conv, _ in CONVERSATIONS for m in conv if len(m) > 12])


@pytest.mark.parametrize("kb,conversation,said", CONVERSATIONS, ids=[c[1][-1][:30] for c in CONVERSATIONS])
def test_the_reply_answers_the_question_asked_back(kb, conversation, said, request, monkeypatch):
    engine = request.getfixturevalue(kb)
    folder = {"kb_txt_engine": "tests/fixtures/kb_txt", "kb_txt4_engine": "tests/fixtures/kb_txt4"}.get(kb)
    if folder:
        monkeypatch.setenv("MPA_KB_DIR", folder)
    got = turns(engine, conversation)
    assert got[-2 if len(conversation) > 2 and kb == "kb_txt4_engine" else 0][0]  # (the asking, or the first answer)
    answer = got[-1][0]
    assert all(s in answer for s in said), answer


def test_inputs_are_read_from_the_question_asked():
    asked = askedreply.inputs("To work that out I need two numbers from you: what is your capacity (how many bookings a "
                              "month it takes to be full) and what one booking costs you?")
    assert [askedreply.kind(a) for a in asked] == ["count", "price"]
    assert askedreply.inputs("To work that out I need one number from you: what is your contribution margin (as a "
                             "percentage of revenue)?") == ["contribution margin (as a percentage of revenue)"]
    assert askedreply.kind("contribution margin (as a percentage of revenue)") == "rate"
    assert askedreply.kind("change in budget (how much you would add to the budget, in dollars or as a percentage)") == "change"
    assert askedreply.inputs("Here is the calculation: 4 × $15 = $60") == []


def test_figures_bind_by_their_words_then_by_the_order_asked():
    two = ["budget for next month", "what one booking costs you"]
    assert askedreply.bind("$250 each, 9k to spend", two) == {"price": (250.0, ""), "budget": (9000.0, "")}
    assert askedreply.bind("$250", ["what one patient costs you"]) == {"price": (250.0, "")}  # not a budget
    assert askedreply.bind("40%", two) is None  # a share fills no budget or price
    assert askedreply.bind("another 2k", ["budget"], 8000.0)["budget"] == (10000.0, "$8,000 + $2,000")


def test_a_question_or_a_long_message_is_no_short_reply():
    assert askedreply.restated("what does a click cost on bing?", ["how many leads can we get?"],
                               ["To work that out I need one number from you: what is your budget?"]) is None
    assert askedreply.restated("12k", ["how many leads can we get?"], ["Here is the calculation: …"]) is None
    assert askedreply.restated("12k a month", ["how many leads can our ads get us?"],
                               ["To work that out I need one number from you: what is your budget?"]) == \
        "how many leads can our ads get us? Our budget is $12,000 a month."


def test_money_said_as_added_and_money_said_as_the_budget():
    for text in ("another $1,000", "an extra 1k", "what if we add $1,000 to the budget?", "1k more", "$1,000 on top",
                 "what if the budget goes up by $1,000?", "we could top it up by 1k"):
        assert budgetadd.said_added(parse(text)) == 1000.0, text
    for text in ("make it 6k", "change it to $6,000", "we have $1,000 left", "what if we had 1k", "another 20%"):
        assert budgetadd.said_added(parse(text)) is None, text
    assert budgetadd.added("say another 2k", 4000.0) == 6000.0 and budgetadd.added("say another 2k", None) is None
    asked = []  # the known budget (a fold of the slots) is asked only of a message that adds money
    assert budgetadd.added_to("we sell garden sheds", lambda: asked.append(1) or 4000.0) is None and not asked
    assert budgetadd.added_to("we can put in another $2,000", lambda: asked.append(1) or 4000.0) == 6000.0 and asked == [1]


def test_what_is_still_missing_is_asked_again(shipped_engine):
    got = turns(shipped_engine, ["how much do we need to spend each month to keep our 4 chairs fully booked?", "$20 each"])
    assert got[-1][0].endswith("what is your capacity (how many bookings a month it takes to be full)?"), got[-1][0]
    got = turns(shipped_engine, ["how many trial signups will our ads bring in next month?", "not sure, maybe 5k?"])
    assert "what does one trial signup cost you" in got[-1][0] and "$" not in got[-1][0], got[-1][0]


@pytest.mark.parametrize("kb,first,business,figure,then", [
    ("shipped_engine", "how many leads could our ads get us next month?", "we make project management software",
     "about 12k a month", "$80–$180"),
    ("kb_txt_engine", "how many new patients will our google ads bring us next month?", "we run a family dental clinic",
     "roughly 6000 a month", "Dental"),
])
def test_a_reply_naming_the_business_instead_of_the_figure_asks_again(kb, first, business, figure, then, request):
    assert_unseen([first, business, figure])
    got = turns(request.getfixturevalue(kb), [first, business, figure])
    asking = got[0][0]
    assert "budget" in asking and got[1][0] == asking and got[1][1] == [], got[1]  # asked again, no tool guessed
    assert then in got[2][0], got[2][0]  # the business is kept: the budget's answer is the business's
