"""An audience asked with its market inside the phrase and no geography ("dog households in minneapolis") is
the audience sized in that market, and a market is named by its first city ("minneapolis" of
"Minneapolis-St. Paul"). On kb_txt2 two labels fit "dog households" — one sized nationally, one by DMA — and
the national 65.1M was answered for Minneapolis."""
from __future__ import annotations

from mpa.tools import ToolExecutor


def _sized(engine, audience, geo=None):
    inp = {"audience_type": audience, **({"geography": geo} if geo else {})}
    r = ToolExecutor(engine).execute("get_audience_sizing", inp)
    return r if isinstance(r, str) else getattr(r, "content", str(r))


def test_the_label_sized_in_the_place_said(kb_txt2_engine):
    out = _sized(kb_txt2_engine, "dog households in minneapolis")
    assert "Minneapolis-St. Paul" in out and "690,000" in out and "65.1M" not in out, out


def test_a_market_by_its_first_city_on_another_plain_text_kb(kb_txt_engine):
    out = _sized(kb_txt_engine, "adult children of aging parents in tampa")
    assert "Tampa-St. Petersburg" in out and "414,000" in out, out
