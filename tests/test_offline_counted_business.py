"""A count before the business a user works for ("marketing for three physical therapy clinics") counts its sites;
the business is still named (it was dropped whole as a quantity, and the question went to a search that found
only the glossary's definition)."""
from __future__ import annotations

import pytest

from agent.offline.business import business
from agent.offline.parse import parse
from tests.unseen_wording import assert_unseen

COUNTED = [
    ("i look after the ads for three chiropractic clinics in tacoma. typical cpc?", "chiropractic clinics"),
    ("handling marketing for 4 optometry practices near fresno - whats a good ctr", "optometry practices"),
    ("doing social for several yoga studios, what cpm should we plan on", "yoga studios"),
    ("I run paid search for 12 hair salons up in duluth. cpl?", "hair salons"),
]


def test_own_wording():
    assert_unseen([t for t, _ in COUNTED])


@pytest.mark.parametrize("text,phrase", COUNTED)
def test_the_counted_business_is_named(text, phrase):
    assert business(parse(text).norm).phrase == phrase


@pytest.mark.parametrize("text", [
    "we need numbers for three months. typical cpl?",   # a counted period, no business
    "what about for 2 weeks instead",
])
def test_a_counted_period_names_no_business(text):
    assert business(parse(text).norm) is None


def test_the_counted_clinics_get_their_verticals_figure(shipped_engine):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    rec = c.send("i do the ads for two podiatry clinics outside tampa. about what should a lead run us?")
    assert "benchmarks-healthcare" in rec.assistant and "$40–$90" in rec.assistant
