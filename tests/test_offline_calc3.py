"""What the user's figures and the knowledge base's rules imply, worked and stated — on wording of
this file's own (checked against every seen data set), on the shipped KB and the plain-text one."""
from __future__ import annotations


import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.memory import carry, remember
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen


_CUT_SHIPPED = ["we sell B2B software. what does a lead usually cost?",
                "our budget is 30k a month, what's the lead range on that?",
                "how many nurses live in Ohio?",
                "the board trimmed me by 10% from june. rerun the leads"]
_CUT_TXT = ["we're a dental practice. what does a google click cost for us?",
            "we have 8000 a month. how many google clicks is that at the top of that range?",
            "the partners trimmed me by 10% for spring. rerun the google clicks"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_CUT_SHIPPED[1:], _CUT_TXT[1:], _REPLAY_ASKS, _THOSE_SHIPPED, _THOSE_TXT[2:],
                  *[list(d.values()) for d in (_REPORTED, _CHAIN, _QUOTED)], _WORTH["kb"][2:], _WORTH["txt"][2:])


@pytest.fixture(scope="module")
def txt_engine(kb_txt_engine):
    return kb_txt_engine  # the session's engine of tests/fixtures/kb_txt: building it is not what is tested


def _talk(engine, texts: list[str]) -> str:
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [c.send(t).assistant for t in texts][-1]


# ------------------------------------------------------------ a cut done "to us" is a cut of our budget
def test_a_cut_done_to_the_speaker_reruns_the_last_division_at_the_same_end():
    mem = remember([("we have 8000 a month. how many clicks is that at the top of the CPC range?", [])])
    p = carry(parse("the partners trimmed me by 10% for spring. rerun it"), mem)
    assert p.calc is mem.calc and p.end == "high"
    assert carry(parse("our CTR dropped 10% in spring"), mem).calc is not mem.calc  # a rate moving is no budget cut


def test_a_sizing_question_leaves_the_unit_a_budget_buys():
    mem = remember([("our budget is 30k a month, what's the lead range on that?", []), ("how many nurses live in Ohio?", [])])
    assert mem.unit == "leads"


def test_the_cut_budget_is_divided_again_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, _CUT_SHIPPED)
    assert "$30,000 × (1 − 10%)" in out and "$27,000 ÷ $180 = 150 leads" in out


def test_the_cut_budget_is_divided_again_on_the_text_kb(txt_engine):
    out = _talk(txt_engine, _CUT_TXT)
    assert "$8,000 × (1 − 10%)" in out and "$7,200 ÷ $3.90 ≈ 1,846" in out


# ------------------------------------------------------------ a re-run example keeps the words around its working
_DISCOUNT = {"id": "promo-notes#2", "text": (
    "Promo discount factor\n\nA discount factor turns gross promo sales into net sales. If a promo books $50,000 gross "
    "and $40,000 survives returns, the discount factor is $40,000 ÷ $50,000 = 0.8. Forecast promo sales are multiplied by "
    "0.8 before they enter the plan. Returns shift with the season, so measure the factor again after every major "
    "sale.")}
_REPLAY_ASKS = ["our spring promo booked $52,000 gross and $39,000 stayed after returns. what do we scale forecasts by?",
                "tiktok reports a 5x ROAS, while our holdout test measured 2x iROAS in the same weeks. "
                "what multiplier goes on tiktok's weekly figure?"]



def test_a_re_run_result_keeps_its_label_and_the_sentence_that_uses_it():
    from agent.offline import replay
    cite, _, lines, rest = replay.rerun(_REPLAY_ASKS[0], [_DISCOUNT])
    assert cite == "promo-notes#2"
    assert lines == ["the discount factor is $39,000 ÷ $52,000 = 0.75, so forecast promo sales are multiplied by 0.75 "
                     "before they enter the plan."]
    assert rest == "Returns shift with the season, so measure the factor again after every major sale."
    assert "The rule goes on [promo-notes#2]: Returns shift" in replay.answer("", cite, "", lines, rest)


def test_the_kb_factor_example_is_re_run_with_its_advice(shipped_engine):
    out = _talk(shipped_engine, _REPLAY_ASKS[1:])
    assert "the factor is 2 ÷ 5 = 0.4, so weekly platform ROAS is multiplied by 0.4" in out
    assert "re-test at least twice a year" in out


