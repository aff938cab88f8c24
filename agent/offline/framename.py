"""How the greeting names the planning steps it can walk through: as the served knowledge base's step tool declares them.

Why: the greeting said "the MPA-10 planning steps" on every knowledge base, so a user of one whose workflow is eight
sign-off gates (or six checkpoints) was offered a framework it does not have. The step tool's description says the
framework (its own name in capitals, "MPA-10", or "this knowledge base's 8-step planning framework"), and what the
KB calls the steps ("This knowledge base calls the steps gates."); the greeting says that, and no steps when the
KB declares none.
"""
from __future__ import annotations

import re

_NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def said(tools: list[dict] | None) -> str | None:
    """"the MPA-10 planning steps", "the knowledge base's eight planning gates" — or None: no step tool declared."""
    for t in tools or []:
        if t.get("name") != "get_step_guidance":
            continue
        desc = t.get("description", "")
        of = re.search(r"\bof (?:the |this knowledge base's )?(.+?) (?:media-planning |planning )?framework\b", desc)
        name = re.search(r"\b[A-Z][A-Z0-9]+-[A-Z0-9]+\b", of.group(1)) if of else None
        if name:
            return f"the {name.group(0)} planning steps"
        word = re.search(r"calls the steps ([a-z]+)\.", desc)
        count = re.search(r"\b(\d{1,2})-step\b", desc)
        n = int(count.group(1)) if count else 0
        said_n = _NUMBERS[n] if 0 < n < len(_NUMBERS) else str(n) if n else ""
        return " ".join(w for w in ("the knowledge base's", said_n, "planning", word.group(1) if word else "steps") if w)
    return None
