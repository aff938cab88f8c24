"""A ``| Metric | Low | Typical | High | Notes |`` table in a file not named ``benchmarks-<vertical>.md``, under a
title that says what the figures are ("# Restaurant advertising costs"): the vertical is "Restaurant", not the
whole title; the notes column is the figure's "when it applies"; and the offline agent states the Low and High
bounds as it does for a table row, instead of "no platform named (blended): $1.10-$1.90" alone. Wording of
our own, on a KB written here."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.engine import build_engine
from mpa.facts import kb_facts
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASK = "What should a click cost a restaurant?"


FILES = {
    "restaurant-costs.md":
        "# Restaurant advertising costs\n\nPlanning estimates from 2025 campaigns; illustrative, not guarantees.\n\n"
        "| Metric | Low | Typical | High | Notes |\n|---|---|---|---|---|\n"
        "| Cost per click (CPC) | $0.70 | $1.10–$1.90 | $3.20 | Delivery and catering terms cost the most |\n"
        "| Click-through rate (CTR) | 2.1% | 3.5%–5.2% | 7.0% | Local map ads lift CTR |\n",
    "rules.md": "# House rules\n\n## Bids\nHold bids for two weeks after launch.\n",
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("unnamed_table_kb")
    for name, text in FILES.items():
        (folder / name).write_text(text)
    return folder


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ASK])


def test_the_vertical_bounds_and_notes_are_read(kb):
    docs = [(p.name, p.read_text()) for p in sorted(kb.iterdir())]
    cpc = next(f for f in kb_facts(docs) if f.metric == "CPC")
    assert (cpc.vertical, cpc.floor, cpc.ceiling) == ("Restaurant", "$0.70", "$3.20")
    assert cpc.qualifier == "Delivery and catering terms cost the most"


def test_the_agent_states_the_bounds(kb):
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(build_engine(kb)), max_tool_rounds=3).send(ASK).assistant
    assert "the Typical Restaurant CPC range is $1.10-$1.90, with $0.70 at the Low end and $3.20 at the High end" \
        in answer, answer
    assert "Delivery and catering" in answer and "no platform named" not in answer



def test_a_figure_quoted_from_prose_is_not_denied():
    """When the benchmark tool finds no table for a business the KB only writes about and the search quotes
    the sentence stating its cost per lead, the answer no longer adds "the knowledge base has no … CPL
    benchmark" beside the figure it just gave (compose.stated_in); a passage without the figure keeps it."""
    from agent.offline.compose import stated_in
    miss = ("a gym CPL benchmark", "it has no benchmark for the vertical 'gym'")
    said = "Studios buy Instagram placements. The average cost per lead for a studio trial is around $22."
    assert stated_in(miss, said)
    assert stated_in(("a gym CPL benchmark", ""), "A trial's CPL runs near 4% of the first year's fee.")
    assert not stated_in(miss, "Studios buy Instagram placements. Leads arrive in January.")
    assert not stated_in(miss, "The average cost per click is $1.20.")  # another metric's figure
    assert not stated_in(("a size for runners", ""), said)
