"""Audience counts a KB lists place by place in prose, one clause per place.

Why: a KB without a table for its smaller markets writes them out — "Bogotá is home to about 7.9M people and
Antioquia, whose capital is Medellín, to about 6.8M. Valle del Cauca, around Cali, counts 4.6M; Cundinamarca …
3.5M", "Graubünden, the largest ski canton, holds about 92,000 households, and Valais about 160,000 households",
"Cartagena's department, Bolívar, holds about 250,000 adults who …". The one-verb sentence reader
(:mod:`mpa.audience_facts`) wants the place right before its verb and one count per sentence: a place named with a
clause about it between commas, a second place whose verb is left out, and a count whose audience the first clause
named were not read. Here each clause names one place and one count; an aside between commas is skipped (or, after
a subject in words — "Cartagena's department, Bolívar," — is the place); a clause without its own audience words
counts what the clause before counted. Only a paragraph whose first count names an audience word (people,
households, adults …) is read this way: a list of prices or clicks is not an audience.
"""
from __future__ import annotations

import re

from mpa.fact_text import Fact, paragraphs
from rag.sentences import sentence_spans

_UP = "A-ZÀ-ÖØ-ÞĄĆĘŁŃŚŹŻŠŽČŘĎŤŇŐŰ"
# a place: capitalised words and the small words names keep ("Valle del Cauca", "St. Gallen", "Ottawa-Gatineau")
_PLACE = rf"[{_UP}][\w.'’-]*(?:\s+(?:(?:de|del|la|los|las|do|da|of|the|y|St\.)\s+)?[{_UP}][\w.'’-]*){{0,3}}"
_COUNT = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*(?:million|thousand|M|K|k)\b"
_AUDIENCE_WORDS = re.compile(r"^(?:[\w-]+\s+){0,2}(?:people|persons|residents|households|homes|adults|individuals|"
                             r"consumers|inhabitants|population)\b", re.I)
# "Place[, aside,] [verb] [about] N [audience words]"
_CLAUSE = re.compile(rf"^(?:and\s+)?(?P<geo>{_PLACE})(?:,\s+(?P<aside>[^,\d]{{2,60}}),)?\s+"
                     r"(?:(?:holds|has|have|counts|contains|numbers|is home to|are home to|to)\s+)?"
                     r"(?:(?:roughly|about|approximately|around|some|only about|an estimated)\s+)?"
                     rf"(?P<n>{_COUNT})(?![\d%])(?:\s+(?P<what>[^,;.\d%$]+))?(?=[,;.]|$)")
# a count of everyone living in a place, whatever the word
_HEADS = {"people", "persons", "residents", "inhabitants", "population"}
# "Cartagena's department, Bolívar, holds …": a subject in words, the place as its aside
_SUBJECT_ASIDE = re.compile(rf"^[\w’'-]+'s\s+[a-z]+(?:\s+[a-z]+)?,\s+(?P<geo>{_PLACE}),\s+")
# where a sentence's next place starts: "; ", ", and ", " and " before a capital
_JOINS = re.compile(rf";\s+|,\s+and\s+(?=[{_UP}])|\s+and\s+(?=[{_UP}])")


def _clauses(sentence: str) -> list[str]:
    """The place-by-place clauses of a sentence, any lead-in before a colon dropped ("In prose, for the places not
    yet in the blocks: …")."""
    body = sentence.split(": ", 1)[1] if re.match(r"^[^:\d]{0,80}: ", sentence) else sentence
    return [c.strip() for c in _JOINS.split(body) if c.strip()]


def listed_counts(source: str, text: str) -> list[Fact]:
    """One audience fact per place a paragraph's clauses count (see the module docstring)."""
    out: list[Fact] = []
    for off, para, _ in paragraphs(text):
        flat = " ".join(para.split())
        what = None
        for start, end in sentence_spans(flat):
            for part in _clauses(flat[start:end].rstrip(".")):
                m = _SUBJECT_ASIDE.match(part)
                if m:
                    part = m.group("geo") + " " + part[m.end():]
                c = _CLAUSE.match(part)
                if not c or re.search(r"['’]s$", c.group("geo")):  # "Zürich's 720,000 households times …": a worked sum
                    continue
                said = " ".join((c.group("what") or "").split())
                if said and _AUDIENCE_WORDS.match(said):
                    what = re.split(r"\s+(?:as many as|more than|fewer than|compared with)\b", said)[0].strip()
                elif said or what is None:
                    continue  # a count of something else ("12,000 clicks"), or no audience named yet
                geo = re.sub(r"^(?:the|The)\s+", "", c.group("geo"))  # "The Boise DMA": Boise DMA
                if what.lower() in _HEADS:  # "Bogotá is home to about 7.9M people": the place's population
                    what = "population"
                n = c.group("n").strip()
                size = _size(n)
                out.append(Fact("audience", geo, n, size, size, "people", source, off, off + len(para),
                                form="sentence", geography=geo, audience=what, qualifier=part))
    return out


def _size(n: str) -> float | None:
    from mpa.tables import parse_number
    return parse_number(n)


def block_above(text: str, off: int) -> str | None:
    """The audience of the block right above the prose at ``off`` — a capitalised caption over a "Definition:" line
    and its count lines, with nothing but blank lines and those between: the audience a paragraph's "… about 38,000
    of them" counts when no sentence before names one ("Zürich's owner households heating with oil or gas were not
    in the survey's release; … Ticino has about 38,000 of them")."""
    lines = text[:off].rstrip("\n").split("\n")
    for i in range(len(lines) - 1, 0, -1):
        s = lines[i].strip()
        if s.lower().startswith("definition:") and lines[i - 1].strip().isupper():
            cap = " ".join(lines[i - 1].split())
            return cap.title()
        if not s or re.match(rf"^[{_UP}][^:]{{0,60}}:\s*\d", s) or (s and s[0].islower()):
            continue  # a blank, a count line ("Bern: 96k households …"), a definition's second line
        return None
    return None
