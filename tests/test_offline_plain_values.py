"""Asked what a quantity should be, a section stating usual values (a range, a bound) and working nothing out is
quoted, not a nearby rule section that agent.offline.workedcase.rule_first used to put ahead of it as if those values
were a worked example's result. Wording of our own."""
from __future__ import annotations

from pathlib import Path

from tests.offline_turns import answer_to
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB_ASK = "if we only upload emails, what match rate should we plan on?"
KB_BOUND_ASK = "how many conversions does target CPA bidding need before it is stable?"  # "30 or more": a bound too
TXT3_ASK = "come the middle of the month, how much of the monthly money should be out the door?"


def test_the_wording_is_its_own():
    assert_unseen([KB_ASK, KB_BOUND_ASK, TXT3_ASK])


def test_the_shipped_kb_quotes_the_usual_match_rates_not_the_decay_rule(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = answer_to(shipped_engine, KB_ASK)
    assert "[first-party-data#4]" in answer and "40%–70%" in answer, answer
    assert "no email figure" not in answer, answer
    answer = answer_to(shipped_engine, KB_BOUND_ASK)
    assert "[channel-search#7]" in answer and "30 or more conversions" in answer, answer


def test_a_plain_text_kb_quotes_its_pacing_targets_not_its_minimum_spends(kb_txt3_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    answer = answer_to(kb_txt3_engine, TXT3_ASK)
    assert "[spend_and_pacing_rules#1]" in answer and "45%" in answer and "55%" in answer, answer
