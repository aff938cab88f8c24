"""Figures for a named platform or channel, read from the knowledge base's own tables.

Why: a vertical benchmark table gives one CPM for "automotive"; a question about the CPM *on a
platform* ("on TikTok", "for host-read podcast spots", "non-brand vs brand search") is answered by
a channel document's table, whose rows or columns are labelled with platforms, formats or buying
routes. Those labels differ per KB, so nothing here lists them: a table cell answers when

* the asked metric names its row, its column or a text cell of its row (the vocabulary's metric
  synonyms — "CPC (link click)", "Average CPC", a "Pricing unit" cell saying CPC), and
* the question shares words with the cell's *other* label (its row label or column header),
  not counting words most labels of that table share ("campaigns" in every column header) — a
  question word no passage uses counts for the label word it begins ("pod" for "Podcast").

The best-matching cells are quoted with their table's section and citation; two entities compared
("A or B", "X vs Y") each match and are both quoted.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import kblabels, rowsaid
from agent.offline.passages import markdown_tables, terms
from mpa.vocabulary import VOCABULARY, match_terms, term_pattern
from rag.regexes import compiled

_GENERIC = frozenset("""a an and or the of for on in to by with per vs versus via cost costs average typical low high
range ranges value values illustrative metric metrics rate rates usually what does do is are how much""".split())
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


def _channel_terms() -> tuple[str, ...]:
    """The shared vocabulary's channels in the singular and the plural ("billboards", "podcasts": a
    channel is as often named by its units as by its name)."""
    chans = VOCABULARY["topics"]["channels"]
    return tuple(chans) + tuple(f"{c}s" for c in chans if not c.endswith("s"))


def named(text: str) -> bool:
    """The message names an ad platform or a channel (shared vocabulary, or a platform the KB declares)."""
    return bool(match_terms(text, VOCABULARY["platforms"])) or bool(term_pattern(_channel_terms()).search(text.lower())) \
        or bool(kblabels.platforms_in(text) or kblabels.brands_in(text)) or bool(rowsaid.labels_said(text))  # a format the KB
    # prices, in own words; "on Netflix": the KB's "Netflix Ads Tier" (:func:`kblabels.brands_in`)


def _names(text: str) -> list[str]:
    """The platform and channel names the message says, as it says them ("billboards", "linkedin")."""
    terms_ = tuple(x for v in VOCABULARY["platforms"].values() for x in v) + _channel_terms()
    return list(dict.fromkeys(m.group(0) for m in term_pattern(terms_).finditer(text.lower())))


def said_names(text: str) -> list[str]:
    """The platform and channel names the message says, as said, and the platforms' short names ("CTV")."""
    names = _names(text)
    return list(dict.fromkeys(names + [n for k in match_terms(text, VOCABULARY["platforms"]) for n in VOCABULARY["platforms"][k]
                                       if re.fullmatch(r"[a-z]{2,4}", n)]))


def echoed(text: str, before: str) -> bool:
    """The message repeats a word that the message before said right beside a channel's name ("host-read" of
    "host-read podcast ads", "roadside" of "roadside billboards"): it speaks of that channel's format again
    without naming the channel — the way people refer back to a thing by its modifier."""
    low = before.lower()
    near = set()
    for name in _names(before):
        for m in compiled(r"(?<![a-z])" + re.escape(name) + r"(?![a-z])").finditer(low):
            near |= set(_WORD.findall(low[max(0, m.start() - 25):m.start()])[-2:])
            near |= set(_WORD.findall(low[m.end():m.end() + 25])[:2])
    near = {w for w in near if len(w) >= 4 and w not in _GENERIC and not match_terms(w, VOCABULARY["metrics"])
            and not match_terms(w, VOCABULARY["platforms"]) and w not in VOCABULARY["topics"]["channels"]}
    return bool(near & set(_WORD.findall(text.lower())))


