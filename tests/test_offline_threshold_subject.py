""""How many <things> does <any subject> need before …?" asks for the count a rule sets, searched, not a calculation
needing the user's budget — whoever needs them, a pronoun or a noun phrase (agent.offline.searchq.THRESHOLD_ASK).
Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.offline import searchq
from tests.offline_turns import answer_to
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB_ASK = "how many conversions does a campaign need before target ROAS works?"
TXT5_ASK = "how many leads does each variant need before we call a winner?"


def test_the_wording_is_its_own():
    assert_unseen([KB_ASK, TXT5_ASK])


def test_the_subject_may_be_a_noun_phrase():
    assert searchq.asks_threshold(KB_ASK) and searchq.asks_threshold(TXT5_ASK)
    assert searchq.asks_threshold("how many sales do we need before we trust it?")  # the pronoun, as before
    assert not searchq.asks_threshold("how many conversions will a $9,000 budget buy at a $45 CPA?")


def test_the_shipped_kb_states_the_conversion_count(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = answer_to(shipped_engine, KB_ASK)
    assert "[channel-search#" in answer and "30 or more conversions" in answer, answer


def test_a_plain_text_kb_states_the_results_per_variant(kb_txt5_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt5"))
    answer = answer_to(kb_txt5_engine, TXT5_ASK)
    assert "[spend_guardrails_and_experiments#3]" in answer and "120 results per variant" in answer, answer
