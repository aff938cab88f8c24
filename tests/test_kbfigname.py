"""A split the KB names by its figures, typed with spaces or dashes ("70 20 10" for "70/20/10": agent/offline/kbfigname.py),
and a document's overview that yields to the section telling what it only names (agent/offline/sectionmeaning.nearest).
On kb/ and on a plain-text KB of this file's own. Wording of this file's own."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import kbfigname
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
SPACED = "what is this 70 20 10 budget thing"
THING = "what's the 70/20/10 thing people talk about for budgets"
PUSHED = "my boss keeps pushing 70 20 10 for our ad money. what's that about?"  # main: a pacing diagnosis
PLAIN = ("MEDIA SPLITS - 2026\n\n----------------------------------------\nSECTION 1 - THE 60/30/10 SPLIT\n"
         "----------------------------------------\n\nPut 60/30/10 of the budget into proven, growing and new channels.\n")


def test_wording_is_own():
    assert_unseen([SPACED, THING, PUSHED])


@pytest.fixture
def plain_kb(tmp_path):
    (tmp_path / "splits.txt").write_text(PLAIN)
    return str(tmp_path)


@pytest.mark.parametrize("typed", ["we heard about 60 30 10, what is it", "a 60-30-10 mix?", "the 60 / 30 / 10 idea",
                                   "60 – 30 – 10"])
def test_the_kbs_split_typed_apart_is_read_as_the_kb_writes_it(plain_kb, typed):
    assert "60/30/10" in kbfigname.mark(typed, plain_kb)


@pytest.mark.parametrize("typed", ["we got 60 30 11 leads", "60 30 10%", "$60 30 10", "about 60 30", "70 20 10",
                                   "1.60 30 10", "60 30 100 clicks"])
def test_other_figures_are_left_as_typed(plain_kb, typed):
    assert kbfigname.mark(typed, plain_kb) == typed


def test_no_kb_no_change():
    assert kbfigname.mark("60 30 10", None) == "60 30 10"


@pytest.mark.parametrize("asked", [SPACED, THING, PUSHED])
def test_on_kb_the_rule_is_quoted_not_the_overview_or_a_pacing_band(shipped_engine, monkeypatch, meaning, asked):
    got = answer_on(shipped_engine, [asked], monkeypatch, str(ROOT / "kb"))
    assert "[budget-allocation-pacing#8]" in got and "70% to proven programs" in got
    assert "This document covers" not in got
