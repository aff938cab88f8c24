"""A new user's probe of kb_txt10 (session 32): the general causes it found, each checked on kb_txt10's own text and on
another KB's (kb/, kb_txt …), in wording of our own. Cheap: the readers run on file text; conversations reuse the
session engines."""
from __future__ import annotations

from pathlib import Path

from agent.offline import passages
from mpa.facts import extract_facts

FIX = Path(__file__).resolve().parent / "fixtures"


def _facts(kb: str, name: str):
    return extract_facts(name, (FIX / kb / name).read_text())


def test_a_caption_saying_metric_by_dimension_reads_its_rows_as_that_dimension():
    """"ROAS BY GEAR CATEGORY - FY2025" over "- Paddle Sports: 4.0–4.8x" (no "BY …" line of its own): each row is a
    category's ROAS, not a profile's own metric named "paddle sports"."""
    got = {f.vertical: f for f in _facts("kb_txt10", "outdoor_gear_retail.txt") if f.metric == "ROAS"}
    assert got["Paddle Sports"].value == "4.0–4.8x" and got["Trail Running Shoes"].low == 2.3
    made = extract_facts("x.txt", "ROAS BY PRODUCT CATEGORY - 2025\n- Garden Furniture: 1.8–2.2x\n\n"
                                  "KIOSK PROFILE\nFoot Traffic Multiplier: 3.5x\n")
    assert (made[0].vertical, made[0].metric) == ("Garden Furniture", "ROAS")
    # a profile's multiple keeps its own name (kb_txt6's screen profile, and the made-up kiosk)
    assert any(f.metric == "foot traffic multiplier" for f in made)
    assert any(f.metric == "impression multiplier" for f in _facts("kb_txt6", "video_audio_and_screen_delivery.txt"))


def test_a_document_s_meta_lines_are_never_answer_sentences():
    """"META - Coverage: … (… households)" ends like a sentence; wrapped into the prose below it, it opened the answer."""
    for kb, name in (("kb_txt10", "new_zealand_and_us_audiences.txt"), ("kb_txt", "audience_dma_sizing.txt")):
        head = (FIX / kb / name).read_text()[:1600]
        head = head.replace("estimates\n", "estimates (rounded)\n", 1)  # kb_txt's coverage line, closed by a bracket
        said = passages.sentences(head)
        assert said and not any("META" in s for s in said), said[:2]
