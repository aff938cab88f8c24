"""A question in several parts — a benchmark figure and a how-to (a split, a test, pacing) — gets every
part answered or the part the knowledge base cannot answer named (agent/offline/parts.py), on both the
shipped KB and the plain-text fixture KB. The phrasings are this file's own (checked against the seen sets)."""
from __future__ import annotations

import pytest

from agent.offline import parts
from tests.offline_turns import answer_to
from tests.unseen_wording import assert_unseen

# (question, the part no tool answers, the benchmark figure on kb/, the benchmark figure on kb_txt)
MIXED = [
    ("What ROAS do ecommerce brands usually see, and how long should an A/B test run?",
     "how long should an A/B test run?", "2.5x–4.0x", "4.1-4.8x"),
    ("What CTR should an ecommerce brand expect on average? And how should we pace spend across the month?",
     "how should we pace spend across the month?", "0.9%–1.6%", "5.20%"),
    ("What conversion rate is typical for an online shop, and how do we run a holdout test?",
     "how do we run a holdout test?", "1.8%–3.2%", "2.70-3.10%"),
    ("What's a typical CPC for ecommerce? Also, how should we divide the budget between search and social?",
     "how should we divide the budget between search and social?", "$0.70–$1.30", "$1.55-1.85"),
    ("We sell online and spend about 40k a month. What CAC and ROAS should we expect, and how should we split the "
     "budget between search and social?", "how should we split the budget between search and social?",
     "2.5x–4.0x", "4.1-4.8x"),
]
SPLIT = MIXED[-1][0]
LEAD_IN = "For a shop like ours selling online, what CAC is typical, and how should we pace spend across the month?"
NOWHERE = "What's a normal ecommerce CAC, and how should we choose a tattoo artist for our mascot?"


def _quoted(answer: str) -> list[str]:
    """The answer's paragraphs quoting a passage (not a benchmark row's paragraph)."""
    return [p for p in answer.split("\n\n") if p.startswith("Based on Knowledge Base [") and "]:" in p.split("\n")[0]]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([q for q, *_ in MIXED], [p for _, p, *_ in MIXED], NOWHERE, LEAD_IN)


def test_a_message_splits_into_the_clauses_that_ask():
    assert parts.split(SPLIT) == ["What CAC and ROAS should we expect",
                                  "how should we split the budget between search and social?"]
    assert parts.split(MIXED[1][0]) == ["What CTR should an ecommerce brand expect on average?",
                                        "how should we pace spend across the month?"]
    assert parts.split(LEAD_IN) == ["what CAC is typical", "how should we pace spend across the month?"]
    assert parts.split("For a shop like ours selling online, what CAC is typical?") == ["what CAC is typical?"]
    assert parts.open_parts(SPLIT) == ["how should we split the budget between search and social?"]
    assert parts.open_parts("how long should a test run, and how much should it cost?") == []  # no tool part: read whole
    assert parts.open_parts("what's the CPC for ecommerce, and is that good?") == []  # the second judges the first
    assert parts.open_parts("is tiktok worth trying over snap? what CPM does each charge") == []  # a judgement, no how-to


@pytest.mark.parametrize("kb", ["shipped", "kb_txt"])
@pytest.mark.parametrize("question,part,fig_kb,fig_txt", MIXED)
def test_the_figure_and_the_how_to_part_are_both_answered(kb, question, part, fig_kb, fig_txt, shipped_engine,
                                                          kb_txt_engine):
    engine, figure = (shipped_engine, fig_kb) if kb == "shipped" else (kb_txt_engine, fig_txt)
    got = answer_to(engine, question)
    assert figure in got, got
    alone = _quoted(answer_to(engine, part))  # the part asked on its own is answered from a passage …
    assert alone, part
    if question != SPLIT:  # (… the split has the budget only in the whole message)
        assert alone[0] in got, got  # … and that paragraph is in the answer to the whole message
    assert _quoted(got), got


@pytest.mark.parametrize("kb,figures,cite", [
    ("shipped", ("search 40%–50%", "social platform 35%–45%"), "[step-07-channel-mix#"),
    ("kb_txt", ("Paid search including shopping: 40-50%",), "[budget_and_channel_mix#"),
])
def test_the_split_part_quotes_the_kbs_split_for_the_budget_said(kb, figures, cite, shipped_engine, kb_txt_engine):
    got = answer_to(shipped_engine if kb == "shipped" else kb_txt_engine, SPLIT)
    split = [p for p in _quoted(got) if cite in p]
    assert split and all(f in split[0] for f in figures), got
    if kb == "shipped":
        assert "under $50k per month" in split[0], got  # the band holding the 40k a month the message states


@pytest.mark.parametrize("kb", ["shipped", "kb_txt"])
def test_a_part_the_kb_does_not_answer_is_named(kb, shipped_engine, kb_txt_engine):
    got = answer_to(shipped_engine if kb == "shipped" else kb_txt_engine, NOWHERE)
    assert "how should we choose a tattoo artist for our mascot" in got, got
    if kb == "shipped":
        assert "$30–$55" in got, got  # the part it does answer is still answered


def test_a_topic_before_the_first_question_word_still_leaves_both_parts(shipped_engine):
    got = answer_to(shipped_engine, LEAD_IN)
    assert "$30–$55" in got and any("[budget-allocation-pacing#" in p for p in _quoted(got)), got


# the things asked listed before one verb, a clause borrowing the verb before it, "what's the best …", a colon lead-in
LISTED = "Our candle shop sells online on 20k a month: what CPA, ROAS and search/social split should we aim for?"
ELLIPTIC = "For our online candle shop (20k a month): what CPA and ROAS should we expect, and what search/social split?"
BEST = "We sell candles online, 80k a month. What's our expected ROAS, and what's the best split between search and social?"


def test_listed_and_verbless_asks_are_parts_of_their_own():
    assert_unseen(LISTED, ELLIPTIC, BEST)
    assert parts.split(LISTED) == ["what CPA should we aim for?", "what ROAS should we aim for?", "what search/social split?"]
    assert parts.open_parts(LISTED) == ["what search/social split?"]
    assert parts.open_parts(ELLIPTIC) == ["what search/social split?"]  # the ask after the colon, the verb borrowed
    assert parts.open_parts(BEST) == ["what's the best split between search and social?"]
    assert parts.split("what CPA and ROAS should we expect?") == ["what CPA and ROAS should we expect?"]  # all figures
    assert parts.split("which search and social platforms should we use?") == [  # nothing a tool answers: one ask
        "which search and social platforms should we use?"]
    assert parts.open_parts("what's our ecommerce CPA, and what about Meta?") == []  # "what about …" follows up


@pytest.mark.parametrize("question,band", [(LISTED, "Tier 1: under $50k per month"), (ELLIPTIC, "Tier 1: under $50k"),
                                           (BEST, "Tier 2: $50k to $250k per month")])
def test_the_split_asked_beside_figures_is_answered_from_the_budgets_band(question, band, shipped_engine):
    got = answer_to(shipped_engine, question)
    assert "2.5x–4.0x" in got and band in got and "[step-07-channel-mix#" in got, got


@pytest.mark.parametrize("question", [LISTED, ELLIPTIC])
def test_on_a_plain_text_kb_the_split_part_is_not_dropped(question, kb_txt_engine):
    got = answer_to(kb_txt_engine, question)
    assert "4.1-4.8x" in got, got  # the figure part
    assert len(_quoted(got)) >= 1 and any(w in p for p in _quoted(got) for w in ("search", "social")), got
