"""A near tie between sections on the question's words, settled by the heading that names its most telling word.

Why: the reader weighs each word of a question by its rarity among the passages it reads, and adds the heading's
share to each section's score. A question about one case of a channel ("a coupon site wants to be our affiliate: how
should we pay them?") brings back that channel's document, section after section ("Role of affiliate …", "When to
use affiliate …", "Attribution conflicts", "Named exception: coupon and cashback partners"), which all say the
channel's word and most of the question's others: their scores come within a few per cent of each other, and the
first is as likely a general section as the one the question's case names. The section whose own heading names the
question's weightiest words ("coupon", which few of the passages say, not "affiliate", which all say) is the one
about that case. Only within :data:`TIE` of the first section's score, above or below it (an earlier rule may have
put a section first), and only when that heading names more weight of the question's own words than the first's does.
"""
from __future__ import annotations

from typing import Callable

TIE = 0.1  # a section within a tenth of the first one's score is a near tie


def first(ranked: list, by: dict, head_weight: Callable[[tuple], float]) -> list:
    """``ranked`` with the near-tied section whose own heading names the most weight of the question's words first;
    unchanged when no near-tied section's heading names more than the first one's."""
    if len(ranked) < 2 or by[ranked[0]] <= 0:
        return ranked
    close = [k for k in ranked if abs(by[k] - by[ranked[0]]) <= TIE * by[ranked[0]]]  # a section put first by a rule
    # (:mod:`pointsback`, :mod:`subject`) ties only with sections as near it: one far ahead on words is no tie
    if len(close) < 2:
        return ranked
    best = max(close, key=lambda k: (head_weight(k), -close.index(k)))
    if head_weight(best) <= head_weight(ranked[0]):
        return ranked
    return [best] + [k for k in ranked if k != best]
