"""The item of a quoted list that the question names by its label.

Why: "what's the least I can spend on Yelp in a month?" found the section listing every platform's minimum monthly
spend, and quoted its lead sentences ("The amounts are per market per month …", "A platform whose minimum is more
than a third of the whole monthly budget …"): they share "month" and "spend" with the question, while the one item
naming what was asked ("- Yelp Ads: $300 (lowest)") shares a single word — and, shorter than a sentence, is not even
one of the units the reader scores (:func:`~agent.offline.passages.units` drops fragments). A name the question gives
— a word it capitalises past the start of a sentence, or writes in capitals ("Yelp", "CTV", "TikTok"), places aside —
that exactly one list item of the quoted section holds names that item: it is quoted with the rest, in reading order.
A name several items hold points at none of them; a name no item holds changes nothing. Items are read from the
section's units and, for a short item labelling a price or a share ("Nextdoor: $500"), from the passage's own lines
under the section's heading; such an item is never scored or weighed with the rest (a dozen of them would shift every
word's rarity): only the name it is asked by brings it. A list of short rows only, which the reader reads whole under its
caption (:mod:`~agent.offline.captionrows`), is quoted as the one row its label names, the caption said with it.
"""
from __future__ import annotations

import re
from dataclasses import replace

from agent.offline import bylist, captionrows, extremerow, places
from agent.offline.passages import message_sentences, terms
from mpa.vocabulary import VOCABULARY, match_terms
from rag.regexes import compiled

_NAME = re.compile(r"[A-Z][\w&'’.-]*[\w&]|[A-Z]")
# "- Yelp Ads: $300 (lowest)", "- Quebec: C$1.95-2.30", "- Toys and Games: 31%": a list item labelling a price or a share
_LABELLED = re.compile(r"^\s*[-*•]\s+([^:\n]{2,60}:\s*(?:(?:[A-Z]{0,2}[$€£¥₹]|[A-Z]{2,3}\s)\s?\d|(?:up to|under|over)\s+"
                       r"[$€£¥₹]\d|\d[\d.,]*(?:\s*[-–]\s*\d[\d.,]*)?\s*%)[^\n]*)$", re.M)


def names(question: str) -> set[str]:
    """The words ``question`` capitalises past the opening word of a sentence ("I" aside), lower-cased — places
    aside: "households in Milwaukee" asks for a count in that market, and a "Milwaukee DMA households" row counts
    every household there, not the audience asked."""
    out = set()
    for sentence in message_sentences(places.without_places(question)):
        words = sentence.split()
        for w in words[1:]:
            w = w.strip("\"“”'‘’()[],;:?!.")
            if w and w != "I" and _NAME.fullmatch(w) and not w.startswith("I'"):
                out.add(w.lower())
    return out


def _items(section: list, text: str) -> list:
    """The section's list items, with its short labelled items read from ``text`` (its passage, from the section's
    heading to the next heading or frame line) as units placed after the unit before them."""
    items = [c for c in section if c.item >= 0]
    low = text.lower()
    start = low.find(section[0].heading.lower()) if section[0].heading else -1
    if start < 0:
        return items
    body = re.search(r"\n(?!-{5,}[ \t]*\n)", text[start:])  # past the heading and the frame under it
    begin = start + (body.end() if body else 0)
    while text.startswith("-", begin):
        begin = text.find("\n", begin) + 1 or len(text)
    nxt = re.search(r"^(?:-{5,}|#)", text[begin:], re.M)
    stop = begin + nxt.start() if nxt else len(text)
    at = sorted(((low.find(c.text[:40].lower(), start), c) for c in section), key=lambda x: x[0])
    for m in _LABELLED.finditer(text, begin, stop):
        said = m.group(1).strip()
        if any(said.rstrip(".") in c.text for c in section):
            continue
        before = [c for i, c in at if 0 <= i < m.start()] or [section[0]]
        items.append(replace(before[-1], text=said if said.endswith((".", ")")) else said + ".", item=10_000 + m.start(),
                             pos=before[-1].pos + 0.5 + m.start() / (4 * len(text))))  # between it and the next
    return items


# a quantity of a unit the question says ("a 30-second ad", "60 seconds", "a 6 second bumper"): no money, no share
_AMOUNT = re.compile(r"(?<![\w$€£¥₹.,-])(\d+(?:\.\d+)?)(?:[\s-])([a-z]{3,})", re.I)


def amounts(question: str) -> set[str]:
    """The quantities ``question`` names an item by ("a 30-second skippable ad": "30 second"), lower-cased, the unit
    singular: a list by length or size labels its rows so ("- 30-Second Skippable: 27-33%", "- 30 Seconds: 88-92%"),
    and, written small, the quantity is no name :func:`names` reads."""
    return {f"{n} {u.lower()[:-1] if u.lower().endswith('s') else u.lower()}" for n, u in _AMOUNT.findall(question)}


def _holds(name: str, item: str) -> bool:
    if re.fullmatch(r"\d+(?:\.\d+)? \w+", name):  # a quantity: its number, then its unit (singular or plural)
        n, u = name.split()
        return bool(compiled(rf"(?<![\w.-]){re.escape(n)}[\s-]{re.escape(u)}s?(?![\w-])", re.I).search(item.split(":")[0]))
    return bool(compiled(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I).search(item))


