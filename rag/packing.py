"""Token-budgeted context packing.

Given ranked search results, choose what goes into the model's context so that
answer-bearing passages win the budget:

1. **Order** by final score plus a small *answerability bonus* when a passage has what the
   question asks for (numbers for "how much", steps for "how to", a definition for "what is").
2. **Admit** in MMR order (λ·score − (1−λ)·max cosine to what is already admitted, cosine over
   TF-IDF vectors) with a redundancy threshold (near-duplicates are dropped as ``redundant``).
   Candidates scoring under half the best one are ``low-relevance`` and never packed. The
   per-document cap (default 2) and per-section cap (default 1) are soft: each passage beyond
   a cap has its value multiplied by ``cap_penalty`` (``RagConfig.cap_penalty``: 1.0 by default,
   i.e. caps off unless a configuration lowers it) per extra passage, so capped passages are
   the first to go when the budget is short (decision ``capped``). Hard caps
   threw away answer-bearing chunks of the one right document and filled the budget with
   other documents instead (measured with evals/eval_packing.py).
3. **Evict** while over budget: the admitted passage with the lowest *marginal value*
   ``score × (1 − redundancy)`` goes first — never a blind cut of the tail. Redundancy is
   measured against passages worth more only (as in MMR): measured symmetrically, it evicted
   strong passages for resembling weak ones. Left-over budget may
   take a sentence-trimmed prefix of the best evicted passage (never cut mid-sentence).
4. **Reunify**: when a selected passage starts mid-section, its preceding neighbour in that
   section is attached if the budget allows (the answer is often split across the boundary).

Passages are rendered in admission order, or with ``keep_order`` in the order the results came
(a ranked list handed to a model as a tool result stays ranked: the packer decides what fits,
not what comes first).

The budget is counted with tiktoken on exactly the text that will be sent, labels included,
and re-checked on the joined text. Every call returns a JSON-able trace of every decision.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


from rag.cosines import pairwise
from rag.passages import render_passage as _render
from rag.sentences import PARAGRAPH_OR_SENTENCE_END
from rag.tokens import count_tokens
from rag.types import Chunk, SearchResult

_STEPS = re.compile(r"^\s*(\d+[.)]|[-*])\s+\S", re.M)
_DEFINITION = re.compile(r"\b(is|are|means|refers to|defined as|stands for)\b", re.I)
_NUMBER = re.compile(r"\d")


@dataclass
class PackedContext:
    text: str
    chunks: list[Chunk]
    tokens: int
    trace: dict[str, Any] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)  # each passage's text as sent (a trimmed one is a prefix)

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.chunks]


def render_passage(chunk: Chunk, text: str | None = None) -> str:
    """The exact text sent for one passage (:func:`rag.passages.render_passage`, one per line
    of the packed context)."""
    return _render(chunk, text) + "\n"


def joined_tokens(parts: list[str]) -> int:
    """Exact tokens of ``"".join(parts)``, from the parts' cached counts where that is exact.

    cl100k's pre-tokeniser splits text into pieces before BPE, and no piece runs past a newline into
    a following non-space character (its newline-ending alternatives stop there), so when every part
    but the last ends in a newline and every part but the first starts with a non-space, the joined
    text's pieces are the parts' pieces and its count is their sum. Rendered passages always have
    that shape; anything else is counted whole. Why: counting the joined context was ~8 % of an
    offline agent's turn, and the parts are counted (and cached) anyway."""
    if all(p.endswith("\n") for p in parts[:-1]) and all(p[:1] and not p[0].isspace() for p in parts[1:]):
        return sum(count_tokens(p) for p in parts)
    return count_tokens("".join(parts))


def answerability(query_intent: str, text: str) -> bool:
    if query_intent == "numeric":
        return bool(_NUMBER.search(text))
    if query_intent == "procedure":
        return len(_STEPS.findall(text)) >= 2 or "step" in text.lower()
    if query_intent == "definition":
        return bool(_DEFINITION.search(text))
    return False


def trim_to_sentences(chunk: Chunk, max_tokens: int) -> str | None:
    """Longest prefix of whole sentences whose rendered passage fits ``max_tokens``."""
    text = chunk.text.strip()
    ends = [m.start() for m in PARAGRAPH_OR_SENTENCE_END.finditer(text)] + [len(text)]
    best = None
    for e in ends:
        piece = text[:e]
        if count_tokens(render_passage(chunk, piece)) <= max_tokens:
            best = piece
        else:
            break
    return best if best and best != text else None


