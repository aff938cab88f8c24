"""A step named in a question, in the KB's own words: its own passage answers (:mod:`agent.offline.stepnamed`), a step
numbered in Roman numerals is a step (:mod:`mpa.romans`), the framework's own name ("the route", "the runbook") is no
topic (:func:`mpa.steps.framework_title`), and a whole new question does not carry the last turn's topic into its
search (:func:`agent.offline.ownquestion.stands_apart`). Found by playing a new user on kb_txt7 and kb_txt8; each rule
also checked on another KB, in wordings of my own."""
from __future__ import annotations

import re
from pathlib import Path

from tests.offline_turns import offline_conversation, turns

FIX = Path(__file__).resolve().parent / "fixtures"


def _ask(monkeypatch, engine, kb: str, *messages: str) -> list[tuple[str, list[dict]]]:
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / kb) if kb != "kb" else str(FIX.parents[1] / "kb"))
    return turns(engine, list(messages))


def _cited(answer: str) -> list[str]:
    return re.findall(r"\[([^\[\]\s]+#\d+)\]", answer)


def test_step_named_by_its_number_quotes_its_own_section(monkeypatch, kb_txt7_engine):
    """"What's my job in leg 6 of the route?": the overview ("Nothing is booked before Leg 5 …") shares the leg's
    number and the framework's word; the answer is leg 6's own section. An ordinal and a topic inside the step too."""
    (a, _), (b, _) = _ask(monkeypatch, kb_txt7_engine, "kb_txt7", "What's my job in leg 6 of the route?",
                          "In the second leg, what do we hold the ceiling up against?")
    assert _cited(a) == ["planning_route_legs#6"] and "proof plan" in a.lower()
    assert _cited(b) == ["planning_route_legs#2"] and "benchmark rows" in b


def test_step_named_other_kbs(monkeypatch, kb_txt6_engine, kb_txt_engine):
    """kb_txt6 calls its steps milestones and its framework a runbook: "milestone 5 of the campaign runbook" quoted the
    runbook's overview; kb_txt's "seventh step" asked about something inside it quoted step 10's section."""
    (a, _), = _ask(monkeypatch, kb_txt6_engine, "kb_txt6", "Remind me what I'm meant to do in milestone 5 of the campaign runbook")
    assert _cited(a) == ["campaign_runbook_milestones#5"]
    (b, calls), = _ask(monkeypatch, kb_txt_engine, "kb_txt", "What should I keep an eye on in the seventh step?")
    assert calls[0]["step"] == 7 and _cited(b) == ["planning_workflow_steps#7"]


def test_roman_numerals_read_as_steps():
    """Only a numeral that numbers something: a heading's word before a dash, or the step word in a question."""
    from mpa.romans import after, in_heads
    assert in_heads("Phase IV - Pick The Routes\nThen I think so.\nSTAGE II: Launch") == \
        "Phase 4 - Pick The Routes\nThen I think so.\nSTAGE 2: Launch"
    assert after("what goes on in phase iv, and can I skip Stage II?", ("stage", "phase")) == \
        "what goes on in phase 4, and can I skip Stage 2?"
    assert after("Can I do it?", ("step",)) == "Can I do it?"


def test_roman_numbered_phases_kb_txt8(monkeypatch, kb_txt8_engine):
    """kb_txt8 numbers its seven phases I to VII: the step tool served MPA-10's ten steps, and "phase IV" quoted a
    chunk holding phases III and IV whole. Now its own seven, the playbook listed, and phase IV's part only."""
    from mpa.tools import ToolExecutor
    desc = next(d for d in ToolExecutor(kb_txt8_engine).definitions() if d["name"] == "get_step_guidance")["description"]
    assert "7-step" in desc and "4 Pick The Routes To The Action" in desc and "PLAYBOOK" in desc
    (a, calls), (b, _) = _ask(monkeypatch, kb_txt8_engine, "kb_txt8", "so what goes on during phase iv?",
                              "give me all the phases of the playbook in order")
    assert calls[0]["step"] == 4 and "Choose the channels" in a and "Count the people" not in a
    assert all(f"Step {n}" in b for n in range(1, 8))


def test_framework_title_other_kb(kb_txt6_engine, kb_txt7_engine, fixture_engine):
    from mpa.tools import ToolExecutor
    for engine, name in ((kb_txt6_engine, "(its CAMPAIGN RUNBOOK)"), (kb_txt7_engine, "(its PLANNING ROUTE)")):
        assert name in next(d for d in ToolExecutor(engine).definitions() if d["name"] == "get_step_guidance")["description"]
    assert "(its " not in next(d for d in ToolExecutor(fixture_engine).definitions()
                               if d["name"] == "get_step_guidance")["description"]


def _searches(engine, *messages: str) -> list[str]:
    conv = offline_conversation(engine)
    for m in messages:
        t = conv.send(m)
    return [c["input"]["query"] if isinstance(c, dict) else c.input["query"] for c in t.tool_calls
            if (c["name"] if isinstance(c, dict) else c.name) == "search_knowledge_base"]


def test_new_whole_question_carries_no_topic(monkeypatch, kb_txt7_engine, shipped_engine):
    """A whole question sharing no word with the last message searches its own words only; one pointing back
    ("split it") still carries the topic."""
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt7"))
    qs = _searches(kb_txt7_engine, "we run a comedy club and have 9000 a month to spend", "How should we count our audience?")
    assert qs and not any("comedy" in q.lower() for q in qs)
    from agent.offline.ownquestion import stands_apart
    assert stands_apart("What should I do in step 4 of the route?", "What CPM should I plan for in-game ads?")
    monkeypatch.setenv("MPA_KB_DIR", str(FIX.parents[1] / "kb"))
    qs = _searches(shipped_engine, "We sell handmade soap online with 3000 a month", "How can I choose my markets?")
    assert qs and not any("soap" in q.lower() for q in qs)
    assert not stands_apart("How should I split it?", "we have 9000 a month")
    assert not stands_apart("How should I split the budget?", "we have a budget of 9000 a month")
    assert not stands_apart("how can we tell what caused the spike?", "our cost per lead rose 40% this week")


