"""Yes/no questions about a rule ("okay to …?", "fine if …?") read the section that states the rule.

Two general rules, on wording of our own: "ok" / "okay" before "to" or "if" is the predicate of the
question, not a discourse word (``searchq.clean`` keeps it, so the reader sees a question of what
one may do); and among sections, a heading that says it is a rule, threshold or named exception is
preferred, as is one carrying a coded name — unless that heading spells a calculation ("the ABC-XYZ
chain: base × share" names a method; the rule on when its output may be used is elsewhere). Checked on hand-written
passages and end to end on both knowledge bases.
"""
from __future__ import annotations

import re

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.reader import NORMATIVE, extract
from agent.offline.searchq import clean
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

OKAY_ASKS = ["our mailing list merges five sources into one count. okay to plan the print run from it?",
             "we stacked three discounts on the flyer. ok if we send it anyway?",
             "the poster tally counts passers-by twice. Ok to report it as reach?"]
OPENERS = ["ok, what does a flyer drop cost?", "okay so which poster size is cheapest?"]


def _sec(pid: str, heading: str, body: str) -> dict:
    return {"id": pid, "source": f"{pid.split('#')[0]}.md › {heading}", "text": f"### {heading}\n\n{body}"}


LISTS = [_sec("m#1", "The LST-MRG merge: sources × overlap × recency",
              "`LST-MRG` is the name for merging mailing list sources into one count: add each source's count, "
              "subtract the overlap, then keep the addresses seen within the recency window. A print run is planned "
              "from the LST-MRG count."),
         _sec("m#4", "Unique rule: the three-source error threshold",
              "Once a merged count combines more than three sources, treat it as carrying an error of at least "
              "±40% and check it against one independent list before the print run is planned from it.")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(OKAY_ASKS, OPENERS)


@pytest.mark.parametrize("ask", OKAY_ASKS)
def test_ok_before_to_or_if_stays_a_question_of_what_one_may_do(ask):
    assert NORMATIVE.search(clean(ask)) and re.search(r"\bok(?:ay)? (?:to|if)\b", clean(ask), re.I)


@pytest.mark.parametrize("said", OPENERS)
def test_ok_as_an_opener_is_still_a_discourse_word(said):
    assert not re.search(r"\bok(?:ay)?\b", clean(said), re.I)


def test_a_rule_heading_beats_a_coded_method_heading_for_a_yes_no_about_the_rule():
    got = extract(clean(OKAY_ASKS[0]), LISTS, 3)
    assert got and "[m#4]" in got and "more than three sources" in got


E2E = [("shipped_engine", "our own audience chain multiplies seven qualifiers onto the base count. okay to set "
        "the budget from it?", "more than four multiplied factors"),
       ("kb_txt_engine", "we want a monthly budget of $1,000 on Meta. okay to launch with that?", "minimum")]


def test_end_to_end_wording_is_unseen():
    assert_unseen([q for _, q, _ in E2E])


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_a_yes_no_about_a_rule_quotes_the_rule(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got.lower() or said in got, got

