"""The offline agent on what the sixth stranger KB (tests/fixtures/kb_txt6) still got wrong after its first fixes:
each reading rule checked on kb_txt6 and on another KB (kb_txt5) or in other wordings."""
from __future__ import annotations

from pathlib import Path

from agent.offline.ageswap import restated
from tests.offline_turns import turns

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _ask(monkeypatch, engine, folder: str, *messages: str) -> list[str]:
    """The agent's answers to ``messages`` in one conversation, with its whole-KB readers serving ``folder``."""
    monkeypatch.setenv("MPA_KB_DIR", str(FIXTURES / folder))
    return [answer for answer, _ in turns(engine, list(messages))]


def test_kb_txt6_follow_up_changing_only_the_age(monkeypatch, kb_txt6_engine):
    """"what day-30 retention should we expect?" then "and day 7?": the old metric was carried with "day-30
    retention" glued to the business, and the day-30 figure came back."""
    *_, a = _ask(monkeypatch, kb_txt6_engine, "kb_txt6", "I run a dating app", "what day-30 retention should we expect?",
                 "and day 7?")
    assert "17-20%" in a and "9-11%" not in a and "has no" not in a


def test_follow_up_changing_only_the_age_in_another_kb(monkeypatch, tmp_path):
    """A KB written here states churn at week 4 and week 12: "and week 12?" asks the later age of the same business,
    which is remembered as the business alone (not "Meal Kit Subscriptions week-4 churn", the look-up's heading)."""
    from mpa.engine import build_engine
    rule = "-" * 80
    (tmp_path / "subs.txt").write_text(
        f"SUBSCRIPTION BOXES - VERSION 1.0\nMETA - Document: how long subscribers stay\n\n{rule}\nSECTION 1 - CHURN\n"
        f"{rule}\nMETA_TOPICS: churn\n\nWEEK-4 CHURN - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n"
        "- Meal Kit Subscriptions: 31-36% (highest)\n- Coffee Subscriptions: 12-15% (lowest)\n\nWEEK-12 CHURN - 2025\n"
        "BY VERTICAL - HIGHEST TO LOWEST\n- Meal Kit Subscriptions: 58-64% (highest)\n- Coffee Subscriptions: 27-31% (lowest)\n")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    (_, _), (a, _), (b, calls) = turns(build_engine(tmp_path), ["we sell meal kit subscriptions",
                                                                "what week-4 churn should we expect?", "and week 12?"])
    assert "31-36%" in a and "58-64%" in b and "31-36%" not in b
    assert calls == [{"vertical": "Meal Kit Subscriptions", "metric": "week-12 churn"}]


def test_age_swap_wordings():
    """The swap in either order of number and unit, kept in the shape the question before wrote it; no swap when the
    message says more, names no age, repeats the age, or the question before names none or two in that unit."""
    before = [("what is the 30-day ROAS for games?", [])]
    assert restated("and 7 days?", before) == "what is the 7-day ROAS for games?"
    assert restated("how about at day 90?", before) == "what is the 90-day ROAS for games?"
    for text in ("and 30 days?", "and week 2?", "and Dubai?", "and day 7 retention for dating apps?"):
        assert restated(text, before) is None
    assert restated("and day 7?", [("day-30 or day-90 ROAS for games?", [])]) is None
    assert restated("and day 7?", [("what ROAS for games?", [])]) is None


def test_kb_txt6_business_named_before_a_dash(monkeypatch, kb_txt6_engine):
    """"tax prep franchise — what's the cost per booked return?": a business said before a dash, with no "we're",
    was no business, so the agent searched and quoted another list; "quick question — …" names none."""
    a, = _ask(monkeypatch, kb_txt6_engine, "kb_txt6", "tax prep franchise — what's the cost per booked return?")
    assert "24-31" in a
    monkeypatch.setenv("MPA_KB_DIR", str(FIXTURES / "kb_txt6"))
    (_, calls), = turns(kb_txt6_engine, ["quick question — what's a good CPM?"])
    assert not any((c or {}).get("vertical") for c in calls)


def test_business_named_before_a_dash_in_another_kb(monkeypatch, kb_txt4_engine):
    """kb_txt4: "storage facility -- what's the cost per rental?" is the Self-Storage Facilities row's."""
    a, = _ask(monkeypatch, kb_txt4_engine, "kb_txt4", "storage facility -- what's the cost per rental?")
    assert "64-88" in a
