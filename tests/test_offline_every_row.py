"""A question asking for every member of a set of kinds ("each kind of report", "tier 1 tier 2 etc") is answered
with every row of the table it is quoted from (agent/offline/everyrow.py) — on the shipped KB, whose tables the
reader renders as rows. The plain-text KBs hold no tables: their list items can be fragments under sub-headings,
and the rule leaves them alone. Wording of this file's own."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from agent.offline import everyrow
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

# (question, row labels that every full answer names)
_EVERY = [
    ("what report goes to whom at every cadence level", ["Daily —", "Weekly —", "Monthly —", "Quarterly —"]),
    ("what kpi fits each stage of the funnel, awareness consideration etc", ["Awareness —", "Conversion —",
                                                                           "Retention / loyalty —"]),
    ("which kpis go with the different stages of the funnel for a dentist", ["Consideration —", "Retention / loyalty —"]),
    ("how do the geo tiers work, tier 1 tier 2 etc", ["Tier 1 —", "Tier 3 —", "Excluded —", "Test / holdout —"]),
    ("what are the levels of geographic planning, national, dma etc", ["Running a geo experiment —",
                                                                      "Local store traffic objective —"]),
    ("mixing budgets by tier: what does each tier of monthly budget get?", ["Under $50k —", "$50k–$250k —", "$250k+ —"]),
]
_ONE = "how often should reports go out for a bakery?"
_TXT = "how should a locksmith split money across every kind of channel"


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([q for q, _ in _EVERY], [_ONE, _TXT])


@pytest.mark.parametrize("question,labels", _EVERY)
def test_a_question_for_each_kind_gets_every_row_on_the_shipped_kb(shipped_engine, question, labels):
    out = turns(shipped_engine, [question])[0][0]
    assert all(label in out for label in labels), out


def test_asking_without_a_distributive_word_is_no_request_for_every_row():
    assert not everyrow.asks_every(_ONE)
    assert everyrow.asks_every("what goes in every tier?") and everyrow.asks_every("search, social and so on")


def _unit(text: str, pos: int, item: int) -> SimpleNamespace:
    return SimpleNamespace(text=text, pos=pos, item=item)


def test_every_row_is_added_in_reading_order_within_the_word_cap():
    rows = [_unit(f"Tier {n} — who: some people; treatment: some spend.", n, n) for n in range(1, 5)]
    lead = _unit("Markets fall into tiers.", 0, -1)
    section = [lead] + rows
    got = everyrow.widened("what does each tier get", [lead, rows[1]], section, 170)
    assert got == section
    assert everyrow.widened("what does each tier get", [rows[1]], section, 20) == [rows[1]]  # over the cap: the quote
    assert everyrow.widened("what does tier 2 get", [rows[1]], section, 170) == [rows[1]]  # one member asked for


def test_a_plain_lists_items_are_left_alone(kb_txt_engine, monkeypatch):
    """kb_txt's plan shapes list channels under capitalised sub-headings the quote would drop: no row form, no widening."""
    items = [_unit("Paid search including shopping: 40-50%.", 1, 40), _unit("Connected TV and online video: 0-10%.", 2, 42)]
    assert everyrow.widened(_TXT, items[:1], items, 170) == items[:1]
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out = turns(kb_txt_engine, [_TXT])[0][0]
    assert out.count("Based on Knowledge Base [budget_and_channel_mix") == 1, out