# the message asks what something costs or typically is, not what to do about it
_FIGURE_ASKED = re.compile(r"\b(?:cost|costs|costing|price|priced|pricing|pay|paying|charge|charges|go for|going rate|rate for|"
                           r"typical|typically|average|benchmarks?|ranges?|normal|usual|usually|ballpark|how much|"
                           r"what (?:kind|sort|type|level) of|are we talking|"  # "what kind of CPM are we talking"
                           r"what (?:do|does|would|will|should)\b[^?.!]{0,40}\b(?:run|go for))\b|"  # "what do those run"
                           # a metric's code asked for itself: "…, cpm?", "what's the cpc on …" (not "CPMs jumped: what now?")
                           rf"\b(?:{'|'.join(c.lower() for c in VOCABULARY['metrics'] if c.isalpha())})\s*\?|"
                           rf"\bwhat(?:'?s| is)\s+(?:the\s+|a\s+)?(?:{'|'.join(c.lower() for c in VOCABULARY['metrics'] if c.isalpha())})\b", re.I)


def queries(text: str, metrics: list[str]) -> list[str]:
    """The searches for a platform's or channel's figure: the message (without "typical", "average":
    every vertical table has a Typical column and would outrank the platform's) with the metrics, and
    the names and metrics alone — a message that mostly tells a story ("my cofounder keeps saying …")
    covers too little of any passage for the search's relevance threshold, while the channel's own
    table is found by its name and the metric's."""
    from agent.offline.parse import RANGE_CUE
    full = f"{' '.join(RANGE_CUE.sub(' ', text).split())[:400]} {' '.join(metrics)}"
    names = _names(text) + [x.lower() for x in rowsaid.labels_said(text)] if _FIGURE_ASKED.search(text) else []  # "CPMs jumped: when do we act?" asks a rule
    if names:  # a platform also by its short names: a table may say "CTV" where the user said "streaming TV"
        keys = match_terms(text, VOCABULARY["platforms"])  # and by its own name: "banner ad" is sold as "display"
        names = list(dict.fromkeys(names + [n for k in keys for n in VOCABULARY["platforms"][k] if re.fullmatch(r"[a-z]{2,4}", n)]
                                   + [k.lower() for k in keys if k.lower() not in names]))
    focused = " ".join(names + [s for m in metrics for s in [m, *VOCABULARY["metrics"].get(m, [])[1:2]]])
    return [full] + ([focused] if names and focused != full else [])


_PRICED = re.compile(r"\b(?:a|an|per|each|every|one)\s+([a-z]+(?: view)?)\b[^?.!]{0,40}?\b(?:cost|costs|run|price|go for)\b|"
                     r"\b(?:cost|price|rate|pay|charge|go for)\w*\b[^?.!]{0,20}?\b(?:per|a|each|every)\s+([a-z]+(?: view)?)\b", re.I)


def priced(text: str) -> list[str]:
    """Metrics a price question names by their unit ("what does a click cost", "the rate per
    install"), read with the parser's unit → metric map."""
    from agent.offline.unitmetric import unit_metric
    out = []
    for m in _PRICED.finditer(text):
        w = (m.group(1) or m.group(2) or "").lower()
        key = unit_metric(w[:-1] if w.endswith("s") and not w.endswith("ss") else w)
        if key and key not in out:
            out.append(key)
    if not out and not _names(text) and not _PRICED.search(text) and (labels := rowsaid.labels_said(text)) and (_FIGURE_ASKED.search(text) or _FOLLOWS.match(text)) \
            and not _JUDGE.search(text):
        out = rowsaid.metrics_of(labels)  # "and those screens in the store?": what the KB prices that format in
    return out


_FOLLOWS = re.compile(r"\W*(?:ok(?:ay)?,?\s+)?(?:and|also|what about|how about)\b", re.I)  # a terse follow-up of a price


def _stem(w: str) -> str:
    """One word as the reader compares it (rag's analyzer via :func:`passages.terms`); a word the
    analyzer drops (a stop word, a number) stays as written."""
    t = terms(w)
    return t[0] if len(t) == 1 else w


def _words(text: str) -> set[str]:
    out = set()
    for w in _WORD.findall(text.lower()):  # a question's "non-brand" also says "brand"
        for part in [w] + (w.split("-") if "-" in w else []):
            if part not in _GENERIC:
                out.add(_stem(part))
    return out


