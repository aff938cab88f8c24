"""Two or three named platforms or channels set side by side ("Google Ads vs Meta", "podcasts or CTV?")
are answered with what the knowledge base says about each side, each cited.

Why: one search for the whole question ranks passages by its other words (a vertical, a budget), and
the reader then quotes the one section that best answers — one side, or nothing. A comparison asks
about every side, so each gets its own search and its own quote:

* the sides are the platforms and channels the shared vocabulary names in the message, and the platforms the KB
  names itself ("Nextdoor", "Hulu", "Yelp" for "Yelp Ads": :func:`~agent.offline.kblabels.sides_in`) (a comparison
  cue — vs, versus, compare, or, better, which, between — must join them);
* a KB often writes per channel ("Search playbook") and never names the platform that sells it, so a
  platform's search also carries its channel word (``VOCABULARY["platform_channels"]``);
* the side's quote is the lead of the best section about it: a heading naming the side itself
  ("### Meta (Facebook and Instagram)"), else a heading naming its channel ("## Role of search in the
  funnel", the earliest in its document: a document introduces its channel first), else the first
  sentence naming the side. A section whose heading names another side belongs to neither;
* a side with its own row in a KB price list ("- Moloco: $3.10" under "COST PER INSTALL - 2025") is quoted by that
  row, and a budget stated is worked at its price in the caption's unit (:mod:`rowprice`); every side so priced,
  no other passage naming the sides (a glossary's line) is added;
* a side the KB says nothing about is said so — never filled with another side's text;
* a section heading names every side each by a word of its own ("Comparing social with search"): the
  KB's own comparison, quoted after the sides; a budget stated, the section headed by the money band
  holding it (:mod:`bands`: "Tier 1: under $50k per month") says how it splits between the sides.

Metric questions ("CPM on TikTok vs Meta") keep the channel-figure path (:mod:`channelfig`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agent.offline import bands, kblabels, rowprice
from agent.offline.asking import question_sentences
from agent.offline.reader import _EXAMPLE_HEAD
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import VOCABULARY, term_pattern
from rag.regexes import compiled

# English marks of setting two named things against each other: a joiner between them ("A vs B", "A or B",
# "A compared with B"; not "money *over to* B", a move), or "and" with a comparing word elsewhere ("compare A and B", "which is better, A and B")
_JOIN = re.compile(r"^\W*(?:[\w-]+\W+){0,3}?(?:vs\.?|versus|v\.?|or|against|over(?!\s+(?:to|into)\b)|compared (?:to|with)|"
                   r"(?:rather|better|more|less|cheaper) than|instead of)\W", re.I)
_AND = re.compile(r"^\W*(?:[\w-]+\W+){0,2}?(?:and|&|,|/|with)\W", re.I)
_CUE = re.compile(r"\b(?:vs\.?|versus|compared?|compares|comparing|comparison|better|best|which|differ\w*|"
                  r"choose|pick|decide)\b", re.I)
_LEAD = 2          # sentences quoted per side
_MAX_WORDS = 70    # per side


@dataclass(frozen=True)
class Side:
    name: str                  # as the answer calls it: the platform's key, or the channel word
    own: tuple[str, ...]       # the words that name it
    channel: tuple[str, ...]   # the channel words that name what it sells (may equal ``own``)


def _plural(words) -> tuple[str, ...]:
    return tuple(dict.fromkeys([w for x in words for w in (x, *((f"{x}s",) if not x.endswith("s") else ()))]))


def sides(text: str) -> list[Side]:
    """The two or three platforms/channels the message sets side by side, in the order named; [] else. The sentence
    that asks decides when it names a platform or channel itself: "social is beating search for us. can I move a
    third of the search money?" states a comparison and asks about one side (a statement before the question is
    the situation, not the question); "Google or Meta. which is cheaper?" asks about the sides it points back to.
    Read once per message and declaration (the KB's own platforms and metrics, :func:`kblabels.declared`): a turn
    asks it when it plans the searches, when it answers and when it weighs a scene — the sides are frozen, each
    caller its own list."""
    return list(_sides_read(text, kblabels.declared()))


@lru_cache(maxsize=1024)
def _sides_read(text: str, declared: tuple) -> tuple[Side, ...]:
    """:func:`sides` of ``text`` under the KB's declaration ``declared`` (part of the key only)."""
    ask = " ".join(question_sentences(text))
    return tuple(_sides(ask) if ask.strip() != text.strip() and _mentions(ask) else _sides(text))


def _mentions(text: str) -> bool:
    """Does ``text`` name a platform or a channel the vocabulary knows?"""
    low = text.lower()
    return bool(kblabels.sides_in(text)) or any(term_pattern(tuple(syns)).search(low) for syns in VOCABULARY["platforms"].values()) or any(
        term_pattern(_plural([ch])).search(low) for ch in VOCABULARY["topics"]["channels"] if not ch.startswith("channel"))


def _sides(text: str) -> list[Side]:
    low = text.lower()
    found: list[tuple[int, int, Side]] = []
    links = VOCABULARY.get("platform_channels", {})
    for key, syns in VOCABULARY["platforms"].items():
        for m in term_pattern(tuple(syns)).finditer(low):
            label = key if key.lower() in m.group(0) or m.group(0) in key.lower() else f"{key} ({m.group(0)})"
            found.append((m.start(), m.end(), Side(label, _plural(syns), _plural(links.get(key, [])))))
    for start, end, name in kblabels.sides_in(text):  # a platform the KB names itself ("Nextdoor", "Hulu")
        found.append((start, end, Side(name, _plural([name.lower()]), ())))
    for ch in VOCABULARY["topics"]["channels"]:
        if ch.startswith("channel"):
            continue
        for m in term_pattern(_plural([ch])).finditer(low):
            found.append((m.start(), m.end(), Side(m.group(0), _plural([ch]), _plural([ch]))))
    out: list[tuple[int, int, Side]] = []  # every mention, a side named again as the side first named
    for s, e, side in sorted(found, key=lambda f: (f[0], -(f[1] - f[0]))):
        if any(s < e2 and s2 < e for s2, e2, _ in out):  # "google search": one name, not two
            continue
        side = next((o for _, _, o in out if side.name == o.name or set(side.own) & set(o.own)), side)
        out.append((s, e, side))
    joined: list[Side] = []
    for prev, cur in zip(out, out[1:]):  # two mentions in a row joined as alternatives: both are sides
        gap = text[prev[1]:cur[0]] + " "
        if prev[2] is not cur[2] and (_JOIN.match(gap) or (_AND.match(gap) and _CUE.search(text))):
            joined += [x for x in (prev[2], cur[2]) if x not in joined]
    if len(joined) < len({id(o) for _, _, o in out}):  # a side named apart from the comparison: no side by side
        return []
    named = sorted(joined, key=lambda o: next(i for i, (_, _, x) in enumerate(out) if x is o))
    # "search vs social on Meta": a channel whose own platform is named too is that platform's, not a side
    named = [o for o in named if not (o.own == o.channel and any(p is not o and p.channel == o.own for p in named))]
    return named if 2 <= len(named) <= 3 else []


def queries(text: str, named: list[Side] | None = None) -> list[str]:
    """One search per side (``named``: the message's sides, read again when not given): its name as the
    vocabulary knows it, with its channel word; a budget stated, one more for how the KB splits a budget of
    that size between the sides' channels."""
    named = sides(text) if named is None else named
    budget = bands.budget_of(text) if named else None
    split = [" ".join(dict.fromkeys(w for s in named for w in s.channel[:1] or s.own[:1])) + " split by budget"] \
        if budget else []  # the band is chosen when reading: a money figure matches no heading's words
    return [" ".join(dict.fromkeys([s.own[0], *s.channel[:1], "channel"])) for s in named] + split


def _names(words: tuple[str, ...], text: str) -> bool:
    return bool(words) and bool(term_pattern(words).search(text.lower()))


def _chunk(pid: str) -> int:
    m = re.search(r"#(\d+)$", pid or "")
    return int(m.group(1)) if m else 0


def _lead(section: list, k: int = _LEAD) -> str:
    """The first sentences of a section, without its heading repeated (a plain-text KB's title line) and
    without a fragment a chunk cut from the sentence before."""
    out, n = [], 0
    prose = [u for u in section if u.item < 0]
    for u in prose or section:  # a list's items follow the lead that introduces them
        t = u.text[len(u.heading):].strip() if u.heading and u.text.lower().startswith(u.heading.lower()) else u.text
        if u.overview or t in out or not t[:1].isupper() and not t[:1].isdigit():
            continue
        out.append(t)
        t = out[-1]
        n += len(t.split())
        if len(out) >= k or n >= _MAX_WORDS:
            break
    return " ".join(out)


def _pick(side: Side, others: list[Side], units: list, rank: dict[str, int]) -> tuple[dict, str, str] | None:
    """(passage, heading, quote) of the best section about ``side``, or None."""
    foreign = tuple(w for o in others for w in (*o.own, *o.channel))
    groups: dict[tuple[int, str], list] = {}
    for u in units:
        groups.setdefault((u.rank, u.heading), []).append(u)

    def doc_order(key):  # a rule before an illustration; the earliest section of the best-ranked document
        ps = units_ps[key[0]]
        return (bool(_EXAMPLE_HEAD.search(key[1])), min((r for pid, r in rank.items() if pid.split("#")[0] == ps[
            "id"].split("#")[0]), default=99), ps.get("source", "").split("›")[0], _chunk(ps["id"]),
                min(u.pos for u in groups[key]))

    units_ps = {u.rank: u.ps for u in units}
    for words in (side.own, side.channel):
        heads = [k for k in groups if _names(words, k[1]) and not _names(foreign, k[1]) and _lead(groups[k])
                 and not _title(k[1], units_ps[k[0]])]
        if heads:
            best = min(heads, key=doc_order)
            return units_ps[best[0]], best[1], _lead(groups[best])
    said = [u for u in units if _names(side.own, u.text) and not u.overview and not _title(u.heading, u.ps)]
    if said:
        u = min(said, key=lambda u: (rank.get(u.ps["id"], 99), u.rank, u.pos))
        return u.ps, u.heading, u.text
    return None


def _title(heading: str, ps: dict) -> bool:
    """The heading is the document's title: what follows it describes the document, not the side."""
    return compiled(rf"^#\s+{re.escape(heading)}\s*$", re.M).search(ps.get("text", "")) is not None


def _shared(named: list[Side], units: list) -> tuple[dict, str, str] | None:
    """A section whose heading names every side (by name or channel): the KB's own comparison of them."""
    groups: dict[tuple[int, str], list] = {}
    for u in units:
        groups.setdefault((u.rank, u.heading), []).append(u)
    own = [set(s.own + s.channel) - {w for o in named if o is not s for w in o.own + o.channel} for s in named]
    found = [(us[0].ps, heading, lead) for (rank, heading), us in groups.items()  # each side by a word of its own:
             if all(words and _names(tuple(words), heading) for words in own)  # "social" names neither of two social platforms
             and not _title(heading, us[0].ps) and (lead := _lead(us))]
    return min(found, key=lambda f: (bool(_EXAMPLE_HEAD.search(f[1])), f[0]["id"].split("#")[0], _chunk(f[0]["id"])),
               default=None)  # the earliest such section of a document, a rule before an illustration


def _split(named: list[Side], units: list, budget: float | None) -> tuple[dict, str, str] | None:
    """The sentence of a section headed by the money band holding the user's budget ("Tier 1: under $50k
    per month") that names every side, by name or channel: what that budget gives each."""
    if budget is None:
        return None
    for u in units:
        if bands.band(u.heading) and bands.fit(budget, u.heading) > 1 and all(
                _names(s.own + s.channel, u.text) for s in named):
            return u.ps, u.heading, u.text
    return None


@dataclass
class _U:  # a reader unit with the passage it comes from
    rank: int
    pos: int
    heading: str
    text: str
    overview: bool
    item: int
    ps: dict


def _read(passages: list[dict]) -> list[_U]:
    from agent.offline.reader import _units
    return [_U(u.rank, u.pos, u.heading, u.text, u.overview, u.item, passages[u.rank]) for u in _units(passages)]


def band_split(part: str, passages: list[dict], budget: float | None) -> str | None:
    """What the section of the budget's money band says each side of ``part`` gets, cited; None when ``part`` sets
    no sides against each other or no such section is among ``passages``. For one part of a longer question
    (:mod:`agent.offline.parts`), where the reader would weigh every passage by the words of the part alone."""
    named = sides(part)
    units = _read(passages) if named and passages and budget is not None else []
    cut = _split(named, units, budget) if units else None
    if cut is None:  # the band's section names only some sides ("add a second social platform"): its advice still
        cut = next(((u.ps, u.heading, u.text) for u in units if bands.band(u.heading) and bands.fit(budget, u.heading) > 1
                    and any(_names(s.own + s.channel, u.text) for s in named)), None)
    return ": ".join(_band_line(budget, cut)) if cut else None


def _band_line(budget: float, cut: tuple[dict, str, str]) -> tuple[str, str]:
    """(who, what) of the band section's line: "For a budget of $80,000", its cited sentence."""
    return f"For a budget of ${budget:,.0f}", f"Based on Knowledge Base [{cut[0]['id']}] ({cut[1]}): {cut[2]}"


def paragraph(text: str, outcomes: list[ToolOutcome]) -> str | None:
    """What the knowledge base says about each side, each cited; None when the message sets no sides
    against each other or the KB names none of them."""
    named = sides(text)
    if not named:
        return None
    mine = {q: o for o in outcomes if o.name == "search_knowledge_base" and o.found for q in [o.input.get("query")]}
    passages: list[dict] = []
    for o in outcomes:
        if o.found and o.name in ("search_knowledge_base", "get_step_guidance"):
            passages += [p for p in o.passages if p["id"] not in {x["id"] for x in passages}]
    if not passages:
        return None
    units, priced, budget = _read(passages), rowprice.rows(passages), bands.budget_of(text)
    parts, known = [], 0
    for side, q in zip(named, queries(text, named)):  # the budget's search, last, is no side's
        if own := rowprice.named(side.own, priced):  # its own row of a price list: its figure, the budget worked at it
            known += 1
            parts.append((side.name, " ".join(rowprice.cited([r], budget) for r in own)))
            continue
        rank = {p["id"]: i for i, p in enumerate(mine[q].passages)} if q in mine else {}
        got = _pick(side, [o for o in named if o is not side], units, rank)
        if got is None:
            parts.append((side.name, f"the knowledge base says nothing about {side.name}."))
            continue
        known += 1
        ps, heading, quote = got
        via = f" (a {side.channel[0]} platform)" if side.channel and side.channel != side.own and not _names(
            side.own, f"{heading} {quote}") else ""
        head = f" ({heading})" if heading else ""
        cited = f"Based on Knowledge Base [{ps['id']}]{head}: {quote}"
        same = next((i for i, (_, c) in enumerate(parts) if c == cited), None)
        if same is not None:  # the KB says one thing of both ("Email and SMS are …"): said once, for both
            parts[same] = (f"{parts[same][0]} and {side.name}", cited)
            continue
        parts.append((f"{side.name}{via}", cited))
    if known and (both := _shared(named, units)) and not any(f"[{both[0]['id']}] ({both[1]})" in c for _, c in parts):
        parts.append(("Side by side", f"Based on Knowledge Base [{both[0]['id']}] ({both[1]}): {both[2]}"))
    if known and budget and (cut := _split(named, units, budget)):
        parts.append(_band_line(budget, cut))
    return "\n\n".join(f"{who}: {what}" for who, what in parts) if known else None


def merged(text: str, side: str, paras: list[str]) -> list[str]:
    """The sides' paragraph first, then each paragraph already written that names every side (the reader's
    pick for the whole question may be the KB's own verdict on them) and cites none of its passages. Every side priced
    by its own row of a price list: those figures answer, and a passage naming the sides (a glossary's line) adds none."""
    named = sides(text)
    if all(re.search(rf"^{re.escape(s.name)}: {rowprice.CITED}", side, re.M) for s in named):
        return [side]
    cited = set(re.findall(r"\[([^\]]+#\d+)\]", side))
    return [side] + [p for p in paras if not cited & set(re.findall(r"\[([^\]]+#\d+)\]", p))
                     and all(_names(s.own + s.channel, p) for s in named)]
