"""Boundless effects as they were stored before engine 2.1, read into the structured form:
migration code, frozen with the data migrations that use it (its leading underscore keeps
Django's migration loader from reading it as a migration). Not rules code: nothing outside the
migrations (and their tests) imports it, so the engine under ``rules/`` changes freely.

Until engine 2.1 a Boundless effect carried its condition as an English sentence and its
targets as compact words (``other_your_golem_forms``) that the engine parsed with regular
expressions when a game started; a sentence it could not read crashed the game. Now conditions
and targets are structured data checked when a card is saved (compiler.py). This module reads
the old form, with the same patterns the engine used, for the data migrations that rewrite
stored cards (cardpool 0002) and the decks frozen in simulation runs (simulate 0004). Keep it
frozen: what a migration did must not change with the engine.

- ``condition``: a sentence becomes a list of clauses (``{"test": "turn", "step": "act"}``, ...);
- ``target``: a word becomes a card reference (``"self"``, ``"attacker"``, ...) or a selection
  object (``{"player": "you", "card": "form", "tribe": "Golem", "other": true, "all": true}``);
- a savior's ``flip_condition`` sentence (kept for display) also becomes an effect with timing
  ``flip`` on its bound side, whose condition the engine checks;
- fields the engine never read are dropped: ``choice`` on discard (the discarding player
  chooses), ``level``/``tribe`` on play_from (it plays the card itself), ``spirit_kind`` on an
  effect (the amount ``protect_spirits_underneath`` says it).
"""

from __future__ import annotations

import re

_TRIBE = r"[\"{]([\w' -]+)[\"}]"
_TARGET = re.compile(r"(other_|another_)?(your|opponent)_(?:level(\d)_)?(unspiritualized_)?(?:(\w+?)_)?(form|forms|savior)")
_REFERENCES = {"self", "host", "attacker", "attacked_form", "triggering_form", "that_form", "triggering_command"}
_TRIGGER_CARDS = {"form": "triggering_form", "damaged form": "triggering_form", "attacked form": "attacked_form",
                  "sacrificed form": "sacrificed_form"}


class Unreadable(ValueError):
    pass


def _clauses(sentence: str) -> list[dict]:
    t = sentence.strip().rstrip(".").lower()
    if t in ("your act step", "during your act step"):
        return [{"test": "turn", "step": "act"}]
    if t == "your combat step":
        return [{"test": "turn", "step": "combat"}]
    if t == "your turn":
        return [{"test": "turn"}]
    if t == "this card is in your drop zone during your act step":
        return [{"test": "source_in_drop_zone"}, {"test": "turn", "step": "act"}]
    if m := re.fullmatch(r"you have (\d+)(?:\+| or more) spirits in your void", t):
        return [{"test": "spirits_in_void", "player": "you", "at_least": int(m[1])}]
    if m := re.fullmatch(r"(?:your )?opponent has (\d+)(?:\+| or more) spirits in their void", t):
        return [{"test": "spirits_in_void", "player": "opponent", "at_least": int(m[1])}]
    if m := re.fullmatch(r"this card has (\d+)(?:\+| or more) spirits underneath it", t):
        return [{"test": "spirits_underneath", "at_least": int(m[1])}]
    if m := re.fullmatch(r"there are (\d+) or more command cards in your drop zone", t):
        return [{"test": "commands_in_drop_zone", "at_least": int(m[1])}]
    if m := re.fullmatch(r"you control (?:an?|(\d+) or more) " + _TRIBE + " forms?", t):
        return [{"test": "forms_you_control", "tribe": m[2].title(), "at_least": int(m[1] or 1)}]
    if m := re.fullmatch(r"the (form|damaged form|attacked form|sacrificed form) is an? " + _TRIBE, t):
        return [{"test": "card_is", "card": _TRIGGER_CARDS[m[1]], "tribe": m[2].title()}]
    if t == "the attack target is a form":
        return [{"test": "card_is", "card": "attacked_form", "card_type": "form"}]
    raise Unreadable(sentence)


def structured_condition(condition):
    if condition is None or isinstance(condition, list):
        return condition
    if not isinstance(condition, str):
        raise Unreadable(repr(condition))
    return [clause for part in re.split(r"\s+and\s+", condition.strip()) for clause in _clauses(part)]


def structured_target(word):
    if not isinstance(word, str):
        return word
    if word in _REFERENCES:
        return word
    m = _TARGET.fullmatch(word)
    if not m:
        raise Unreadable(word)
    target = {"player": "you" if m[2] == "your" else "opponent", "card": "savior" if m[6] == "savior" else "form"}
    if m[5]:
        target["tribe"] = m[5].title()
    if m[3] is not None:
        target["level"] = int(m[3])
    if m[1]:
        target["other"] = True
    if m[4]:
        target["unspiritualized"] = True
    if m[6] == "forms":
        target["all"] = True
    return target


def structured_op(op: dict) -> dict:
    op = dict(op)
    if "target" in op:
        op["target"] = structured_target(op["target"])
    if op.get("op") == "discard":
        op.pop("choice", None)
    if op.get("op") == "play_from":
        op.pop("level", None)
        op.pop("tribe", None)
    return op


def structured_effects(card_type: str, attributes: dict, effects: list) -> list:
    """The card's effects in the structured form (raises Unreadable with what it cannot read)."""
    out = []
    for effect in effects or []:
        if not isinstance(effect, dict):
            raise Unreadable(repr(effect))
        effect = dict(effect)
        effect.pop("spirit_kind", None)
        if "condition" in effect:
            effect["condition"] = structured_condition(effect["condition"])
        for part in ("cost", "ops"):
            if isinstance(effect.get(part), list):
                effect[part] = [structured_op(op) if isinstance(op, dict) else op for op in effect[part]]
        out.append(effect)
    flip = (attributes or {}).get("flip_condition")
    if card_type == "savior" and flip and not any(e.get("timing") == "flip" for e in out):
        out.append({"timing": "flip", "condition": structured_condition(flip), "ops": [{"op": "flip_savior"}],
                    "side": "bound", "text": flip.strip()})
    return out


def structured_snapshot(snapshot: dict) -> dict:
    """A deck frozen as ``rules.core.replay.deck_to_data`` with its cards' effects rewritten."""
    sections = []
    for part in snapshot.get("sections", []):
        cards = [{**card, "effects": structured_effects(card.get("card_type", ""), card.get("attributes") or {},
                                                        card.get("effects") or [])}
                 for card in part.get("cards", [])]
        sections.append({**part, "cards": cards})
    return {**snapshot, "sections": sections}