def _score(label: str, q: set[str], common: set[str], clipped: frozenset[str] = frozenset()) -> int:
    """Label words the question shares; a hyphenated label word counts once, whole or by its
    parts ("host-read" meets "a host read spot"); a label word the question clips (``clipped``:
    "pod" for "podcast") counts too."""
    n = 0
    for w in _WORD.findall(label.lower()):
        whole = _stem(w)
        if w in _GENERIC or whole in common:
            continue
        if whole in q or ("-" in w and all(_stem(x) in q for x in w.split("-") if x not in _GENERIC)) \
                or any(w.startswith(c) and len(w) >= len(c) + 3 for c in clipped):
            n += 1
    return n


@lru_cache(maxsize=256)  # pure; the same turn's passages are read again for each row and model call
def _words_in(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower()))


def _clipped(question: str, passages: list[dict]) -> frozenset[str]:
    """The question's words of three letters or more that no passage uses: each may be a name cut
    short ("insta", "pod"), read as the label word it begins."""
    seen = _words_in(" ".join(ps.get("text", "") for ps in passages))
    return frozenset(w for w in _WORD.findall(question.lower())
                     if len(w) >= 3 and w.isalpha() and w not in _GENERIC and w not in seen and terms(w))


def _metric_words(metrics: list[str]) -> set[str]:
    return {w for m in metrics for t in [m, *VOCABULARY["metrics"].get(m, [])] for w in _words(t)}


def _has_metric(label: str, metrics: list[str]) -> str | None:
    low = label.lower()
    for m in metrics:
        if term_pattern(tuple([m.lower(), *VOCABULARY["metrics"].get(m, [])])).search(low):
            return m
    return None


def _common(labels: list[str]) -> set[str]:
    """Words more than half of a table's labels share: they do not tell its entities apart."""
    counts: dict[str, int] = {}
    for lab in labels:
        for w in {_stem(x) for x in _WORD.findall(lab.lower()) if x not in _GENERIC}:  # whole words only
            counts[w] = counts.get(w, 0) + 1
    return {w for w, n in counts.items() if len(labels) > 1 and n * 2 > len(labels)}


def _platform_names(question: str, keys: list[str]) -> tuple[set[str], set[str]]:
    """The words of every name of the platforms the question names (``keys``: "streaming TV" is also "CTV",
    the name a table's corner label may use), and the channels those names and the question say."""
    said = " ".join([question.lower()] + [n for k in keys for n in [k.lower(), *VOCABULARY["platforms"][k]]])
    return {w for k in keys for n in [k, *VOCABULARY["platforms"][k]] for w in _words(n)}, set(_channels(said))


def _channels(text: str) -> list[str]:
    return [m.group(0).rstrip("s") for m in term_pattern(_channel_terms()).finditer(text.lower())]


def _other_channel(entity: str, named: list[str], said: set[str]) -> bool:
    """A label naming a channel the question does not ("Streaming audio" for "streaming TV"), while the
    question names a platform (``named``) the label does not: a word in common, another channel's figure."""
    return bool(named) and not set(match_terms(entity, VOCABULARY["platforms"])) & set(named) and bool(
        set(_channels(entity)) - said)


def cells(question: str, metrics: list[str], passages: list[dict]) -> list[tuple[float, str, dict]]:
    """(score, sentence, passage) for each table cell that answers; best first. A label naming another
    channel than the question's does not answer it; when no cell answers, a platform named by one of its
    names meets a table its corner label or section owns by another ("streaming TV", "CTV metric")."""
    keys = match_terms(question, VOCABULARY["platforms"])
    names, said = _platform_names(question, keys)
    return _cells(question, metrics, passages, set(), said, keys) or _cells(question, metrics, passages, names, said, keys)


