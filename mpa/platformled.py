"""A caption that opens its metric with a platform the KB names elsewhere ("TWITCH COMPLETION RATE - H1 2025",
beside "TWITCH CPM BENCHMARKS"): the platform's figure of that metric, not a metric named after the platform.

Why: a caption of a metric the vocabulary does not know is read by its shape ("<words> rate"), so the platform's
name was read into the metric's ("twitch completion rate", of no platform) and the figures were not found as the
platform's completion rate. Only a platform of the KB's own (not the vocabulary's: a channel that names its
rate, "EMAIL OPEN RATE", is read so already) that its figures carry elsewhere is split off, and only when a metric of
two words or more is left.
"""
from __future__ import annotations

from mpa.fact_text import Fact
from mpa.vocabulary import VOCABULARY


def platform_led_metrics(facts: list[Fact]) -> None:
    """Split a KB platform's name off the front of each own metric name that opens with it (in place)."""
    plats = sorted({f.platform for f in facts if f.kind == "benchmark" and f.platform
                    and f.platform not in VOCABULARY["platforms"]}, key=len, reverse=True)
    for f in facts:
        if f.kind != "benchmark" or not f.metric or f.platform or f.metric in VOCABULARY["metrics"]:
            continue
        low = f.metric.lower()
        p = next((p for p in plats if low.startswith(p.lower() + " ") and len(low[len(p):].split()) >= 2), None)
        if p:
            f.metric, f.platform = low[len(p):].strip(), p
