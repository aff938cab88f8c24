"""A platform's or channel's figure when no vertical is named: every figure the KB states for it.

Why: "what's the CPM on TikTok?" names a platform and a metric, not a vertical. A KB written in
lists states the TikTok CPM once per vertical (or per inventory type, per market), under a heading
that names both; the Markdown-table reader (:mod:`agent.offline.channelfig`) does not see those
lists, and a search for the words finds a sentence *about* TikTok with no figure. The tool
already reads them: ``get_benchmark`` with a ``platform`` and no ``vertical`` returns each figure
with its label, the dimension of its list ("by vertical", "by inventory type") and its passage
(:mod:`mpa.platform_figures`). This module asks for it and says what came back: a short list in
full, a long one as its lowest and highest figure with their labels (and an overall average row
when the list has one), each list cited, then one note that the figure depends on the vertical,
with an offer to narrow it.
"""
from __future__ import annotations

import re

from agent.offline import kblabels, platformsaid
from agent.offline.asking import asks_anything
from agent.offline.compose import figure_sentences
from agent.offline.gaps import future_year
from agent.offline.toolread import ToolOutcome
from mpa.resolve import says_words

_LINE = re.compile(r"^- (?P<label>.+?) \(by (?P<dim>[^,()]+)(?:, (?P<period>[^()]+))?\): (?P<value>.+?)"
                   r"(?: — (?P<note>.*?))? \[(?P<id>[^\[\]]+)\]$", re.M)
_HEAD = re.compile(r"^get_benchmark: (?P<plats>.+?) (?P<metric>\S+) — \d+ figure\(s\)", re.M)
_NUM = re.compile(r"\d[\d,]*(?:\.\d+)?")
_ASKS = re.compile(r"\?|^\s*(?:what|which|how|why|when|where|who|can|could|should|would|is|are|do|does)\b", re.I)
_SHORT = 5  # a list this long is quoted whole; a longer one by its ends


def platforms(text: str) -> list[str]:
    """The platforms or channels the message names (the vocabulary's keys, and the KB's own names said in full,
    :func:`kblabels.platforms_in`), in the order said; a vocabulary name inside an own one is not said apart."""
    own = kblabels.platforms_in(platformsaid.plain(text)) or kblabels.brands_in(text)  # "Microsoft's search ads": Bing
    # Ads (platformsaid); "on Netflix": the KB's "Netflix Ads Tier" (by its capital, as typed)
    said = platformsaid.said(text, [(s, e) for s, e, _ in own])
    return list(dict.fromkeys(k for _, k in sorted(said + [(s, name) for s, _, name in own])))


def calls(text: str, before: str, metrics: list[str], tools: set[str],
          places: list[str] = ()) -> list[tuple[str, dict]]:
    """``get_benchmark`` by platform alone, one per platform × metric: the platforms this message
    names, else those of the question it continues ("and the CTR?"). A market named and no vertical
    ("the CPM for streaming TV in Boise"): the market is what the tool reads a list by market for, so it
    is asked in the vertical's place, one call per market named."""
    if "get_benchmark" not in tools or future_year(text, ""):  # "what will a click cost us in 2031?" asks no stated figure
        return []
    names = platforms(text) or platforms(before)
    return [("get_benchmark", {**({"vertical": g} if g else {}), "metric": m, "platform": n})
            for g in places or [None] for n in names for m in metrics]


def carried(text: str, last: list[ToolOutcome], metrics: list[str] | None = None) -> str | None:
    """The platform of the last turn's look-up by platform alone, when this message names none: "and for
    a gym?" narrows that platform's figures to one vertical, it does not ask every platform's. Given the
    ``metrics`` this message looks up, only when they are that look-up's: a question of another figure ("what is
    the candidate-to-signing rate for hair salon franchises?" after Vevo's cost per completed view) is a new
    question, and the platform was never its (the look-up "on Vevo" found nothing)."""
    if platforms(text):
        return None
    by_platform = [o for o in last if asked(o) and o.found]
    if metrics is not None and {str(o.input.get("metric", "")).lower() for o in by_platform} != {m.lower() for m in metrics}:
        return None
    return next((o.input["platform"] for o in by_platform), None)


def narrowed(text: str, vertical: str | None, history: list, tools: set[str]) -> list[tuple[str, dict]]:
    """A statement naming the user's vertical ("we run a gym") right after a platform's figures by vertical:
    the look-up again with that vertical — the answer offered to narrow it."""
    if not vertical or not history or "get_benchmark" not in tools or _ASKS.search(text) or asks_anything(text):
        return []  # a question ("what budget suits a gym?") asks something else
    plat = carried(text, history[-1][1])
    return [("get_benchmark", {"vertical": vertical, "metric": o.input["metric"], "platform": plat})
            for o in history[-1][1] if plat and asked(o) and o.found and o.input["platform"] == plat]


def asked(o: ToolOutcome) -> bool:
    """A look-up by platform alone (no vertical): its figures are read here, not as one vertical's."""
    return o.name == "get_benchmark" and not (o.input.get("vertical") or "").strip() and bool(o.input.get("platform"))


_LACK = re.compile(r"not in the knowledge base — it (?:states no .+? figures \(platforms|has .+? figures for .+? but none for)")


def lacking(outcomes: list[ToolOutcome]) -> list[ToolOutcome]:
    """The look-ups by platform alone whose KB's lists state figures for other platforms or metrics but
    none for this one: a passage quoted from the search would be another platform's figure in its place.
    (A KB whose lists state no platform's figure says nothing by it: its tables and passages may.)"""
    return [o for o in outcomes if asked(o) and not o.found and not o.is_error and _LACK.search(o.content)]


