"""A list item the question names by its label is quoted with the section it sits in (agent.offline.namedrow) — a
short item labelling a price ("Nextdoor: $500") too, which the reader's own units leave out as a fragment.
Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.offline import namedrow
from agent.offline.sectionunits import units_of
from tests.offline_turns import answer_to
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
TXT3_ASKS = {"what does Nextdoor need as a minimum each month?": "Nextdoor: $500"}
KB_ASK = "how much a month does Audio need at minimum?"


def test_the_wording_is_its_own():
    assert_unseen([*TXT3_ASKS, KB_ASK])


def test_the_names_a_question_gives():
    assert namedrow.names("what does Nextdoor need as a minimum each month?") == {"nextdoor"}
    assert namedrow.names("Is CTV worth it? I think TikTok is cheaper.") == {"ctv", "tiktok"}  # sentence openers aside
    assert namedrow.names("how much should I spend?") == set()


def test_a_short_item_under_the_quoted_heading_is_read_from_the_passage():
    frame = "-" * 80
    text = (f"{frame}\nSECTION 2 - MINIMUM SPEND\n{frame}\n\nBelow these amounts a platform refuses the buy or "
            f"delivers too little.\n\nMINIMUM SPEND - 2025\n- Roku: $5k-10k\n- Yelp Ads: $300 (lowest)\n- see below\n")
    section = [u for u in units_of([{"id": "x#0", "source": "x.txt › Section 2 - Minimum Spend", "text": text}])
               if "Minimum" in u.heading]
    said = [c.text for c in namedrow.added("is Roku or Yelp cheaper to start on?", section[:1], section, text)]
    assert said[1:] == ["Roku: $5k-10k.", "Yelp Ads: $300 (lowest)"], said  # each named item, in reading order
    assert namedrow.added("what is the floor?", section[:1], section, text) == section[:1]


def test_a_plain_text_kb_quotes_the_platform_asked(kb_txt3_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    for ask, row in TXT3_ASKS.items():
        answer = answer_to(kb_txt3_engine, ask)
        assert "[spend_and_pacing_rules#0]" in answer and row in answer, (ask, answer)


def test_the_shipped_kb_keeps_quoting_the_row_its_table_names(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    answer = answer_to(shipped_engine, KB_ASK)
    assert "Audio — illustrative monthly minimum: $10,000–$25,000" in answer, answer
