"""More phrase shapes of printed MB text (issue 26.2, batch m): printed parentheticals read as
words. "Whenever you play an ANIMAL card (after all Play effects)": a play trigger that waits for
the played card's own Play (and Next) effects, where the rules' priority ("Effects on Cards":
Top>Ongoing>Play>Next) would run it first. ``text.split_abilities`` keeps these words (without the
parentheses) only right after a printed play event; ``phrases.read_event`` asks this reader once,
and the words stay "not understood" anywhere else. The engine side is ``ops_more_m.py``;
docs/effects-millennium-blades.md, "More shapes, batch m", has an original example.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: "(after all Play effects)" right after a play event ("plays a card", "play an ANIMAL card"):
#: kept as the words the event reader reads ("... card after all play effects")
AFTER_PLAY_EFFECTS = re.compile(r"(\bplays? [^,.():]*?\b(?:cards?|singles?))\s*\(after all play effects\)", re.I)


#: "(including this one)" right after a play event ("Each time you play a card (including this
#: one)"): kept as words; after a count ("per card in your tableau") text.py drops it as a reminder
INCLUDING_THIS_ONE = re.compile(r"(\bplays? [^,.():]*?\b(?:cards?|singles?))\s*\(including this one\)", re.I)


#: "Whenever another player plays a 7 STAR card, flip that card ... (play effects still occur)": the
#: played card's Play effects still resolve once it is flipped; kept as words after the event
PLAY_EFFECTS_STILL_OCCUR = re.compile(r"((?:whenever|when|each time) [^,.()]*?\bplays? [^,.()]*?\b(?:cards?|singles?))"
                                      r"(,[^().|]*?)\s*\(play effects still occur\)", re.I)


def keep_after_play_words(text: str) -> str:
    """``text`` with "(after all Play effects)" and "(including this one)" after a play event turned
    into words."""
    text = AFTER_PLAY_EFFECTS.sub(r"\1 after all play effects", text)
    text = PLAY_EFFECTS_STILL_OCCUR.sub(r"\1 with its play effects kept\2", text)
    return INCLUDING_THIS_ONE.sub(r"\1 including this one", text)


def read_event_m(text: str, read_event: Callable[[str], dict]) -> dict | None:
    """A play trigger "... plays a card after all play effects": the event without those words,
    waiting for the played card's Play effects (``after_play``); "you play a card including this
    one": firing on this card's own play too (``this_too``); "... with its play effects kept": the
    played card's Play effects resolve even if the trigger flips it (``keeps_play``); ``None`` for
    any other text."""
    m = re.fullmatch(r"(.+) (after all play effects|including this one|with its play effects kept)", text)
    if m is None:
        return None
    trigger = read_event(m.group(1))
    if trigger.get("event") != "play" or trigger.get("by") != "self" and m.group(2) == "including this one":
        return None
    key = {"after all play effects": "after_play", "including this one": "this_too"}.get(m.group(2), "keeps_play")
    return {**trigger, key: True}