def added(question: str, chosen: list, section: list, text: str = "", carried: frozenset = frozenset()) -> list:
    """``chosen`` with the one list item of ``section`` (its passage ``text``) each name of the question points at,
    in reading order — or, when the question names nothing, each name ``carried`` from the turn it follows up."""
    return _captioned(question, _added(question, chosen, section, text, carried))  # "Meta" of its caption


def _added(question: str, chosen: list, section: list, text: str, carried: frozenset) -> list:
    wanted = names(question) | amounts(question) or set(carried)
    if not wanted and section and (end := extremerow.pick(question, bylist.narrowed(question, _items(section, text),
                                                                                text))):  # "which is cheapest?"
        return chosen if end[0] in chosen else sorted([*chosen, *end], key=lambda c: c.pos)
    if not wanted or not section:
        return chosen
    items, extra = _items(section, text), []
    for name in wanted:
        holders = [c for c in items if _holds(name, c.text)]
        if len(holders) == 1 and holders[0] not in chosen and holders[0] not in extra:
            extra.append(holders[0])
    return sorted([*chosen, *extra], key=lambda c: c.pos) if extra else chosen


def phrases(question: str) -> set[str]:
    """The names the question gives, each whole: a run of the words :func:`names` reads ("Google Ads" is one name, not
    "google" and "ads"), lower-cased."""
    said, out = names(question), set()
    for sentence in message_sentences(places.without_places(question)):
        run: list[str] = []
        for w in [*sentence.split()[1:], ""]:
            bare = w.strip("\"“”'‘’()[],;:?!.")
            if bare and bare.lower() in said:
                run.append(bare.lower())
                if bare == w:
                    continue
            if run:
                out.add(" ".join(run))
            run = []
    return out


def first(question: str, ranked: list, sections: dict, top: list[dict], by: dict) -> list:
    """``ranked`` (section keys, best first) with the one section whose list holds a row labelled by a name the
    question gives ("what would Angi charge us?") moved first: the name is what is asked about, and a definition or
    an overview that shares the question's other words ("booked assessment") does not say it. Several sections
    holding it, none, one the question's words do not reach at all (``by``: its score), or a first section that says
    the name itself: as ranked."""
    wanted = {n for n in phrases(question) if not match_terms(n, VOCABULARY["metrics"]) and not match_terms(
        n, VOCABULARY["platforms"])}  # "ROAS" names a measure, "Instagram" a platform the platform readers look up: no row
    if not wanted or not ranked:
        return ranked
    pats = [compiled(rf"(?<![\w-]){re.escape(n)}(?![\w-])", re.I) for n in wanted]
    if any(p.search(c.text) for p in pats for c in _items(sections[ranked[0]], top[ranked[0][0]]["text"]) + sections[ranked[0]]):
        return ranked  # the section ranked first says the name itself ("comedy shows that sold on TikTok paid …")
    holders = []
    for k in ranked:
        labels = [r.split(":")[0] for c in _items(sections[k], top[k[0]]["text"]) for r in captionrows.rows(c.text)
                  if re.match(r"[^:—]{1,60}:", r)]
        if any(compiled(rf"(?<![\w-]){re.escape(n)}(?![\w-])", re.I).search(lb) for n in wanted for lb in labels):
            holders.append(k)
    heads = {(top[k[0]].get("source", ""), k[1]) for k in holders}  # one section, however many passages repeat it
    if len(heads) != 1 or holders[0] == ranked[0] or by.get(holders[0], 0.0) <= 0:
        return ranked
    return [holders[0]] + [k for k in ranked if k != holders[0]]


def _captioned(question: str, chosen: list) -> list:
    """``chosen`` (a quote's units) with a list read whole under its caption (:mod:`~agent.offline.captionrows`)
    narrowed to the one row the question names by its label (its words all said — "the cost of a follower" for "Cost
    Per Follower" — or the metric it names) or asks for by its value ("which is cheapest?"): the other rows answer
    nothing asked. The row keeps its caption ("X ads cost benchmarks - H1 2025: Cost Per Follower: $1.90-2.80."): what
    it is a figure of is said with it."""
    if not any(captionrows.parts(c.text) for c in chosen):
        return chosen
    asked, metrics = set(terms(question)), set(match_terms(question, VOCABULARY["metrics"]))

    def names(row: str) -> bool:
        label = row.split(":")[0]
        own = set(terms(label))
        return bool(own) and own <= asked or bool(metrics & set(match_terms(label, VOCABULARY["metrics"])))

    out = []
    for c in chosen:
        found = captionrows.parts(c.text)
        if found:
            caption, rows = found
            named = [r for r in rows if names(r)]
            if len(named) != 1:
                end = extremerow.pick(question, [replace(c, text=r, item=k) for k, r in enumerate(rows)])
                named = [rows[end[0].item]] if end else named
            c = replace(c, text=f"{caption}: {named[0]}.") if len(named) == 1 else c
        out.append(c)
    return out
