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





# a figure naming a rule ("your 7-day cap", "the 20 percent ceiling") is the rule's name, not the user's own figure:
# the heading naming its rule by that figure is read, and a worked example of the rule is not preferred for it
NAMED_ASKS = ["refresh my memory: how does your 7-day poster cap work?", "how does the 7 day cap on posters work again?",
              "explain your 7-day poster cap to me"]
POSTERS = [_sec("p#2", "Why posters wear out", "Posters lose attention after some days: a poster design that stays up "
                "too long is walked past, so the plan limits how long one design runs."),
           _sec("p#5", "The PST-CAP-7 rule", "The poster cap: every design comes down after 7 days, and no site shows "
                "more than two designs a week; a design that has run 7 days may return after a 14-day rest."),
           _sec("p#8", "Worked example: a 7-day poster rotation", "A chain with 40 sites and 7-day designs needs 40 × 4 "
                "= 160 designs a month; at $120 each that is $19,200, and the cap keeps each one fresh.")]


def test_named_wording_is_unseen():
    assert_unseen(NAMED_ASKS)


@pytest.mark.parametrize("ask", NAMED_ASKS)
def test_a_figure_naming_a_rule_reads_the_rule_it_names(ask):
    got = extract(clean(ask), POSTERS, 3)
    assert got and "[p#5]" in got, got


@pytest.mark.parametrize("said,kept", [("the 20 percent ceiling", False), ("your 72-hour re-entry rule", False),
                                       ("our $40k budget cap", True), ("we run 5 channels with a floor", True)])
def test_which_figures_name_a_rule(said, kept):
    from agent.offline.reader import _NAMED_FIGURE
    assert bool(re.search(r"\d", _NAMED_FIGURE.sub(" ", said))) == kept


NAMED_E2E = [("shipped_engine", "how does your 1.5 times entry threshold for a new channel work?", "1.5"),
             ("kb_txt_engine", "we run 3 campaigns on Meta: what's the minimum monthly budget for each?", "minimum")]


def test_end_to_end_wording_is_unseen():
    assert_unseen([q for _, q, _ in E2E + NAMED_E2E])


@pytest.mark.parametrize("kb,ask,said", E2E + NAMED_E2E)
def test_end_to_end_a_question_about_a_rule_quotes_the_rule(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert (said in got.lower() or said in got) and "Based on Knowledge Base" in got, got
