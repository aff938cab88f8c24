"""A question about what a metric IS — how two of its kinds differ, what it means — asks for no value of it.

Why: after the user gave a spend and a count ("we spent $20k and got 400 leads"), a bare "what's the CPL?" asks for
their cost of one, and the conversation's memory works it out (:func:`~agent.offline.memory.carry`). But "what's the
difference between blended and paid CAC?" or "what does CAC actually mean for us?" names the same metric and asks
about the concept: a division of the remembered figures answers nothing asked, while the KB's section comparing or
defining the kinds does. English marks the concept question by its frame — a difference or a comparison between
named things, a meaning or a definition — whatever the metric.
"""
from __future__ import annotations

import re

CONCEPT = re.compile(r"\bdiff(?:erence|erent|\.)?\s+(?:between|from)\b|\bhow (?:is|are|do|does) [^?.!]{1,40}\bdiffer\b|"
                     r"\b(?:mean|means|meaning|stand for|defin(?:e|ed|ition))\b|\b(?:versus|vs\.?)\s|"
                     r"\bwhich (?:one|of (?:the|them|those|these))\b[^?.!]{0,40}\b(?:use|report|show|go|track|trust)\b", re.I)


def asks_concept(text: str) -> bool:
    """Does the message ask what a metric is or how its kinds differ, rather than its value?"""
    return bool(CONCEPT.search(text))
