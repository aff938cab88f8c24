"""What one later result costs, from the price of the step before it and the step-to-step rate the conversation
quoted (agent.offline.stepcost): cost per later result = cost per earlier step ÷ the rate. Wordings of our own, on
the agent's own benchmark sentences (no engine: the module reads the earlier answers)."""
from __future__ import annotations

from agent.offline import kbmetrics, stepcost

PRICE = ("Based on Knowledge Base, the Boat Dealers cost per sea trial figures are: no platform named (blended): "
         "$120-150 [marine#2].")
RATE = "Based on Knowledge Base, the Boat Dealers trial-to-sale rate figures are: no platform named (blended): 10-12% [marine#2]."


def test_the_later_result_is_the_price_over_the_rate_at_the_ends_named():
    kbmetrics.declare([])
    got = stepcost.work("at the dearest trial and the weakest close rate, what does one sale run us?", [PRICE, RATE])
    assert "$150 ÷ 0.10 = $1,500" in got and "[marine#2]" in got and "$120 ÷" not in got


def test_no_end_named_works_both_ends():
    kbmetrics.declare([])
    got = stepcost.work("so what is a sale costing us then?", [PRICE, RATE])
    assert "$120 ÷ 0.12 = $1,000" in got and "$150 ÷ 0.10 = $1,500" in got


def test_nothing_worked_without_both_figures_or_for_another_result():
    kbmetrics.declare([])
    assert stepcost.work("what does one sale cost?", [PRICE]) is None  # no rate quoted
    assert stepcost.work("what does one lease cost?", [PRICE, RATE]) is None  # not the rate's later result
    assert stepcost.work("how many sales is that?", [PRICE, RATE]) is None  # no price asked
    assert stepcost.work("and at $90 a trial, what does a sale cost?", [PRICE, RATE]) is None  # the user's own figure


def test_the_most_one_may_pay_is_no_cost_worked():
    kbmetrics.declare([])
    assert stepcost.work("what's the most we should be willing to pay for a sale?", [PRICE, RATE]) is None
