"""A split asked for a stated amount is worked from the split any retrieved passage states, not only one of the first
six: "plan a search/social split" for a $50,000 budget ranked the KB's 70/20/10 sentence 8th on kb/ (the channel
words pull the channel pages up), so the answer quoted the search page and divided nothing. Wording of our own."""
from __future__ import annotations

import pytest

from agent.offline import splitrule
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

FILLER = "SECTION {n} - NOTES\nRule {n}: keep the tracking sheet current and review it with the client every week."
SPLIT = "SECTION 9 - BUDGET SHARES\nRule S1: put 60% into the proven programs, 30% into scaling tests and 10% into new ideas."


@pytest.mark.parametrize("rank", [0, 6, 7])
def test_the_split_is_found_in_any_retrieved_passage(rank):
    """Plain-text passages (the kb_txt convention): the split stated by the passage at ``rank`` is applied."""
    passages = [{"id": f"notes#{n}", "text": FILLER.format(n=n)} for n in range(8)]
    passages[rank] = {"id": "budget_rules#3", "text": SPLIT}
    got = splitrule.apply("draw up a split of our 40000 across the programs", "", passages)
    assert got and "[budget_rules#3]" in got and "$40,000 × 60% = $24,000" in got and "$40,000 × 10% = $4,000" in got


def test_a_plan_asked_as_an_order_gets_the_split_applied_on_the_shipped_kb(shipped_engine, monkeypatch):
    message = "we're an online home decor shop with a 40000 budget, plan a search/social split"
    assert_unseen(message)
    got = answer_on(shipped_engine, [message], monkeypatch)
    assert "$40,000 × 70% = $28,000" in got and "$40,000 × 10% = $4,000" in got, got[:600]


def test_shares_that_name_nothing_are_no_split_and_and_ends_a_share():
    assert splitrule._shares("Pulses of $200,000 run 50% / 25% / 25% to give $100,000 for the launch.") == []
    assert [s for s, _ in splitrule._shares("We put 55% into search, 35% into social and 10% into tests.")] == [55, 35, 10]


@pytest.mark.parametrize("first,expected", [
    ("our yoga studio has a 20000 budget, draft a social/search split", "a 35000 budget"),
    ("our yoga studio has a $20,000 budget, draft a social/search split", "a $35,000 budget"),
])
def test_a_redo_writes_the_new_budget_as_the_old_one_was_written(first, expected):
    from agent.offline import redo

    got = redo.restated("budget is 35000 now, redo it", (first, "Based on Knowledge Base [x#1]: …", []))
    assert got and expected in got, got


def test_the_issue_s_redo_applies_the_split_to_the_new_budget(shipped_engine, monkeypatch):
    messages = ["we're an online home decor shop with a 40000 budget, plan a search/social split",
                "scratch that, the budget went up to 90000. redo it."]
    assert_unseen(messages)
    got = answer_on(shipped_engine, messages, monkeypatch)
    assert "$90,000 × 70% = $63,000" in got and "$90,000 × 10% = $9,000" in got, got[:600]


def test_shares_stated_as_ranges_are_worked_at_both_ends():
    """A quoted rule giving each channel a range of the budget ("paid search 45%-55%, social ads 25%-35%") on the user's
    amount: each end worked; an amount said as a bound ("under 40000") is no budget to divide."""
    quoted = "Rule B2: paid search 45%-55%, social ads 25%-35%, the rest held back for tests."
    got = splitrule.apply("we've got 20000 a month to divide between channels", quoted, [])
    assert got == ("Applied to your figure: $20,000 × 45% = $9,000 to $20,000 × 55% = $11,000 (paid search); "
                   "$20,000 × 25% = $5,000 to $20,000 × 35% = $7,000 (social ads)."), got
    assert splitrule.apply("with under 40000 a month how do we divide it between channels", quoted, []) is None


def test_the_shipped_kbs_tier_shares_are_worked_on_the_budget(shipped_engine, monkeypatch):
    message = "there's 36000 a month for ads here, draw up a search/social split"
    assert_unseen(message)
    got = answer_on(shipped_engine, [message], monkeypatch)
    assert "$36,000 × 40% = $14,400 to $36,000 × 50% = $18,000 (search)" in got, got[-600:]


def test_a_list_of_shares_is_worked_whole_from_the_line_quoted():
    """A plain-text KB lists one split per objective, a line a part; the reader quotes the line that matched. The
    whole list that line comes from is worked, under its caption; another list of the passage is not."""
    passage = {"id": "mix_rules#2", "text": "Start here and move money after a month.\n\nSTORES SELLING ONLINE\n"
               "- Paid search: 50-60%\n- Paid social: 25-30%\n- Test reserve: 10%\n\nNEW LAUNCHES\n- Paid social: 40-50%\n"
               "- Online video: 20-30%\n- Test reserve: 10%"}
    quoted = "Based on Knowledge Base [mix_rules#2]: Start here and move money after a month. Paid search: 50-60%."
    got = splitrule.apply("we have 8000 a month, how do we split it", quoted, [passage])
    assert got == ("Applied to your figure (the split listed for stores selling online): $8,000 × 50% = $4,000 to "
                   "$8,000 × 60% = $4,800 (Paid search); $8,000 × 25% = $2,000 to $8,000 × 30% = $2,400 (Paid social); "
                   "$8,000 × 10% = $800 (Test reserve)."), got


def test_the_plain_text_kbs_listed_split_is_worked_on_the_budget(kb_txt_engine, monkeypatch):
    message = "our monthly ad money is 24000 - how do we split it across channels?"
    assert_unseen(message)
    got = answer_on(kb_txt_engine, [message], monkeypatch, "tests/fixtures/kb_txt")
    # no objective said, and the KB lists a different split for each: which one is asked (test_offline_caption_splits)
    assert "Which of these is yours" in got and "Online sales for an established store" in got, got[-700:]
    got = answer_on(kb_txt_engine, [message, "lead generation for a local service business"], monkeypatch, "tests/fixtures/kb_txt")
    assert "Applied to your figure (the split listed for" in got and "$24,000 × 10% = $2,400 (Test reserve)" in got, got[-700:]
