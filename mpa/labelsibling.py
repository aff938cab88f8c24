"""A label meaning alone would pick that is the phrase's own word with another modifier glued on: a sibling kind.

Why: the sentence encoder sees "menswear" and "Womenswear" as near neighbours — the long shared part ("…swear")
dominates — yet the two are different markets with different prices. A KB word that ends with the user's whole
word under a different front ("womenswear" for "menswear", "e-bikes" for "bikes"), or the user's word that ends with
a KB word ("snowboards" for "boards"), names a sibling or a narrower or wider kind, not the same one. Meaning alone
(no word shared) must not bridge that: the business is left unmatched and the tools ask which covered vertical is
closest, instead of serving the neighbour's figures.
"""
from __future__ import annotations

import re

_MIN = 4   # letters the shared word must have to count (shorter endings are grammar: "-ing", "-ers")


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", (text or "").lower().replace("-", "")) if len(w) >= _MIN}


def sibling(phrase: str, label: str) -> bool:
    """Does ``label`` hold a word that is a word of ``phrase`` with another front (or the reverse)?"""
    said, own = _words(phrase), _words(label)
    return any(a != b and (a.endswith(b) or b.endswith(a)) and min(len(a), len(b)) >= _MIN + 1
               and max(a, b, key=len) != "re" + min(a, b, key=len)  # "reupholstery" is upholstery done again: the same
               for a in said for b in own)
