"""Whether a sentence asks, and which sentences of a message ask: one judgement for every rule.

Why: people leave the question mark off ("what's a normal CPC for dentists", "how do i size my audience",
"we have $90k. how much goes to each channel"). Rules that found the question of a message by its "?" then
read a whole story as the question, or none at all, and answered another section than the same words typed
with the mark. So the rules ask here instead, and the answer is English structure, never a wording:

* a sentence ending in "?" asks;
* so does one opening like a question, after discourse openers ("so", "ok", "and", "also") — a question word
  ("what", "how much", "which channel", "when to"), an auxiliary verb before its subject ("do we", "can i",
  "is it", "should dentists", "isn't that"), "any idea/tips", a tag at its end (", right"), or a request for
  an answer ("tell me", "give me", "show me", "walk me through", "explain", "i'd like to know", "wondering
  whether") — or whose clause after a comma, colon or dash does ("at $20 a thousand views, what's the total");
* a question word before its clause's own subject opens a statement, not a question: "what we need is reach
  in Texas", "when the campaign ended, CPCs fell", "how we measure it matters" — and an auxiliary without a
  subject after it is a sentence whose "I"/"we" was left off: "was hoping to…", "can't afford TV", "would love".

A message's question (:func:`question_sentences`) is its sentences marked "?" when the user marks any — a
writer who uses the mark uses it on their questions, so the sentence beside one is their situation — else the
sentences that ask by the rules above, else its last sentence (where people put the ask of a run-on
"we have $90k. buyers at the usual cost").
"""
from __future__ import annotations

import re
from functools import lru_cache

from rag.sentences import LOOSE_SENTENCE_END

# discourse words before the question itself ("ok so what …", "and also, how …")
_OPENERS = (r"(?:(?:so|and|but|or|ok|okay|well|then|also|oh|now|right|alright|plus|hey|hi|hmm+|btw|anyway|one more thing|"
            r"last thing|quick question|question|next|just|roughly|approximately|realistically|honestly|seriously|basically|"
            r"generally|typically|ballpark|in general|in practice|in short|out of curiosity)\b[\s,:;.!-]*)*")
_WH = r"(?:what|how|which|when|where|why|who|whom|whose)"
_AUX = (r"(?:do|does|did|is|are|was|were|am|can|could|should|shall|will|would|may|might|must|has|have|had)")
_NEG = (r"(?:isn't|aren't|wasn't|weren't|don't|doesn't|didn't|can't|cannot|couldn't|shouldn't|won't|wouldn't|"
        r"haven't|hasn't|hadn't|isnt|arent|wasnt|werent|dont|doesnt|didnt|cant|couldnt|shouldnt|wont|wouldnt|"
        r"havent|hasnt|hadnt)")
# a subject pronoun, a determiner or "there": what an inverted auxiliary is followed by ("do we", "is the")
_SUBJECT = (r"(?:i|we|you|u|they|he|she|it|there|this|that|these|those|my|our|your|their|its|his|her|the|a|an|any|"
            r"anyone|anybody|anything|someone|somebody|something|everyone|everybody|everything|each|every|all|most|"
            r"some|ya|y'all)")
_PERSONAL = r"(?:i|we|you|u|they|he|she|it|i'm|we're|you're|they're|it's|we've|i've|we'd|i'd|i'll|we'll)"
# after an auxiliary, what shows its subject was left off ("was hoping", "can't afford", "would love", "will do"):
# a participle or a verb — not an -ing noun or gerund that may be the subject ("is retargeting worth it", "is Bing …")
_NO_SUBJECT = (r"(?:be|been|being|not|never|also|just|really|still|probably|definitely|totally|always|to|do|get|go|"
               r"have|try|use|need|want|like|love|see|say|work|help|afford|wait|agree|going|getting|doing|trying|hoping|"
               r"thinking|planning|looking|wondering|[a-z]+[^e\W]ed)")
