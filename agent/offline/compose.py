"""The offline agent's prose: benchmark and audience paragraphs quoted from tool results, the
arithmetic shown step by step, honest abstentions, acknowledgements and clarifying questions.

Why a module: what the agent *says* is kept apart from what it *decides* (``policy``), so every
sentence form is in one place and every number in it is either quoted from a tool result or
computed, with the computation shown, from the user's numbers and quoted ranges.
"""
from __future__ import annotations

import re

from agent.offline.marketfig import in_market
from agent.offline.numbers import money, plain, result
from agent.offline.parse import UNIT_OF
from agent.offline.asking import asks_anything
from agent.offline.passages import in_family, sentences, terms
from agent.offline.scope import BYE, GREETING, HOW_ARE_YOU, THANKS, WELL_WISH
from agent.offline.toolread import ToolOutcome, benchmark_of
from mpa.tables import CURRENCY
from mpa.vocabulary import VOCABULARY
from rag.regexes import compiled

NO_DATA_YET = "I'll plan with the knowledge base's Typical ranges until you have it."
SMALLTALK_REPLY = ("Hello! I'm a media-planning assistant: I can look up benchmark ranges, size audiences and work "
                   "through budgets{steps} with you. What are you planning?")
_THANKS = re.compile(rf"\b(?:{THANKS})\b", re.I)
_BYE = re.compile(rf"\b(?:{BYE})\b", re.I)
_GREETING = re.compile(rf"^\W*(?:{GREETING}|{WELL_WISH}|{HOW_ARE_YOU})\b", re.I)


def smalltalk_reply(text: str, steps: str | None = None) -> str:
    """Small talk answered in kind: a goodbye returned, thanks acknowledged, a greeting met with what
    the assistant can do (``steps``: the planning steps as the KB declares them, :mod:`framename`), approval
    acknowledged (a "thank you" or "got it" is not a new conversation)."""
    if _BYE.search(text):
        return "Goodbye!"  # a wish or a remark here would read as a claim the KB does not support
    if _THANKS.search(text):
        return "You're welcome! What else can I help you plan?"
    if _GREETING.match(text):
        return SMALLTALK_REPLY.format(steps=f" and {steps}" if steps else "")
    if re.fullmatch(r"\W*(?:h+m+|huh|i see|interesting)\W*", text, re.I):  # a listener's noise: no approval in it
        return "What would you like to look at next?"
    return "Glad that helps. What else can I help you plan?"  # "sweet, that works", "got it"


def bench_fields(o: ToolOutcome, text: str = "") -> dict:
    """A get_benchmark result as the composer reads it (:func:`~agent.offline.toolread.benchmark_of`),
    with the second passage (the table's notes) when there is one; only the figures of the market the
    message ``text`` names when the result lists several markets' (:mod:`agent.offline.marketfig`)."""
    b = benchmark_of(o)
    return in_market({**b, "range": b["range"][:2], "notes": o.passages[1] if len(o.passages) > 1 else None}, text)


