"""A plain-text list of short rows is read whole under its caption, and a row the question names is quoted with it
(agent.offline.captionrows, agent.offline.namedrow). Wording of our own.

kb_txt5 lists X's figures by metric ("X ADS COST BENCHMARKS - H1 2025" over "- CPM: $3.10-4.40" …) and kb_txt2 its
inquiry-to-enrollment rates by program type in rows that short: the reader dropped them all with their caption, and
quoted the prose around them (or another section). The shipped KB writes such lists under a Markdown lead-in, which
the reader already joined: it is left as it is."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import captionrows
from tests.offline_turns import assert_answered_on
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
_CASES = [  # (engine, folder, message, shown, absent)
    ("kb_txt5_engine", "tests/fixtures/kb_txt5", "how much does each new follower cost us on X?",
     ["X ads cost benchmarks - H1 2025: Cost Per Follower: $1.90-2.80.", "[native_and_creator_video_platforms#"],
     ["CPM: $3.10-4.40"]),  # the row named, with its caption; not the rest of the list
    ("kb_txt5_engine", "tests/fixtures/kb_txt5", "list X's ad prices for me",
     ["X ads cost benchmarks - H1 2025: CPM: $3.10-4.40; CPC: $0.38-0.62; Engagement Rate: 0.9-1.4%"], []),
    ("kb_txt2_engine", "tests/fixtures/kb_txt2", "how do inquiries turn into enrollments across program types?",
     ["Inquiry to enrollment rate - 2025:", "Community College Programs: 11.5-13.0%"], []),
]


def test_the_wording_is_our_own():
    assert_unseen([m for _, _, m, _, _ in _CASES])


@pytest.mark.parametrize("kb,folder,message,shown,absent", _CASES)
def test_a_short_row_list_is_quoted_with_its_caption(request, monkeypatch, kb, folder, message, shown, absent):
    assert_answered_on(request, monkeypatch, kb, folder, [message], shown, absent)


def test_only_a_plain_text_caption_over_short_rows_is_read_so():
    text = "Intro line.\n\nTIKTOK COSTS - 2026\nBY METRIC\n- CPM: $5-7\n- CPV: $0.02\n\nLONG ROWS - 2026\n" \
           "- Garden Centers and Nurseries: $1.10-1.40 (highest)\n- Pools: $2"
    assert captionrows.labelled(text) == text.replace("TIKTOK COSTS - 2026\nBY METRIC", "Tiktok costs - 2026:")
    assert captionrows.rows("Tiktok costs - 2026: CPM: $5-7; CPV: $0.02.") == ["CPM: $5-7", "CPV: $0.02"]
    for doc in sorted((ROOT / "kb").glob("*.md")):  # the shipped KB's lists sit under Markdown lead-ins: unchanged
        body = doc.read_text()
        assert captionrows.labelled(body) == body, doc.name
