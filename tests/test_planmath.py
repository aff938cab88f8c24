"""The planner's formulas on the user's own numbers (agent.offline.planmath)."""
from agent.offline import periodrule, planmath


def test_a_slash_split_summing_to_100_shares_the_total():
    w = planmath.work("carve up 50k 60/30/10 for us", "", None)
    assert w.lines == ["50,000 × 60% = 30,000", "50,000 × 30% = 15,000", "50,000 × 10% = 5,000"]
    assert planmath.work("what is the 60/30/10 idea?", "", None) is None
    assert planmath.work("split it 60-30-10", "", 20000.0).lines[0] == "$20,000 × 60% = $12,000"
    assert planmath.work("is 10-20 a lot", "", 20000.0) is None


def test_impressions_times_price_per_thousand():
    w = planmath.work("reach 250k homes 4 times at a $20 cpm, cost?", "", None)
    assert any("250,000 × 4 × $20 ÷ 1,000 = $20,000" in ln for ln in w.lines)


def test_the_impressions_line_is_supported_by_a_method_said_in_other_words():
    """A passage that says the method without the word "impressions" (a plain-text KB's "multiply the
    reachable audience by the planned frequency") supports each working line it is cited for — the
    product is named with its formula's terms; a wrong product under the same citation still fails."""
    from scorers import citation_support
    asked = "reach 25k homes 3 times at a $22 cpm, what do we spend?"
    w = planmath.work(asked, "", None)
    passage = {"sizing#1": "To budget awareness media, multiply the reachable audience by the planned frequency, "
                           "divide by one thousand and multiply by the CPM."}
    good = planmath.shown(w.lines, "sizing#1")
    assert "25,000 × 3 = 75,000 impressions" in good and "$1,650" in good
    for answer, ok in ((good, 1.0), (good.replace("75,000 impressions", "95,000 impressions"), 0.5)):
        out = {"response": answer, "retrieved": [{"id": "sizing#1", "source": "sizing.txt", "text": passage["sizing#1"]}]}
        assert citation_support(input=asked, output=out, expected={}, metadata={}).score == ok, answer


def test_pacing_is_actual_over_plan_and_a_bare_percent_is_placed_in_the_band():
    w = planmath.work("we were budgeted to spend $50k by now and have spent $45k — pacing ok?", "", None)
    assert "90" in w.lines[0] and w.value == 90
    w2 = planmath.work("and at 130%?", "is our pacing fine", None)
    assert w2.lines == [] and w2.value == 130
    assert planmath._brackets("Above 120% it is red.", 130) and not planmath._brackets("Between 80% and 90%.", 95)


def test_break_even_needs_the_margin_and_then_inverts_it():
    assert planmath.missing(planmath.work("what is our break-even roas", "", None))
    w = planmath.work("our margin is 50%", "what is our break-even roas", None)
    assert "1 ÷ 0.50 = 2:" in w.lines[0] or "1 ÷ 0.5 = 2:" in w.lines[0]


def test_most_to_pay_is_value_over_target_ratio_and_asks_for_what_is_missing():
    assert planmath.missing(planmath.work("what's the most we could pay per subscriber?", "", None))
    w = planmath.work("a subscriber is worth $900 to us and we aim for 4:1", "what's the most we could pay per subscriber?", None)
    assert "$900 ÷ 4 = $225" in w.lines[0]


def test_a_reported_count_times_the_quoted_multiplier():
    quoted = "Multiply tracked sales by 1.5 to estimate the real total, within a range of 1.2 to 1.8."
    lines = planmath.adjusted("the dashboard shows 1,000 sales. how many really happened?", quoted)
    assert lines[0] in ("1,000 × 1.5 = 1,500", "1,000 × 1.50 = 1,500") and "1,200" in lines[1] and "1,800" in lines[1]
    assert planmath.adjusted("how many sales did we get?", quoted) == []


def test_a_per_period_rate_moves_the_users_measured_percentage():
    quoted = "Open rates drop 0.5 to 1 point per week after a list goes cold."
    lines = periodrule.per_period("our open rate was 30% three weeks ago; where is it now?", quoted)
    assert lines == ["30 − 3 × 0.50 = 28.50 (28.50%)", "30 − 3 × 1 = 27 (27%)"]
    assert periodrule.per_period("our open rate was 30% three months ago", quoted) == []


def test_a_share_of_the_monthly_budget_from_a_yearly_total():
    quoted = "Keep at least 5% of the monthly budget for tests."
    lines = planmath.share_of_budget("we spend $240k per year. how much goes to tests?", quoted)
    assert lines == ["$240,000 ÷ 12 = $20,000 a month", "$20,000 × 5 ÷ 100 = $1,000"]
    assert planmath.share_of_budget("we spend $20k a month on tests", quoted) == []  # nothing asked


def test_a_spend_cap_question_is_not_a_per_customer_ceiling():
    assert planmath.work("what's the maximum we should spend on search this month?", "", None) is None
    assert planmath.missing(planmath.work("what's the most we can pay per signup?", "", None))
