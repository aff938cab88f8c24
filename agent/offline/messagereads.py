"""The parsed message read again by what a conversation's message leaves unsaid, in the order the readers apply.

Why a module of its own: these nine were one line of nested calls in :mod:`agent.offline.policy`, innermost first,
so the order they apply in was readable only from the inside out. Here it is a tuple, top to bottom, with one reason
per entry: each reader gets the message as the readers above it left it.
"""
from __future__ import annotations

from agent.offline import ofthem, actionprice, affordask, buyask, channelunit, eachcost, judgedprice, loosebiz, newcount, normalprice, personprice, quotedreach, stagerate, timeswap, twobiz, unitswap
from agent.offline.memory import Memory, carry
from agent.offline.parse import Parsed


def read(p: Parsed, text: str, mem: Memory) -> Parsed:
    """``p`` (the parse of ``text``) with what the message leaves to English and to the conversation (``mem``)."""
    for reader in (
        # "$1.2M a year. installs?": a result named alone asks how many the budget buys
        lambda q: buyask.bare(q),
        # "we spent $42k and got 180 accounts: what did each one cost?": the spend over the count
        lambda q: eachcost.read(q, text),
        # "what does it cost to get someone to sign up?": the action's price as the metric asked
        lambda q: actionprice.read(q, text),
        # "what do billboards usually run?": a reach medium's price per thousand, not a business's "cost per billboards"
        lambda q: channelunit.read(q, text),
        # two businesses named and a figure asked "for each": both
        lambda q: twobiz.read(q, text),
        # "return for sauces, that kind of thing" after "we make hot sauce": the conversation's business, said loosely
        lambda q: loosebiz.read(q, text, mem),
        # "what about clicks, same money": the last calculation for the unit or business swapped in
        lambda q: unitswap.read(q, mem),
        # "what was that back in 2022?": the last look-up's metrics for the earlier time
        lambda q: timeswap.read(q, mem),
        # "… at normal prices": the market's price, not the one the user's figures gave (set aside before it is carried)
        lambda q: normalprice.read(q, text, mem),
        # "and how many new students?" with a budget said: the people it adds, not an audience's size
        lambda q: newcount.read(q, mem),
        # "and per student who actually enrolls?" right after a price: that price per the person and act named
        lambda q: personprice.read(q, text, mem),
        # the slots the message leaves to the conversation, after the swaps above said which they change
        lambda q: carry(q, mem),
        # "how many of them own one?" after a size: the place just sized
        lambda q: ofthem.read(q, text, mem),
        # "is 21k enough to run CTV?": without the calculation just carried in (the KB's rule is asked)
        lambda q: affordask.read(q),
        # a count of one funnel stage and the next asked: the rate between them
        lambda q: stagerate.read(q),
        # last, "is $70 bad?" right after a benchmark answer: the judged metric carried, the figure the user's own
        lambda q: judgedprice.read(q, mem),
        # "they quote $1,800 and say 240,000 people see it: fair?": the CPM the quote implies
        lambda q: quotedreach.read(q, text),
    ):
        p = reader(p)
    return p
