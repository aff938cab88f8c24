"""A bare "<noun phrase> here, …" opening names the asker's business when the business machinery says the phrase
names one (agent.offline.selfintro) — not only when it ends in "shop" or "clinic" — and a person's experience
("newbie here", tests/test_offline_probe_abst.py) still names none. Wording of our own."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.business import business
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
ASK = "card issuer here - roughly what does one approved application run us?"
NOT_A_BUSINESS = ["first timer here, what is a good ctr", "long-time lurker here, quick q: normal cpm?",
                  "media buyer here, whats a fair cpm", "cat owner here, what does a click cost"]


def test_the_wording_is_its_own():
    assert_unseen([ASK, "franchise owner here, typical cost per click?", "realtor here, what do leads go for",
                   *NOT_A_BUSINESS])


@pytest.mark.parametrize("kb", ["kb", "tests/fixtures/kb_txt2"])
def test_a_trade_named_by_another_noun_is_the_business(kb, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
    assert business(ASK).phrase == "card issuer"  # the KB writes "card issuers" where it states their figures
    assert business("franchise owner here, typical cost per click?").phrase == "franchise"  # what is owned
    assert business("realtor here, what do leads go for").phrase == "realtor"  # the vocabulary's (uncovered) business
    assert [business(t) for t in NOT_A_BUSINESS] == [None] * len(NOT_A_BUSINESS)


def test_the_shipped_kb_answers_the_card_issuer_from_its_financial_services_row(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ASK)
    assert any(c["name"] == "get_benchmark" and c["input"].get("vertical") == "card issuer" for c in turn.tool_calls)
    assert "[benchmarks-financial-services#" in turn.assistant, turn.assistant


def test_a_plain_text_kb_answers_the_card_issuer_from_its_credit_cards_rows(kb_txt2_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(ASK).assistant
    assert "Credit Cards" in answer and "$165-190" in answer, answer