# an auxiliary that opens a question with almost any subject ("is tiktok worth it", "do dentists convert");
# the others ("was", "did", "had") ask only before a pronoun or determiner ("did the test work", not "did a test")
_ANY_SUBJECT_AUX = r"(?:do|does|is|are|can|could|should|shall|will|would|may|might|must)"
_REQUEST = (r"(?:(?:please|pls|kindly)\s+)?(?:tell|give|show|walk|talk|help)\s+(?:me|us)\b|let\s+(?:me|us)\s+know\b|"
            r"(?:please\s+)?(?:explain|define|describe|list|compare|calculate|compute|estimate|break\s+down|work\s+out|"
            r"figure\s+out|recommend|suggest)\b|(?:i|we)(?:'d|\s+would|\s+want|\s+need)?\s+(?:like\s+)?to\s+know\b|"
            r"(?:i'm\s+|i\s+am\s+|we're\s+|just\s+)?(?:wondering|curious)\b|(?:i|we)\s+wonder\b|"
            r"(?:not\s+sure|no\s+idea)\s+(?:whether|if|how|what|which|why|when|where|who)\b|"
            r"any\s+(?:idea|ideas|tips?|thoughts?|advice|suggestions?|recommendations?|guidance|pointers?|benchmarks?|"
            r"data|numbers?|figures?|rules?|way|chance|reason|downside|risk)\b")
_WH_ASKS = (rf"(?:what's|whats|how's|hows|where's|wheres|who's|whos|when's|whens|why's)\b|"
            rf"(?:what|how)\s+(?:about|if|come|much|many|long|often|far|soon|big|large|fast|quickly|well|exactly|to)\b|"
            rf"(?:what|which|when|where|why|who|how)\s+{_AUX}\b|{_WH}\s+to\b|why\s+not\b|"
            rf"(?:what|which|whose)\s+(?!{_PERSONAL}\b|a\b|an\b)[a-z][\w'-]*|"
            rf"(?:what|who)\s+(?!{_PERSONAL}\b|{_SUBJECT}\b)[a-z][\w'-]*|how\s+(?!{_PERSONAL}\b|{_SUBJECT}\b)[a-z][\w'-]*")
_AUX_ASKS = (rf"{_ANY_SUBJECT_AUX}\s+(?!{_NO_SUBJECT}\b)[\w$'-]+|{_AUX}\s+{_SUBJECT}\b|{_NEG}\s+{_SUBJECT}\b")
# a question word after its preposition ("at what point …", "by how much …", "for which vertical …")
_PREP_WH = r"(?:at|in|on|for|by|from|to|with|of|under|over|after|before|within|up to)\s+(?:what|which|whose|whom|how\s+(?:much|many|long))\b"
# a question at a sentence's start …
_OPENS = re.compile(rf"^\W*{_OPENERS}(?:{_WH_ASKS}|{_AUX_ASKS}|{_PREP_WH}|{_REQUEST})", re.I)
# … or at a clause's after a comma, colon or dash, where a bare "which"/"who" is a relative pronoun ("…, which is
# why") and a bare auxiliary continues the clause ("…, was hoping"): only an inversion, a question word with its
# verb or a request asks there
_CLAUSE = re.compile(r"[,;:]|\s[-–—]+\s")
_CLAUSE_OPENS = re.compile(rf"^\W*{_OPENERS}(?:(?:what's|whats|how's|hows)\b|(?:what|how)\s+(?:about|if|much|many|long|often|to)\b|"
                           rf"{_WH}\s+{_AUX}\s+{_SUBJECT}\b|(?:what|which)\s+\w+\s+{_AUX}\s+{_SUBJECT}\b|"
                           rf"{_AUX}\s+{_SUBJECT}\b|{_PREP_WH}|{_REQUEST})", re.I)
# a question after a condition typed with no comma ("if leads cost the top of the range how many do we get", "say we buy
# 5,000 clicks at $2 whats that cost"): the question word with its verb, or "what's", after the "if" clause
_AFTER_CONDITION = re.compile(rf"^\W*{_OPENERS}(?:if|say|suppose|supposing|assuming|provided)\b(?:[^,;:?]|(?<=\d),(?=\d)){{3,160}}?\s"
                              rf"(?:(?:how\s+(?:many|much)|what|which)(?:\s+[a-z]+)?\s+{_AUX}\s+{_SUBJECT}\b|"
                              rf"(?:what's|whats|what\s+is|what\s+would)\s)", re.I)