# ------------------------------------------------------------ "how many of those X would become Y": the last count × a rate
_THOSE_SHIPPED = ["we run a language school. what does a paid click usually cost us?",
                  "with 9k a month, how many clicks is that at the top of that range?",
                  "and how many of those clicks would become signups at a typical conversion rate?"]
_THOSE_TXT = ["we're a dental practice. what does a google click cost for us?",
              "we have 8000 a month. how many google clicks is that at the top of that range?",
              "how many of those clicks turn into booked patients at the usual google conversion rate for dentists?"]



def test_the_count_is_read_back_from_the_last_working_and_recomputed():
    from agent.offline import carrycount
    said = "With the Typical range:\n- $9,000 ÷ $3.50 ≈ 2,571 clicks at the top of the Typical range"
    assert carrycount.counts(said, "clicks") == [(9000 / 3.5, "$9,000 ÷ $3.50")]
    assert carrycount.counts(said, "leads") == []
    bench = {"CVR": {"label": "x CVR", "typical": "2%", "range": [2.0], "id": "t#1", "facts": []}}
    out = carrycount.applied("how many of those clicks become orders?", said, bench, ["CVR"])
    assert "2,571.43 × 2% ≈ 51 orders" in out and "[t#1]" in out


def test_those_clicks_become_signups_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, _THOSE_SHIPPED)
    assert "2,571.43 × 1.50% ≈ 39 signups" in out and "2,571.43 × 3.50% = 90 signups" in out


def test_those_clicks_become_patients_on_the_text_kb(txt_engine):
    out = _talk(txt_engine, _THOSE_TXT)
    assert "$8,000 ÷ $3.90 ≈ 2,051.28 clicks" in out and "× " in out.split("clicks\n- ")[1]


# ------------------------------------------------------------ a count a platform reports, then "what should we plan with?"
_REPORTED = {"kb": "pinterest's audience estimate shows 240k gardeners near us. what figure should we plan with?",
             "txt": "facebook claims 900 purchases for us this month. what number should we plan with?"}



def test_a_reported_count_then_which_figure_to_use_asks_for_the_kbs_adjustment():
    from agent.offline import planmath, reportedcount
    assert planmath.adjusted(_REPORTED["kb"], "multiply a platform's reported reach by 0.5 to get people") == \
        ["240,000 × 0.50 = 120,000"]
    assert reportedcount.counted_clause(_REPORTED["kb"]) == "platform's audience estimate shows gardeners near us."
    assert not planmath.adjusted("pinterest shows 240k gardeners near us, nice", "multiply a platform's reach by 0.5")


def test_the_platform_reach_deflator_is_applied_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, [_REPORTED["kb"]])
    assert "multiply a platform's reported reach by **0.60**" in out and "240,000 × 0.60 = 144,000" in out


def test_the_share_the_text_kb_credits_is_taken_of_the_claimed_count(txt_engine):
    out = _talk(txt_engine, [_REPORTED["txt"]])
    assert "40-60% of what the platform claimed" in out and "900 × 40% = 360" in out and "900 × 60% = 540" in out


# ------------------------------------------------------------ the user's own shares of a count, taken in turn
_CHAIN = {"kb": "our donor file holds 50k addresses, 70% agreed to marketing mail, and meta matches around 45%. "
                "how many real people could we reach?",
          "txt": "our customer list holds 40k emails and facebook matches about 55% of it. how many people can we "
                 "actually reach with custom audiences?"}



def test_the_users_shares_replace_an_examples_illustrative_ones():
    from agent.offline import planmath
    example = "a file of 500,000 records, 85% of which have a valid email, and a 55% platform match rate."
    assert planmath.adjusted(_CHAIN["kb"], example) == ["50,000 × 70% = 35,000", "35,000 × 45% = 15,750"]
    # a percentage said of a change is no share of the count
    assert planmath.adjusted("our list of 50k grew 10% - how many real people?", example) != ["50,000 × 10% = 5,000"]


def test_the_chain_is_worked_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, [_CHAIN["kb"]])
    assert "50,000 × 70% = 35,000" in out and "35,000 × 45% = 15,750" in out and "[first-party-data#" in out


def test_the_chain_is_worked_on_the_text_kb(txt_engine):
    out = _talk(txt_engine, [_CHAIN["txt"]])
    assert "40,000 × 55% = 22,000" in out and "40-60% of what the platform claimed" not in out


