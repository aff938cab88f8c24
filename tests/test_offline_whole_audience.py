"""The whole audience just sized, reached a number of times at a price per thousand — "what would it cost to reach all
of them 3 times at a $10 cpm", "reaching every one of them twice at a $6 cpm would cost what" — is the size × the
frequency at that CPM (agent/offline/tallies.on_last_size reads "all of them" as 100% and "twice" as 2 times): with no
share said, the size was dropped and "3 × $10 ÷ 1,000 ≈ $0" worked, or a passage quoted. On the shipped KB and a
plain-text KB, in wording of this file's own."""
from __future__ import annotations

from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_KB = ["whats the remote worker audience in chicago", "what would it cost to reach all of them 3 times at a $10 cpm"]
_TXT = ["how many dog owning households in boise", "reaching every one of them twice at a $6 cpm would cost what"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB + _TXT)


def test_the_whole_audience_at_a_frequency_and_cpm_on_the_shipped_kb(shipped_engine):
    out = answer_on(shipped_engine, _KB, None)
    assert "1,400,000 × 1 × 3 = 4,200,000 impressions" in out and "= $42,000" in out, out


def test_the_whole_audience_at_a_frequency_and_cpm_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, _TXT, monkeypatch, "tests/fixtures/kb_txt2")
    assert "158,000 × 1 × 2 = 316,000 impressions" in out and "= $1,896" in out, out
