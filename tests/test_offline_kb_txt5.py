"""The offline agent on the fifth stranger plain-text KB (tests/fixtures/kb_txt5): what its probe turns must answer,
and the general reading rules each failure led to, each also checked on another KB or in another wording (the tool
look-ups are in tests/test_kb_txt5.py)."""
from __future__ import annotations

from pathlib import Path

from mpa.tools import ToolExecutor

ROOT = Path(__file__).resolve().parents[1]


def _ask(monkeypatch, engine, folder: str, *messages: str) -> list[str]:
    """The agent's answers to ``messages`` in one conversation, serving ``folder`` (its whole-KB readers read it)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / folder))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [conv.send(m).assistant for m in messages]


def test_agent_looks_up_a_duration_the_kb_states(monkeypatch, kb_txt5_engine):
    """"how long is the payback for a tutoring center": a duration asked of a metric the KB states in months is that
    figure (the agent asked the user for a monthly contribution to compute one, as for the user's own customers)."""
    a, = _ask(monkeypatch, kb_txt5_engine, "tests/fixtures/kb_txt5", "how long is the payback for a tutoring center")
    assert "5-7 months" in a


def test_agent_duration_other_kb(monkeypatch, kb_txt4_engine):
    """kb_txt4's "CAC Payback: 9-12 months" asked how long (it was no figure, and the agent asked for a monthly
    contribution); the user's own payback with no figure still asks for that input."""
    a, = _ask(monkeypatch, kb_txt4_engine, "tests/fixtures/kb_txt4", "how long is the CAC payback for an email security vendor?")
    assert "9-12 months" in a
    a, = _ask(monkeypatch, kb_txt4_engine, "tests/fixtures/kb_txt4", "how long until our new members pay us back?")
    assert "monthly contribution" in a


def test_agent_prices_a_unit_named_before_what_was_done_to_it(monkeypatch, kb_txt5_engine, kb_txt3_engine):
    """"We want 60 tours a month. What does that cost at the top of that range?" after the KB's "cost per tour
    booked": the tours are that metric's unit (the word after it says what was done to them), so the goal budget is
    60 × the top of the range (the agent searched and quoted golf clicks). kb_txt3's wedding venues likewise."""
    a = _ask(monkeypatch, kb_txt5_engine, "tests/fixtures/kb_txt5", "I run a coworking space. What does a booked tour "
             "cost us on Meta?", "We want 60 tours a month. What does that cost at the top of that range?")[1]
    assert "$3,180" in a
    a = _ask(monkeypatch, kb_txt3_engine, "tests/fixtures/kb_txt3", "We run a wedding venue. What does a booked tour "
             "cost us?", "We want 20 tours a month. What budget is that at the top of that range?")[1]
    assert "$1,800" in a


def test_agent_reads_a_price_by_its_unit_alone(monkeypatch, kb_txt4_engine):
    """"and a pre-need consultation?" after a funeral home's click cost: the KB's own "cost per pre-need consultation"
    asked by its unit of two words (the agent quoted the profile's notes and no figure)."""
    a = _ask(monkeypatch, kb_txt4_engine, "tests/fixtures/kb_txt4", "We run a funeral home.",
             "what does a Google click cost us?", "and a pre-need consultation?")[2]
    assert "$210-260" in a


def test_agent_keeps_a_business_named_by_one_half_of_its_label(monkeypatch, kb_txt5_engine):
    """"and a bottle club sign-up?" for a "Craft Distilleries and Tasting Rooms" business: the figure is the KB's
    "Craft Distilleries" profile's, one half of the label, so the answer does not add that the figures "are not Craft
    Distilleries and Tasting Rooms's"."""
    a = _ask(monkeypatch, kb_txt5_engine, "tests/fixtures/kb_txt5", "We're a craft distillery with a tasting room.",
             "what would a google click cost?", "and a bottle club sign-up?")[2]
    assert "$52-66" in a and "are not" not in a


def test_agent_reads_an_accented_or_hyphenated_place(monkeypatch, kb_txt5_engine, kb_txt4_engine):
    """"how many households are in Paraná?" / "… in Baden-Württemberg?": a capitalised place name with an accented
    letter or a hyphen was not read as a place (the first was sized as "households Paraná", the second as
    "households -Württemberg in Baden")."""
    a, = _ask(monkeypatch, kb_txt5_engine, "tests/fixtures/kb_txt5", "how many households are in Paraná?")
    assert "4.2M" in a
    a, = _ask(monkeypatch, kb_txt4_engine, "tests/fixtures/kb_txt4", "how many households are in Baden-Württemberg?")
    assert "5.4M" in a
