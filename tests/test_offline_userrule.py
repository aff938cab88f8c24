"""Rules stated in words applied to the user's own figures (agent/offline/userrule.py), and a platform
named by name meeting a worked example's "a platform" (agent/offline/replay.py). Own wording throughout."""
from __future__ import annotations

from agent.offline import planmath, replay, rulecalc, userrule
from tests.unseen_wording import assert_unseen

_GAP = {"id": "calib-notes#4", "text": (
    "Model versus test\n\nRULE-RECAL is the house policy for model and test disagreements. It triggers when the "
    "attribution model's return for a channel departs from the latest holdout's estimate by more than a factor of "
    "three either way. The holdout then overrides the model until the next refit.")}
_WITHIN = {"id": "bid-notes#2", "text": (
    "Bid spreads\n\nKeep the highest keyword bid within 4 times the lowest bid in the same ad group, or the "
    "auction favours a few terms.")}
_FACTOR = {"id": "lift-notes#7", "text": (
    "Scaling dashboards\n\nA correction factor turns dashboard returns into causal ones. If a platform reports "
    "5.0x over the period in which a holdout measured 2.0x, the factor is 2.0 ÷ 5.0 = 0.4. Multiply the dashboard "
    "figure by 0.4 until the next holdout.")}
_ASKS = {
    "gap": "the attribution model credits tiktok with 7x while the holdout says 1.5x - should the model be trusted?",
    "close": "the attribution model credits tiktok with 2.4x and the holdout says 1.6x; which do we go with?",
    "bids": "our top bid in the group is $9 and the bottom one is $1.50. is that spread ok?",
    "one figure": "the attribution model credits tiktok with 7x. is that believable?",
    "factor": "pinterest dashboard says 6x, our holdout measured 1.5x. what do we multiply the dashboard by?",
}


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_ASKS.values())


def test_two_multiples_are_set_against_a_stated_factor_threshold():
    out = userrule.ratio(_ASKS["gap"], [_GAP])
    assert out.startswith("Based on Knowledge Base [calib-notes#4]: RULE-RECAL is the house policy")  # "It triggers…" names it
    assert "overrides the model" in out
    assert "- 7 ÷ 1.5 = 4.67: more than the factor of 3 the rule names [calib-notes#4]" in out
    assert "within the factor of 3" in userrule.ratio(_ASKS["close"], [_GAP])


def test_two_prices_against_a_within_n_times_rule():
    out = userrule.ratio(_ASKS["bids"], [_WITHIN])
    assert "$9 ÷ $1.50 = 6: more than the factor of 4" in out


def test_no_ratio_without_two_figures_of_one_kind_or_without_shared_words():
    assert userrule.ratio(_ASKS["one figure"], [_GAP]) is None
    assert userrule.ratio(_ASKS["bids"], [_GAP]) is None  # the rule is about models and holdouts, not bids


def test_a_platform_named_by_name_meets_an_examples_platform():
    cite, _, lines, _ = replay.rerun(_ASKS["factor"], [_FACTOR])
    assert cite == "lift-notes#7" and lines == ["the factor is 1.5 ÷ 6 = 0.25, so multiply the dashboard figure by 0.25 until the next holdout."]


_TARGET = {"id": "unit-costs#1", "text": (
    "UNIT COSTS\n\nWhat a client is worth caps what to pay for one. The ceiling acquisition cost equals the gross "
    "profit of a client's first year; the target acquisition cost sits at 50-75% of that ceiling to leave a buffer.")}


def test_a_value_said_before_takes_the_kbs_stated_share_at_each_end():
    before, now = "one install job nets us roughly 220 dollars of profit", "what's the highest we'd pay to get a single install?"
    assert_unseen(before, now)
    w = planmath.allowable(now, before)
    assert w is not None and w.base == 220 and not w.lines  # no ratio asked for: the KB's rule supplies it
    quote, lines, cite = userrule.share_of(w.base, True, [_TARGET], f"{now} {w.search}")
    assert cite == "unit-costs#1" and quote.startswith("Based on Knowledge Base [unit-costs#1]: The ceiling acquisition")
    assert lines == ["$220 × 50% = $110", "$220 × 75% = $165"]
    assert userrule.share_of(220, True, [_WITHIN], f"{now} {w.search}") is None  # no share stated: nothing applied


