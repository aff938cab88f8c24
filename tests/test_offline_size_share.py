"""A share of the audience size just given, asked through a pointer ("what's 12% of that?", "one in four of
them", "a third of those") is that size × the share, the size cited (agent/offline/sizeshare.py): it was
declined, or answered with a passage about reach in general, because the message names no audience or count of
its own. On the shipped KB and a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import sizeshare
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_SIZE_KB = ["how many retirees live in florida", "rural farm operators in texas?", "how many remote workers in california"]
_SHARE_KB = ["what's 12% of that?", "if one in four of them are on facebook, how many is that",
             "how many could a 35% reach get us"]
_SIZE_TXT = ["how many recent home buyers in sacramento?", "how many prospective adult learners in minneapolis"]
_SHARE_TXT = ["tiktok matches maybe 45% of those. how many would that leave us",
              "roughly a third of them would click, what number is that"]
_NOT_A_SHARE = ["and 10% more than that?", "cut that by 10%", "what if it grew 10%", "12% of that at a $9 cpm 3 times?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_SIZE_KB, _SHARE_KB, _SIZE_TXT, _SHARE_TXT, _NOT_A_SHARE)


@pytest.mark.parametrize("text,line", [
    ("what's 12% of that?", "5,000,000 × 12% = 600,000 people"),
    ("and 2 in 5 of them?", "5,000,000 × 40% = 2,000,000 people"),
    ("two thirds of them, how many", "5,000,000 × 66.67% ≈ 3,333,333 people"),
    ("out of those, 3 out of 10 would convert, how many is that", "5,000,000 × 30% = 1,500,000 people")])
def test_one_share_of_the_size_is_worked(text, line):
    assert sizeshare.share("5,000,000 people", text) == [line]


@pytest.mark.parametrize("text", _NOT_A_SHARE + ["12% of people", "one in three of those"])
def test_a_move_another_figure_no_pointer_or_no_question_is_no_share(text):
    assert sizeshare.share("5,000,000 people", text) == []


@pytest.mark.parametrize("size,share,line", [
    (_SIZE_KB[0], _SHARE_KB[0], "5,000,000 × 12% = 600,000 people"),
    (_SIZE_KB[1], _SHARE_KB[1], "200,000 × 25% = 50,000 people"),
    (_SIZE_KB[2], _SHARE_KB[2], "5,800,000 × 35% = 2,030,000 people")])  # "how many" right after the size: of it
def test_a_share_of_the_size_just_given_on_the_shipped_kb(shipped_engine, size, share, line):
    (sized, _), (out, _) = turns(shipped_engine, [size, share])
    assert line in out and "Estimated size:" in out and "[audience-sizing-reference#" in out, out
    assert "does not contain" not in out


@pytest.mark.parametrize("size,share,line", [
    (_SIZE_TXT[0], _SHARE_TXT[0], "104,000 × 45% = 46,800 households"),
    (_SIZE_TXT[1], _SHARE_TXT[1], "132,000 × 33.33% ≈ 44,000 people")])
def test_a_share_of_the_size_just_given_on_a_plain_text_kb(kb_txt2_engine, monkeypatch, size, share, line):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    (sized, _), (out, _) = turns(kb_txt2_engine, [size, share])
    assert line in out and "[audience_and_dma_reference#" in out, out


def test_a_move_of_the_size_is_not_taken_as_a_share(shipped_engine):
    (_, _), (out, _) = turns(shipped_engine, [_SIZE_KB[0], _NOT_A_SHARE[0]])
    assert "× 10% =" not in out
