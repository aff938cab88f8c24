"""Asking for an amount a KB cost will divide, in wording of our own on kb/ and a plain-text fixture KB:

* a line of business the user would start, with how many more it brings asked and no spend said, asks what would be
  spent on it (otherbudget) — the budget said before is not that money;
* the cost quoted before is said beside the question even when a ratio or a rate was judged since — the last cost
  the KB gave, not the last figure (clarifycite)."""
from __future__ import annotations

from pathlib import Path

from agent.offline import clarifycite, otherbudget
from agent.offline.memory import Memory
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

POOLED = "and if we pooled in the budget of our sister bakery, how many more orders?"
KB_TURNS = ["we run a bakery shop online, budget is 6,000 a month. whats a typical cost to win a new customer for ecommerce?",
            "each customer is worth about 150 to us over their life, is the ratio healthy?", POOLED]
HAMPERS = "what if we also start selling gift hampers, how many more customers would those bring in?"
CAKES = "if we launch a cake subscription too, how many more orders would it bring?"
TXT_TURNS = ["we run a bakery shop online, budget is 6,000 a month. whats a typical cpa on facebook for online shops?",
             "and the usual return on ad spend for online sellers?", POOLED]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(KB_TURNS, TXT_TURNS, HAMPERS, CAKES)


def test_the_last_cost_is_said_after_a_ratio_was_judged():
    mem = Memory(vertical="retail", last_metric="LTV:CAC", ranges={
        "CAC": (20.0, 40.0, "benchmarks-retail#0"), "LTV:CAC": (3.0, 5.0, "benchmarks-retail#1")},
        range_verticals={"CAC": "retail", "LTV:CAC": "retail"}, labels={"CAC": "retail CAC (customer acquisition cost)"})
    need = otherbudget.need(parse(POOLED))
    assert clarifycite.line(need, mem).endswith("range of $20–$40 (Based on Knowledge Base [benchmarks-retail#0]).")
    mem.facts["price"] = 35.0  # the user's own price is the one to use
    assert clarifycite.line(need, mem) == ""


def test_the_shipped_and_a_plain_text_kb_say_the_cost_beside_the_question(shipped_engine, kb_txt_engine):
    got = turns(shipped_engine, KB_TURNS)[-1][0]
    assert got.startswith("To work that out") and "ecommerce CAC" in got and "[benchmarks-ecommerce#" in got, got
    got = turns(kb_txt_engine, TXT_TURNS)[-1][0]
    assert got.startswith("To work that out") and "CPA" in got and "[conversion_and_cpa_benchmarks#" in got, got


def test_a_new_line_of_business_asks_what_would_be_spent_on_it():
    assert otherbudget.need(parse(HAMPERS)) == "added budget (in dollars, what you would spend on gift hampers)"
    assert otherbudget.need(parse(CAKES)) == "added budget (in dollars, what you would spend on a cake subscription)"
    assert otherbudget.need(parse("if we launch a cake subscription with $2,000, how many more orders would it bring?")) is None
    assert otherbudget.need(parse("if we launch a cake subscription, how long before it pays off?")) is None


def test_the_shipped_and_a_plain_text_kb_ask_for_the_new_line_s_spend(shipped_engine, kb_txt_engine):
    got = turns(shipped_engine, [KB_TURNS[0], HAMPERS])[-1]
    assert got[0].startswith("To work that out") and "gift hampers" in got[0] and not got[1], got
    got = turns(kb_txt_engine, [TXT_TURNS[0], CAKES])[-1]
    assert got[0].startswith("To work that out") and "cake subscription" in got[0] and "[conversion_and_cpa_benchmarks#" in got[0]


SOLAR = "how many solar-ready homeowners are in phoenix, that's where our installers work"
FLORIDA = "roughly how many retirees live in florida, since we only ship there"


def test_a_clause_after_the_size_asked_is_no_part_of_who_is_counted(shipped_engine, kb_txt_engine, monkeypatch):
    from agent.offline import sizing
    assert_unseen(SOLAR, FLORIDA)
    assert sizing.audience_phrase("how many new parents are in ohio, because that's our market", ["Ohio"]) == "new parents"
    assert sizing.audience_phrase("how many nurses are there, but only full-time ones?") != "nurses"  # no clause of its own
    got = turns(shipped_engine, [FLORIDA])[-1]
    assert got[1][0] == {"audience_type": "retirees", "geography": "Florida"} and "[audience-sizing-reference#" in got[0], got
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).parent / "fixtures" / "kb_txt"))  # its markets, as the evals serve it
    got = turns(kb_txt_engine, [SOLAR])[-1]
    assert got[1][0] == {"audience_type": "solar-ready homeowners", "geography": "Phoenix"} and "612,000" in got[0], got


BOARD = "could you please write up our quarterly board report?"
RECAP = "can you draft my monthly recap for the owners"


def test_a_document_of_the_user_s_own_business_is_declined(shipped_engine, kb_txt_engine):
    from agent.offline import scope
    assert_unseen(BOARD, RECAP)
    assert scope.outside(BOARD) == "writing your quarterly board report" and scope.outside(RECAP)
    for planning in ("can you draft our media plan", "write headlines for our retargeting campaign",
                     "can you write a report on ctv costs"):
        assert scope.outside(planning) is None, planning
    for engine in (shipped_engine, kb_txt_engine):
        got = turns(engine, ["we sell candles online", BOARD])[-1]
        assert got[0].startswith("The knowledge base does not contain anything on writing your quarterly board report") \
            and not got[1], got