class ContextPacker:
    def __init__(self, engine: Any, budget_tokens: int | None = None, per_doc_cap: int | None = None,
                 per_section_cap: int | None = None, mmr_lambda: float | None = None,
                 redundancy_threshold: float | None = None, answerability_bonus: float | None = None,
                 reunify: bool = True, min_relative_score: float | None = None, evict_floor: float = 0.5,
                 cap_penalty: float | None = None, keep_order: bool = False):
        cfg = engine.config
        self.engine = engine
        self.budget = budget_tokens if budget_tokens is not None else cfg.context_budget_tokens
        self.per_doc_cap = per_doc_cap if per_doc_cap is not None else cfg.per_doc_cap
        self.per_section_cap = per_section_cap if per_section_cap is not None else cfg.per_section_cap
        self.mmr_lambda = mmr_lambda if mmr_lambda is not None else cfg.mmr_lambda
        self.redundancy = redundancy_threshold if redundancy_threshold is not None else cfg.redundancy_threshold
        self.bonus = answerability_bonus if answerability_bonus is not None else cfg.answerability_bonus
        self.reunify = reunify
        self.evict_floor = evict_floor
        self.cap_penalty = cap_penalty if cap_penalty is not None else cfg.cap_penalty
        self.min_relative_score = min_relative_score if min_relative_score is not None else cfg.pack_min_relative_score
        self.keep_order = keep_order  # render in the order the results came (else admission order)

    def pack(self, query: str, results: list[SearchResult]) -> PackedContext:
        intent = self.engine.domain.intent(query).intent
        eng = self.engine
        n = len(results)
        trace: dict[str, Any] = {"query": query, "intent": intent, "budget": self.budget, "candidates": []}
        if n == 0:
            trace.update(tokens=0, selected=[])
            return PackedContext("", [], 0, trace)
        # pairwise TF-IDF cosines, 0.0 on the diagonal (the MMR loops read single entries: nested lists)
        sim = pairwise(eng.index, [eng.by_id[r.chunk.id] for r in results])
        entries = []
        for i, r in enumerate(results):
            bonus = self.bonus if answerability(intent, r.chunk.text) else 0.0
            entries.append({"id": r.chunk.id, "score": round(r.score, 6), "bonus": bonus,
                            "value": round(min(1.0, r.score + bonus), 6), "tokens": count_tokens(render_passage(r.chunk)),
                            "decision": None, "reason": ""})
        # 2. admit in MMR order; near-duplicates are dropped, candidates far below the best one
        #    are not worth context at all (they are what "garbage" is made of). Caps are soft:
        #    every passage beyond a document's (or section's) cap has its value multiplied by
        #    `cap_penalty` per extra passage, so capped passages are the first to yield when the
        #    budget is short — but a strong passage of the right document still beats a weak
        #    passage of another one (hard caps threw those answers away on the shipped KB).
        floor = self.min_relative_score * max(e["value"] for e in entries)
        admitted: list[int] = []
        per_doc: dict[str, int] = {}
        per_sec: dict[tuple, int] = {}
        weight: dict[int, float] = {}  # value after the cap penalty
        left = []
        for j in range(n):
            if entries[j]["value"] < floor:
                entries[j].update(decision="low-relevance", reason=f"value below {self.min_relative_score} × best")
            else:
                left.append(j)

        def redundancy(j):
            return max((sim[j][a] for a in admitted), default=0.0)

        def over_cap(j):
            ch = results[j].chunk
            return (max(0, per_doc.get(ch.doc_id, 0) + 1 - self.per_doc_cap)
                    + max(0, per_sec.get((ch.doc_id, ch.section_path), 0) + 1 - self.per_section_cap))

        def mmr(j):
            return self.mmr_lambda * entries[j]["value"] * self.cap_penalty ** over_cap(j) \
                - (1 - self.mmr_lambda) * redundancy(j)

        while left:
            j = max(left, key=lambda k: (mmr(k), -k))
            left.remove(j)
            ch = results[j].chunk
            red = redundancy(j)
            e = entries[j]
            if red >= self.redundancy:
                dup = results[max(admitted, key=lambda a: sim[j][a])].chunk.id
                e.update(decision="redundant", reason=f"cosine {red:.2f} to {dup} ≥ {self.redundancy}")
                continue
            over = over_cap(j) if self.cap_penalty < 1.0 else 0  # penalty 1.0: caps switched off
            weight[j] = e["value"] * self.cap_penalty ** over
            e.update(decision="selected", reason=f"mmr {mmr(j):.3f}" + (
                f"; over the per-document/section cap ({self.per_doc_cap}/{self.per_section_cap}): "
                f"value ×{self.cap_penalty ** over:.2f}" if over else ""))
            admitted.append(j)
            per_doc[ch.doc_id] = per_doc.get(ch.doc_id, 0) + 1
            sec = (ch.doc_id, ch.section_path)
            per_sec[sec] = per_sec.get(sec, 0) + 1
        # 3. evict lowest marginal value while over budget
        texts: dict[int, str] = {}
        evicted: list[int] = []
        while admitted and sum(entries[a]["tokens"] for a in admitted) > self.budget:
            def marginal(a):
                # redundancy only against passages worth more: a strong passage is never
                # penalised for resembling a weaker one (that would evict answers, keep garbage);
                # and topical likeness (chunks of one document) is not redundancy: only overlap
                # above `evict_floor` discounts a passage
                red = max((sim[a][b] for b in admitted
                           if b != a and (weight[b], -b) > (weight[a], -a)), default=0.0)
                red = (red - self.evict_floor) / (1.0 - self.evict_floor) if red > self.evict_floor else 0.0
                return weight[a] * (1 - red)
            a = min(admitted, key=lambda k: (marginal(k), -k))
            admitted.remove(a)
            evicted.append(a)
            capped = "over the per-document/section cap" in entries[a]["reason"]
            entries[a].update(decision="capped" if capped else "over-budget",
                              reason=(f"{entries[a]['reason']}; " if capped else "")
                              + f"evicted: lowest marginal value {marginal(a):.3f}")
        used = sum(entries[a]["tokens"] for a in admitted)
        for a in sorted(evicted, key=lambda k: -entries[k]["value"]):
            piece = trim_to_sentences(results[a].chunk, self.budget - used)
            if piece:
                texts[a] = piece
                t = count_tokens(render_passage(results[a].chunk, piece))
                admitted.append(a)
                used += t
                entries[a].update(decision="selected", reason="trimmed to whole sentences to fit the budget", tokens=t)
                break
        # 4. section reunification: attach the preceding neighbour of a mid-section passage
        extra: list[tuple[int, Chunk, int]] = []  # (anchor position, chunk, tokens)
        if self.reunify:
            chosen_ids = {results[a].chunk.id for a in admitted}
            for a in list(admitted):
                ch = results[a].chunk
                if a in texts or ch.text.lstrip().startswith("#") or ch.index == 0:
                    continue
                prev_id = f"{ch.doc_id}#{ch.index - 1}"
                if prev_id in chosen_ids or prev_id not in eng.by_id:
                    continue
                prev = eng.chunk(prev_id)
                if prev.section_path != ch.section_path:
                    continue
                t = count_tokens(render_passage(prev))
                if used + t <= self.budget:
                    extra.append((a, prev, t))
                    chosen_ids.add(prev_id)
                    used += t
                    trace["candidates"].append({"id": prev_id, "score": None, "bonus": 0.0, "tokens": t,
                                                "decision": "selected", "reason": f"reunified: precedes {ch.id}"})
        # render: selected in admission order, neighbours just before their anchor
        parts: list[tuple[Chunk, str, str]] = []  # (chunk, text sent, rendered passage)
        for a in (sorted(admitted) if self.keep_order else admitted):
            for anchor, prev, _ in extra:
                if anchor == a:
                    parts.append((prev, prev.text, render_passage(prev)))
            body = texts.get(a, results[a].chunk.text)
            parts.append((results[a].chunk, body, render_passage(results[a].chunk, texts.get(a))))
        text = "".join(p for _, _, p in parts)
        tokens = joined_tokens([p for _, _, p in parts])
        while tokens > self.budget and parts:  # joined BPE can differ by a token or two from the sum
            dropped = parts.pop()
            for e in entries:
                if e["id"] == dropped[0].id:
                    e.update(decision="over-budget", reason="evicted after exact count of the joined text")
            text = "".join(p for _, _, p in parts)
            tokens = joined_tokens([p for _, _, p in parts])
        trace["candidates"] = entries + trace["candidates"]
        trace.update(tokens=tokens, selected=[c.id for c, _, _ in parts],
                     totals={d: sum(1 for e in trace["candidates"] if e["decision"] == d)
                             for d in ("selected", "capped", "redundant", "over-budget", "low-relevance")})
        return PackedContext(text, [c for c, _, _ in parts], tokens, trace, [t for _, t, _ in parts])


def naive_pack(results: list[SearchResult], budget_tokens: int) -> PackedContext:
    """The baseline the packer is measured against: chars/4 token estimate, score order, no
    caps or dedupe, and the tail is cut wherever the estimate runs out."""
    out, chunks, est = [], [], 0
    for r in results:
        passage = render_passage(r.chunk)
        room = int(budget_tokens * 4 - est * 4)
        if room <= 0:
            break
        if len(passage) > room:
            passage = passage[:room]
        out.append(passage)
        chunks.append(r.chunk)
        est += len(passage) / 4
    text = "".join(out)
    return PackedContext(text, chunks, count_tokens(text), {"policy": "naive", "estimated_tokens": est})
