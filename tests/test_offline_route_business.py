"""A business the KB does not know by its goods, read by how it sells (agent/offline/routeretry.py and the
route clause of mpa.business.resolve_business): the KB's vertical descriptions say how each vertical
reaches buyers ("sold mainly through grocery, drug, mass and online retailers"), so a clause saying how the
user's goods are sold is compared with those pieces — and declined when it is nearer a business the KB
says it does not cover, or when no vertical leads. Wording of this file's own."""
from __future__ import annotations

import pytest

from tests.test_business_resolution import _meaning  # noqa: F401  (the encoder on, as there)
from agent.offline.routeretry import route
from mpa.fact_lookups import find_benchmarks
from tests.unseen_wording import assert_unseen

SAID = [  # (a message, the route clause read from it, the kb/ vertical it names)
    ("we brew oat milk, stocked by supermarkets nationwide. typical cpm?", "stocked by supermarkets nationwide", "cpg"),
    ("we make protein bars, sold in convenience stores — what cpc is normal?", "sold in convenience stores", "cpg"),
    ("we produce vitamins, sold in pharmacies and drugstores. roas?", "sold in pharmacies", "cpg"),
    ("we make hot sauce, carried by corner stores. what ctr?", "carried by corner stores", None),  # a close call: declined
    ("we make goat cheese, sold at farmers markets. cpa?", "sold at farmers markets", "cpg"),
    ("we built a rota planner, sold to HR teams on annual subscriptions. cpl?",
     "sold to HR teams on annual subscriptions", "saas"),
]


def test_wording_is_unseen():
    assert_unseen([t for t, _, _ in SAID])


@pytest.mark.parametrize("text,clause,_v", SAID)
def test_the_route_clause_is_read_from_the_message(text, clause, _v):
    assert route(text) == clause


@pytest.mark.slow
@pytest.mark.parametrize("text,clause,vertical", SAID)
def test_the_route_names_the_kb_vertical(text, clause, vertical, shipped_engine):
    found = find_benchmarks(shipped_engine, clause, "CPM").result
    assert ({f.vertical for f in found} if found else None) == ({vertical} if vertical else None)


@pytest.mark.slow
@pytest.mark.parametrize("clause", ["sold through our two showrooms and online",   # no vertical leads: declined
                                    "sold to restaurants"])                        # restaurants: not covered
def test_a_route_no_vertical_leads_or_the_kb_excludes_is_declined(clause, shipped_engine):
    assert not find_benchmarks(shipped_engine, clause, "CPM").result


def test_a_kb_that_says_no_route_declines(kb_txt_engine):
    assert not find_benchmarks(kb_txt_engine, "stocked by supermarkets nationwide", "CPM").result


@pytest.mark.slow
def test_the_agent_asks_again_by_the_route(shipped_engine):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    rec = c.send(SAID[0][0])
    assert "benchmarks-cpg" in rec.assistant and "does not contain" not in rec.assistant
    assert "benchmarks-cpg" in c.send("and per click?").assistant


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="known recall loss, 2026-11-30: 'podiatry offices' is healthcare by meaning only "
                   "at 0.327 (healthcare leads by 0.08) under the 0.40 floor, and since agent/offline/declfirst.py a "
                   "business no vertical is described closely enough is declined first, before any search's figure; "
                   "lowering the floor to 0.33 with a 0.10 lead found 4 more right verticals and 7 wrong ones on the "
                   "174-probe set (tests/test_business_probes.py), so the floor stays")
def test_a_business_no_vertical_describes_and_no_route_still_gets_the_search(shipped_engine):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    rec = c.send("I run ads for a group of 4 podiatry offices near Reno. what should a new patient cost us?")
    names = [(t if isinstance(t, dict) else vars(t)).get("name") for t in rec.tool_calls]
    assert "get_benchmark" in names and "search_knowledge_base" in names and "benchmarks-healthcare" in rec.assistant