def _numbers(value: str) -> list[float]:
    return [float(x.replace(",", "")) for x in _NUM.findall(value)]


def _item(label: str, value: str, note: str) -> str:
    short = note if note and len(note) <= 40 else ""  # "lowest", not a whole sentence repeated
    return f"{label} {value}" + (f" ({short})" if short else "")


def _group(plat: str, metric: str, dim: str, rows: list[dict]) -> str:
    ids = list(dict.fromkeys(r["id"] for r in rows))
    period = next((r["period"] for r in rows if r["period"]), "")
    what = f"{plat} {metric}" + (f" ({period})" if period else "")
    overall = [r for r in rows if r["dim"] == "overall"]
    items = [r for r in rows if r["dim"] != "overall"]
    lead = f"Based on Knowledge Base {' '.join(f'[{i}]' for i in ids)}: "
    avg = "; ".join(f"{r['label']} {r['value']}" for r in overall)
    if not items:
        return f"{lead}{what}: {avg}."
    if len(items) <= _SHORT:
        body = f"{what} by {dim}: " + "; ".join(_item(r["label"], r["value"], r["note"]) for r in items)
    else:
        ranked = [r for r in items if _numbers(r["value"])]
        mid = lambda r: sum(_numbers(r["value"])[:2]) / len(_numbers(r["value"])[:2])  # a range by its middle
        lo, hi = min(ranked, key=mid), max(ranked, key=mid)
        body = (f"{what} by {dim} runs from {lo['value']} ({lo['label']}) to {hi['value']} ({hi['label']}) "
                f"across the {len(items)} {dim}s it lists")
    return f"{lead}{body}" + (f"; {avg}" if avg else "") + "."


def paragraph(outcomes: list[ToolOutcome], text: str = "") -> str | None:
    """The figures of every found look-up by platform alone, one sentence per platform and list
    dimension, then the note that the figure depends on the vertical; None when none was found.

    A row the message names by its label ("for a conversions campaign" of a list by campaign objective) is the
    figure asked: that row alone is given. The note is left out when each list gives one row: the KB holds one
    figure, and "it depends on your vertical" would decline to commit to the figure it states; so is it when no row
    is a business (rows by campaign objective: "Conversions", "Traffic", "Reach"), where the vertical decides none."""
    parts, dims, several = [], [], False
    for o in outcomes:
        if not (asked(o) and o.found):
            continue
        head = _HEAD.search(o.content)
        if not head:
            continue
        plats = head["plats"].split(" / ")
        groups: dict[tuple[str, str], list[dict]] = {}
        for m in _LINE.finditer(o.content.split("<passage", 1)[0]):
            label, plat = m["label"], plats[0]
            for p in plats:
                if len(plats) > 1 and label.startswith(f"{p}, "):
                    plat, label = p, label[len(p) + 2:]
            dim = m["dim"]
            key = (plat, "vertical" if dim == "overall" else dim)
            groups.setdefault(key, []).append({"label": label, "dim": dim, "value": m["value"], "note": m["note"] or "",
                                               "period": m["period"] or "", "id": m["id"]})
        for (plat, dim), rows in groups.items():
            rows = [r for r in rows if len(rows) > 1 and says_words(r["label"], text)] or rows  # the row asked
            parts.append(_group(plat, head["metric"], dim, rows))
            dims.append(dim)
            several = several or (len(rows) > 1 and dim != "platform" and any(_business_row(r["label"]) for r in rows))
    if not parts:
        return None
    if not several:
        return " ".join(parts)
    which = " and ".join(dict.fromkeys(["vertical", *dims]))
    return " ".join(parts) + f" The figure depends on your {which}: {NARROW_OFFER}"


# the offer that ends a platform's figures listed by business: the reply naming the business answers it
# (:func:`agent.offline.businessask.restated`), as it answers "Which business is this for?"
NARROW_OFFER = "tell me your vertical and I can narrow it to one figure."


def _business_row(label: str) -> bool:
    """A row label that names a business: a vertical the KB labels itself or one of the vocabulary's."""
    from mpa.vocabulary import VOCABULARY, match_terms
    return label.lower() in {x.lower() for x in kblabels.labels()} or bool(match_terms(label, VOCABULARY["verticals"]))


def _said(name: str, text: str) -> bool:
    """Every word of a platform's name in ``text`` ("Streaming TV bought through Amazon DSP" says "Amazon DSP Streaming
    TV"), whole words, any case and order."""
    return all(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I) for w in name.split())


def quotable(lack: list[ToolOutcome], passages: list[dict]) -> bool:
    """May the reader quote ``passages`` when the look-ups ``lack`` (:func:`lacking`) found no list figure? Yes when
    nothing lacks, or a passage names every platform lacking: the KB may state its figure in prose ("Streaming TV
    bought through Amazon DSP … cleared at $31.00-37.00 per thousand"), and then it is that platform's own figure."""
    return not lack or any(all(_said(o.input["platform"], ps.get("text", "")) for o in lack) for ps in passages)


def own_quote(para: str, lack: list[ToolOutcome]) -> bool:
    """Is the reader's quote, given platforms lacking a list figure, that figure: for each, a sentence naming the
    platform states a figure of the metric asked (TikTok's creative advice is no TikTok CPC)?"""
    return all(any(_said(o.input["platform"], s) for s in figure_sentences(o.input.get("metric", ""), para)) for o in lack)
