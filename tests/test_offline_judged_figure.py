"""A figure of the user's own judged right after a benchmark answer — "is $70 too much?", "ours came in at 7.50 — too
high?" — is set beside the range just given, for the business just named (agent/offline/judgedprice.py): naming no
metric or business, such a turn was searched for its own words and declined or answered with another passage. A figure
of another size than the range (a budget judged after a click price) is not read as that metric. On the shipped KB and
a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_KB = [("ecommerce CAC?", "is $70 too much?", "Your CAC of $70 sits above the Typical range of $30–$55"),
       ("what's a normal cpl for colleges", "we are paying $60, is that in line?",
        "Your CPL of $60 sits inside the Typical range of $35–$85"),
       ("travel ctr?", "we're seeing 0.7%, is that low?", "Your CTR of 0.7% sits below the Typical range of 1.1%–2.0%")]
_TXT = [("tiktok cpm for quick service restaurants", "ours came in at 7.50 — too high?",
         "Your CPM of $7.50 sits above the figure of $5.20-6.10"),
        ("pest control cost per lead on google?", "we pay about 65 a lead, is that steep?",
         "Your CPL of $65 sits above the figure of $48-57")]
_OTHER_SIZE = ("ecommerce CAC?", "we only have 3 grand, is that ok?")


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([t for case in _KB + _TXT for t in case[:2]] + list(_OTHER_SIZE))


@pytest.mark.parametrize("first,then,said", _KB)
def test_the_figure_beside_the_range_just_given_on_the_shipped_kb(shipped_engine, first, then, said):
    out = answer_on(shipped_engine, [first, then], None)
    assert said in out, out


@pytest.mark.parametrize("first,then,said", _TXT)
def test_the_figure_beside_the_range_just_given_on_a_plain_text_kb(kb_txt2_engine, monkeypatch, first, then, said):
    out = answer_on(kb_txt2_engine, [first, then], monkeypatch, "tests/fixtures/kb_txt2")
    assert said in out, out


def test_a_figure_of_another_size_is_not_that_metric(shipped_engine):
    out, calls = turns(shipped_engine, list(_OTHER_SIZE))[1]
    assert not any(c.get("metric") == "CAC" for c in calls) and "Your CAC" not in out, out
