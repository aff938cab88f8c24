"""Follow-ups that lean on the conversation (agent/offline/ownwords.py, agent/offline/nextsection.py): a follow-up's
own words choose among the sections its carried topic ranks near the top, and "what comes after that?" after a
section quoted to its end reads the next section of the same document — on wording of this file's own (checked
against every seen data set), on the shipped KB and on plain-text KBs written here in the dash-framed convention,
with the reader's encoder on as in the evals (the ``meaning`` fixture)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, nextsection, ownwords
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]

_SAID = {
    "pixel": ["conversions in our analytics fell off a cliff yesterday while traffic and carts held steady. what happened?",
              "right, what's the first move?"],
    "extra half": ["we're adding a third channel and only have 45k a month. is there a rule for whether it's fundable?",
                   "ok and what's the extra half for?"],
    "txt next": ["signups in our reports fell to almost zero overnight but visits and checkout starts look flat. why?",
                 "and what do we do after that?"],
    "txt ok next": ["signups in our reports fell to almost zero overnight but visits and checkout starts look flat. why?",
                    "ok, what comes next?"],
    "txt shield": ["our client just lowered their monthly spend. what do we write down about the change?",
                   "ok, and what do we shield?"],
}

_RUNBOOK = """ACCOUNT RUNBOOK - VERSION 1.0
META - Document: What the account team does when results move suddenly
META - Purpose: One order of work for every account lead
META - Coverage: All clients

--------------------------------------------------------------------------------
SECTION 1 - SPOTTING A BROKEN PIXEL
--------------------------------------------------------------------------------

When recorded signups drop to almost nothing while site visits and checkout starts stay
flat, the pixel broke; demand did not vanish. A site update that renamed the event is the
usual cause.

--------------------------------------------------------------------------------
SECTION 2 - FIRST RESPONSE TO A BROKEN PIXEL
--------------------------------------------------------------------------------

Lock every automated budget rule until the pixel fires again, because the bidding will
treat missing signups as a collapse in results. Then compare the ad platform's signup
count with the client's own database to size the gap.

--------------------------------------------------------------------------------
SECTION 3 - CLIENT BUDGET LOG
--------------------------------------------------------------------------------

Record every client budget change with the date, the new monthly budget and who approved
the change, so later reports can explain a shrink or a rise in results.
"""

_PLAYBOOK = """CLIENT BUDGET PLAYBOOK - VERSION 2.1
META - Document: How account leads record and respond to a client's budget changes
META - Purpose: Keep every budget change traceable and every cut made in the same order
META - Coverage: All clients and all channels

--------------------------------------------------------------------------------
SECTION 1 - CLIENT BUDGET LOG
--------------------------------------------------------------------------------

Every client budget change goes into the budget log on the day it is agreed. Record the
date of the change, the old monthly budget, the new monthly budget, the person at the
client who approved the change and the reason the client gave for it. When the client
cuts the budget, also record which campaigns were paused and on which day, so that later
reports can separate the effect of the budget change from changes in the market. A log
entry is written by the account lead and checked by a second person on the team within
two working days. Budget changes that are not in the log are treated as if they never
happened when the monthly report is written, so the log is the only record that counts.

--------------------------------------------------------------------------------
SECTION 2 - RESPONDING TO A CUT
--------------------------------------------------------------------------------

