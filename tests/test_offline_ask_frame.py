"""The frame a question is asked in ("how should we decide whether …", "… worth booking") names no topic: a search
that found nothing with it is retried without it, and the reader looks for the question's words without the frame
verbs (agent.offline.askframe). Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.offline import askframe, searchq
from agent.offline.toolread import ToolOutcome
from tests.offline_turns import answer_to
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
TXT5_ASK = "how should we decide whether a trade show is worth booking?"
KB_ASK = "how do we decide if a podcast is worth renewing?"


def _empty(query: str) -> ToolOutcome:
    return ToolOutcome("search_knowledge_base", {"query": query}, "No knowledge-base passage answers this query.", False)


def test_the_wording_is_its_own():
    assert_unseen([TXT5_ASK, KB_ASK])


def test_the_frame_taken_off():
    assert askframe.without(TXT5_ASK) == "a trade show booking?"
    assert askframe.frameless(TXT5_ASK) == "a trade show is worth booking?"  # the verdict asked for stays
    assert askframe.without("how much does a trade show cost?") == "how much does a trade show cost?"
    assert askframe.frameless("can you tell me if CTV works?") == "can you tell me if CTV works?"  # no "how … tell if"


def test_an_empty_search_is_retried_without_the_frame_last():
    assert searchq.retry(TXT5_ASK, [_empty(TXT5_ASK)]) == "a trade show booking?"
    assert searchq.retry("how do we decide if a trade show is worth it?", [_empty("x")]) == \
        "how do we decide if a trade show is worth it?"  # the message as typed comes first


def test_a_plain_text_kb_quotes_its_rule_for_booking_a_show(kb_txt5_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt5"))
    answer = answer_to(kb_txt5_engine, TXT5_ASK)
    assert "[spend_guardrails_and_experiments#0]" in answer and "8 first meetings" in answer, answer


def test_the_shipped_kb_still_answers_a_framed_question_from_its_playbook(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = answer_to(shipped_engine, KB_ASK)
    assert "[channel-audio#" in answer and "three to five shows" in answer, answer
