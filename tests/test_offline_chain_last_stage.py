"""A rate said of "those" after a funnel's second stage applies to that stage: impressions → "1% of those click" →
"2% of those join our list" counts 2% of the clicks, not of the impressions. The one reader of earlier answers' counts
(``carrycount.worked``) read only "budget ÷ price" lines, so the clicks line ("714,285.71 × 1% ≈ 7,143 clicks
[cite]") was invisible and the chain restarted from the impressions (14,286 signups instead of 143). Own wording."""
from __future__ import annotations

import pytest

from agent.offline.carrycount import worked
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen


@pytest.mark.parametrize("cite", ["benchmarks-ecommerce#0", "social_platform_benchmarks#1"])  # kb/'s and a plain-text KB's ids
def test_a_count_taken_at_a_rate_is_read_cited_or_not(cite):
    answer = (f"Working:\n- $9,000 ÷ $12 × 1,000 = 750,000 impressions [{cite}]\n- 750,000 × 2% = 15,000 clicks [{cite}]\n"
              "- 15,000 × 4% = 600 signups")
    got = [(round(n, 2), unit) for n, _, unit, _ in worked(answer)]
    assert got == [(750000.0, "impressions"), (15000.0, "clicks"), (600.0, "signups")]


def test_the_third_stage_counts_the_second_on_the_shipped_kb(shipped_engine, monkeypatch):
    messages = ["we're an online aquarium supply shop with 12000 for meta this month. how many impressions is that?",
                "and if 1% of those click, how many clicks?",
                "and if 3% of those join our mailing list, how many signups?"]
    assert_unseen(messages)
    got = answer_on(shipped_engine, messages, monkeypatch)
    assert "× 3% ≈ 257 signups" in got and "× 3% = 450 signups" in got, got[:700]
