"""A KB's own price metric said by its whole name as a follow-up (probe of 2026-11-29, h_calc): "vet clinic cpc"
then "cost per booked call" — the name the KB declares ("This knowledge base also states its own: … cost per booked
call"), said with no question form around it, is that metric (:func:`agent.offline.kbmetrics.named_in`); before,
the turn was a search that quoted another business's figure. kb/ and kb_txt declare no such metric; kb_txt2 does."""
from __future__ import annotations

from agent.offline import kbmetrics
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

VETS = ["vet clinic cpc", "cost per booked call"]


def test_the_reading(kb_txt2_engine):
    assert_unseen(VETS)  # the wording here is no data set's
    kbmetrics.declare(ToolExecutor(kb_txt2_engine).definitions())
    assert parse("cost per booked call").metric_phrases == ["cost per booked call"]
    assert "cost per booked call" in parse("and the cost per booked call?").metric_phrases
    assert parse("cost per call").metric_phrases != ["cost per booked call"]  # not the whole name


def test_the_own_metric_as_a_follow_up(kb_txt2_engine, meaning):  # "vet clinic": by meaning
    _, (text, calls) = turns(kb_txt2_engine, VETS)
    assert {"vertical": "Veterinary Clinics", "metric": "cost per booked call"} in calls, calls
    assert "$46-55" in text and "$410-520" not in text, text
