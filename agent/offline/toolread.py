"""Reading the conversation the offline agent is handed: the Messages-API history (text,
``tool_use`` and ``tool_result`` blocks) and the tool results inside it.

Why: the offline agent sees exactly what Claude sees — no side channel to the engine — so
everything it knows about the knowledge base comes from the formatted tool results
(``<passage id=… source=…>`` blocks and the ``Key: value`` header lines of the look-up tools).
Earlier turns' results are read too: they are how a follow-up ("the top of that range") finds
the figure it leans on.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rag.passages import parse_passages, text_before_passages
from agent.offline import asidegloss, typed
from mpa.vocabulary import VOCABULARY, match_terms



@dataclass
class ToolOutcome:
    name: str
    input: dict
    content: str
    is_error: bool
    passages: list[dict] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def found(self) -> bool:
        return not self.is_error and bool(self.passages)


def read_outcome(name: str, tool_input: dict, content: Any, is_error: bool) -> ToolOutcome:
    if isinstance(content, list):
        content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
    content = content or ""
    o = ToolOutcome(name, tool_input, content, is_error)
    passages, fields = _read(content)
    o.passages, o.fields = [{"id": i, "source": s, "text": t} for i, s, t in passages], dict(fields)
    return o


@lru_cache(maxsize=2048)
def _read(content: str) -> tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, str], ...]]:
    """A tool result's passages and its "Key: value" lines, read once per text: every turn re-reads
    the whole conversation's tool results."""
    fields: dict[str, str] = {}
    for line in text_before_passages(content).splitlines():
        if ": " in line:
            k, v = line.split(": ", 1)
            fields.setdefault(k.strip(), v.strip())
    return tuple((p.id, p.source, p.text) for p in parse_passages(content)), tuple(fields.items())


def merge_passages(outcomes: list[ToolOutcome]) -> list[dict]:
    """Passages of several retrieval tools, interleaved by rank and de-duplicated (a search with the KB's own term
    added keeps only the section explaining it: :func:`~agent.offline.kbthesaurus.narrowed`)."""
    from agent.offline.kbthesaurus import narrowed  # imported late: it reads the served KB
    out, seen = [], set()
    lists = [narrowed(str((o.input or {}).get("query", "")), o.passages) for o in outcomes]
    longest = max((len(ps) for ps in lists), default=0)
    for r in range(longest):
        for ps in lists:
            if r < len(ps) and ps[r]["id"] not in seen:
                seen.add(ps[r]["id"])
                out.append(ps[r])
    return out


# ------------------------------------------------------------------ message helpers
def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text")