def _notes(pid: str, heading: str, *text: str) -> dict:
    return {"id": pid, "text": f"{heading}\n\n{''.join(text)}"}


_COUPON = _notes("radio-notes#5", "Worked example: sponsored segments",
                 "A shop spends $9,000 on sponsored segments at a $25 CPM: $9,000 ÷ $25 × 1,000 = 360,000 listens. ",
                 "Coupon redemptions show 60 sales, a coupon CPA of $9,000 ÷ 60 = $150. Applying the 3 uplift factor ",
                 "gives 60 × 3 = 180 likely sales and a corrected CPA of $9,000 ÷ 180 = $50.")
_COUPON_RULE = _notes("radio-notes#2", "Coupon undercount",
                      "Coupons miss most buyers, so the house rule is to multiply coupon sales by 3 before judging a sponsorship.")


def test_an_example_runs_without_the_steps_whose_figure_the_user_lacks_and_quotes_its_factors_rule():
    q = "we put 12k into sponsored segments and coupons logged 80 sales. what did a sale really cost us?"
    assert_unseen(q)
    cite, rule, lines, _ = replay.rerun(q, [_COUPON, _COUPON_RULE])
    # no CPM given: the listens step is left out; "the 3 uplift factor" is the rule's, not an input
    assert cite == "radio-notes#5" and lines == ["$12,000 ÷ 80 = $150", "80 × 3 = 240 likely sales", "$12,000 ÷ 240 = $50"]
    assert rule.startswith("Based on Knowledge Base [radio-notes#2]: Coupons miss most buyers")
    out = replay.answer("", cite, rule, lines)
    assert out.startswith(rule) and "- 80 × 3 = 240 likely sales [radio-notes#5]" in out


def test_a_cost_of_the_users_own_spend_and_count_also_searches_the_kbs_rules():
    from agent.offline import OfflineAgent
    agent = OfflineAgent()
    agent.steps, agent.framework = {}, set()
    before = ["we run a chain of pottery studios in ohio, and we sell kits online. whats a normal cpc for us?"]
    now = "we put 8k into newsletter sponsorships and the tracking link shows 40 bookings. what was our true cost per booking?"
    assert_unseen(before, now)
    calls = agent.plan(now, before, {"search_knowledge_base", "get_benchmark"})
    assert [n for n, _ in calls] == ["get_benchmark", "search_knowledge_base"]


_SOAK = ("Campaign length: run the flight for at least 2 times the typical buying cycle, with 21 days as the floor; "
         "then keep reporting for one further buying cycle once spend stops. Longer flights cost more.")


def test_a_multiplier_rules_floor_and_one_further_period_on_the_users_figure():
    q = "our typical buying cycle is 6 days. what's the shortest flight we can run?"
    assert_unseen(q)
    assert rulecalc.apply(q, _SOAK) == ("Applied to your figure: 6 × 2 = 12; 12 is below the rule's floor of 21, so 21; "
                                        "21 + 6 = 27 with one further buying cycle.")
    q = "our typical buying cycle is 15 days. what's the shortest flight we can run?"
    assert rulecalc.apply(q, _SOAK) == "Applied to your figure: 15 × 2 = 30; 30 + 15 = 45 with one further buying cycle."


def test_a_multiplier_spelled_in_words_is_applied():
    rule = "A retargeting pool should hold roughly three hundred times the daily visitors before it is switched on."
    q = "we get about 40 daily visitors. what pool size do we need before retargeting?"
    assert_unseen(q)
    assert rulecalc.apply(q, rule) == "Applied to your figure: 40 × 300 = 12,000."


def test_a_reported_count_takes_the_quoted_share_of_what_was_claimed():
    quoted = ("Based on Knowledge Base [tests-notes#3]: In past holdouts, display was credited with 25–35% of what "
              "the platform claimed; email with most of it.")
    q = "linkedin claimed 240 signups this quarter. how many did the ads really drive?"
    assert_unseen(q)
    assert planmath.adjusted(q, quoted) == ["240 × 25% = 60", "240 × 35% = 84"]
    assert planmath.adjusted("our crm claimed 240 signups. how many were really new?", "Nothing here is 25% of it.") == []
