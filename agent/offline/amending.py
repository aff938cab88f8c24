"""The composed answer amended by the workings of the user's own figures, in the order the amenders apply.

Why a module of its own: these were one line of nested calls in :mod:`agent.offline.policy`, innermost first,
so the order they apply in was readable only from the inside out. Here it is a tuple, top to bottom, with one reason
per entry: each amender gets the answer as the ones above it left it, and one that puts its working first puts it
before theirs.
"""
from __future__ import annotations

from agent.offline import budgetfunnel, closeshare, repriced, owncost, chainback, eventrate, labelrange, lastshare, leadins, rulecap, stepcap, ownresults, samereturn, shortfall, statedmultiple, twocounts, unitworth


def amended(user_text: str, earlier: list[str], said: list[str], text: str, outcomes: list, asked: str | None = None) -> str:
    """``text`` with each amender's working in it (``earlier``: the earlier user messages; ``said``: the answers;
    ``asked``: the message as sent, when ``user_text`` restates it — "on each side" may be left out of the restatement)."""
    for amend in (
        # a ceiling the last answer quoted as a multiple of a run-rate, on the user's budget over its days or weeks
        lambda t: rulecap.amend(user_text, said, t),
        # a cap on one move the last answer quoted, on the amount the user has now
        lambda t: stepcap.amend(user_text, said, t),
        # first, several results of the user's own figures in place of a working another rule wrote for part of them
        lambda t: ownresults.amend(user_text, earlier, t, outcomes),
        # the user's own earlier return (revenue ÷ spend) carried to a new spend: "the same return as last spring"
        lambda t: samereturn.amend(user_text, earlier, t),
        # what the counts worked out before are worth at the user's value of one
        lambda t: unitworth.amend(user_text, said, t),
        # the cost of one won customer worked last, again at the point of the lead-price range named ("the middle of it")
        lambda t: closeshare.again(user_text, said, t),
        # the counts worked before at a price, again at the price just moved ("what does that do to leads on both halves")
        lambda t: repriced.amend(asked or user_text, said, t),
        # a funnel counted at a price range and a rate range, counted again from the budget the message moves
        lambda t: budgetfunnel.amend(asked or user_text, said, t),
        # what one of the counts worked out before cost the user: the budget over the count ("what does ours come to?")
        lambda t: owncost.amend(user_text, said, t),
        # a target count worked back through the funnel the conversation walked
        lambda t: chainback.amend(user_text, said, t),
        # a goal set against the counts worked out: its gap
        lambda t: shortfall.amend(user_text, said, t),
        # a rate of the user's own events out of what they sent
        lambda t: eventrate.amend(user_text, said, t),
        # a multiple from the user's own history projected onto a newer figure
        lambda t: statedmultiple.amend(user_text, t),
        # a budget at both ends of a range the last answer quoted under a label the message names ("the open exchange range")
        lambda t: labelrange.amend(user_text, said, t),
        # the share of a budget the last answer quoted, in money once the budget is given
        lambda t: lastshare.amend(user_text, said, t, outcomes),
        # last, two counts of one thing under two settings: the change between them
        lambda t: twocounts.amend(user_text, t),
    ):
        text = leadins.kept(amend(text), text)  # no lead-in without its body: else the answer before it
    return text
