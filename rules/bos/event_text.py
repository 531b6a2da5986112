"""BOS's events in the game's words, for a replay's reader (``GameState.event_to_string``), seats as
"Seat N" (engine numbers, which the replay names for people); the kinds its move already says (the
wizards put in columns, a phase ended) read "". Presentation only: the event log is unchanged."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Event
from rules.core.event_words import Sentence, plural, worded_event

COLUMN_NAMES = ("left", "middle", "right")  # as rules/bos/view.py draws the columns
SAID_BY_THE_MOVE = frozenset({"columns", "go_first", "go_second", "swap", "swaps_done", "end_phase"})


def _column(column: Any) -> str:
    return f"the {COLUMN_NAMES[column]} column" if isinstance(column, int) else "the boss's place"


def _went(c: dict[str, Any], field: str) -> str:
    """``field`` before and after: "(vim 1 to 3)"."""
    return f"({field} {c[field + '_before']} to {c[field + '_after']})"


def _by(c: dict[str, Any]) -> str:
    """" by <card>" when the card that did it is not the card it happened to."""
    return f" by {c['card']}" if c.get("card") and c["card"] != c.get("target") else ""


def _gain(field: str) -> Sentence:
    def said(who: str, c: dict[str, Any]) -> str:
        amount = c[f"{field}_after"] - c[f"{field}_before"]
        return f"{who} gains {amount} {field} from {c['card']} {_went(c, field)}"
    return said


def _bids(who: str, c: dict[str, Any]) -> str:
    bids = ", ".join(f"Seat {seat} {bid}" for seat, bid in enumerate(c["bids"]))
    if c.get("bid_again"):
        return f"The bids are revealed ({bids} ether): a tie, so both bid again"
    return f"The bids are revealed ({bids} ether): Seat {c['chooser']} chooses who goes first"


def _throws(who: str, c: dict[str, Any]) -> str:
    throws = ", ".join(f"Seat {seat} {throw}" for seat, throw in enumerate(c["throws"]))
    if c.get("tie"):
        return f"Rock-paper-scissors ({throws}): a tie, so both throw again"
    return f"Rock-paper-scissors ({throws}): Seat {c['chooser']} chooses who goes first"


def _turned(how: str) -> Sentence:
    def said(who: str, c: dict[str, Any]) -> str:
        if how == "flip_wizard":
            face = "face-up" if c.get("face_up") else "face-down"
            return f"{c['target']} is turned {face}{_by(c)}"
        return f"{c['target']} is {'exhausted' if how == 'exhaust' else 'readied'}{_by(c)}"
    return said


_SENTENCES: dict[str, Sentence] = {
    "turn_start": lambda who, c: f"{who}'s turn {c['players_turn']} begins",
    "startup": lambda who, c: f"{who} readies {plural(len(c['readied']), 'wizard')} {_went(c, 'vim')}",
    "bids_revealed": _bids,
    "throws_revealed": _throws,
    "no_block": lambda who, c: "Nobody blocks",
    "block": lambda who, c: f"{c['blocker']} blocks",
    "boss_face_up": lambda who, c: f"{who}'s boss {c['card']} is turned face-up (strength {c['strength']})",
    "conduct": lambda who, c: f"{c['wizard'] or c.get('card') or who} conducts {c['summon']} into {_column(c['column'])}",
    "cast": lambda who, c: f"{who} casts {c['card']} {_went(c, 'vim')}",
    "ability": lambda who, c: f"{c['card']}'s ability happens",
    "ability_skipped": lambda who, c: f"{c['card']}'s ability does not happen ({c['why']})",
    "attack": lambda who, c: f"{c['attacker']} attacks {c['target']}",
    "player_attack": lambda who, c: f"{c['attacker']} attacks Seat {c['attacked_player']} directly",
    "attack_ends": lambda who, c: f"The attack ends: {c['why']}",
    "battle": lambda who, c: (f"{c['attacker']} battles {c['defender']}: {c['attacker']}'s strength "
                              f"{c['attacker_before']} to {c['attacker_after']}, {c['defender']}'s "
                              f"{c['defender_before']} to {c['defender_after']}"),
    "damage": lambda who, c: (f"{c['card']} deals {c['dealt']} damage to {c['target']} "
                              f"{_went(c, 'strength')}"),
    "gain_strength": lambda who, c: f"{c['target']} gains strength{_by(c)} {_went(c, 'strength')}",
    "gain_ends": lambda who, c: f"{c['card']}'s gained strength ends {_went(c, 'strength')}",
    "life_lost": lambda who, c: f"{who} loses {c['dealt']} life to {c['card']} {_went(c, 'life')}",
    "decay": lambda who, c: f"{who} decays: {_went(c, 'life')[1:-1]}, {_went(c, 'vim')[1:-1]}",
    "defeated": lambda who, c: f"{c['card']} is defeated",
    "to_graveyard": lambda who, c: f"{c['card']} goes to the graveyard",
    "spell_to_graveyard": lambda who, c: f"{c['card']} goes to the graveyard",
    "enchant": lambda who, c: f"{c['card']} enchants {c['enchanted']}",
    "enchantment_to_graveyard": lambda who, c: f"{c['card']} goes to the graveyard (it enchanted {c['was_under']})",
    "return_to_castle": lambda who, c: f"{c['target']} returns to the castle{_by(c)}",
    "move": lambda who, c: (f"{c['target']} moves from {_column(c['column_before'])} to "
                            f"{_column(c['column_after'])}{_by(c)}"),
    "discard_spell": lambda who, c: f"{who} discards {c['spell']} ({c['card']})",
    **{f"gain_{field}": _gain(field) for field in ("vim", "life", "ether")},
    **{how: _turned(how) for how in ("exhaust", "ready", "flip_wizard")},
}


def event_to_string(event: Event) -> str | None:
    """The event in a sentence, "" for one its move says (``rules.core.event_words``)."""
    return worded_event(event, _SENTENCES, SAID_BY_THE_MOVE)