# ------------------------------------------------------------ a figure said to be the KB's: the row holding it is cited
_QUOTED = {"kb": "we sell B2B software and have 50k to spend. at the high saas figure of $350 per signup, how many "
                 "signups does that buy?",
           "txt": "we're a dental practice with 9k to spend. at the low dental figure of $3.40 per click, how many "
                  "clicks does that buy?"}



def test_only_a_figure_given_as_a_tables_column_sends_the_row_lookups():
    from agent.offline import quotedfig
    assert len(quotedfig.calls(_QUOTED["kb"], parse(_QUOTED["kb"]), "saas", {"get_benchmark"})) >= 4
    plain_ask = "we have 50k to spend. at $350 per signup, how many signups does that buy?"
    assert quotedfig.calls(plain_ask, parse(plain_ask), "saas", {"get_benchmark"}) == []


def test_the_row_holding_the_quoted_high_is_cited_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, [_QUOTED["kb"]])
    assert "$50,000 ÷ $350 ≈ 143 signups" in out and "saas CPL (cost per lead) range is $80–$180" in out
    assert "CAC" not in out and "has no" not in out  # the other rows looked up are no answer


def test_the_row_holding_the_quoted_low_is_cited_on_the_text_kb(txt_engine):
    out = _talk(txt_engine, [_QUOTED["txt"]])
    assert "$9,000 ÷ $3.40 ≈ 2,647 clicks" in out and "Google Ads 2024: $3.40-3.90 [search_cpc_benchmarks#1]" in out


# ------------------------------------------------------------ "is that worth it for us?" after a worked budget: ask the value
_WORTH = {"kb": [*_CUT_SHIPPED[:2], "is that worth it for us?"],
          "txt": [*_CUT_TXT[:2], "would this pay off for us?"]}


def test_judging_a_result_for_the_user_needs_their_value_unless_given():
    from agent.offline import worthask
    mem = remember([("our budget is 30k a month, what's the lead range on that?", [])])
    assert worthask.need(parse("is that worth it for us?"), mem)
    assert worthask.need(parse("is a $90 CPL good for us?"), mem) is None        # a figure of its own to judge
    assert worthask.need(parse("is radio worth it for us at all?"), mem) is None  # a channel judged, not the result
    mem.facts["LTV"] = 900.0
    assert worthask.need(parse("is that worth it for us?"), mem) is None         # the value is known


@pytest.mark.parametrize("kb", ["kb", "txt"])
def test_the_value_is_asked_for_on_both_kbs(kb, shipped_engine, txt_engine):
    out = _talk(shipped_engine if kb == "kb" else txt_engine, _WORTH[kb])
    assert out.startswith("To work that out I need one number from you") and ("gross profit" in out or "lifetime value" in out)


# ------------------------------------------------------------ a per-period rule over the time passed, from the last message's figure
_DECAY = [_CHAIN["kb"], "and what if that list was uploaded 5 months ago?"]
_DECAY_RULE = {"id": "lists#3", "text": "List decay\n\nA synced list loses about 2 to 3 points of match rate per month "
                                        "as addresses go stale."}


def test_the_decay_wording_is_in_no_seen_data_set():
    assert_unseen(_DECAY[1:])


def test_the_rate_runs_from_the_percentage_said_of_what_it_is_about():
    from agent.offline import periodrule
    out = periodrule.decayed("it was uploaded 4 months back", "80% opted in and the platform match rate is 50%",
                             [_DECAY_RULE])
    assert "50 − 4 × 2 = 42" in out and "50 − 4 × 3 = 38" in out and out.startswith("Based on Knowledge Base [lists#3]")
    assert periodrule.decayed("it was uploaded 4 months back", "we spend 5k a month", [_DECAY_RULE]) is None


def test_the_decay_rule_is_applied_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, _DECAY)
    assert "45 − 5 × 1.50 = 37.50" in out and "45 − 5 × 2 = 35" in out and "older than 90 days" in out


def test_no_decay_is_invented_on_the_text_kb(txt_engine):
    out = _talk(txt_engine, [_CHAIN["txt"], "and what if that list was uploaded 5 months ago?"])
    assert "5 × " not in out


def test_the_starting_figure_is_the_one_whose_own_clause_says_what_the_rule_is_about():
    from agent.offline import periodrule
    before = "our CRM file has 90k rows, about 75% consented, and the platform matches roughly 50%. reach?"
    out = periodrule.decayed("it was uploaded 4 months back", before, [_DECAY_RULE])
    assert "50 − 4 × 2 = 42" in out and "75 −" not in out
