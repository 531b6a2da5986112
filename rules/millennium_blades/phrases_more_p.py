"""More phrase shapes of printed MB text (issue 26.2, batch p): reactions and replacements. A trigger
printed at the END of an Ongoing or Top sentence ("Flip this card each time you lose a clash.") is the
same trigger printed first (the "when" clause, then a comma): that sentence becomes an
effect of its own, as ``text._sentence_effects`` makes one of a later sentence that begins with its
trigger. A gain of RP turned into a loss of that amount while a card is face-up ("Whenever players
would gain RP, they instead lose that amount of RP."). ``text.py`` asks these readers once its own
grammar has no reading; each returns ``None`` when it has none either, so the phrase stays "not
understood". The engine side is ``ops_more_p.py``; docs/effects-millennium-blades.md, "More shapes,
batch p", has an original example of each.
"""

from __future__ import annotations

import re

#: "Ongoing:" / "Top:" (a keyword before it too), then the sentences
_CONTINUOUS = re.compile(r"^((?:[^:|()]{1,30}?\s*[—–-]\s*)?(?:ongoing|top)\s*:\s*)(.+)$", re.I | re.S)
#: a sentence that begins with its own trigger (``text._OWN_TRIGGER``)
_LEADING = re.compile(r"^(?:whenever|when|each time|at the (?:start|beginning) of)\b", re.I)
#: "<what happens> when(ever) <who> <event>": the trigger names who, so "when clashing" (a bonus of
#: the clash, "You have +1 when clashing") is never one
_TRAILING = re.compile(r"^(.+?) (when|whenever|each time) ((?:you|this card|this single|a player|any player|another player|"
                       r"one or more cards|a card|"  # "... each time one or more cards are prevented ..." (batch y)
                       r"an opponent|opponents|players) .+?)([.!]?)$", re.I)


def split_trailing_trigger_p(part: str) -> tuple[list[str], bool] | None:
    """The sentences of an Ongoing or Top text, each an effect of that timing, with a trigger printed
    at the end of a sentence moved to its front (the "when" clause first, then a comma; "each time"
    said "whenever"); ``None`` when no sentence is worded so. The second value is
    ``text._sentence_effects``'s "until scoring" (never said here)."""
    m = _CONTINUOUS.match(part)
    if m is None:
        return None
    body = re.sub(r"\s+(?=[.!,])", "", m.group(2))
    sentences = [s.strip() for s in re.split(r"(?<=[.!])\s+", body) if s.strip()]
    moved = False
    for i, sentence in enumerate(sentences):
        t = _TRAILING.match(sentence)
        if t is None or _LEADING.match(sentence) or "," in t.group(1):
            continue
        what = t.group(1)
        when = "Whenever" if t.group(2).lower() == "each time" else t.group(2).capitalize()
        sentences[i] = f"{when} {t.group(3)}, {what[0].lower()}{what[1:]}{t.group(4) or '.'}"
        moved = True
    if not moved or not all(_LEADING.match(s) for s in sentences[1:]):
        return None
    return [m.group(1) + s for s in sentences], False




#: "Each time a player would gain RP, they instead lose that much RP."
_GAIN_TURNED = re.compile(r"(?:whenever|when|each time) (players|a player|any player|an opponent|opponents|each opponent|"
                          r"your opponents) would gain (?:rp|ranking points), (?:they|that player) (?:instead lose that "
                          r"(?:amount of |much )(?:rp|ranking points)|lose that (?:amount of |much )(?:rp|ranking points) "
                          r"instead)")


def read_gain_turned_p(text: str) -> list[dict] | None:
    """An Ongoing or Top rule turning a gain of RP into a loss of that amount (``rp_gain_to_loss``,
    ``who``: ``each`` player, you too, or ``each_opponent`` of the card's owner); ``None`` when
    ``text`` is not one."""
    m = _GAIN_TURNED.fullmatch(text.strip().rstrip("."))
    if m is None:
        return None
    return [{"op": "rp_gain_to_loss", "who": "each" if m.group(1) in ("players", "a player", "any player") else
             "each_opponent"}]


def reword_event_p(text: str) -> str | None:
    """The words after "When" said as ``phrases.read_event`` reads them: "your turn begins" is "your
    turn starts" ("Tournament Turns"); ``None`` when not one of these."""
    if re.fullmatch(r"your turn (?:begins|starts)", text):
        return "your turn starts"
    return None


__all__ = ["read_gain_turned_p", "reword_event_p", "split_trailing_trigger_p"]
