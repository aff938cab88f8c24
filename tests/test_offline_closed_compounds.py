"""A KB's closed compound the user writes as two words ("pay back" for "payback", "base line" for "baseline", "on
boarding" for "onboarding") is found and answered from its section by the offline agent — the search engine adds
the KB's term (:mod:`rag.joins`), and the reader and its focus gate read the compound in place of the words typed
(:mod:`agent.offline.aswritten`) — on kb/ and on a plain-text KB; the same split words off the KB's topic stay
declined. Every question here is worded for this file (checked below); each answered one was declined, asked for
a figure or answered from another section before, and the library and costume questions were answered from a
passage that shares "check" or "look" (read as the KB's one word, the question shares too little with it)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_offline_declines import _scored
from tests.unseen_wording import assert_unseen

KB, TXT2 = "shipped_engine", "kb_txt2_engine"
ROOT = Path(__file__).resolve().parents[1]

# (engine, question, the file the cited passage must come from, words the answer must hold)
ANSWERED = [
    (KB, "roughly how long should a new customer take to pay back?", "step-02-unit-economics", "payback"),
    (KB, "which on boarding paths can a crm file take?", "first-party-data", "CRM"),
    (KB, "how should budget move between day parts on ctv?", "channel-ctv", "dayparts"),
    (KB, "what goes wrong when we switch check out provider?", "step-10-risk-contingency", "checkout"),
    (TXT2, "in how many months should a customer pay back what we paid to get them?", "budget_rules_and_ratios",
     "Payback period"),
    (TXT2, "what's an acceptable pay back period?", "budget_rules_and_ratios", "Payback period"),
    (TXT2, "what does the clickthrough rate do to cpc?", "social_and_video_platform_costs", "click-through"),
    # a closed word the KB writes hyphenated is not a subject the cited text leaves unsaid
    (TXT2, "how much do nonskippable spots cost per thousand?", "social_and_video_platform_costs", "Non-skippable"),
]
DECLINED = [
    (KB, "what's my base line salary going to be?"),
    (KB, "where do I check out books at the library?"),
    (KB, "what's a good look alike costume for a party?"),
    (TXT2, "how do I pay back a friend quickly?"),
    (TXT2, "where can I check out cheap flights?"),
]


@pytest.fixture(autouse=True)
def _scorer_reads_the_kb_asked(request, monkeypatch):
    kb = request.node.callspec.params.get("kb") if hasattr(request.node, "callspec") else None
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / ("tests/fixtures/kb_txt2" if kb == TXT2 else "kb")))


def test_a_question_is_read_as_the_cited_text_writes_it():
    from agent.offline.aswritten import in_text
    assert in_text("do nonskippable spots and the base line cost more?", "Non-skippable ads move the baseline") == \
        "do non-skippable spots and the baseline cost more?"
    assert in_text("a sign-up page", "sign-ups") == "a sign-up page"  # hyphenated already


def test_a_closed_word_the_kb_writes_hyphenated_is_no_slip():
    from agent.offline.spelling import read
    txt3 = str(ROOT / "tests" / "fixtures" / "kb_txt3")  # writes "check-in" and "pre-filled"
    assert read("does a checkin count, and are prefilled forms cheap?", txt3) == \
        "does a checkin count, and are prefilled forms cheap?"  # not "checking", "refilled"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([q for _, q, _, _ in ANSWERED], [q for _, q in DECLINED])


@pytest.mark.parametrize("kb,question,source,holds", ANSWERED)
def test_answered_from_the_compounds_section(kb, question, source, holds, request):
    score, said = _scored(request.getfixturevalue(kb), question, False)
    assert score == 1.0 and f"[{source}#" in said and holds in said, said


@pytest.mark.parametrize("kb,question", DECLINED)
def test_split_words_off_the_topic_stay_declined(kb, question, request):
    score, said = _scored(request.getfixturevalue(kb), question, True)
    assert score == 1.0, said
