"""A Millennium Blades card as the tournament engine reads it (millennium-blades.txt, "CARD DATA"),
and the default Store: the game's card pool, every copy its set holds."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.decks import CardSpec
from rules.millennium_blades.text import compile_text

POOL = Path(__file__).resolve().parents[2] / "fixtures" / "millennium_blades.json"


@dataclass(frozen=True)
class CardDef:
    """Printed data: star (a number, "X" or None), elements, types, keywords and effects."""

    name: str
    card_type: str
    star: int | str | None
    elements: tuple[str, ...]
    types: tuple[str, ...]
    keywords: tuple[str, ...]
    effects: tuple[dict, ...]

    @classmethod
    def from_spec(cls, spec: CardSpec) -> CardDef:
        """A card from a deck or the pool; a card without structured effects plays its compiled
        text (none when the text does not compile: it is a blank card with its printed data)."""
        attributes = spec.attributes or {}
        effects = tuple(spec.effects or ())
        if not effects and spec.text:
            compiled, _reason = compile_text(spec.text)
            effects = tuple(compiled or ())
        return cls(spec.name, spec.card_type, attributes.get("star"), tuple(attributes.get("elements") or ()),
                   tuple(attributes.get("types") or ()), tuple(attributes.get("keywords") or ()), effects)

    def effects_at(self, *timings: str) -> list[tuple[int, dict]]:
        return [(i, e) for i, e in enumerate(self.effects) if e.get("timing") in timings]

    def continuous(self, op_name: str, timing: str = "ongoing") -> list[dict]:
        """The continuous ops named ``op_name`` of this card's effects at ``timing``."""
        return [op for e in self.effects if e.get("timing") == timing and "trigger" not in e
                for op in e["ops"] if op.get("op") == op_name]

    @property
    def printed_star(self) -> int:
        return self.star if isinstance(self.star, int) else 0


@lru_cache(maxsize=1)
def pool_store() -> tuple[CardSpec, ...]:
    """The fixture pool as the Store ("GAME SETUP" 2: the sets "Shuffle[d] ... together to form the
    Store"): every copy each card's set holds."""
    data = json.loads(POOL.read_text(encoding="utf-8"))
    out = []
    for i, c in enumerate(data["cards"], 1):
        spec = CardSpec(i, c["name"], c["card_type"], c.get("attributes", {}), (), c["set"], c["number"], "")
        out.extend([spec] * int(c.get("attributes", {}).get("copies", 1)))
    return tuple(out)