def turn_start(messages: list[dict]) -> int | None:
    """Index of the user message that opened the current turn (text, not tool results)."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m["role"] != "user":
            continue
        c = m["content"]
        if isinstance(c, str) or not any(isinstance(b, dict) and b.get("type") == "tool_result" for b in c):
            return i
    return None


def outcomes_of(turn_messages: list[dict]) -> list[ToolOutcome]:
    uses: dict[str, dict] = {}
    out = []
    for m in turn_messages:
        if not isinstance(m["content"], list):
            continue
        for b in m["content"]:
            if not isinstance(b, dict):
                continue
            if b.get("type") == "tool_use":
                uses[b["id"]] = b
            elif b.get("type") == "tool_result":
                u = uses.get(b.get("tool_use_id"), {})
                out.append(read_outcome(u.get("name", ""), u.get("input") or {}, b.get("content"), bool(b.get("is_error"))))
    return out


def turns(messages: list[dict]) -> list[tuple[str, list[ToolOutcome]]]:
    """Every user turn of ``messages`` as (text, the tool outcomes that answered it)."""
    starts = [i for i, m in enumerate(messages) if m["role"] == "user" and _opens_turn(m)]
    out = []
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(messages)
        out.append((asidegloss.without(typed.read(text_of(messages[s]["content"]))), outcomes_of(messages[s:end])))  # as the turn was read
    return out


def _opens_turn(m: dict) -> bool:
    c = m["content"]
    return isinstance(c, str) or not any(isinstance(b, dict) and b.get("type") == "tool_result" for b in c)


def answers(messages: list[dict]) -> list[str]:
    """The assistant's final text of every user turn of ``messages`` ("" for a turn without one),
    aligned with :func:`turns`: what the user was told, and which passages it cited."""
    starts = [i for i, m in enumerate(messages) if m["role"] == "user" and _opens_turn(m)]
    out = []
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(messages)
        said = [text_of(m["content"]) for m in messages[s:end] if m["role"] == "assistant"]
        out.append(next((t for t in reversed(said) if t.strip()), ""))
    return out


# ------------------------------------------------------------------ get_benchmark results
# a figure line of a get_benchmark result read from a KB's lists or lines: "- Bing Ads 2024: $4.30-4.80
# (Low: $3.10 · High: $6.20) — note [chunk#3]" (the bounds and the note are there when the KB states them)
_FACT_LINE = re.compile(r"^- (.+?): (.+?)(?: \(Low: (.+?) · High: (.+?)\))?(?: — (.*))? \[([^\[\]]+)\]$", re.M)
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def figures(text: str) -> list[float]:
    """The figures a tool result's value states, in order ("$3.40-3.90" → [3.4, 3.9]; a ratio's ":1" dropped)."""
    return [float(x.replace(",", "")) for x in _NUMBER.findall(re.sub(r":1\b", "", text or ""))]


def benchmark_of(o: ToolOutcome) -> dict:
    """What a get_benchmark result says, in either of its forms — one table row ("Typical (plan with
    this): …", "Low: … · High: …") or one line per figure the KB states in a list, a line or a grid:
    the vertical and metric it is about, the Typical figure and its range, the Low and High bounds,
    and the figure lines as (where, value, cited id). A single figure line is the Typical figure."""
    head = o.fields.get("get_benchmark", "")
    lohi = re.match(r"Low: (?P<lo>.+?) · High: (?P<hi>.+?) \(", o.fields.get("Low", "") and
                    "Low: " + o.fields.get("Low", ""))
    typical, low, high = o.fields.get("Typical (plan with this)", ""), lohi["lo"] if lohi else "", lohi["hi"] if lohi else ""
    lines = _FACT_LINE.findall(text_before_passages(o.content))
    ages = [m.group(1).strip() if (m := re.match(r"measured at: ([^;—]+)", note)) else "" for *_, note, _ in lines]
    aged = len(set(ages)) > 1  # one quantity at several ages ("day-30 cohort", "day-180 cohort"): each line says its own
    facts = [(f"{where} ({age})" if aged and age else where, value, cid) for (where, value, *_, cid), age in zip(lines, ages)]
    when = o.fields.get("When it applies", "")
    if not typical and len(lines) == 1:  # one figure (not a table's row): plan with it
        typical, low, high, when = lines[0][1], lines[0][2], lines[0][3], when or lines[0][4]
    main = head.split(" — ")[0].strip()
    asked = o.input.get("metric", "")
    if typical and o.fields.get("Typical (plan with this)"):  # a table's row: "saas CPL (cost per lead)"
        # the metric asked when the row names it after a vertical of several words ("Dental Practices CPC")
        vertical, metric = main.split(" ", 1)[0], (asked if asked and asked in main.split() else
                                                    main.split(" ", 2)[1] if main.count(" ") >= 1 else asked)
    else:  # "Legal Services cost per consultation", "Boutique hotels and inns CPM": the label, then the metric
        m = re.search(r"\s((?:cost|price|spend) per [a-z -]+|[A-Z][A-Za-z:]*)$", main)
        vertical, metric = (main[:m.start()].strip(), m.group(1)) if m else (main, asked)
        if not m and asked and main.lower().endswith(" " + asked.lower()):  # "Dating Apps day-30 retention": the
            vertical = main[:-len(asked)].strip()  # metric as asked, in lower case with a digit, ends the label
    rng = figures(typical)
    return {"label": head, "vertical": vertical, "metric": metric or asked, "typical": typical, "low": low,
            "high": high, "when": when, "range": rng[:2],
            "id": o.passages[0]["id"] if o.passages else "", "facts": facts}


def table_vertical(outcomes: list[ToolOutcome]) -> str | None:
    """The covered vertical whose benchmark document the search ranked first (its name says whose it is), or None."""
    top = next((o.passages[0] for o in outcomes if o.name == "search_knowledge_base" and o.found and o.passages), None)
    named = match_terms(re.sub(r"[-_.#]", " ", (top or {}).get("id", "").split("#")[0]), VOCABULARY["verticals"])
    return named[0] if len(named) == 1 and "benchmark" in (top or {}).get("id", "") else None
