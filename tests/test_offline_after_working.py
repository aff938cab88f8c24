"""A follow-up after a turn answered with a working alone ("Working: …") goes on with the conversation's slots
(agent/offline/searchq.continues_reading): that turn read no passage, so "what about the entire country then?" after "what's 12% of
that?" is the audience sized before it, in another place — it was read as continuing a passage, looked up by its
own two words and answered with another audience's row. On the shipped KB and a plain-text KB, in own wording."""
from __future__ import annotations

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_KB = ["how many retirees live in florida", "what's 12% of that?", "what about the entire country then?"]
_TXT = ["how many recent home buyers in sacramento?", "tiktok matches maybe 45% of those. how many would that leave us",
        "what about over in st louis then"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB, _TXT)


def test_a_place_after_a_working_sizes_the_audience_before_it_on_the_shipped_kb(shipped_engine):
    got = turns(shipped_engine, _KB)
    assert "× 12% = 600,000" in got[1][0]
    out, calls = got[2]
    assert {"audience_type": "retirees", "geography": "United States"} in calls, calls
    assert "53.5 million" in out, out


def test_a_place_after_a_working_sizes_the_audience_before_it_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    got = turns(kb_txt2_engine, _TXT)
    assert "× 45% = 46,800" in got[1][0]
    out, calls = got[2]
    assert any("Louis" in (c.get("geography") or "") for c in calls), calls
    assert "76,000" in out and "Recent Home Buyers" in out, out
