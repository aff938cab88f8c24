"""The short names a KB spells out in its own words: a channel asked in those words, and a caption word that is
part of a metric's short name rather than a platform.

Why: a KB files figures under its own short name for a channel ("DOOH CPM" → the platform "Dooh") and spells
that name out once, in its glossary ("DOOH - Digital out-of-home. Screens in public places …") or in prose
("digital out-of-home (DOOH)"). A user asks in the long words ("CPM of digital out-of-home transit shelters"),
which name no platform the vocabulary knows and no word of the KB's short name, so the look-up said the KB had
the figure "only for Dooh, not for 'digital out-of-home'". The long words, as the KB itself spells the short
name out, are asked as that short name.

Likewise a caption "VIEWABLE CPM - 2025" was read as the platform "Viewable" with CPM, though the KB writes
"Viewable CPM (vCPM)" in prose and "vCPM - Viewable cost per thousand impressions." in its glossary: the word
is part of the metric it names. Such figures keep the vocabulary's metric (a viewable CPM is a CPM: "viewable
CPM" and "CPM" still find them), carry the KB's short name as their ``metric_name`` (so "vCPM" finds them too)
and no platform.
"""
from __future__ import annotations

import re
from functools import lru_cache

from mpa.captions import metric_words
from mpa.vocabulary import VOCABULARY, canonical

# "DOOH - Digital out-of-home." (a glossary line: the short name heads the line, its words follow the dash) and
# "digital out-of-home (DOOH)" (prose spelling it out before the short name in brackets)
_GLOSS = re.compile(r"^([A-Za-z]{2,6}) - ([A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){0,4})\.", re.M)
_SAID = re.compile(r"\b([A-Za-z][a-z-]+(?: [a-z][a-z-]*){0,4}) \(([A-Za-z]{2,6})\)")


def _plain(words: str) -> str:
    """Lower case, hyphens and runs of spaces as one space: "Digital out-of-home" is "digital out of home"."""
    return " ".join(re.sub(r"[-‐–]", " ", words.lower()).split())


@lru_cache(maxsize=32)
def _spelled(texts: tuple[str, ...]) -> dict[str, set[str]]:
    """Each spelled-out name (plain) → the short names the KB spells out so (lower case)."""
    out: dict[str, set[str]] = {}
    for text in texts:
        for m in _GLOSS.finditer(text):
            out.setdefault(_plain(m.group(2)), set()).add(m.group(1).lower())
        for m in _SAID.finditer(text):
            long, short = _plain(m.group(1)), m.group(2).lower()
            words = long.split()  # "… on digital out-of-home (DOOH)": the words whose initials the short name is
            for i in range(len(words)):
                if "".join(w[0] for w in " ".join(words[i:]).split()) == short:
                    out.setdefault(" ".join(words[i:]), set()).add(short)
    return out


def kb_short_name(platform: str | None, texts, stated: set[str]) -> str | None:
    """The KB's own platform (among ``stated``, the platforms its figures carry) whose short name its text spells
    out in the words asked ("digital out-of-home" → "Dooh"); ``platform`` as given otherwise — also when a stated
    platform is named in the words themselves, or none or several fit."""
    if not platform or not stated:
        return platform
    asked = _plain(platform)
    if any(p and _plain(p) in asked.split() for p in stated):
        return platform
    shorts = _spelled(tuple(texts)).get(asked, set())
    fit = {p for p in stated if p and _plain(p) in shorts}
    return fit.pop() if len(fit) == 1 else platform


def metric_modifiers(facts: list, docs: list[tuple[str, str]]) -> None:
    """In place: each benchmark fact whose platform is no vocabulary platform but a word the KB writes as part of
    a metric's short name with the fact's metric ("Viewable CPM (vCPM)", "vCPM - Viewable cost per thousand
    impressions.") carries that short name as its ``metric_name`` and no platform."""
    texts = "\n".join(t for _, t in docs)
    low = texts.lower() if texts.isascii() else None  # both forms say "<platform> <name>" as written, case-blind:
    found: dict[tuple[str, str], str | None] = {}     # in an ASCII text, a form not in its lower case cannot match
    for f in facts:
        if f.kind != "benchmark" or not f.platform or not f.metric or f.platform in VOCABULARY["platforms"] \
                or f.platform == f.label:
            continue
        key = (f.platform, f.metric)
        if key not in found:
            found[key] = None
            for name in metric_words(f.metric):
                if low is not None and (w := f"{f.platform} {name}").isascii() and w.lower() not in low:
                    continue  # (neither search below can match: skipped unread and uncompiled)
                said = rf"{re.escape(f.platform)} {re.escape(name)}"
                m = re.search(rf"(?i)\b({said})\s*\(([A-Za-z]{{2,6}})\)", texts) or \
                    re.search(rf"(?im)^([A-Za-z]{{2,6}}) - ({said})\b", texts)
                if m:
                    short = m.group(2) if m.group(1).lower().startswith(f.platform.lower()) else m.group(1)
                    if canonical(short, "metrics") is None:
                        found[key] = short
                        break
        if found[key]:
            f.metric_name, f.platform, f.platform_name = found[key], None, ""
