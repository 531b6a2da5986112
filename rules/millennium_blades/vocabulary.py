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
#: Components besides the tournament kit ("COMPONENTS", "Pro Player Cards", "Venues", the co-op
#: and keyword reminder cards of real card lists): card types of their own that no deck section
#: takes. Metagame cards are played by the tournament engine (their Score effects, "Ending the
#: Tournament"), the others are not.
COMPONENTS = ("character", "friendship", "metagame", "venue", "boss", "keyword_reminder",
              # the community card list's other kinds (docs/import-format.md, "The mb-db card list"):
              # Collusion's NPC collectors, team power cards, oversized Trigger cards, event cards, blanks
              "npc", "team_power", "trigger", "event", "blank")
#: Set kinds real card lists add to the rulebook's: a character's own set (e.g. a Mystery deck)
LIST_SET_KINDS = ("character_expansion",)
#: The words fan card lists use for a card's kind (a tier, card type or type cell, or the first
#: segment of the text, "DECK BOX | Score: ..."), spaces and hyphens as underscores, -> card type.
#: "Pro Player" is a single whose types hold Pro ("Pro Player cards have their own Type").
CARD_KINDS = {
    "single": "single", "singles": "single", "pro": "single", "pro_player": "single",
    "pro_player_card": "single",
    "deck_box": "deck_box", "deckbox": "deck_box", "deck_boxes": "deck_box",
    "accessory": "accessory", "accessories": "accessory", "legendary_accessory": "accessory",
    "character": "character", "characters": "character", "character_card": "character",
    "character_power": "character", "character_power_card": "character",
    "friendship": "friendship", "friendship_card": "friendship", "friendship_cards": "friendship",
    "metagame": "metagame", "metagame_card": "metagame", "meta": "metagame", "meta_card": "metagame",
    "elemental_metagame": "metagame",
    "venue": "venue", "venues": "venue", "venue_card": "venue", "oversized_venue": "venue",
    "boss": "boss", "co_op_boss": "boss", "coop_boss": "boss", "co_op": "boss", "bosses": "boss",
    "keyword_reminder": "keyword_reminder", "keyword_reminder_card": "keyword_reminder",
    "keyword": "keyword_reminder", "keyword_card": "keyword_reminder", "reminder": "keyword_reminder",
    "reminder_card": "keyword_reminder",
    # the community card list (mb-db): character rows of each power side, and its other components
    "character_co_op": "character", "co_op_character": "character",
    "deckbuilding_power": "character", "tournament_power": "character",
    "co_op_deckbuilding_power": "character", "co_op_tournament_power": "character",
    "npc": "npc", "npc_card": "npc", "npcs": "npc",
    "team": "team_power", "team_power": "team_power", "team_power_card": "team_power",
    "team_deckbuilding_power": "team_power", "team_tournament_power": "team_power",
    "trigger": "trigger", "trigger_card": "trigger", "event": "event", "event_card": "event",
    "blank": "blank", "blank_custom": "blank", "blank_card": "blank",
}
#: kind words that also give the card a type value
KIND_TYPES = {"pro": PRO, "pro_player": PRO, "pro_player_card": PRO}

#: the timings whose effects may have a trigger ("When ...", "Whenever ..."): the others happen when
#: their card is played, scored or used
TRIGGERED_TIMINGS = ("top", "ongoing", "reaction")
