"""A KB multiplier applied to a figure the user *states* before asking (agent/offline/rulecalc.py):
"our median lag is 9 days. how long must the test run?" — not only "if X is N, what …?". Wording of
this file's own, checked against every seen data set."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, rulecalc
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_ASKS = {"our typical lag from first click to purchase is 9 days. how long does our test need to run?": "9 × 1.5 = 13.50",
         "expected CPA on meta is $35 for us. what weekly budget does each ad set need?": "$35 × 50 = $1,750",
         "break-even iROAS for us is 1.6. at what marginal iROAS should we scale?": "1.60 × 1.2 = 1.92"}


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_ASKS)


def test_a_stated_figure_then_a_question_asks_to_apply_a_rule():
    assert rulecalc.applies("our churn window is 45 days. how long should the holdout last?")
    assert not rulecalc.applies("what is 1.5 times the lag rule?")          # no figure of the user's
    assert not rulecalc.applies("the report shows 9 rows. thanks!")          # nothing asked


def test_the_factor_is_of_what_the_users_figure_is():
    rule = "Cap frequency at 1.3 times the weekly reach goal for prospecting."
    assert rulecalc.apply("our weekly reach goal is 40,000 people. what cap then?", rule) == \
        "Applied to your figure: 40,000 × 1.3 = 52,000."
    assert rulecalc.apply("our CPC is $2. what cap then?", rule) is None  # a factor of another quantity


def test_a_rule_in_another_retrieved_passage_is_quoted_with_the_working():
    passages = [{"id": "x#1", "text": "Notes\n\nSpend caps matter."},
                {"id": "x#2", "text": "Rule\n\nCap frequency at 1.3 times the weekly reach goal for prospecting."}]
    out = rulecalc.apply("our weekly reach goal is 40,000 people. what cap then?", "Spend caps matter.", passages)
    assert out.startswith("Based on Knowledge Base [x#2]: Cap frequency") and out.endswith("40,000 × 1.3 = 52,000.")


@pytest.fixture(scope="module")
def say(shipped_engine):
    executor = ToolExecutor(shipped_engine)
    return lambda text: ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3).send(text).assistant


@pytest.mark.parametrize("text,line", list(_ASKS.items()))
def test_the_kb_rule_is_applied_to_the_stated_figure(say, text, line):
    assert line in say(text)


def test_a_ratio_value_is_no_multiplier_and_the_figure_whose_clause_fits_is_used():
    quote = "If a platform reports 4.0x ROAS while a geo test measured 1.5x iROAS, the factor is 1.5 ÷ 4.0."
    q = "snapchat shows 5.2x but our holdout read 2.1x iROAS. what do we multiply by?"
    assert_unseen(q)
    assert rulecalc.apply(q, quote) is None
    rule = "The exposure period must last at least 1.5 times the median lag between first ad interaction and conversion."
    q2 = "we're trialling three landing pages on signups. the median lag to signup is 6 days - how long should it run"
    assert_unseen(q2)
    assert rulecalc.apply(q2, rule) == "Applied to your figure: 6 × 1.5 = 9."


def test_an_amount_earmarked_is_a_budget():
    from agent.offline.parse import parse
    q = "we've set 90k earmarked for audio and the network quoted an $18 CPM. how many impressions is that"
    assert_unseen(q)
    p = parse(q)
    assert p.calc is not None and p.calc.op == "div" and [n.role for n in p.numbers][0] == "budget"
