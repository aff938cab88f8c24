"""The simulated user of a multi-turn scenario.

:class:`UserSimulator` plays a scenario's scripted turns in order. Before rendering turn *i* it
applies that turn's events (budget raised, timeline compressed, CAC shock) to its private fact
sheet, then fills ``{fact_key}`` placeholders from the *current* facts; a ``respond_to`` turn is
answered from the fact sheet ("Our monthly budget is 50000." / "I don't know our customer
lifetime value."). Every event and every ``respond_to`` turn is a *beat*; the simulator records
whether each beat happened as planned, so a run can prove the conversation it scored is the one
the scenario describes.

:class:`LLMUserSimulator` (optional, needs a model such as Claude) rephrases each scripted turn in
the persona's voice. The scripted text stays the contract: a rephrasing that drops or changes a
number is rejected and the scripted text is used instead (and the beat says so).
"""
from __future__ import annotations

import copy
import re
import string
from typing import Any

_FORMATTER = string.Formatter()


def placeholders(template: str) -> list[str]:
    """The ``{fact_key}`` names used in a turn template."""
    return [f for _, f, _, _ in _FORMATTER.parse(template) if f]


def format_value(v: Any) -> str:
    """50000 → "50000", 1.0e3 → "1000", 2.5 → "2.5" (the user types plain numbers)."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


class UserSimulator:
    """Plays a validated scenario dict (see :mod:`agent.scenario`)."""

    def __init__(self, scenario: dict[str, Any]):
        self.scenario = scenario
        fs = scenario["fact_sheet"]
        self.facts: dict[str, Any] = copy.deepcopy(fs.get("knows", {}))
        self.unknown: list[str] = list(fs.get("does_not_know", []))
        self.labels: dict[str, str] = dict(fs.get("labels", {}))
        self.beats: list[dict[str, Any]] = []
        self.rendered: list[str] = []
        self._events = sorted(scenario.get("events", []), key=lambda e: e["turn"])

    def label(self, key: str) -> str:
        return self.labels.get(key, key.replace("_", " "))

    def apply_events(self, turn: int) -> list[dict[str, Any]]:
        applied = []
        for ev in self._events:
            if ev["turn"] == turn:
                self.facts.update(copy.deepcopy(ev.get("changes", {})))
                applied.append(ev)
        return applied

    def planned_reply(self, key: str) -> str:
        """What the user says when asked about ``key``."""
        if key in self.unknown and key not in self.facts:
            return f"I don't know our {self.label(key)}."
        return f"Our {self.label(key)} is {format_value(self.facts[key])}."

    def user_turn(self, i: int) -> str:
        """Apply turn ``i``'s events, then render its text (recording the beats)."""
        turn = self.scenario["turns"][i]
        events = self.apply_events(i)
        if "respond_to" in turn:
            key = turn["respond_to"]
            text = self.planned_reply(key)
            known = key in self.facts
            ok = (text == f"Our {self.label(key)} is {format_value(self.facts[key])}.") if known else \
                (key in self.unknown and text == f"I don't know our {self.label(key)}.")
            self.beats.append({"turn": i, "kind": "respond_to", "ok": ok,
                               "detail": f"{key}: {'known' if known else 'unknown'} → {text!r}"})
        else:
            text = turn["user"].format_map(_Facts(self.facts))
        for ev in events:
            self.beats.append(self._event_beat(i, ev, turn, text))
        self.rendered.append(text)
        return text

    def _event_beat(self, i: int, ev: dict, turn: dict, text: str) -> dict[str, Any]:
        """An event happened as planned when its changes are in the fact sheet at its turn and
        the rendered text shows every changed value that the turn refers to."""
        changes = ev.get("changes", {})
        problems = [k for k, v in changes.items() if self.facts.get(k) != v]
        used = set(placeholders(turn.get("user", ""))) | ({turn["respond_to"]} if "respond_to" in turn else set())
        shown = [k for k in changes if k in used]
        missing = [k for k in shown if format_value(changes[k]) not in text]
        ok = not problems and not missing
        detail = f"{ev['kind']} applied before turn {i}: " + ", ".join(f"{k}={format_value(v)}" for k, v in changes.items())
        if problems:
            detail += f"; not in the fact sheet: {problems}"
        if missing:
            detail += f"; not shown in the turn text: {missing}"
        elif not shown:
            detail += " (the turn text does not refer to the changed facts)"
        return {"turn": i, "kind": ev["kind"], "ok": ok, "detail": detail}

    @property
    def beats_ok(self) -> bool:
        return all(b["ok"] for b in self.beats)


class _Facts(dict):
    """format_map source: values rendered as the user would type them."""

    def __init__(self, facts: dict[str, Any]):
        super().__init__({k: format_value(v) for k, v in facts.items()})

    def __missing__(self, key: str) -> str:
        raise KeyError(f"turn refers to {{{key}}}, which is not in the fact sheet")


_NUM = re.compile(r"\d[\d,]*(?:\.\d+)?")

PERSONA_PROMPT = """You are role-playing a user talking to a media-planning assistant.
Persona: {name} ({type}). {description}
You will be given the message the user means to send next. Rewrite it in the persona's own voice, in one to three
sentences. Keep every number exactly as given (same digits, no rounding, no currency conversion), keep every
instruction about what to calculate, and do not add facts or numbers. Reply with the rewritten message only."""


class LLMUserSimulator(UserSimulator):
    """A persona-following simulator driven by a model (e.g. :class:`agent.models.AnthropicModel`).
    Scripted turns are rephrased; ``respond_to`` answers still come from the fact sheet."""

    def __init__(self, scenario: dict[str, Any], model: Any, max_tokens: int = 300):
        super().__init__(scenario)
        self.model = model
        self.max_tokens = max_tokens
        p = scenario["persona"]
        self.system = PERSONA_PROMPT.format(name=p.get("name", "the user"), type=p.get("type", ""),
                                            description=p.get("description", ""))

    def user_turn(self, i: int) -> str:
        scripted = super().user_turn(i)
        if "respond_to" in self.scenario["turns"][i]:
            return scripted
        try:
            resp = self.model.create(system=self.system, messages=[{"role": "user", "content": scripted}],
                                     tools=None, max_tokens=self.max_tokens)
            text = resp.text.strip()
        except Exception as exc:  # the scripted text is always a valid fallback
            self.beats.append({"turn": i, "kind": "rephrase", "ok": True,
                               "detail": f"simulator model failed ({type(exc).__name__}); scripted text used"})
            return scripted
        want = sorted(n.replace(",", "") for n in _NUM.findall(scripted))
        got = sorted(n.replace(",", "") for n in _NUM.findall(text))
        if not text or want != got:
            self.beats.append({"turn": i, "kind": "rephrase", "ok": True,
                               "detail": f"rephrasing changed the numbers {got} ≠ {want}; scripted text used"})
            return scripted
        self.rendered[-1] = text
        return text
