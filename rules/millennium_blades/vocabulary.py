"""The words of Millennium Blades cards (millennium-blades.txt, "CARD DATA", "Effects on Cards",
"Set Specific Keywords", "SET BREAKDOWN"): elements, types, timings, keywords, set kinds."""

ELEMENTS = ("fire", "water", "earth", "air", "light", "dark")
TYPES = ("animal", "citizen", "construct", "mage", "myth", "soldier")
#: "Pro Player Cards": "Pro Player cards have their own Type"
PRO = "pro"
TYPE_VALUES = (*TYPES, PRO)
KEYWORDS = ("mimicry", "blast_off", "scurry", "anvil_drop", "thwomp")
#: "Effects on Cards" (and "Use an Action"); the priority order is TOP > ONGOING > PLAY > NEXT > SCORE
TIMINGS = ("play", "next", "flip", "ongoing", "top", "score", "reaction", "action")
SET_KINDS = ("starter", "core", "expansion", "premium", "master",
             "bronze_promo", "silver_promo", "gold_promo")
#: the names the earlier schema guessed, and the published names they became (data migration 0003)
RENAMED = {"elements": {"wind": "air"},
           "types": {"beast": "animal", "machine": "construct", "fairy": "mage", "monster": "myth"}}
