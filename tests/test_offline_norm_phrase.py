""""Under your usual terms" asks for the KB's "standard terms" (agent.offline.normphrase): an adjective of
the norm before a noun is read with that noun, so a section stating the norm in other words answers, not
one that only says "usually". Wording of our own, on hand-written passages and both knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, normphrase
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

LOCKER_ASK = "how are locker rentals billed under your usual plan?"
E2E = [("shipped_engine", "planning affiliates for a candle store. how are cashback sites paid under your usual terms?",
        "new-customer orders"),
       ("kb_txt_engine", "for a geo holdout, what's your standard minimum run length?", "four weeks")]


GYM = [_sec("g#1", "Front-desk habits", "Locker rentals are usually billed at the front desk on the day; "
            "staff plan the rota around the busy hours."),
       _sec("g#2", "Exception: short-stay members", "The gym's default membership plan bills locker rentals monthly; "
            "short-stay members pay per visit instead.")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(LOCKER_ASK, [q for _, q, _ in E2E])


def test_an_adjective_of_the_norm_is_read_with_its_noun():
    assert normphrase.asked(LOCKER_ASK) == ({"usual"}, {"plan"})
    assert normphrase.asked("is that normal?") == (set(), set())
    assert normphrase.asked("what's the typical payback for a bakery?") == (set(), set())  # a market's figure
    assert normphrase.states({"plan"}, "The gym's default membership plan bills monthly.")
    assert not normphrase.states({"plan"}, "Staff usually plan the rota.")


def test_the_section_stating_the_norm_answers_not_the_one_saying_usually():
    got = extract(LOCKER_ASK, GYM, 3)
    assert "[g#2]" in got and "monthly" in got, got


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_norm_named_otherwise(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    assert said in conv.send(ask).assistant
