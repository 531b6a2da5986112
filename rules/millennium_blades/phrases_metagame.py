"""More phrase shapes of printed MB text (issue 26.2): the Metagame cards in a tournament
(millennium-blades.txt, "Metagame", "Ending the Tournament").

A card "that matches one of the Metas" (batch s's FILTER ``meta_symbol``: it has an element or type
a Metagame card in play names); a Metagame card taken out of play ("remove one of the Meta conditions
from play": the effect's player picks one) or all of them ("discard the Metagame cards from play");
"each Meta you score gives you an additional 8 RP" (batch l's COUNT ``meta_fulfilled``).
The engine side is ``ops_metagame.py``; docs/effects-millennium-blades.md, "More shapes: metagame", has
an original example of each, and docs/rules-notes.md, "MB: metagame", the decisions.
"""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import NUMBER, number

_META = r"meta(?:game)?"
#: " that matches one of the Metas", " that matches at least one Meta symbol", " that doesn't match any Meta"
_MATCHES_META = re.compile(rf"^ (?:that|which) (matches|does not match|doesn't match) (?:one of the {_META}s|any {_META}s?|"
                           rf"an? {_META}(?: card)?|at least one {_META} symbol|an? {_META} (?:element or type|type or "
                           rf"element|symbol))\b")
#: "remove one of the Meta conditions from play", "discard the Metagame cards from play"
_LEAVES = re.compile(rf"(remove|discard) (one of the|a|all(?: of)? the|the) {_META}(?: conditions?| cards?)?s? (?:from|out of) "
                     r"play")
#: "each Meta you successfully score gives you an additional 8 RP" ("extra", "fulfill")
_PER_META = re.compile(rf"each {_META}(?: card| condition)? you (?:successfully )?(?:score|fulfill) gives you (?:an )?"
                       rf"(?:additional|extra) ({NUMBER}) (?:rp|ranking points)")


def read_modifier_metagame(flt: dict, rest: str) -> str | None:
    """A modifier after a card description for ``phrases.card_phrase``: the card matches (does not
    match) a Metagame card in play (``meta_symbol``); the rest of the text, or ``None`` when not that."""
    m = _MATCHES_META.match(rest)
    if m is None:
        return None
    flt["meta_symbol"] = m.group(1) == "matches"
    return rest[m.end():]


def read_clause_metagame(text: str) -> list[dict] | None:
    """A clause ``clauses.read_clause`` asks this module about; ``None`` when none of these."""
    m = _LEAVES.fullmatch(text)
    if m:
        one = m.group(2) in ("one of the", "a")
        return [{"op": "meta_leaves", "pick": "choice" if one else "all"}]
    m = _PER_META.fullmatch(text)
    if m:  # "Ending the Tournament": your Score effects, the Metagame's too, each counted as it holds for you
        return [{"op": "gain_rp", "amount": number(m.group(1)), "per": {"count": "meta_fulfilled"}}]
    return None


__all__ = ["read_clause_metagame", "read_modifier_metagame"]
