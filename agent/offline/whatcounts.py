"""What the figure just given counts: "does that figure include the taxes guests pay?", "is that number before
costs?", "what does that figure count, exactly?" — asked of the metric the last answer gave.

Why: the message names no metric, only points at one ("that figure", "that number"), and its own words ("taxes",
"costs") searched alone find passages about anything priced or profitable. What it asks is what
the metric counts: the KB says so where it defines the metric — the vertical's note on it ("ROAS in travel: …
counts gross booking value") or its glossary entry ("… ignores margin"). So the searches are the metric (its
acronym and spelled-out name) with the business the conversation is about, and with the question's own words;
the reader then quotes the sentence that says what is counted.
"""
from __future__ import annotations

import re

from agent.offline import definition, meaningask, pairback

# a pointer at the last figure: "that number", "that return", "this figure", "that ratio", "it"
_POINTER = r"(?:that|this|those|these)\s+(?:number|figure|return|ratio|rate|cost|price|metric|stat|percentage|multiple)s?"
# what it counts or is: "count", "include", "cover", "mean", "profit", "revenue", "margin", "before / after costs"
# a value asked ("what's the return number then", "what would that figure be"): a figure question, not what it counts
_VALUE = re.compile(r"\bwhat(?:'s|’s|s|\s+is|\s+would\s+be|\s+will\s+be|\s+does\s+that\s+come\s+to)\b|\bhow\s+(?:much|many|high|low)\b",
                    re.I)
_ASKS = re.compile(r"\b(?:counts?|counting|includes?|including|cover|covers|means?|measures?|based\s+on|made\s+of|"
                   r"profit|profits|revenue|margin|takings|sales|before|after|net|gross|whole|entire|full|"
                   r"real(?:ly)?|actual(?:ly)?)\b", re.I)


def asks(text: str) -> bool:
    """Does the message point at the last figure and ask what it counts or is?"""
    m = re.search(r"\b" + _POINTER + r"\b", text, re.I)
    return bool(m) and bool(_ASKS.search(text[m.end():])) and not re.search(r"[\d$%]", text) and not _VALUE.search(text)


def calls(text: str, previous: tuple | None, vertical: str | None, tools: set[str], top_k: int) -> list[tuple[str, dict]]:
    """The searches for what the last answer's metric counts (module doc), or []."""
    if "search_knowledge_base" not in tools or not previous or not asks(text):
        return []
    led = pairback.terms_led(previous[1] or "")
    if not led:
        return []
    metric = led[0]
    named = " ".join(f"{metric} {meaningask.spelled(metric)}".split())
    return [("search_knowledge_base", {"query": q[:400], "top_k": top_k})  # its note in the business's file; its definition
            for q in dict.fromkeys([" ".join(f"{vertical or ''} {named} {text}".split()), named])]


_SEARCHING = {"search_knowledge_base", "research_topic"}


def _note(metric: str, passages: list[dict], cited: set[str]) -> tuple[dict, str] | None:
    """The note on the metric in one business ("### ROAS in travel" and its paragraph): in a document the last
    answer cited (the business's own file) first, else the best ranked."""
    head = re.compile(r"(?<![\w:])" + re.escape(metric) + r"(?![\w:])[^\n]*\b(?:in|for)\b", re.I)
    for p in sorted(passages, key=lambda p: p.get("id", "").split("#")[0] not in cited):
        paras = definition.paragraphs(p.get("text", ""))
        for i, (h, para) in enumerate(paras):
            if not para and head.search(h):
                body = next((t for hh, t in paras[i + 1:i + 2] if hh == h and t), "")
                if body:
                    return p, body
    return None


def read(text: str, previous: tuple | None, outcomes: list, k: int) -> str | None:
    """What the last answer's metric counts, in the KB's words: its note in the business's file, then its
    definition (module doc); None when the message asks no such thing or the passages say neither."""
    if not previous or not asks(text):
        return None
    led = pairback.terms_led(previous[1] or "")
    passages = [p for o in outcomes if o.name in _SEARCHING and o.found for p in o.passages]
    if not led or not passages:
        return None
    metric = led[0]
    cited = set(re.findall(r"\[([^\[\]#]+)#", previous[1] or ""))
    found = [] if (note := _note(metric, passages, cited)) is None else [(note[0], note[1])]
    defined = definition.defined(metric, meaningask.spelled(metric), passages)
    found += [(p, t) for p, t in [defined] if defined and all(p["id"] != q["id"] for q, _ in found)]
    return "\n\n".join(f"Based on Knowledge Base [{p['id']}]: {definition.cut(t, k)}" for p, t in found) or None
