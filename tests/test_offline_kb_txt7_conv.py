"""The offline agent in conversation on the seventh stranger plain-text KB (tests/fixtures/kb_txt7), and the general
reading rules its misses led to, each also checked on another KB or in other words: a KB's own vertical label said in
other word forms wins over the vocabulary's vertical (:mod:`agent.offline.ownlabel`, :mod:`agent.offline.kbrowname`);
a count priced by the KB's own metric named with an irregular participle or as a request (:mod:`kbmetrics`); a total
spend asked in plain words (:mod:`agent.offline.totalask`); a platform's rows by something other than a business
(:mod:`agent.offline.platformfig`)."""
from __future__ import annotations

from pathlib import Path

from tests.offline_turns import turns

FIX = Path(__file__).resolve().parent / "fixtures"


def _ask(monkeypatch, engine, kb: str, *messages: str) -> list[tuple[str, list[dict]]]:
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / kb))
    return turns(engine, list(messages))


def _declared(*names: str) -> list[dict]:
    desc = "Metric, e.g. CPC. This knowledge base also states its own: " + "; ".join(names) + "."
    return [{"name": "get_benchmark", "input_schema": {"properties": {"metric": {"description": desc}}}}]


def test_own_vertical_said_in_other_word_forms(monkeypatch, kb_txt7_engine):
    """"We're a compact tractor dealer … demo request": "dealer(ship)" is the vocabulary's automotive, but the KB
    labels "Compact Tractor Dealers" itself; the look-up asked automotive and declined the KB's own row."""
    (a, calls), = _ask(monkeypatch, kb_txt7_engine, "kb_txt7",
                       "I manage a small compact tractor dealership - typical demo request cost?")
    assert calls[0]["vertical"] == "Compact Tractor Dealers" and "$64-78" in a and "automotive" not in a


def test_own_vertical_other_kb(monkeypatch, kb_txt5_engine):
    """The same on kb_txt5's own dealers: a boat dealership, a part of "Motorcycle and Powersports Dealers", and an RV
    dealership said with no sentence form naming a business ("we have an …")."""
    got = _ask(monkeypatch, kb_txt5_engine, "kb_txt5",
               "We run a boat dealership on the lake. What does a showroom visit cost us?")
    assert got[0][1][0]["vertical"] == "Boat Dealers" and "$310-380" in got[0][0]
    from agent.offline.parse import parse
    assert parse("I own a powersports dealership. what is a typical cost per click?").vertical is None  # not automotive
    got = _ask(monkeypatch, kb_txt5_engine, "kb_txt5", "we have an RV dealership, what's a click cost?")
    assert got[0][1][0]["vertical"] == "RV Dealers" and "$3.10-3.70" in got[0][0]


def test_count_priced_by_irregular_participle_and_request():
    """"tickets" is what "cost per ticket sold" prices ("sold" ends in no -ed); "demos" what "cost per demo request"
    prices; a word that only starts another unit prices nothing."""
    from agent.offline import kbmetrics
    kbmetrics.declare(_declared("CPTS (cost per ticket sold)", "cost per policy written", "cost per demo request",
                                "cost per sms subscriber"))
    try:
        assert kbmetrics.priced("tickets") == "cost per ticket sold"
        assert kbmetrics.priced("policies") == "cost per policy written"
        assert kbmetrics.priced("demos") == "cost per demo request"
        assert kbmetrics.priced("sms") is None
    finally:
        kbmetrics.declare([])


def test_total_spend_asked_in_plain_words():
    from agent.offline.totalask import asked
    for q in ("What's the budget at the high end of the normal range?", "What would we spend at the top of that?",
              "We want 400 of them. What does that run at the high end?", "ok 300 sign-ups - budget at the upper end?",
              "what's the budget for that at the top price?"):
        assert asked(q), q
    for q in ("What's the budget split between search and social?", "what would we spend on search first?",
              "what does that mean for us?", "the budget at our agency is tight",
              "what is the budget?", "what's the budget for the launch"):
        assert not asked(q), q


def test_total_spend_worked_out(monkeypatch, kb_txt6_engine, kb_txt7_engine):
    """After a count, "what does that run at the high end?" is count × the top of the range read (kb_txt6), and a
    count sold of the KB's "cost per ticket sold" is priced by it, not by the vocabulary's cost of a customer."""
    got = _ask(monkeypatch, kb_txt6_engine, "kb_txt6", "I own a fitness studio franchise. What should a booked intro "
               "class cost us?", "And 80 intro bookings - what does that run at the high end?")
    assert "3,280" in got[1][0]
    got = _ask(monkeypatch, kb_txt7_engine, "kb_txt7", "I run a comedy club tour. What's a typical cost per ticket sold?",
               "what if most of it goes through TikTok?", "We'd like to move 2400 tickets. What's the budget at the high end?")
    assert "15,360" in got[2][0]


def test_platform_rows_by_objective(monkeypatch, kb_txt7_engine, kb_txt_engine):
    """Rows by campaign objective: the one the message names is the figure; none named, every row and no "depends on
    your vertical" (no row is a business). Rows by vertical keep the note (kb_txt)."""
    (a, _), = _ask(monkeypatch, kb_txt7_engine, "kb_txt7", "What does a Meta CPM look like in South Africa for a "
                   "conversions campaign?")
    assert "R62-78" in a and "R41-50" not in a and "depends on" not in a
    a, = [x for x, _ in _ask(monkeypatch, kb_txt_engine, "kb_txt", "What's a typical Google Ads CPC?")]
    assert "depends on your vertical" in a
