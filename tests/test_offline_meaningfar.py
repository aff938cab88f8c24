"""Every search of a turn empty: the section nearest in meaning anywhere in the KB is searched for when it is very near
(meaningsearch.FAR) and its heading shares a word of the question — in wording of our own, on the shipped KB and on
a plain-text fixture KB; off-topic questions, questions with figures and follow-ups are not."""
from __future__ import annotations

import pytest

from agent.offline import meaningsearch
from tests.unseen_wording import assert_unseen
from tests.test_offline_meaningsearch import DECLINED, OURS_OFF, ROOT, _found, needs_encoder

NONE = frozenset()  # no document cited by the conversation's answers
SPAM = ["our email list keeps marking us as spam. what complaint level is too many",
        "a bunch of readers hit the spam button on our newsletter, when should we worry"]
HYGIENE = "our pixel fires twice on the thank-you page lately, what tracking hygiene should we keep up"
MISTAKES = "we keep making mistakes when we size our audience, which sizing mistakes are common"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(SPAM, HYGIENE, MISTAKES, CHARITY)


@needs_encoder
def test_the_shipped_kb_searches_a_very_near_section_named_after_a_word(meaning, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    for q in SPAM:
        got = meaningsearch.drawn(q, [_found(q)], NONE)
        assert got and got.endswith("the spam-complaint ceiling"), (q, got)
        assert meaningsearch.drawn(q, [_found(q, {"id": "x#1", "source": "glossary.md", "text": "…"})], NONE) is None
    assert meaningsearch.drawn("our email list keeps marking us as spam: is 0.2% too many", [_found("q")], NONE) is None


@needs_encoder
def test_the_plain_text_kb_too_and_off_topic_questions_stay_declined(meaning, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    assert meaningsearch.drawn(HYGIENE, [_found(HYGIENE)], NONE).endswith("Section 5 - Tracking Hygiene")
    assert meaningsearch.drawn(MISTAKES, [_found(MISTAKES)], NONE).endswith("Section 5 - Common Sizing Mistakes")
    assert meaningsearch.drawn("and that one, which sizing mistakes are common there?", [_found("q")], NONE) is None
    for q in [*OURS_OFF, "what's the best pizza place near our office?"]:
        assert meaningsearch.drawn(q, [_found(q)], NONE) is None, q


@pytest.mark.parametrize("q", SPAM)
def test_without_the_encoder_nothing_changes(q):
    assert meaningsearch.drawn(q, [_found(q)], NONE) is None


CHARITY = "our charity wants to know what it usually costs to sign up a new monthly giver?"


def test_an_industry_left_out_meets_no_other_business_heading(monkeypatch):
    for kb, theirs, shared in (("kb", "CAC in financial services", "Reading the Low, Typical and High columns"),
                               ("tests/fixtures/kb_txt2", "Section 1 - Saas By Contract Tier",
                                "Section 1 - Minimum Monthly Budgets By Channel")):
        monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
        secs = {s.path[-1]: s for s in meaningsearch.sections(str(ROOT / kb))}
        assert meaningsearch._other_business(CHARITY, secs[theirs]), kb
        assert not meaningsearch._other_business(CHARITY, secs[shared]), kb  # a rule for every business
        assert not meaningsearch._other_business("what does it usually cost to sign up a new customer?", secs[theirs])


@needs_encoder
def test_the_nearest_section_of_another_business_is_not_quoted(meaning, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    held = {"id": "benchmarks-financial-services#3", "source": "benchmarks-financial-services.md › CAC in financial "
            "services", "text": "CAC in financial services\nFinancial services CAC counts funded customers."}
    outcomes = [_found(CHARITY, held)]
    assert meaningsearch.query(CHARITY, outcomes, DECLINED) is None
    assert meaningsearch.read(CHARITY, outcomes, DECLINED, 3) is None
