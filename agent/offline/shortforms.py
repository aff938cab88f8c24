"""A message typed in chat short forms read in full: "whats ur cpm w/ retargeting" is "what's your cpm
with retargeting".

Why: the rules read English words — "about" in "what about retail?", "people" in a sizing question,
"what's" opening a question, "isn't" in a condition. People typing fast write "abt", "whats", "isnt",
"ur", "w/", and the rule that keys on the full word misses. Two kinds are read in full:

* contractions typed without their apostrophe, for the contractions of symspellpy's English dictionary
  whose bare form is no English word of its own ("doesnt", "im", "youre"), and the ``n't`` and
  wh-/here/there ``'s`` ones whose bare form is only a rare or archaic word ("cant", "wont", "whats",
  "heres"); "its", "were", "well", "ill", "lets", "shed", "id" stay as typed here (:mod:`~agent.offline.barewords`
  reads some where the next words settle them);
* the common chat abbreviations of English words (:data:`CHAT`), each standing for one word or phrase.
  Not "ppl" or "rn": read in full they moved seen answers the agent gave right to wrong ones (its rules on
  "people" misread those turns), and "rn" is also a nurse; nor "bc",
  also British Columbia.

* "about" clipped to "'bout", or to "bout" after "how"/"what" ("how bout nationwide", "what 'bout Ohio"): the
  rules that read a follow-up key on "how about"; "bout" alone is also a word (a fight, a spell of illness), so it is
  read in full only with an apostrophe or in those two openers.

* a stray "s" on "how" before "many"/"much" ("hows many leads is that"): the count and amount rules read "how many".

* a plus sign typed between two words for "and" ("dog chews + treats", "search + social"): the rules that read a
  list of goods or channels read "and".

Nothing else is touched; the conversation keeps the message as the user wrote it.
"""
from __future__ import annotations

import re
from functools import lru_cache

# chat abbreviations that stand for one English word or phrase wherever they are typed as a word
CHAT = {
    "u": "you", "ur": "your", "pls": "please", "plz": "please", "thx": "thanks", "thnx": "thanks",
    "ty": "thank you", "cuz": "because", "coz": "because", "tho": "though",
    "abt": "about", "smth": "something", "sth": "something", "b4": "before", "tmrw": "tomorrow",
    "idk": "I don't know", "imo": "in my opinion", "imho": "in my opinion", "btw": "by the way", "wanna": "want to",
    "gonna": "going to", "gotta": "got to", "kinda": "kind of", "sorta": "sort of", "dunno": "don't know",
    "lemme": "let me", "gimme": "give me", "wat": "what", "wut": "what", "thru": "through",
    "w/": "with", "w/o": "without", "b/c": "because", "yrs": "years", "biz": "business",
}
# typed in lower case only: in capitals the same letters are acronyms ("BC", "U")
_CHAT = re.compile(r"(?<![\w/.'’$-])(" + "|".join(sorted((re.escape(k) for k in CHAT), key=len, reverse=True))
                   + r")(?![\w'’-]|\.\w|/\w)")
# "x + y" / "x+y" between two words, never after a figure ("$10K+ budgets": ten thousand or more) nor a "+" glued to a
# name and spaced from the next word ("Disney+ CPM", "Advantage+ Shopping": the brand's own sign, not "and")
_PLUS = re.compile(r"(?<![\w$])([A-Za-z][A-Za-z'’-]*)(?:\s+\+\s*|\+)(?=[A-Za-z])")
_BOUT = re.compile(r"\b(how|what)(\s+)['’]?bout\b|(?<![\w'’])['’]bout\b", re.I)
_SAYS_IS = {"what", "where", "here", "there", "that", "who", "how", "he", "she"}
# "hows many leads", "how's much is that": a stray "s" on "how" before "many"/"much" (no "how is many" in English)
_HOWS = re.compile(r"\b(how)['’]?s(\s+)(?=(?:many|much)\b)", re.I)


@lru_cache(maxsize=1)
def contractions() -> dict[str, str]:
    """Bare form → contraction, for the contractions whose bare form is no English word of its own."""
    from agent.offline.spelling import frequencies
    words = frequencies()
    out = {}
    for word in words:
        if "'" in word:
            stem, _, tail = word.partition("'")
            if word.replace("'", "") not in words or tail == "t" and stem in ("can", "won") or tail == "s" and stem in _SAYS_IS:
                out[word.replace("'", "")] = word
    return out


def expand(text: str) -> str:
    """``text`` with its apostrophe-less contractions and chat abbreviations written in full."""
    if not text:
        return text
    table = contractions()

    def contraction(m: re.Match) -> str:
        word = m.group(0)
        full = table.get(word.lower())
        if not full or word.isupper() and len(word) > 1:
            return word
        return ("I" + full[1:]) if full.startswith("i'") else (full[0].upper() + full[1:] if word[0].isupper() else full)

    out = re.sub(r"(?<![\w'’])[A-Za-z]+(?![\w'’])", contraction, text)
    out = _HOWS.sub(r"\1\2", out) if "how" in out.lower() else out
    out = _BOUT.sub(lambda m: f"{m.group(1)}{m.group(2)}about" if m.group(1) else "about", out) if "bout" in out.lower() else out
    return _PLUS.sub(r"\1 and ", _CHAT.sub(lambda m: CHAT[m.group(0).lower()], out))