# after a comma, "what" and a noun asking with its own verb ("…, what roas just breaks even"), not "…, what we need"
_CLAUSE_WHAT = re.compile(rf"^\W*what\s+(?!{_PERSONAL}\b|{_SUBJECT}\b)[a-z][\w'-]*\s+(?:just\s+|still\s+|actually\s+)?"
                          rf"(?!(?:is|was|has|does)\b)[a-z]+s\b(?!.*\b(?:is|are|was|were)\b)", re.I)
# a tag at the end ("…, right", "…, isn't it", "worth it or not" — not "whether … or not"): the statement is put as
# a question
_TAG = re.compile(rf",\s*(?:right|correct|yes or no|or not|{_NEG}\s+(?:it|that|they|we|i|you)|no)\W*$|"
                  r"^(?!.*\b(?:whether|if)\b).*\bor not\W*$", re.I)


def asks(sentence: str) -> bool:
    """Does the sentence ask: a "?" at its end, or it is worded as a question (:func:`worded_as_question`)?"""
    return sentence.rstrip().endswith("?") or worded_as_question(sentence)


@lru_cache(maxsize=8192)  # of the text alone; the rules ask it of the same sentences on each model call of a turn
def worded_as_question(sentence: str) -> bool:
    """Is the sentence worded as a question, whatever its last mark: a question's opening at its start or at a
    clause's, or a tag at its end (see the module doc)? A sentence ending in "." may still ask ("Tell me the CPC
    for dentists."); one ending in "?" may not be worded as one ("whole US?", "thanks?")."""
    s = sentence.strip()
    if _OPENS.match(s) or _TAG.search(s) or _AFTER_CONDITION.match(s):
        return True
    return any(_CLAUSE_OPENS.match(c) or _CLAUSE_WHAT.match(c) for c in _CLAUSE.split(s)[1:])


def sentences(message: str) -> list[str]:
    """The message's sentences (cut after ".", "!" or "?"; a message is not capitalised), blank ones dropped."""
    return list(_sentences(message))


def asking_sentences(message: str) -> list[str]:
    """The sentences of ``message`` that ask: those marked "?" when any is, else those :func:`asks` finds."""
    return list(_asking(message))


def question_sentences(message: str) -> list[str]:
    """The message's question: its :func:`asking_sentences`, else its last sentence; [] for an empty message."""
    return list(_asking(message) or _sentences(message)[-1:])


# Kept per text (each caller gets its own list): some twenty rules ask for the same message's sentences and its
# question on each model call of a turn (~25,000 readings for 1,700 turns); they depend on the text alone.
@lru_cache(maxsize=4096)
def _sentences(message: str) -> tuple[str, ...]:
    return tuple(s for s in LOOSE_SENTENCE_END.split(message.strip()) if s.strip())


@lru_cache(maxsize=4096)
def _asking(message: str) -> tuple[str, ...]:
    said = _sentences(message)
    return tuple(s for s in said if s.rstrip().endswith("?")) or tuple(s for s in said if asks(s))


def asks_anything(message: str) -> bool:
    """Does any sentence of ``message`` ask?"""
    return any(asks(s) for s in sentences(message))


def asks_from(message: str, pos: int) -> bool:
    """Does ``message`` ask something in the sentence holding character ``pos`` or after it ("from 600 leads to
    450 … should that worry me" asks about the drop it states)? Marked questions when the message marks any."""
    start = max((m.end() for m in LOOSE_SENTENCE_END.finditer(message[:pos])), default=0)
    rest = sentences(message[start:])
    return any(s.rstrip().endswith("?") for s in rest) if "?" in message else any(asks(s) for s in rest)


def marked(message: str) -> str:
    """``message`` with a "?" after each sentence worded as a question and typed with no final mark, when the
    message marks none itself. For the sentence encoder (:mod:`~agent.offline.semantic`), which reads "may we end
    the test early" and the same words with "?" as different texts (the mark moves the
    statement's vector towards the question's, and the sections answering it): the rules read the words."""
    if "?" in message:
        return message
    said = sentences(message)
    return " ".join(f"{s}?" if re.search(r"\w[\"')\]]*$", s) and worded_as_question(s) else s for s in said) \
        if said else message