def _cells(question: str, metrics: list[str], passages: list[dict], names: set[str], said: set[str], keys: list[str]):
    q = _words(question) - _metric_words(metrics)
    clipped = _clipped(question, passages)
    found, seen = [], set()
    for ps in passages:
        for _, (head, *rows) in markdown_tables(ps.get("text", "")):
            common_rows = _common([r[0] for r in rows])
            common_cols = _common(head[1:])
            # a table of one entity's variants ("CTV metric | Open exchange | Premium", under "CTV cost
            # ranges"): its corner label or section names the entity, its columns only the variants
            owner = " ".join(dict.fromkeys(w for w in re.findall(r"[A-Za-z0-9]+(?:[-'][A-Za-z0-9]+)*", f"{head[0]} {ps.get('section') or ''}")
                                           if _score(w, q | names, set(), clipped)))
            picked = any(_score(h, q, common_cols, clipped) for h in head[1:])
            for r in rows:
                texts = [c for c in r[1:] if not re.search(r"\d", c)]
                for j in range(1, min(len(r), len(head))):
                    cell = r[j]
                    if not re.search(r"\d", cell):
                        continue
                    by_row = _has_metric(r[0], metrics)
                    by_col = _has_metric(head[j], metrics)
                    by_text = next((m for t in texts if (m := _has_metric(t, metrics))), None)
                    metric = by_row or by_col or by_text
                    if not metric:
                        continue
                    if by_row and not by_col:
                        entity, score = head[j], _score(head[j], q, common_cols, clipped)
                        if score < 1 and owner and not picked:
                            entity, score = f"{owner} ({head[j]})", 1
                    else:
                        entity, score = r[0], _score(r[0], q | names, common_rows, clipped)  # 2nd pass: by the platform's names
                    if score < 1:
                        continue
                    key = (ps.get("source"), entity, metric)
                    if key in seen:
                        continue
                    seen.add(key)
                    note = "; ".join(f"{h}: {c}" for h, c in zip(head[1:], r[1:]) if c in texts and c != metric)
                    line = f"{entity} {metric}: {cell}" + (f" ({note})" if note else "")
                    if not _other_channel(entity, keys, said) and not (names and set(_channels(entity)) - said):  # 2nd pass: not "… podcast"
                        found.append((score, line, ps))
    found.sort(key=lambda t: -t[0])
    return found


_JUDGE = re.compile(r"\bworth\b|\b(?:should|would|could) (?:we|i) (?:use|try|be on|go with|pick|choose)\b|\bbetter\b|"
                    r"\bright (?:fit|choice|platform|channel)\b", re.I)


def _doc(ps: dict) -> str:
    return (ps.get("source") or "").split("›")[0].strip()


def _said_about(entity: str, passages: list[dict], source: str) -> tuple[str, str] | None:
    """The first sentence under a heading of the table's document that names the entity's head
    word ("### LinkedIn" → what the document says about LinkedIn)."""
    from agent.offline.passages import sentences
    head = _WORD.findall(entity.lower())[:1]
    if not head:
        return None
    pat = re.compile(rf"(?<![\w-]){re.escape(head[0])}(?![\w-])", re.I)
    for ps in passages:
        if _doc(ps) != _doc({"source": source}):
            continue
        lines = ps.get("text", "").splitlines()
        for i, ln in enumerate(lines):
            if ln.lstrip().startswith("#") and pat.match(ln.lstrip("# \t")):  # a heading *about* it
                body = []
                for nxt in lines[i + 1:]:
                    if nxt.lstrip().startswith("#"):
                        break
                    if not nxt.lstrip().startswith("|"):
                        body.append(nxt)
                first = sentences("\n".join(body))
                if first:
                    return first[0].strip(), ps["id"]
    return None


def paragraph(question: str, metrics: list[str], passages: list[dict]) -> str | None:
    """The matching cells quoted with their section and citation, or None; when the question asks
    for a judgement ("is X worth it"), what the document says about each entity follows."""
    found = cells(question, metrics, passages)
    if not found:
        return None
    best = found[0][0]
    keep = [f for f in found if f[0] >= max(1, best - 1)][:6]  # one shared word short of the best: a compared side
    notes = []
    if _JUDGE.search(question):
        for _, line, ps in keep:
            said = _said_about(line, passages, ps.get("source"))
            if said and said not in notes:
                notes.append(said)
    by_passage: dict[str, list[str]] = {}
    where: dict[str, dict] = {}
    for _, line, ps in keep:
        by_passage.setdefault(ps["id"], []).append(line)
        where[ps["id"]] = ps
    parts = []
    for pid, lines in by_passage.items():
        section = where[pid].get("section") or ""
        head = f" ({section})" if section else ""
        parts.append(f"Based on Knowledge Base [{pid}]{head}: " + "; ".join(lines) + ".")
    parts += [f"{sent} [{pid}]" for sent, pid in notes]
    return " ".join(parts)
