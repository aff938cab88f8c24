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


def test_a_range_said_with_to_and_the_later_result_in_another_form_of_its_word():
    # kb_txt11's caterers (a price "$46 to $63", an "inquiry-to-booking rate") and kb_txt7's wording of a sea trial
    kbmetrics.declare([])
    price = ("Based on Knowledge Base, the Farm-To-Table Caterers cost per qualified inquiry figures are: no platform named "
             "(blended) 2025: $46 to $63 [caterers#1].")
    rate = "Based on Knowledge Base, the Caterer Profile inquiry-to-booking rate figures are: no platform named (blended): 26% [caterers#2]."
    got = stepcost.work("at the more expensive inquiry figure, what would each booked wedding set me back?", [price, rate])
    assert got and "$63 ÷ 0.26 = $242.31" in got and "$46 ÷" not in got, got
    dear = PRICE.replace("$120-150", "$120 to $150")
    got = stepcost.work("on the expensive side of the trial price, what are sales costing us?", [dear, RATE])
    assert got and "$150 ÷ 0.10 = $1,500" in got, got
    assert stepcost.work("what would each booked wedding set me back?", [price]) is None  # no rate quoted
