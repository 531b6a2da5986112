"""The Metagame stacks (millennium-blades.txt, "GAME SETUP" 4: "Shuffle the 2 stacks of Metagame
Cards separately"; "Setup the Phase" 6: "Reveal a new Elemental Metagame Card"; "When time runs
out...": "reveal the top card of the Type Meta stack"; "Ending the Tournament": "Every Player
activates the Metagame Score effects for themselves").

The fixture pool has no Metagame card and the rulebook prints none, so the game ships two original
stacks (``ORIGINAL``: one card per element, one per type; names and texts authored for this
project), written in printed phrasing and compiled by the card-text compiler like any card. Option
``metagame_stacks`` of ``new_full_game``: ``"none"`` (default: no Metagame is revealed) or
``"original"`` (these stacks); a caller may also pass its own stacks as ``metagames``.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.decks import CardSpec
from rules.millennium_blades.text import compile_text

SET_CODE = "MB-METAGAME"
CHOICES = ("none", "original")
#: stack -> (name, printed text)
ORIGINAL = {
    "elemental": (
        ("Heatwave Season", "Score: Gain 2 RP for each face-up Fire card in your tableau."),
        ("Monsoon Circuit", "Score: Gain 2 RP for each face-up Water card in your tableau."),
        ("Bedrock Regionals", "Score: Gain 2 RP for each face-up Earth card in your tableau."),
        ("Jetstream Open", "Score: Gain 2 RP for each face-up Air card in your tableau."),
        ("Solstice Invitational", "Score: Gain 2 RP for each face-up Light card in your tableau."),
        ("Eclipse Qualifiers", "Score: Gain 2 RP for each face-up Dark card in your tableau."),
    ),
    "type": (
        ("County Beast Fair", "Score: Gain 3 RP for each face-up Animal in your tableau."),
        ("Town Hall Cup", "Score: Gain 3 RP for each face-up Citizen in your tableau."),
        ("Gearworks Expo", "Score: Gain 3 RP for each face-up Construct in your tableau."),
        ("Arcane Summit", "Score: Gain 3 RP for each face-up Mage in your tableau."),
        ("Legends Weekend", "Score: If your Top Card is a Myth, gain 8 RP."),
        ("Boot Camp Classic", "Score: Gain 3 RP for each face-up Soldier in your tableau."),
    ),
}


@lru_cache(maxsize=1)
def original_stacks() -> dict[str, tuple[CardSpec, ...]]:
    """The original stacks as card data, effects compiled from their text (a text the compiler
    cannot read is a programming error, pinned by the tests)."""
    out, number = {}, 0
    for stack, cards in ORIGINAL.items():
        specs = []
        for name, text in cards:
            number += 1
            effects, reason = compile_text(text)
            if effects is None:
                raise ValueError(f"{name}: {reason}")
            specs.append(CardSpec(None, name, "metagame", {}, tuple(effects), SET_CODE, f"{number:03d}", text))
        out[stack] = tuple(specs)
    return out


def stacks_for(choice: str, given=None) -> dict | None:
    """The stacks ``setup_game`` shuffles: ``given`` when a caller passed its own, else by ``choice``."""
    if choice not in CHOICES:
        raise ValueError(f"metagame_stacks is one of {', '.join(CHOICES)}, not {choice!r}")
    if given is not None:
        if choice != "none":
            raise ValueError("give metagame_stacks or metagames, not both")
        return given
    return {k: list(v) for k, v in original_stacks().items()} if choice == "original" else None
