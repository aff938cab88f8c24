"""One more search when the search naming what the question word asks for came back empty.

Why: a question word is searched as the attribute it asks about ("at what point" → "threshold trigger",
:data:`~agent.offline.searchq.ATTRIBUTES`), appended to the whole message. When the message is long, the appended words
thin every passage's share of the query below the engine's relevance bar, and that search finds nothing — while the
plain search, which found passages, cannot reach the section the attribute names ("our CPMs jumped on one channel, at
what point should I start looking into it?" never met the KB's trigger table). The retry says the same thing once more
with the attribute in place of the short question phrase it stands for ("our CPM jumped on one channel, should I start
looking into it? threshold trigger"). Only when another search of the turn found passages (an all-empty turn has
:func:`~agent.offline.searchq.retry`) and the phrase is short (a long match such as "how many conversions does it need
before" holds the thing counted, which the search needs), and
not when the KB never uses the attribute's words (kb_txt3 has no "threshold" nor "trigger": they only count against
the query).
"""
from __future__ import annotations

import re

from agent.offline import searchq
from agent.offline.toolread import ToolOutcome

_SHORT = 3  # words of a question phrase the attribute stands for ("at what point", "how often")
_INTERROGATIVE = re.compile(r"^(?:at )?(?:how|what|when|which)\b", re.I)


def query(text: str, outcomes: list[ToolOutcome]) -> str | None:
    """The attribute search once more without the question phrase it stands for, or None."""
    searched = [o for o in outcomes if o.name == "search_knowledge_base"]
    asked = searchq.attributes(text, searching=True)
    if not asked or not any(o.found for o in searched):
        return None
    focus = searchq.clean(text) or text.strip()
    expanded = " ".join([focus, *asked])[:searchq.MAX_QUERY]
    empty = [o for o in searched if o.input.get("query") == expanded and not o.found and not o.is_error]
    if not empty or not searchq.without_unknown(" ".join(asked), empty).strip():
        return None  # every attribute word is one the KB never uses: they only count against any query
    bare = focus
    for pat, _ in searchq.ATTRIBUTES:
        m = pat.search(bare)
        if m and _INTERROGATIVE.match(m.group(0)) and len(m.group(0).split()) <= _SHORT:
            bare = bare[:m.start()] + bare[m.end():]
    bare = re.sub(r"\s+([?.!,;:])", r"\1", " ".join(bare.split())).strip(" ,;:")
    if bare == focus or not searchq.content_words(bare):
        return None
    again = f"{bare} {' '.join(asked)}"[:searchq.MAX_QUERY]
    return None if again in {o.input.get("query", "") for o in searched} else again
