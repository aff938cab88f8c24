"""A section the KB files under the concept a message names in everyday words answers it, whatever the story's words.

Why: "my director wants to pull a third of our facebook money and put it into search from tomorrow. thoughts?" names
reallocation in everyday words (:mod:`mpa.everyday`), and the KB answers it in a section headed "Reallocation rules".
The reader's share-of-words test counts the story's words (a director, tomorrow, the verdict tag) against every
passage, and the section that states the rule shares too few of them: the answer declined. A heading that names
the concept by the KB's own term (:func:`~agent.offline.gloss.terms`, only terms the served KB writes, only for
phrases that name the concept and are not the KB's ordinary vocabulary) is the KB saying where that concept is
answered — the share of the story's words is no evidence against it. Names and codes must still be found
(:func:`~agent.offline.passages.names_found`, checked by the reader before).
"""
from __future__ import annotations

from mpa.everyday import stems


def files(gloss_text: str, passages: list[dict]) -> bool:
    """Does one of ``passages`` sit under a heading holding one of the KB terms in ``gloss_text`` (the reader's
    :func:`~agent.offline.gloss.hint`, terms joined by spaces: each term's stems are looked for in turn)?"""
    if not gloss_text:
        return False
    want = set(stems(gloss_text))
    for ps in passages:
        head = set(stems(ps.get("source", "").partition("›")[2]))
        if want & head - _PLAIN:
            return True
    return False


# words a KB term may share with any heading: alone they file nothing ("test" of "when not to test")
_PLAIN = frozenset(stems("a an the to of and or not when what how why test testing budget budgets channel channels "
                         "money spend rule rules plan planning"))
