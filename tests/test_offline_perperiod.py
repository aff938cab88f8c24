"""A terse period ask after a working ("per day?", "the campaign is 8 weeks, per week?") restates the last
working's results per that period, with the conversion said once and both ends kept (agent.offline.perperiod)."""
from agent.offline import perperiod

_ANSWER = ("With the Typical retail CPC (cost per click) range of $0.50–$1.10 (Based on Knowledge Base [benchmarks-retail#0]):\n"
           "- $6,000 ÷ $1.10 ≈ 5,455 clicks at the top of the Typical range\n"
           "- $6,000 ÷ $0.50 = 12,000 clicks at the bottom of the Typical range\n\nMore prose [benchmarks-retail#4]")
_USERS = ["we sell garden tools, what's a click cost", "we spend 6k a month, how many clicks"]


def test_terse_period_asks_are_read_and_others_are_not():
    assert perperiod.asked("per day?")[0] == "day"
    assert perperiod.asked("ok so what's that weekly")[0] == "week"
    assert perperiod.asked("the promo runs 8 weeks, per week?")[:2] == ("week", (8, "week"))
    assert perperiod.asked("and per day across the 5 weeks")[:2] == ("day", (5, "week"))
    assert perperiod.asked("per week whats that in leads")[2] == "leads"
    assert perperiod.asked("what's the cost per day for a billboard in texas") is None
    assert perperiod.asked("we need 40 leads a month, what would that cost") is None


def test_month_budget_results_per_day_both_ends():
    out = perperiod.reply("per day?", _USERS, ["hi", _ANSWER])
    assert "a month counted as 30 days" in out and "[benchmarks-retail#0]" in out
    assert "$6,000 ÷ $1.10 ÷ 30 ≈ 181.82 clicks a day" in out and "$6,000 ÷ $0.50 ÷ 30 ≈ 400 clicks a day" in out


def test_stretch_said_now_and_quarter_to_month_and_month_to_year():
    assert "÷ 56 ≈" in perperiod.reply("the flight runs 8 weeks. per day?", _USERS, ["hi", _ANSWER])
    q = ["what's a click cost", "we have 18k for the quarter, clicks?"]
    assert "$6,000 ÷ $0.50 ÷ 3 ≈ 4,000 clicks a month" in perperiod.reply("per month?", q, ["hi", _ANSWER])
    assert "× 12 ≈ 144,000 clicks a year" in perperiod.reply("per year?", _USERS, ["hi", _ANSWER])
    assert "× 12 ÷ 52" in perperiod.reply("so whats that per week", _USERS, ["hi", _ANSWER])


def test_no_period_known_or_no_working_answers_nothing():
    assert perperiod.reply("per day?", ["what's a click cost", "we have 6k, clicks?"], ["hi", _ANSWER]) is None
    assert perperiod.reply("per day?", _USERS, ["hi", "Based on Knowledge Base [x#0]: prose only."]) is None


def test_a_retimed_answer_is_retimed_again_from_its_base_figures():
    first = perperiod.reply("per day?", _USERS, ["hi", _ANSWER])
    again = perperiod.reply("and weekly?", _USERS + ["per day?"], ["hi", _ANSWER, first])
    assert "÷ 30 × 12" not in again and "$6,000 ÷ $0.50 × 12 ÷ 52" in again


def test_unit_named_picks_the_answer_counting_it_at_the_budget_in_force():
    full = "With the Typical travel CAC range of $40–$85 (Based on Knowledge Base [benchmarks-travel#0]):\n" \
           "- $4,000 ÷ $80 = 50 guests at the top of the Typical range"
    half = full.replace("$4,000 ÷ $80 = 50", "$2,000 ÷ $80 = 25")
    users = ["a guest's cost?", "4k for the season, guests?", "half that?", "back to 4k, revenue?"]
    said = ["x", full, half, "Here is the calculation:\n- $4,000 ÷ $500 = 8 sales"]
    out = perperiod.reply("the season is 10 weeks. per week whats that in guests", users + ["q"], said + ["y"], 4000.0)
    assert "$4,000 ÷ $80 ÷ 10 ≈ 5 guests a week" in out and "$2,000" not in out


def test_a_chained_working_is_retimed_with_every_input_in_one_line():
    chained = ("With the Typical ecommerce CVR range of 1.8%–3.2% (Based on Knowledge Base [benchmarks-ecommerce#0]):\n"
               "- $12,000 ÷ $1.30 ≈ 9,231 clicks at the top of the CPC range\n"
               "- 9,231 × 1.8% ≈ 166 orders at the bottom of the CVR range")
    out = perperiod.reply("per day?", ["x", "12k a month, orders?"], ["y", chained])
    assert "- $12,000 ÷ $1.30 × 1.8% ÷ 30 ≈ 5.54 orders a day" in out and "$12,000 ÷ $1.30 ≈ 9,231 clicks" in out


def test_a_period_after_an_answer_without_working_reaches_no_older_one():
    assert perperiod.reply("per day?", _USERS + ["and the buy rate?"], ["hi", _ANSWER, "Based on Knowledge Base [x#0]: 2%."]) is None