Drop whole channels instead of shaving each one a little: the last dollars in every
channel are its dearest, and a channel run below its floor stops learning. Shield, in
order: tests that are about to finish, brand search, and any channel already at its
floor. Tell the client within one working day which channels will pause and what the
pause is expected to cost in results, and agree a date on which the cut will be
reviewed. A cut larger than half of the monthly budget is a new plan, not a cut, and
goes back to the planning stage rather than being absorbed by the existing channels.
"""


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*_SAID.values())


def _talk(engine, *texts):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [c.send(t) for t in texts]


@pytest.fixture
def served_kb(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))


def _written_kb(tmp_path, monkeypatch, name: str, text: str):
    from mpa.engine import build_engine
    (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    return build_engine(tmp_path, index_path=tmp_path.parent / f"{tmp_path.name}-index.json")


# ------------------------------------------------------------------ ownwords: the follow-up's own words choose
def test_a_section_holding_the_own_word_in_the_same_document_comes_first():
    ranked = [(0, "Log"), (1, "Cut"), (2, "Other")]
    score = {ranked[0]: 4.0, ranked[1]: 2.5, ranked[2]: 2.4}
    held = {ranked[0]: (0, "a.txt"), ranked[1]: (1, "a.txt"), ranked[2]: (2, "b.txt")}.get
    assert ownwords.first(ranked, score, held)[0] == (1, "Cut")


def test_elsewhere_one_own_word_is_not_enough_and_two_are():
    ranked = [(0, "Log"), (1, "Red line"), (2, "Cut")]
    score = {ranked[0]: 4.0, ranked[1]: 3.0, ranked[2]: 2.5}
    assert ownwords.first(ranked, score, {ranked[0]: (0, "a.txt"), ranked[1]: (1, "b.txt"),
                                          ranked[2]: (2, "c.txt")}.get)[0] == (2, "Cut")
    assert ownwords.first(ranked, score, {ranked[0]: (0, "a.txt"), ranked[1]: (1, "b.txt"),
                                          ranked[2]: (1, "c.txt")}.get) == ranked


def test_the_ranking_stands_when_the_top_holds_an_own_word_or_none_is_near_enough():
    ranked = [(0, "Log"), (1, "Cut")]
    assert ownwords.first(ranked, {ranked[0]: 4.0, ranked[1]: 3.0}, {ranked[0]: (1, "a"), ranked[1]: (2, "a")}.get) == ranked
    assert ownwords.first(ranked, {ranked[0]: 4.0, ranked[1]: 1.9}, {ranked[0]: (0, "a"), ranked[1]: (2, "a")}.get) == ranked


def test_a_follow_up_asking_about_the_rule_just_quoted_reads_the_section_holding_its_words(shipped_engine, served_kb, meaning):
    first, then = _talk(shipped_engine, *_SAID["extra half"])
    assert "step-07-channel-mix" in first.assistant  # the floor rule answered first; the follow-up asks of another
    assert "[step-05-budget-setting#" in then.assistant and "1.5 times its minimum viable spend" in then.assistant


# ------------------------------------------------------------------ nextsection: what comes after that
def test_what_comes_first_after_a_whole_section_reads_the_next_one(shipped_engine, served_kb, meaning):
    first, then = _talk(shipped_engine, *_SAID["pixel"])
    assert "measurement broke" in first.assistant
    assert "[step-10-risk-contingency#" in then.assistant and "Freeze automated budget increases" in then.assistant


@pytest.mark.parametrize("name, text, said, before, after, not_after", [
    # ownwords: "what do we shield?" after the budget log was quoted reads the section holding "shield"
    ("client_budget_playbook.txt", _PLAYBOOK, "txt shield", "budget log on the day it is agreed", "Shield, in order",
     "budget log on the day"),
    # nextsection: "and what do we do after that?" after a whole dash-framed section reads the next one, only it
    ("account_runbook.txt", _RUNBOOK, "txt next", "the pixel broke", "Lock every automated budget rule",
     "Record every client budget change"),
    # a pleasantry before a three-word question is no small talk: the question is answered
    ("account_runbook.txt", _RUNBOOK, "txt ok next", "the pixel broke", "Lock every automated budget rule",
     "Glad that helps"),
], ids=["own words choose", "next section", "ok then a question"])
def test_on_a_plain_text_kb(tmp_path, monkeypatch, meaning, name, text, said, before, after, not_after):
    first, then = _talk(_written_kb(tmp_path, monkeypatch, name, text), *_SAID[said])
    assert before in first.assistant
    assert after in then.assistant and not_after not in then.assistant


def test_a_short_question_after_a_pleasantry_is_asked_and_a_bare_one_or_one_to_the_assistant_is_chat():
    from agent.offline import scope
    from agent.offline.parse import parse
    assert_unseen(["ok, what comes next?", "cool. what happens then?", "great. what now?", "thanks, how are you?"])
    for text, chat in [("ok, what comes next?", False), ("cool. what happens then?", False), ("great. what now?", True),
                       ("thanks, how are you?", True)]:
        assert scope.chat(text, parse(text).smalltalk) is chat, text


_RULE = "-" * 80
_DOES = {  # a worked example holding "does not" and a heading word "Worked", and the rule the conversation is on
    "md": ([{"id": "tips#1", "source": "tips.md › Worked example: a two-channel plan",
             "text": "### Worked example: a two-channel plan\n\nAdding a third channel would need $40,000, which the budget "
                     "does not have. The plan funds two channels and keeps the rest for scaling them."},
            {"id": "tips#2", "source": "tips.md › Rule of thumb: swap the opening first",
             "text": "### Rule of thumb: swap the opening first\n\nWhen an ad tires, swap its first three seconds before "
                     "remaking it. Remake the whole ad only after two swaps fail to win back half of the lost clicks."}],
           "Rule of thumb: swap the opening first ad tires remaking"),
    "txt": ([{"id": "tips#1", "source": "tips.txt › Section 4 - Worked Example: A Two-Channel Plan",
              "text": f"{_RULE}\nSECTION 4 - WORKED EXAMPLE: A TWO-CHANNEL PLAN\n{_RULE}\n\nAdding a third channel would "
                      "need $40,000, which the budget does not have. The plan funds two channels and keeps the rest for scaling them."},
             {"id": "tips#2", "source": "tips.txt › Section 2 - Swap The Opening First",
              "text": f"{_RULE}\nSECTION 2 - SWAP THE OPENING FIRST\n{_RULE}\n\nWhen an ad tires, swap its first three "
                      "seconds before remaking it. Remake the whole ad only after two swaps fail to win back half of the lost clicks."}],
            "Section 2 - Swap The Opening First ad tires remaking"),
}


@pytest.mark.parametrize("layout", ["md", "txt"])
def test_a_form_of_do_is_grammar_not_what_a_follow_up_asks(layout):
    from agent.offline.reader import extract
    passages, topic = _DOES[layout]
    assert_unseen(["what if that still doesn't work?"])
    out = extract("what if that still doesn't work?", passages, 3, context=topic)
    assert out and out.startswith("Based on Knowledge Base [tips#2]") and "swap its first three seconds" in out


def test_a_quote_that_stopped_inside_its_section_names_no_next_section():
    from agent.offline.meaningsearch import Section
    secs = (Section("a.md", ("A", "One"), "First sentence here. Second sentence of the first section ends right here."),
            Section("a.md", ("A", "Two"), "The second section starts. It goes on."))
    passage = {"id": "a#0", "source": "a.md › One", "text": "## One\nFirst sentence here. Second sentence ..."}

    class Out:  # a search outcome as the agent reads it
        name, passages = "search_knowledge_base", [passage]
    whole = ("q", "Based on Knowledge Base [a#0]: First sentence here. Second sentence of the first section ends right here.",
             [Out()])
    part = ("q", "Based on Knowledge Base [a#0]: First sentence here.", [Out()])
    assert nextsection._quoted(whole, secs) == 0
    assert nextsection._quoted(part, secs) is None


def test_the_next_section_is_asked_for_by_words_of_order_not_by_a_time_called_next(monkeypatch):
    from agent.offline import meaningsearch
    from agent.offline.meaningsearch import Section
    secs = (Section("a.md", ("A", "One"), "First sentence here. Second sentence of the first section ends right here."),
            Section("a.md", ("A", "Two"), "The second section starts. It goes on."),
            Section("b.md", ("B", "Other"), "Another document altogether starts here and goes on."))
    monkeypatch.setattr(meaningsearch, "_kb", lambda outcomes: secs)

    class Out:
        name, passages, input = "search_knowledge_base", [{"id": "a#0", "source": "a.md › One", "text": "## One"}], {}
    said = ("q", "Based on Knowledge Base [a#0]: First sentence here. Second sentence of the first section ends right here.",
            [Out()])
    assert nextsection.following("and what's next?", said, [Out()]) == secs[1]
    assert nextsection.query("and what's next?", said, [Out()]) == secs[1].query
    assert nextsection.following("and what about next quarter?", said, [Out()]) is None
    last = ("q", "Based on Knowledge Base [a#0]: The second section starts. It goes on.", [Out()])
    assert nextsection.following("and then what?", last, [Out()]) is None  # the next section is another document's