def test_wrapped_line_starting_with_a_figure_continues():
    """A hard-wrapped sentence whose next line starts with a figure ("… 25,000 people or" / "10,000 households …") is
    one sentence, not a fragment quoted alone."""
    from agent.offline.passages import units
    text = ("Describe the audience in settings a platform can use, then count it with the market\n"
            "reference, in the unit the market is counted in. An audience under 25,000 people or\n"
            "10,000 households is too small for a paid social campaign on its own; widen the area\n"
            "or the definition, and check the count again before the budget is set for the year.\n"
            "1. Count the people who live in each of the markets you plan to run in.\n")
    said = [u.text for u in units(text)]
    assert any(s.startswith("An audience under 25,000 people or 10,000 households") for s in said)
    assert any(s.startswith("Count the people") for s in said)


def test_greeting_names_no_other_framework(monkeypatch, kb_txt8_engine):
    """A greeting on a KB whose framework is a seven-phase playbook promised "the MPA-10 planning steps"."""
    (a, calls), = _ask(monkeypatch, kb_txt8_engine, "kb_txt8", "hey, good morning!")
    assert not calls and "MPA-10" not in a and "seven planning phases" in a  # its own phases (framename)


def test_one_word_platform_follow_up_keeps_the_business(monkeypatch, kb_txt8_engine, kb_txt7_engine):
    """"And for Kayak?" after a boutique hotel's Tripadvisor figure: Kayak is a metasearch site the KB lists and no
    vertical label holds the word, so the business stays the hotel's (it was looked up, and remembered, as 'Kayak')."""
    got = _ask(monkeypatch, kb_txt8_engine, "kb_txt8", "booked room night cost for a boutique hotel via Trivago?",
               "what about on Kayak?", "and the CPC?")
    assert got[1][1][0]["vertical"] == "Boutique Hotels" and got[1][1][0]["platform"] == "Kayak" and "$15 to $19" in got[1][0]
    assert got[2][1][0]["vertical"] == "Boutique Hotels"
    got = _ask(monkeypatch, kb_txt7_engine, "kb_txt7", "cost per call transfer for an auto insurance agency on QuoteWizard?",
               "how about EverQuote?")
    assert all(c.get("vertical") != "EverQuote" for c in got[1][1]) and "$29-36" in got[1][0]
    from agent.offline import kblabels
    kblabels.declare([{"name": "get_benchmark", "input_schema": {"properties": {"vertical": {
        "description": "This knowledge base's own: Kayak Rentals, Pet Supplies."}}}}])
    try:
        assert kblabels.said_in_labels("Kayak") and not kblabels.said_in_labels("Trivago")
    finally:
        kblabels.declare([])


def test_kept_platform_the_new_business_lacks(monkeypatch, kb_txt7_engine, kb_txt8_engine):
    """"and for comedy shows?" after arena concerts on Spotify Marquee: the kept platform has no comedy row, so the
    comedy figures are looked up without it, beside the miss for the platform; the next turn's business is comedy
    (it stayed arena concerts, the last one found). The same on kb_txt8's glamping sites after Tripadvisor."""
    got = _ask(monkeypatch, kb_txt7_engine, "kb_txt7", "cost per ticket sold, arena concerts, Spotify Marquee?",
               "what about comedy shows?", "ok and what CPM do we plan on?")
    assert "$4.10-5.30" in got[1][0] and "not for 'Spotify Marquee'" in got[1][0]
    assert got[2][1][0]["vertical"].lower() == "comedy shows"
    got = _ask(monkeypatch, kb_txt8_engine, "kb_txt8", "booked room night cost for a boutique hotel on Tripadvisor?",
               "how about glamping sites?")
    assert "$16 to $21" in got[1][0] and "not for 'Tripadvisor'" in got[1][0]


def test_platform_asked_as_one_of_its_kind(monkeypatch, kb_txt8_engine, kb_txt7_engine):
    """"Can I put half of my budget into Angi?": the KB's cap is written for "a single lead site", and Angi is a row
    of its list "BY LEAD SITE"; the search for Angi found nothing and the turn declined. Such a question of what one
    may do also searches for "one lead site"; a declined answer is searched and read so. The same on kb_txt7's lead
    marketplaces (STANDARD M-3's 35% cap)."""
    from agent.offline import platformkind
    (a, calls), = _ask(monkeypatch, kb_txt8_engine, "kb_txt8", "may I put half of my budget into Houzz?")
    assert {"query": "may I put half of my budget into one lead site?", "top_k": 8} in calls
    assert platformkind.kind("Trivago") == "metasearch site" and platformkind.kind("Boutique Hotels") is None
    assert platformkind.query("Can I put half into Thumbtack?", [], "Based on Knowledge Base [x#1]: …") is None  # answered
    assert platformkind.query("Can I put half into Thumbtack?", [], platformkind._DECLINED) == "Can I put half into one lead site?"
    (b, calls), = _ask(monkeypatch, kb_txt7_engine, "kb_txt7", "Is it fine to give SmartFinancial 70% of our spend?")
    assert any(c.get("query") == "Is it fine to give one lead marketplace 70% of our spend?" for c in calls)