def beside(mine: float, figure: str, what: str, of: str) -> str | None:
    """"Your CAC from your numbers of $450 sits inside the Typical range of $350–$700." — the
    user's own figure set beside a quoted range or single figure (None when it states no number)."""
    rng = [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", re.sub(r":1\b", "", figure))][:2]
    if not rng:
        return None
    lo, hi = rng[0], rng[-1]  # one figure: its own ends
    where = ("at" if lo == hi else "inside") if lo <= mine <= hi else ("below" if mine < lo else "above")
    ratio = f"{mine:.1f}" if abs(mine - round(mine, 1)) < 1e-9 else f"{mine:.2f}"
    shown = money(round(mine, 2)) if "$" in figure else (
        f"{ratio}:1" if ":1" in figure else f"{round(mine, 2):g}%" if "%" in figure else plain(round(mine, 2)))
    return f"Your {what} of {shown} sits {where} the {of} of {figure}."


def users_figure(numbers: list, metrics: list[str], b: dict) -> float | None:
    """The figure the user states for the metric looked up, to set beside its range: a price ("is a $40
    CPA good?"), or a rate when the question names that one metric and the KB states it in percent
    ("is a 1.2% CTR normal?")."""
    price = next((n.value for n in numbers if (n.role or "").startswith("price")), None)
    pcts = [n.value for n in numbers if n.role == "pct"]
    figure = b["facts"][0][1] if b.get("facts") else b.get("typical") or ""
    if price is None and len(pcts) == 1 and metrics == [b["metric"]] and "%" in figure:
        return pcts[0]
    return price


def benchmark_para(b: dict, mine: float | None = None, what: str = "") -> str:
    if len(b.get("facts") or []) == 1 and b["low"] and b["high"] and b["facts"][0][1] == b["typical"]:
        b = {**b, "id": b["facts"][0][2], "facts": [], "label": b["label"].split(" — ")[0]}  # said as a table row is
    if b.get("facts"):  # one figure per platform/period, each with its own citation
        items = [f"{where}: {value} [{cid}]" for where, value, cid in b["facts"]]
        label = b["label"].split(" — ")[0]
        placed = beside(mine, b["facts"][0][1], what or b["metric"], "figure") if mine is not None and len(
            b["facts"]) == 1 else None
        return (f"Based on Knowledge Base, the {label} figures are: " + "; ".join(items) + "."
                # an offer, not a claim: the listing shows the figures differ, and advice the KB does not state is no answer
                + (" If you tell me which of these is yours, I can plan with that one." if " / " in label else
                   " If you tell me which platform you will buy, I can plan with its figure." if len(items) > 1 else "")
                + (f" {placed}" if placed else ""))
    shape = "range" if re.search(r"\d[^\s–—-]*\s*(?:[–—-]|\bto\b)\s*\S{0,2}\d", b["typical"] or "") else "figure"  # "$41" is no range
    out = [f"Based on Knowledge Base [{b['id']}], the Typical {b['label']} {shape} is {b['typical']}"
           + (f", with {b['low']} at the Low end and {b['high']} at the High end." if b["low"] else ".")]
    if b["when"]:
        out.append(f"When it applies: {b['when'].rstrip('. ')}.")
    placed = beside(mine, b["typical"], what or b["metric"], "Typical range") if mine is not None else None
    if placed:
        out.append(placed)
    notes = b.get("notes")
    if notes:
        sent = next((s for s in sentences(notes["text"]) if b["typical"] and b["typical"] in s), None)
        if sent:
            out.append(f"{sent} [{notes['id']}]")
    return " ".join(out)


def audience_para(o: ToolOutcome) -> str:
    head = o.fields.get("get_audience_sizing", "")
    aud, _, geo = head.partition(" — ")
    size = o.fields.get("Estimated size", "")
    method = o.fields.get("Methodology", "")
    ids = [ps["id"] for ps in o.passages]
    out = [f"Based on Knowledge Base [{ids[0]}], {aud} in {geo}: about {size}."]
    if method:
        out.append(f"Methodology: {method.rstrip('. ')}.")
    if len(o.passages) > 1:
        steps = [ln.strip() for ln in o.passages[1]["text"].splitlines() if re.match(r"^\d+\.\s", ln.strip())]
        if steps:
            return " ".join(out) + f"\nWorked example [{ids[1]}]:\n" + "\n".join(steps)
    return " ".join(out)



def miss(o: ToolOutcome) -> tuple[str, str]:
    """(what was asked, why the knowledge base has none) for a look-up that found nothing."""
    m = re.search(r"not in the knowledge base — (.*?)\. Tell the user", o.content, re.S)
    why = m.group(1).strip() if m else ""
    if o.name == "get_benchmark":
        what = f"{o.input.get('vertical') or o.input.get('platform', '')} {o.input.get('metric', '')} " + (
            "benchmark" if o.input.get("vertical") else "figure")  # by platform alone: that platform's figure
        return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}", why
    if o.name == "get_audience_sizing":
        geo = o.input.get("geography")
        return f"a size for {o.input.get('audience_type', 'that audience')}" + (f" in {geo}" if geo else ""), why
    return "information that answers this question", why


def stated_in(m: tuple[str, str], para: str) -> bool:
    """Does ``para`` (a passage quoted instead) state the figure a benchmark miss ("a gym CPL benchmark")
    says the tables lack: one sentence naming the business ("gym"), the metric ("the average cost per lead
    for a gym trial is around $22") and a price or a rate? Then "the knowledge base has no gym CPL benchmark"
    beside it would contradict the answer. Another business's figure ("Solar accounts paid $3.30 per click")
    leaves the miss standing."""
    words = m[0].split()
    if len(words) < 4 or words[-1] != "benchmark":
        return False
    who = set(terms(" ".join(words[1:-2])))
    return any(any(in_family(w, set(terms(s))) for w in who) for s in figure_sentences(words[-2], para))


def figure_sentences(metric: str, para: str) -> list[str]:
    """The sentences of ``para`` that state a figure of ``metric``: they name it (its key, the vocabulary's names of
    it, or "per <unit>": "per click", "per thousand") and give a price or a rate."""
    unit = UNIT_OF.get(metric.upper(), "")
    names = [metric, *VOCABULARY["metrics"].get(metric.upper(), []), *([f"per {unit}", f"a {unit}"] if unit else [])]
    named = compiled(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])", re.I)
    return [s for s in sentences(para or "") if named.search(s) and re.search(CURRENCY + r"\s?\d|\d%", s)]


