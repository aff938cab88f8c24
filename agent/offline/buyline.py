"""The working line for what a budget buys at a price: "$32,000 ÷ $33.75 × 1,000 ≈ 948,148 impressions".

Why a module of its own: the line was written in three places of the arithmetic (a price from the KB, a price
moved by a percentage, both ends of a range moved), and two of them forgot that a price per thousand (CPM) buys a
thousand impressions per price — "$32,000 ÷ $33.75 ≈ 948 impressions" is a wrong number shown to the user. One
writer keeps the per-thousand step (and the rounding of a count to whole units, a half up) the same everywhere.
"""
from __future__ import annotations

from agent.offline.numbers import money, plain, result


def bought(budget: float, price: float, thousand: bool, what: str, note: str = "") -> str:
    """"$20,000 ÷ $5 × 1,000 = 4,000,000 impressions at the top of the Typical range" (``thousand``: the price is
    per thousand); ``what``: the unit bought, ``note``: where the price sits."""
    s, shown = result(budget / price * (1000 if thousand else 1), True)
    return f"{money(budget)} ÷ {money(price)}{' × 1,000' if thousand else ''} {s} {shown} {what}" + (f" {note}" if note else "")


def reach_line(pool: float, share: float, freq: float) -> tuple[int, str]:
    """(the impressions, "500,000 × 0.60 × 4 = 1,200,000 impressions (audience × reach × average frequency)"): the pool
    × the reach share × the frequency — one writer for the three rules that take it, "≈" when the share shown is not
    the share used ("a third": 0.333)."""
    v = pool * share * freq
    imps = int(v + 0.5)
    eq = "=" if float(plain(share).replace(",", "")) == share and abs(v - imps) < 1e-6 else "≈"
    return imps, f"{plain(pool)} × {plain(share)} × {plain(freq)} {eq} {plain(imps)} impressions (audience × reach × average frequency)"
