"""A business phrase that shares only its head noun with a label of another kind: "dental clinics" is no "Veterinary Clinics".

Why: a label can be reached through the one word the two share when that word is the HEAD noun of both — what sort
of place or firm it is ("clinics", "contractors", "venues", "dealers") — while each side has its own modifier saying
which kind ("dental" and "Veterinary", "paving" and "Roofing", "concert" and "Wedding"). The sentence encoder rates such
a pair near (0.55-0.69: the shared head dominates two short phrases), so the label rules' meaning checks
(:mod:`mpa.labels`, :mod:`mpa.labelmeaning`, :mod:`mpa.business`) accept it, and another business's figures are
served — the error the harness exists to catch. :mod:`mpa.headnoun` handles the converse (a shared modifier, another
head: "wedding photographer" and "Wedding Venues").

The test, by contrast with the bare head: when the two modifiers say one kind, the phrase is nearer the label than it
is to the label's bare head noun, and the label is nearer the phrase than to its own bare head ("vet clinic" and
"Veterinary Clinics" 0.90 against 0.70 and 0.65; "small animal clinic" 0.79 against 0.66 and 0.65; "camper dealers"
and "RV Dealers" 0.78 against 0.70 and 0.70; "orthodontic clinic" and "Dental Clinics" 0.75 against 0.55 and 0.66).
When they name different kinds, each modifier pulls away from the other and the pair is further apart than either is
from the bare head ("dental clinics" and "Veterinary Clinics" 0.56 against 0.75 and 0.70; "paving contractors" and
"Roofing Contractors" 0.63 against 0.74 and 0.67; "concert venues" and "Wedding Venues" 0.69 against 0.84 and 0.74;
"car dealers" and "RV Dealers" 0.68 against 0.88 and 0.70). Measured on 26 different-kind pairs across the plain-text
KBs, 25 below both (the miss: "dental clinics" and "Hearing Aid Clinics" 0.593 against 0.749 and 0.592), and 30
same-kind pairs, 28 not, the two where the encoder does not know the kinds are one ("termite control" and "Pest
Control" 0.30; "jet ski dealers" and "Motorcycle and Powersports Dealers" 0.52; neither matched before either). Both views must agree, so one side's
noise alone ("motorhome dealers" is 0.72 to "RV Dealers", 0.74 to "dealers") does not drop a true match; no threshold
to tune. Kinds the encoder finds near stay matched ("budgeting apps" and "Shopping Apps" 0.65 against 0.58).

Left to the other rules: a phrase that says one of the label's other words too ("metal roofing contractors"), or a
shortened or lengthened form of it ("vet" for "Veterinary", "med" for "medical", "reroofing" for "Roofing"); a label
part whose head stands bare ("Clinics and Hospitals" covers every kind of clinic) or is modified only by how the
business is run (:data:`MANNER`: "whiskey distilleries" and "Craft Distilleries"); a phrase with no modifier of its
own. Not read: the names a table KB's introduction lists for a vertical, which are examples, not the vertical's bounds
(kb/'s healthcare lists "clinics" bare: "podiatry clinic" stays healthcare; retail lists "department stores", and a
shoe store is retail too), nor the vocabulary's names, which are said on purpose. Without an encoder the word match
stands, as in :mod:`mpa.labelmeaning`.
"""
from __future__ import annotations

import re

from mpa.headnoun import head
from mpa.labelwords import parts, root, stems
from mpa.resolve import ORGANISATION_WORDS, industry_words, similarities

# words that say how, by whom or at what tier a business is run, not what kind it is ("Craft Distilleries", "Private
# Universities", "Fine Dining Restaurants"): a label whose head they alone modify names the head's every kind
# ("whiskey distilleries" are craft distilleries or not — the label does not say they are another kind); with
# resolve.ORGANISATION_WORDS (form and size: "independent", "family", "boutique")
MANNER = frozenset("""craft artisan artisanal indie public private premium luxury upscale high end budget discount value
    specialty speciality fine dining casual fast quick full self service licensed certified accredited online mobile
    traditional modern classic standard general""".split())
_SHORT = 3   # letters a shortened word keeps to count as its long form ("vet", "med")


def _roots(text: str) -> set[str]:
    return {root(s) for s in stems(text)}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", (text or "").lower().replace("-", " "))


def other_kind(phrase: str, label: str) -> bool:
    """Does ``phrase`` reach ``label`` through the head noun alone, with a modifier naming another kind than the
    label's (module doc)?"""
    h = head(phrase)
    words = _words(industry_words(phrase or ""))
    mods = [w for w in words[:-1] if stems(w)]
    if not h or not mods:
        return False
    own_head = _roots(h) | {root(h)}
    bare = None
    for p in parts(label)[1:] or parts(label):
        last = _words(p)[-1:] or [""]
        if _roots(last[0]) & own_head:
            if not [w for w in _words(p)[:-1] if w not in MANNER and w not in ORGANISATION_WORDS]:
                return False   # no kind said: a bare head ("Clinics and Hospitals"), or how it is run ("Craft Distilleries")
            bare = last[0]
            break
    if bare is None:
        return False
    theirs = [w for w in _words(label) if stems(w) and not (_roots(w) & own_head)]
    if _roots(" ".join(mods)) & _roots(" ".join(theirs)) or any(_shortened(a, b) for a in mods for b in theirs):
        return False   # the phrase says another of the label's words, or a short or long form of one
    return _pulled_apart(phrase, label, bare)


def _shortened(a: str, b: str) -> bool:
    """Is one word a shortened form ("vet", "med") or a part ("reroofing" holds "roofing") of the other?"""
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= _SHORT and (long_.startswith(short) or (len(short) > _SHORT + 1 and short in long_))


def _pulled_apart(phrase: str, name: str, bare: str) -> bool:
    """Are ``phrase`` and ``name`` further apart than each is from ``name``'s bare head noun (module doc)? False
    without an encoder."""
    inner = [p for p in parts(name)[1:] if _words(p)[-1:] == [bare]]
    near = similarities(phrase, [name, *inner, bare])
    back = similarities(name, [bare])
    if not near or not back:
        return False
    together = max(near[:-1])
    return together < near[-1] and together < back[0]
