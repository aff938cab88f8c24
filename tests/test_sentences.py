"""One sentence boundary on the system side (rag.sentences), used by chunking, packing, the
domain's look-ups and the offline agent; the scorers keep their own (scorers/text.py)."""
from __future__ import annotations

import re
from pathlib import Path

from rag import chunking, packing, sentences

ROOT = Path(__file__).resolve().parents[1]


def test_prose_sentences_keep_closers_decimals_and_abbreviations():
    got = sentences.sentences('Plan a test (two weeks.) Then scale. A 2.5x lift is e.g. normal! "Stop." 40% remains')
    assert got == ["Plan a test (two weeks.)", "Then scale.", "A 2.5x lift is e.g. normal!", '"Stop."', "40% remains"]


def test_a_place_or_title_abbreviation_ends_no_sentence():
    """"Minneapolis-St. Paul" is one market (kb_txt2 writes it so); the plain-text KBs' lists and prose
    were cut after "St." and quoted as "Paul DMA households 1.86M"."""
    got = sentences.sentences("Minneapolis-St. Paul DMA households 1.86M: Nielsen estimate. Ask Dr. Lee. Then stop.")
    assert got == ["Minneapolis-St. Paul DMA households 1.86M: Nielsen estimate.", "Ask Dr. Lee.", "Then stop."]


def test_loose_sentences_cut_uncapitalised_chat():
    assert sentences.loose_sentences("huh, pricey. and for gyms?") == ["huh, pricey.", "and for gyms?"]


def test_every_system_module_uses_the_one_boundary():
    from agent.offline import passages
    assert chunking._SENT is sentences.SENTENCE_END
    assert passages.PASSAGE_SENTENCE is sentences.SENTENCE_END
    assert passages.MESSAGE_SENTENCE is sentences.LOOSE_SENTENCE_END
    assert "PARAGRAPH_OR_SENTENCE_END" in vars(packing)
    # no module of the system side defines a sentence regex of its own
    own = re.compile(r"re\.(?:compile|split)\(r?[\"'](?:\(\?<=\[\.!\?\]\)|\(\?:\[\^\.!\?\])")
    for folder in ("rag", "mpa", "agent"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name != "sentences.py":
                assert not own.search(path.read_text(encoding="utf-8")), path


def test_spans_of_wrapped_prose_start_at_the_sentence():
    text = "  Kiln rental runs $40 a day.\nGlaze is extra. and wraps\nhere. 3 kilns remain.  "
    got = [text[a:b] for a, b in sentences.sentence_spans(text)]
    assert got == ["Kiln rental runs $40 a day.", "Glaze is extra. and wraps\nhere.", "3 kilns remain."]
    assert sentences.sentence_spans("   ") == []
