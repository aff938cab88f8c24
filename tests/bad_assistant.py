"""Simulated bad assistants for the fake Messages API (:mod:`tests.fake_anthropic`).

Each is a *responder*: it reads one request body and answers the way a careless model would, for
any number of concurrent conversations (no state: everything comes from the request). A new user
turn gets a ``search_knowledge_base`` tool call with the user's words; the tool results get a
final answer built from the passages the engine really returned:

* ``hedge``   — "It depends on your business …" with a valid citation and no answer;
* ``swap``    — the top passage's sentences, cited with an id of *another* source file (retrieved
                earlier in the conversation when possible, else lower in this result);
* ``inflate`` — the top passage's numeric sentences with every number × 1.3, cited correctly.

Out-of-scope questions (no passage returned) get a confident invented answer in every mode.
Nothing here knows the datasets: the answers are derived from the retrieved passages only.
"""
from __future__ import annotations

import re
from typing import Any

from fake_anthropic import text_message, tool_use_message

_PASSAGE = re.compile(r'<passage id="([^"]+)"[^>]*>\n(.*?)\n</passage>', re.S)
_SENT = re.compile(r"(?<=[.!?])\s+")
_NUM = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
MODES = ("hedge", "swap", "inflate")


def _tool_results(msg: dict) -> list[tuple[str, str]]:
    out = []
    content = msg.get("content")
    if isinstance(content, list):
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                body = block.get("content")
                if isinstance(body, list):
                    body = "".join(b.get("text", "") for b in body if isinstance(b, dict))
                out += _PASSAGE.findall(body or "")
    return out


def _source(chunk_id: str) -> str:
    return chunk_id.split("#", 1)[0]


def _sentences(text: str, numeric: bool = False, n: int = 2) -> str:
    lines = [ln.strip(" -*#|") for ln in text.splitlines() if ln.strip(" -*#|")]
    sents = [s.strip() for ln in lines for s in _SENT.split(ln) if len(s.split()) >= 4]
    if numeric:
        sents = [s for s in sents if _NUM.search(s)] or sents
    return " ".join(sents[:n]) or (lines[0] if lines else "")


def _inflate(text: str) -> str:
    def up(m: re.Match) -> str:
        raw = m.group(0).replace(",", "")
        v = float(raw) * 1.3
        if "." in raw:
            return f"{v:.{len(raw.split('.')[1])}f}"
        return f"{round(v):,}" if "," in m.group(0) else str(round(v))

    return _NUM.sub(up, text)


def answer(mode: str, current: list[tuple[str, str]], earlier: list[str]) -> str:
    if not current:  # nothing in the KB: a careless model answers anyway
        return "Typically about 13% — most brands see between 13% and 26%, so plan for the middle of that range."
    top_id, top_text = current[0]
    if mode == "hedge":
        return f"It depends on your business, your goals and your market. Based on Knowledge Base [{top_id}]"
    if mode == "inflate":
        return f"{_inflate(_sentences(top_text, numeric=True))} Based on Knowledge Base [{top_id}]"
    others = [i for i in earlier if _source(i) != _source(top_id)] + \
             [i for i, _ in current[1:] if _source(i) != _source(top_id)]
    cite = others[0] if others else current[-1][0]
    return f"{_sentences(top_text)} Based on Knowledge Base [{cite}]"


def responder(mode: str):
    if mode not in MODES:
        raise ValueError(f"unknown bad-assistant mode {mode!r}; use one of {MODES}")

    def respond(body: dict) -> dict[str, Any]:
        msgs = body.get("messages") or []
        last = msgs[-1] if msgs else {}
        if isinstance(last.get("content"), str) and "tool_choice" not in body:
            return tool_use_message(("toolu_" + str(len(msgs)), "search_knowledge_base",
                                     {"query": last["content"][:400]}))
        current = _tool_results(last)
        earlier = [i for m in msgs[:-1] for i, _ in _tool_results(m)]
        return text_message(answer(mode, current, earlier))

    return respond
