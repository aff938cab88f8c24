"""General rules of the offline agent for turns that carry figures of several kinds (a head count
of the business beside a price question, a budget change before a purchase count, two metrics at
once) — each on wording of its own (a test below checks it is in no dataset), so a rule that only
fit a test set's phrasing fails here."""
from __future__ import annotations

import json
from pathlib import Path

from agent.offline import parse

ROOT = Path(__file__).resolve().parents[1]
_SETS = ("datasets/scenarios", "tests/fixtures/paraphrase/scenarios", "tests/fixtures/paraphrase_holdout/scenarios",
         "tests/fixtures/paraphrase_holdout2/scenarios", "tests/fixtures/kb_txt_datasets/scenarios")


def _roles(text: str) -> list[str | None]:
    return [n.role for n in parse(text).numbers]


def test_running_a_business_states_what_it_has_not_a_price():
    assert _roles("we run 4 bakeries; what's a fair price per click?") == ["owned"]
    assert _roles("they run 12 gyms across the state") == ["owned"]
    assert _roles("our CPC runs about $3.40, fine?") == ["price:CPC"]     # a price still runs
    assert _roles("a lead runs us $55") == ["price"]


def test_a_budget_change_is_applied_before_the_division():
    from agent.offline.arith import calculation
    from agent.offline.memory import remember
    out = calculation(parse("if we trim 20% off a $50k budget, how many leads at $40 each?"), remember([]), {})
    assert "$50,000 × (1 − 20%)" in out and "$40,000 ÷ $40 = 1,000 leads" in out
    out = calculation(parse("say we add 15% to the 20k, how many clicks at $1.50?"), remember([]), {})
    assert "$23,000 ÷ $1.50" in out
    # a rate is no budget change
    out = calculation(parse("with $30k and a 3% conversion rate, how many clicks at $2?"), remember([]), {})
    assert "×" not in out and "$30,000 ÷ $2" in out


def test_spend_and_new_things_won_with_a_judgement_asked_is_the_own_acquisition_cost():
    assert parse("we put 60k in over the summer and signed 150 new members, how are we doing?").calc.target == "CAC"
    assert parse("we put 8k in and got 200 leads, how does that compare?").calc.target == "CPL"
    assert parse("we put 8k in and got 200 brochures out, how does that compare?").calc is None  # nothing priced


def test_a_ratio_on_a_cost_worked_out_earlier_shows_that_working():
    from agent.offline.arith import calculation
    from agent.offline.memory import remember
    mem = remember([("we put 60k in over the summer and signed 150 new members, how are we doing?", [])])
    out = calculation(parse("a member is worth about $1,600 to us; what ratio is that?"), mem, {})
    assert "$60,000 ÷ 150 = $400" in out and "$1,600 ÷ $400 = 4.0" in out


def test_a_reported_count_question_searches_for_its_multiplier_with_the_figures_removed_whole():
    from agent.offline import OfflineAgent
    calls = OfflineAgent().plan("a vendor claims our list reaches 3 million across 5 markets; how many real people is that?",
                                [], {"search_knowledge_base"})
    queries = [c[1]["query"] for c in calls]
    assert not any("illion" in q or "arkets" in q.replace("markets", "") for q in queries), queries
    assert any(q.endswith("multiply by") for q in queries)


def test_a_quantity_bought_is_not_the_business_and_a_quantity_run_is_dropped():
    from agent.offline.business import business
    assert business("roughly what do brands pay for a million views on video?") is None
    assert business("we operate a handful of bike shops; fair CPC?").phrase == "bike shops"
    assert business("CPC for a two-location design studio?").phrase == "two-location design studio"


def test_budget_bands_in_headings_are_matched_to_the_stated_budget():
    from agent.offline.bands import band, budget_of, fit
    assert band("Small accounts: below $20k a quarter") == (0.0, 20000.0)
    assert band("Mid accounts: $20k-$90k a quarter") == (20000.0, 90000.0)
    assert band("Large accounts: over $90k") == (90000.0, float("inf"))
    assert band("Why pacing matters") is None
    spend = budget_of("our quarter runs about $35k; is radio realistic?")
    assert spend == 35000.0
    assert fit(spend, "Mid accounts: $20k-$90k a quarter") > 1.0 > fit(spend, "Large accounts: over $90k")
    assert fit(spend, "Why pacing matters") == 1.0 and fit(None, "Large accounts: over $90k") == 1.0


def test_two_platforms_listed_in_one_passage_are_both_answered(kb_txt_engine):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    engine = kb_txt_engine  # the session's engine of tests/fixtures/kb_txt
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    turn = c.send("For a B2B software firm, what's a normal CPA on Google, and what is it on Meta?")
    assert "$96-112" in turn.assistant and "$84-98" in turn.assistant


def test_an_allocation_question_does_not_rerun_the_last_calculation():
    from agent.offline.memory import carry, remember
    mem = remember([("if we spend $9,000 on display at a $6 CPM, how many impressions is that?", [])])
    p = carry(parse("our whole video budget is $45,000 a month. how much should go to streaming TV?"), mem)
    assert p.calc is None


def test_a_fraction_of_the_budget_rule_is_applied_to_the_stated_budget():
    from agent.offline.planmath import share_of_budget
    rule = "Email should get about a quarter of the retention budget in most plans."
    assert share_of_budget("our retention budget is $48,000; how much for email?", rule) == ["$48,000 ÷ 4 = $12,000"]
    rule = "Keep two thirds of the brand budget on always-on video."
    assert share_of_budget("with a $90,000 brand budget what stays always-on?", rule) == ["$90,000 × 2 ÷ 3 = $60,000"]


def test_a_counted_unit_listed_beside_a_metric_is_asked_for_its_price():
    assert parse("what do leads and click-through rates run for lawyers?").metrics == ["CPL", "CTR"]
    assert parse("give me CVR, and clicks, for furniture stores").metrics == ["CVR", "CPC"]
    assert parse("we logged 900 leads and a CTR of 2%").metrics == ["CTR"]   # a count, not a price asked
    assert "CPL" not in parse("how many leads and what CTR should we plan on?").metrics


_OWN = ["what do leads and click-through rates run for lawyers", "give me cvr, and clicks, for furniture",
        "we logged 900 leads and a ctr", "how many leads and what ctr should we plan on", "our whole video budget is $45,000", "a quarter of the retention budget", "two thirds of the brand budget",
        "$9,000 on display at a $6 cpm", "normal cpa on google, and what is it on meta", "small accounts: below $20k", "our quarter runs about $35k", "pay for a million views", "operate a handful of bike shops", "two-location design studio", "a vendor claims our list reaches", "signed 150 new members", "got 200 leads, how does that compare", "a member is worth about $1,600",
        "got 200 brochures out", "trim 20% off a $50k budget", "say we add 15% to the 20k", "with $30k and a 3% conversion rate",
        "we run 4 bakeries", "they run 12 gyms", "our cpc runs about $3.40", "a lead runs us $55"]


def test_this_wording_is_not_dataset_wording():
    texts = " ".join(json.dumps(json.load(open(p))) for folder in _SETS
                     for p in (ROOT / folder).glob("*.json")).lower()
    for phrase in _OWN:
        assert phrase not in texts, phrase
