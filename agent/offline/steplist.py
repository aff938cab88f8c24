"""A step of a framework the knowledge base writes as a numbered list, not as headings: "We plan every
campaign in five steps: 1. **Brief** — agree the goal … 3. **Channel plan** — choose channels …".

Why: :mod:`~agent.offline.stepask` quotes the section *headed* with the step ("## Phase 3: …", "STEP 3 -
…"); a list item is no heading, so "what happens in step 3?" was declined on such a KB although the step
tool returned the list. The item numbered ``n`` whose name is the step's declared name (the step tool
reads both from the same list) is the step's summary.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

_ITEM = re.compile(r"^[ \t]*(?P<n>\d{1,2})[.)][ \t]+(?P<text>.+)$", re.M)


def item(n: int, name: str, passages: list[dict]) -> tuple[str, list[str]] | None:
    """(cite id, [the item's text]) of the first passage listing step ``n`` by its name, else None."""
    want = set(terms(name))
    for ps in passages:
        for m in _ITEM.finditer(ps.get("text", "")):
            text = re.sub(r"[*_`]", "", m.group("text")).strip()
            head = re.split(r"\s*(?::|—|–|\s-\s)\s*", text, maxsplit=1)[0]
            if int(m.group("n")) == n and want and want <= set(terms(head)):
                return ps["id"], [text if text.endswith((".", "!", "?")) else f"{text}."]
    return None