_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")


def other_period(o: ToolOutcome, text: str) -> tuple[str, str] | None:
    """A miss when the user asks for an earlier year than the returned figures state ("CPC in 2021"
    and the KB's lists say 2024): (what was asked, which periods the KB has), else None. A later
    year ("plan for 2026") is planned with the latest figures; figures that state no period
    (tables) never miss this way."""
    asked = _YEAR.findall(text)
    stated = {y for where, _, _ in bench_fields(o)["facts"] for y in _YEAR.findall(where)}
    if not asked or not stated or set(asked) & stated or max(asked) > min(stated):
        return None
    what = f"{o.input.get('vertical', '')} {o.input.get('metric', '')} benchmark for {', '.join(asked)}".strip()
    return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}", f"it states {', '.join(sorted(stated))} only"


# how the benchmark tool says it matched a business (mpa.fact_lookups), written for the model: said to the user plainly
_MATCHED_BY = [(re.compile(r" — matched_by: no match \([^)]*\)"), " — no vertical it covers is described closely enough to choose one"),
               (re.compile(r" — matched_by: not covered \((the knowledge base lists .*? among what it does not cover)\)"), r" — \1")]


def plain_why(why: str) -> str:
    """A tool's reason for a miss, with how it matched a business said plainly (:data:`_MATCHED_BY`)."""
    for pat, said in _MATCHED_BY:
        why = pat.sub(said, why)
    return why


def abstain(misses: list[tuple[str, str]], errors: list[ToolOutcome]) -> str:
    if misses:
        parts = [f"{what}{f' — {plain_why(why)}' if why else ''}" for what, why in dict.fromkeys(misses)]
        numeric = any("benchmark" in w or "size" in w for w, _ in misses)
        return ("The knowledge base does not contain " + "; nor ".join(parts) + ". "
                + ("I won't substitute a number from another vertical, metric or audience. If you have your own data "
                   "or can run a small test, I can help you plan with that instead."
                   if numeric else "I can't answer that from the knowledge base."))
    if errors:
        return ("I couldn't look that up (" + "; ".join(o.content.removeprefix("Error: ") for o in errors)
                + "), so the knowledge base gave me nothing I can answer from.")
    return "The knowledge base does not contain information about that, so I can't answer it from the knowledge base."



# a question tagged on without its question mark: "our cac was 60 bucks, is that ok for ecommerce"
_TAG_QUESTION = re.compile(r",\s*(?:and\s+|so\s+)?(?:is|isn't|isnt|are|does|would|should|can|could|was)\s+(?:that|this|it|we|i)\b",
                           re.I)
_DONT_KNOW = re.compile(r"^\s*(?:i|we)\s+(?:don't|do not|dont|can't|cannot)\s+(?:know|have|say)\s+(?:our|my|the|a|an|what)?\s*"
                        r"(?P<x>[^?]+?)\s*\.?\s*$", re.I)
_KNOWN = re.compile(r"^\s*our\s+(?P<x>[^?]+?)\s+(?:is|are|was)\s+(?P<v>[^?]+?)\s*\.?\s*$", re.I)


def statement(text: str) -> tuple[str, str] | tuple[str, str, str] | None:
    """("unknown", what) for "I don't know our X."; ("known", what, value) for "Our X is V.";
    None for anything else (questions, requests)."""
    if asks_anything(text) or _TAG_QUESTION.search(text):
        return None
    m = _DONT_KNOW.match(text)
    if m:
        return ("unknown", m.group("x").strip())
    m = _KNOWN.match(text)
    if m and re.search(r"\d", m.group("v")):
        return ("known", m.group("x").strip(), m.group("v").strip())
    return None


def acknowledge(stmt: tuple) -> str:
    what = re.sub(r"\s+in (?:dollars|usd|percent)\b", "", stmt[1], flags=re.I)
    if stmt[0] == "unknown":
        return f"I can plan without your {what} for now."
    value = stmt[2]
    if re.search(r"\bin dollars\b", stmt[1], re.I) and re.fullmatch(r"\d[\d,]*(?:\.\d+)?", value):
        value = money(float(value.replace(",", "")))
    elif re.search(r"\b(?:in percent|percentage|pct)\b", stmt[1], re.I) and re.fullmatch(r"\d+(?:\.\d+)?", value):
        value += "%"
    return f"I'll use your {what} of {value} in the numbers from here on."


def ask_for(need: str) -> str:
    """The one clarifying question, for the number (or the two numbers) the turn lacks."""
    return f"To work that out I need {'two numbers' if ' and ' in need else 'one number'} from you: what is your {need}?"
