"""The offline agent on the sixth stranger plain-text KB (tests/fixtures/kb_txt6): what its probe turns must answer,
and the general reading rules each failure led to, each also checked on another KB or in another wording (the tool
look-ups are in tests/test_kb_txt6.py)."""
from __future__ import annotations

from pathlib import Path

from tests.offline_turns import turns

KB6 = str(Path(__file__).resolve().parent / "fixtures" / "kb_txt6")


def _ask(monkeypatch, engine, *messages: str) -> list[str]:
    """The agent's answers to ``messages`` in one conversation, with its whole-KB readers serving kb_txt6."""
    monkeypatch.setenv("MPA_KB_DIR", KB6)
    return [answer for answer, _ in turns(engine, list(messages))]


def _declared(*names: str) -> list[dict]:
    """A get_benchmark definition declaring ``names`` as the KB's own metrics (as the tool words it)."""
    desc = "Metric, e.g. CPC. This knowledge base also states its own: " + "; ".join(names) + "."
    return [{"name": "get_benchmark", "input_schema": {"properties": {"metric": {"description": desc}}}}]


def test_agent_reads_a_figure_named_with_its_age(monkeypatch, kb_txt6_engine):
    """"what's day 7 retention for a meditation app?": the KB's own "day-7 retention" (a figure noun after a word
    with a digit) was not read as a metric, so the agent searched and quoted the method passage."""
    a, = _ask(monkeypatch, kb_txt6_engine, "what's day 7 retention for a meditation app?")
    assert "19-23%" in a


def test_figure_named_with_its_age_other_names():
    """The same reading of other declared names: "week-4 churn" said as "week 4 churn"; "cost per lead" untouched."""
    from agent.offline import kbmetrics
    kbmetrics.declare(_declared("week-4 churn", "cost per booked tour"))
    try:
        assert [n for _, n in kbmetrics.named_in("what is the week 4 churn for starter plans")] == ["week-4 churn"]
    finally:
        kbmetrics.declare([])


def test_agent_budgets_a_count_named_in_two_words(monkeypatch, kb_txt6_engine):
    """"We want 50 intro bookings a month. What budget is that at the top of that range?" after the KB's "cost per
    intro class booking": only the count's first word ("intro") was read as what is bought, so no price was found and
    the agent quoted a note instead of 50 × $41."""
    a = _ask(monkeypatch, kb_txt6_engine,
             "I own a fitness studio franchise. What should a booked intro class cost us?",
             "We want 50 intro bookings a month. What budget is that at the top of that range?")
    assert "$32-41" in a[0] and "2,050" in a[1]


def test_count_in_two_words_other_names():
    """The same reading of other KBs' kinds of names: "membership tours" of "cost per membership tour", "funded
    accounts" of kb_txt3's "cost per funded account"; a noun of two words one of which the unit lacks prices nothing."""
    from agent.offline import kbmetrics
    kbmetrics.declare(_declared("cost per membership tour", "cost per funded account", "cost per tour booked"))
    try:
        assert kbmetrics.priced("membership tours") == "cost per membership tour"
        assert kbmetrics.priced("funded accounts") == "cost per funded account"
        assert kbmetrics.priced("savings accounts") is None
    finally:
        kbmetrics.declare([])


def test_agent_a_tax_franchise_is_the_speakers_business(monkeypatch, kb_txt6_engine):
    """"I own a tax prep franchise — cost per booked return?": "tax" read as a tax question (another profession's),
    so the tool's $24-31 was declined; a franchise is a business word like "firm" or "practice". A tax question from
    the same speaker is still declined."""
    a, b = _ask(monkeypatch, kb_txt6_engine, "I own a tax prep franchise — cost per booked return?",
                "we run a tax preparation franchise; how do I file my quarterly taxes?")
    assert "$24-31" in a and "$" not in b


def test_tax_business_words_other_wording():
    """The same reading in other words (no KB): a "payroll franchisee" is the speaker's business."""
    from agent.offline.focus import trade_unstated
    assert not trade_unstated("we're a payroll franchisee, what's a good CPL?", [])
    assert trade_unstated("how do I file my quarterly taxes?", [])


def test_agent_a_hyphenated_step_rate_asked_as_a_share(monkeypatch, kb_txt6_engine):
    """"what share of registrants actually attend an executive dinner?": the KB's own "registrant-to-attendee rate"
    was read as a step-to-step rate only when written with spaces ("inquiry to enrollment rate"), so the agent searched
    and quoted the cost list."""
    a, = _ask(monkeypatch, kb_txt6_engine, "what share of registrants actually attend an executive dinner?")
    assert "62-70%" in a


def test_hyphenated_step_rate_other_kb():
    """kb_txt5's "visit-to-sale rate" and kb_txt's "quote-to-bind rate", asked as shares, are read the same way."""
    from agent.offline import ownrate
    assert ownrate.asked("what share of visits end in a sale for a boat dealer?", ["visit-to-sale rate"]) == [
        (14, "visit-to-sale rate")]
    assert [n for _, n in ownrate.asked("what percentage of quotes bind?", ["quote-to-bind rate"])] == [
        "quote-to-bind rate"]
