"""The Millennium Blades card-text compiler: printed English -> the effect language (effects.py).

``compile_text(text) -> (effects, None)`` or ``(None, reason)``, the reason naming the phrase not
understood. Abilities are separated by new lines or `` | `` (fan lists); each is an optional
keyword ("Scurry —", "Blast Off PLUS —"), a timing word ("Play:", "Next:", ... "Action:";
millennium-blades.txt, "Effects on Cards") and sentences. A bare keyword ("Mimicry") means its
full text ("Set Specific Keywords"). Reminder text in parentheses is ignored, and so is a segment
naming the card kind (``DECK BOX``, ``ACCESSORY``, ``LEGENDARY ACCESSORY``, ``METAGAME``: the
words of ``vocabulary.CARD_KINDS``, which the importer reads as the card type).
"""

from __future__ import annotations

import copy
import re

from rules.millennium_blades.clauses import read_clause, read_continuous
from rules.millennium_blades.conditions import read_condition
from rules.millennium_blades.deck_rules import EPIC_RULE, read_deck_rule
from rules.millennium_blades.market_phrases import CHOSEN, read_market_sentence, sentence_wording
from rules.millennium_blades.phrases import (
    MULTIPLE,
    NUMBER,
    THAT_CARD,
    Unread,
    card_phrase,
    number,
    read_count,
    read_event,
    read_ref,
    read_target,
)
from rules.millennium_blades.phrases_attach2 import printed_attach2, reword_attach2
from rules.millennium_blades.phrases_clash2 import (
    printed_clash2,
    read_continuous_clash2,
    read_sentence_clash2,
    reword_clash2,
)
from rules.millennium_blades.phrases_clash_tokens import read_rule_clash_tokens, read_sentence_clash_tokens
from rules.millennium_blades.phrases_copying import printed_copying, read_sentence_copying, reword_copying
from rules.millennium_blades.phrases_grants import printed_grants, reword_grants
from rules.millennium_blades.phrases_guards import read_sentence_guards
from rules.millennium_blades.phrases_hands import printed_hands, read_sentence_hands, reword_hands
from rules.millennium_blades.phrases_history import printed_history, read_sentence_history, reword_history
from rules.millennium_blades.phrases_market_zones import printed_market_zones, read_sentence_market_zones, reword_market_zones
from rules.millennium_blades.phrases_more_a import read_more_continuous, read_more_sentence
from rules.millennium_blades.phrases_more_b import play_trigger_lasts, read_granted_play, read_sell_marker_shield
from rules.millennium_blades.phrases_more_d import read_sentence_d, reword_d
from rules.millennium_blades.phrases_more_h import lasting_effects_h
from rules.millennium_blades.phrases_more_i import read_sentence_i, reword_i
from rules.millennium_blades.phrases_more_k import read_continuous_k, read_sentence_k, reword_k, split_either_event_k
from rules.millennium_blades.phrases_more_l import read_sentence_l
from rules.millennium_blades.phrases_more_m import keep_after_play_words
from rules.millennium_blades.phrases_more_n import read_sentence_n
from rules.millennium_blades.phrases_more_o import read_continuous_o, read_sentence_o, reword_o
from rules.millennium_blades.phrases_more_p import read_gain_turned_p, split_trailing_trigger_p
from rules.millennium_blades.phrases_more_q import read_sentence_q, reword_q
from rules.millennium_blades.phrases_more_r import read_sentence_r, reword_r
from rules.millennium_blades.phrases_more_s import read_continuous_s, read_sentence_s, reword_s
from rules.millennium_blades.phrases_more_t import read_sentence_t, reword_t
from rules.millennium_blades.phrases_more_u import printed_u, read_continuous_u, read_sentence_u, reword_u
from rules.millennium_blades.phrases_more_v import mark_until_scoring_v, read_continuous_v, read_sentence_v, reword_v
from rules.millennium_blades.phrases_more_w import read_continuous_w, read_next_grant_w, reword_w
from rules.millennium_blades.phrases_more_x import read_continuous_x
from rules.millennium_blades.phrases_more_y import read_continuous_y
from rules.millennium_blades.phrases_more_z import printed_z, read_sentence_z, reword_z
from rules.millennium_blades.phrases_naming import (
    printed_naming,
    read_continuous_naming,
    read_sentence_naming,
    reword_naming,
)
from rules.millennium_blades.phrases_outcomes import printed_outcomes, read_sentence_outcomes, reword_outcomes
from rules.millennium_blades.phrases_overrides import printed_overrides, reword_overrides
from rules.millennium_blades.phrases_pointing import printed_pointing
from rules.millennium_blades.phrases_positions import printed_positions, read_sentence_positions, reword_positions
from rules.millennium_blades.phrases_prevention import read_reaction_prevention, split_either_prevention
from rules.millennium_blades.phrases_promos import printed_promos, read_sentence_promos
from rules.millennium_blades.phrases_triggers import read_sentence_triggers, reword_triggers
from rules.millennium_blades.phrases_zones2 import printed_zones2, read_continuous_zones2, read_sentence_zones2
from rules.millennium_blades.replacement import read_rp_gain_limit
from rules.millennium_blades.special_text import ATTACHING, read_untimed
from rules.millennium_blades.vocabulary import CARD_KINDS, TIMINGS

KIND_WORDS = {word.replace("_", " ") for word in CARD_KINDS}
_KEYWORD = re.compile(r"^(scurry|mimicry|blast off plus|blast off|anvil drop|thwomp!?)\s*(?:[—–:-]\s*|\.?\s*$)", re.I)
_TIMING = re.compile(rf"^({'|'.join(TIMINGS)})\s*:\s*", re.I)
#: a set keyword printed with its timing, "Speed–Play:", "Unite PLUS - Ongoing:" ("Set Specific
#: Keywords": "On most cards, the keyword's full text is printed out"): the name is dropped, the
#: printed text is read
_SET_KEYWORD = re.compile(rf"^[^:|()]{{1,30}}?\s*[—–-]\s*(?=(?:{'|'.join(TIMINGS)})\s*:)", re.I)
#: segments that print no tournament effect: a card without one ("No Special Effect"); "Epic" is a
#: deckbuilding rule, not a tournament effect (its reminder "Limit one Epic Card per Deck"): ``EPIC_RULE``
NO_EFFECT = ("no special effect",)
#: a Metagame card's reminder of "Ending the Tournament" 1: "Every Player activates the Metagame
#: Score effects for themselves" -- what the engine does with every Metagame card
_METAGAME_REMINDER = "all players perform this effect"
#: "Set Specific Keywords": each keyword's full text, used when a card prints only its name
KEYWORD_TEXT = {
    "mimicry": "Ongoing: This card has the elements and types of the face-up card to its immediate left.",
    "blast_off": "Action: You may flip this card to put three +1 Star tokens on the next card you play.",
    "scurry": "Play: You may insert this card anywhere into your tableau.",
    "anvil_drop": "Action: Flip a face-up card in another player's tableau with a lower Star Rating than this card.",
}
#: reaction and action texts flip their own card as the rules say ("Reaction", "Use an Action")
_SELF_FLIP = re.compile(r"^(?:flip this (?:card|accessory|deck box)(?: face-down)? (?:instead|to))\b ?")


def compile_text(text: str) -> tuple[list[dict] | None, str | None]:
    """Compile a card's whole text. Returns ``(effects, None)`` or ``(None, reason)``."""
    effects: list[dict] = []
    metagame = any(_kind(p) in ("metagame", "metagame card") for p in _segments(text))
    try:
        for part in split_abilities(text):
            plain = _kind(part)
            if plain in NO_EFFECT or metagame and plain == _METAGAME_REMINDER:
                continue
            if plain == "epic":
                effects.append(copy.deepcopy(EPIC_RULE))
                continue
            # a lasting rule in a Play text (phrases_more_h); "Prevent X from A or B": two Reactions (phrases_prevention)
            effects += split_either_prevention(lasting_effects_h(_compile_part(part)))
    except Unread as exc:
        return None, f"not understood: {exc.phrase!r}"
    return effects, None


#: an Ongoing or Top text whose later sentences each begin with their own trigger ("Top: Players
#: cannot gain RP. At the start of your turn, flip this card."): each sentence is an effect of that
#: timing ("Effects on Cards": an Ongoing effect works while the card is face-up, a Top effect
#: while it is the Top Card, whatever else the card says)
_CONTINUOUS_PREFIX = re.compile(r"^((?:[^:|()]{1,30}?\s*[—–-]\s*)?(?:ongoing|top)\s*:\s*)(.+)$", re.I | re.S)
_OWN_TRIGGER = re.compile(r"^(?:whenever|when|each time|at the (?:start|beginning) of|at the end of your next turn\b)",
                          re.I)  # (the end of your next turn: phrases_history.py)
#: "This effect stops working during scoring": the sentences before hold until the tournament is scored
_UNTIL_SCORING = "this effect stops working during scoring"


def _compile_part(part: str) -> list[dict]:
    """One ability; an Ongoing or Top text of sentences with their own triggers, one effect each."""
    try:
        return [compile_ability(part)]
    except Unread:
        split = _sentence_effects(part) or split_either_event_k(part)  # "When A or B, ...": two effects (phrases_more_k)
        split = split or split_trailing_trigger_p(part)  # a trigger printed last in a sentence (phrases_more_p)
        if split is None:
            raise
    sentences, until_scoring = split
    try:
        effects = [compile_ability(sentence) for sentence in sentences]
    except Unread:
        return [compile_ability(part)]  # the whole text's phrase is the one to report
    if until_scoring:
        for effect in effects:
            mark_until_scoring_v(effect)  # a gain of RP answered (phrases_more_v)
            if "trigger" in effect or any(op["op"] != "rp_gain_limit" for op in effect["ops"]):
                continue
            for op in effect["ops"]:
                op["until_scoring"] = True
    return effects


def _sentence_effects(part: str) -> tuple[list[str], bool] | None:
    m = _CONTINUOUS_PREFIX.match(part)
    if m is None:
        return None
    body = re.sub(r"\s+(?=[.!,])", "", m.group(2))  # "RP (including you)." without its reminder: "RP ."
    sentences = [s.strip() for s in re.split(r"(?<=[.!])\s+", body) if s.strip()]
    # (printed last, or in parentheses after the sentence it is about: batch v)
    until_scoring = any(_kind(s) == _UNTIL_SCORING for s in sentences)
    if until_scoring:
        sentences = [s for s in sentences if _kind(s) != _UNTIL_SCORING]
    if len(sentences) < 2 or not all(_OWN_TRIGGER.match(s) for s in sentences[1:]):
        return None
    return [m.group(1) + s for s in sentences], until_scoring


#: Printed parentheticals that only remind the reader of what the rules, and so the engine, already
#: do; they are dropped. Any other parenthetical may change the effect (a cap per turn, "before
#: cards are revealed", an effect that ends when scoring begins), so it is not understood rather
#: than dropped: the card stays "not playable yet" naming it. Each is pinned by
#: tests/rules/millennium_blades/test_printed_reminders.py (rules notes, "MB: printed parentheses").
REMINDERS = re.compile(r"\s*\((?:" + "|".join((
    r"play effects can be used(?: if there is a card to copy)?",  # an exact copy's Play effects run
    r"including you",  # "players", "each player": the grammar counts every player, you too
    r"including its own",  # "flipped by any effect": a card's own effect too (phrases_triggers.py)
    r"or tied for highest",  # "the highest-STAR card": no card higher, so a tie counts
    r"\+1 star tokens are included in a card's star(?: rating)?",  # "Blast Off": tokens add to the STAR
    r"each \+1 star token raises that card's star(?: rating)? by 1\.?",
    r"ex\.[^)]*",  # an example
    r"rarities are core, expansion, premium, master,? and promo",  # rules notes, "MB: batch l"
    r"shifting other cards as necessary",  # inserting a card moves the others along
    r"limit one epic card per deck",  # the Epic keyword's own reminder (NO_EFFECT)
    # after the Metagame cards leave play (ops_metagame.py): no Metagame Score effect is then activated
    r"no players? will be able to score metagame points during this tournament",
    # a player considered to win (lose) a clash does so alongside its other winners (losers): batch i
    r"others may win as well|there can still be other winners|multiple players may be considered winners",
    r"this doesn't prevent the actual (?:winners from winning too|losers from also losing)",
    r"(?:this may mean )?there (?:are|may be) multiple (?:winners|losers)(?: in (?:a|the) clash)?",
    # batch m (rules notes, "MB: batch m, parentheses"): each one what the engine already does
    r"players with fewer cards place fewer tokens",  # tokens_on_different: fewer face-up cards, fewer tokens
    r"no player wins or loses the clash",  # ignore_clash: the clash does not happen
    r"this doesn't mean you win|this is not considered winning",  # clash_outcome not_lose: not a winner
    # batch t (rules notes, "MB: batch t, clash shapes"): "you clash" is any clash you are in already
    r"regardless of who (?:initiated|started|declared) the clash",
    # batch s: "Whenever an opponent plays a card (before Play effects), ...": a play trigger resolves before
    # the card's Play effects anyway ("Effects on Cards": Top>Ongoing>Play; flow.play_single)
    r"before play effects",
    # clash_tokens: a player without a card to clash with is no participant ("Clashing": "choose a player
    # with a Top Card"; rules notes, "MB: clash_tokens")
    r"a player with no valid cards? (?:cannot|can't) clash or be clashed with",
)) + r")\)", re.I)


def split_abilities(text: str) -> list[str]:
    """The printed abilities of ``text`` (segments between " | " and lines), caps and roundings
    folded into their sentences and reminders dropped; raises ``Unread`` naming any other
    parenthetical."""
    text = printed_u(text or "")  # misprints read as meant, a reveal's reminder (phrases_more_u)
    # "(max. 30 RP)", "(max. 30)" are no reminders: they cap the RP ("up to 30 RP")
    # (a cap printed after a sentence's full stop caps that sentence)
    # ("(including you, max. 35 RP)": the players counted are you too, and the cap is the cap: batch l)
    text = re.sub(r"\.?\s*\((?:including you,\s*)?max(?:imum)?\.?\s*(\d+)\s*(?:additional\s+)?(RP|Ranking Points)?\)",
                  lambda m: f", up to {m.group(1)} {m.group(2) or 'RP'}", text or "", flags=re.I)
    # another cap ("(max. +15 STAR)", "(max. 15 RP per turn)") is kept as words, which the grammar
    # reads or leaves unread (phrases_more_k: rules notes, "MB: batch k")
    text = re.sub(r"\((max(?:imum)?|min(?:imum)?)\b\.?\s*([^)]*)\)", r"\1 \2", text, flags=re.I)  # min: batch t
    # "for every 6 STAR ... (round down)": a "for every" count only counts whole steps already
    text = re.sub(r"(for every [^,.(]*?)\s*\(round(?:ed)? down\)", r"\1", text, flags=re.I)
    text = re.sub(r"\s*\(round(?:ed)? (up|down)\)", r" rounded \1", text, flags=re.I)  # no reminder: how to count
    # Mimicry's own reminder ("Set Specific Keywords": its symbols "instead of" its own), after the keyword only
    text = re.sub(r"\b(mimicry)\s*\(this card (?:copies|has) the elements? and types? of the (?:face-up )?card to its "
                  r"(?:immediate )?left,? (?:losing|instead of) its own\.?\)", r"\1", text, flags=re.I)
    # "per card in your tableau (including this one)": a count of your tableau's cards counts the
    # card itself, which is in it (batch m); after a trigger ("When you play a card (including this
    # one)") it is no reminder: a card's own trigger does not fire on its own play
    text = re.sub(r"\b((?:per|for each) card in your tableau)\s*\(including this one\)", r"\1", text, flags=re.I)
    # "Copy the Action effect of ... (this effect cannot be copied)": "Copy effects can never be
    # copied. The card in question will usually indicate this" (FAQs), so after "copy" or "activate"
    # (read as a copy: rules notes, "Activating another card's effect") it is a reminder (batch m);
    # after any other effect it stays unread
    text = re.sub(r"(\b(?:copy|activate) [^.()|]*?)\s*\(this effect cannot be copied\)", r"\1", text, flags=re.I)
    # "loses 20 RP (or as much as possible)": FAQs, "You lose as much as you can and stop at zero",
    # which is how a loss of RP is made (resolve.py), so after a loss it is a reminder (batch m)
    text = re.sub(r"(\bloses? \d+ (?:rp|ranking points))\s*\(or as much as possible\)", r"\1", text, flags=re.I)
    # "X (<_UNTIL_SCORING>). Y": the parenthetical is the sentence _sentence_effects reads (batch v)
    text = re.sub(rf"\s*\(({_UNTIL_SCORING})\)\s*\.", r". \1.", text, flags=re.I)
    text = keep_after_play_words(text)  # "(after all Play effects)" after a play event: words (phrases_more_m)
    text = printed_z(text)  # "when you clash (before cards are revealed)": words (phrases_more_z)
    text = printed_outcomes(text)  # "at the end of the tournament (before scoring)": words (phrases_outcomes)
    text = printed_market_zones(text)  # "to your hand (discard the rest).": two sentences (phrases_market_zones)
    text = printed_copying(text)  # Mimicry PLUS's reminder; "(in addition to its normal ones)" (phrases_copying)
    text = printed_naming(text)  # a Foreboding ability's name, remembered (phrases_naming)
    text = printed_positions(text)  # "Scurry PLUS (Play: ...)": the keyword's ability (phrases_positions)
    text = printed_attach2(text)  # "As an action, attach this to a tableau. Each time ...": two (phrases_attach2)
    text = printed_clash2(text)  # "to determine your clash value (instead of ...)": words (phrases_clash2)
    text = printed_hands(text)  # "(of their choice)" of a Friendship card: words (phrases_hands)
    text = printed_grants(text)  # a keyword given to cards with no timing word: Ongoing (phrases_grants)
    text = printed_promos(text)  # "(or all that remain ...)" after a Promo stack's top cards: words (phrases_promos)
    text = printed_history(text)  # "cards you played this turn (including this one)": words (phrases_history)
    text = printed_pointing(text)  # "... When you win a clash with that card": the card pointed to (phrases_pointing)
    text = printed_overrides(text)  # "Top: Choose a TYPE. All cards ... are that TYPE": a choice kept (phrases_overrides)
    text = printed_zones2(text)  # a card named by its printed name alone: "card named <name>" (phrases_zones2)
    text = REMINDERS.sub("", text)
    other = re.search(r"\([^)]*\)?", text)
    if other:
        raise Unread(other.group(0), "a parenthetical that may change the effect")
    return [p for p in _segments(text) if _kind(p) not in KIND_WORDS]


def _segments(text: str) -> list[str]:
    return [p.strip() for line in (text or "").splitlines() for p in line.split(" | ") if p.strip()]


def _kind(segment: str) -> str:
    """A segment in plain lower case without its end stop ("DECK-BOX." -> "deck box")."""
    return re.sub(r"[\s\-]+", " ", segment.lower()).strip().rstrip(". ").strip()


def compile_ability(text: str) -> dict:
    """One ability: keyword, timing word, sentences."""
    printed, keyword = text, None
    rule = read_deck_rule(text)  # "You can include 2 additional Singles in your deck.": no timing word
    if rule is not None:
        return rule
    m = _KEYWORD.match(text)
    if m is None and (set_keyword := _SET_KEYWORD.match(text)):
        text = text[set_keyword.end():]
    if m:
        keyword = m.group(1).lower().replace(" plus", "").replace(" ", "_").rstrip("!")
        body = text[m.end():].strip().rstrip(". ")
        if not body:
            if keyword == "thwomp":
                raise Unread(text, "Thwomp! prints its RP")
            body = KEYWORD_TEXT[keyword]
            if m.group(1).lower() == "blast off plus":
                body = body.replace("three", "five")
        text = body
    m = _TIMING.match(text)
    if not m and not keyword and (rule := read_untimed(text)) is not None:
        return {**rule, "text": printed}  # a rule of the card itself (Fusion, Level Up)
    if not m:
        raise Unread(text.split(":")[0] if ":" in text[:20] else text, "a timing word (Play:, Next:, ... Action:)")
    effect: dict = {"timing": m.group(1).lower()}
    if keyword:
        effect["keyword"] = keyword
    body = text[m.end():].strip()
    # what one effect's sentences remember for the next is forgotten after it, so that no text reads
    # differently for the texts compiled before it (an effect dict's id is reused once it is freed)
    token, chosen, attaching = THAT_CARD.set("revealed"), CHOSEN.set(""), ATTACHING.set(None)
    try:
        _read_body(effect, body)
    finally:
        THAT_CARD.reset(token)
        CHOSEN.reset(chosen)
        ATTACHING.reset(attaching)
    effect["text"] = printed
    return effect


#: the printed STAR symbol read as the words the grammar uses ("a lower STAR than this one", "twice
#: its STAR", "the STAR of ..."): a card's Star Rating ("CARD DATA"); and the verbs and prepositions
#: cards use for the same thing ("place ... onto" is "put ... on")
_WORDING = (
    (re.compile(r"\b(its|their|this card's|that card's|the revealed card's|the attached card's|lower|higher|greater|lesser|fewer|"
                r"the|combined|same) star\b(?! rating| tokens?)"), r"\1 star rating"),
    (re.compile(r"\b(?:place|add)(?=s? (?:a|an|one|two|three|four|five|\d+) \+1 star tokens?)"), "put"),
    (re.compile(r"(\+1 star tokens?) onto\b"), r"\1 on"),
    (re.compile(r"(?<!play )\byour next card\b(?! you play)"), "the next card you play"),
    (re.compile(r"\beach time\b"), "whenever"),
    # "gain an additional 25 RP", "gain 10 RP more": a gain of its own after the one before it
    (re.compile(rf"\b(gains?) (?:an additional |another )?({NUMBER}) (?:additional |more )?(rp|ranking points)(?: more)?\b"),
     r"\1 \2 \3"),
    # "At the start of your turn, ..." / "Gain 10 RP at the start of each of your turns.": a turn_start trigger
    (re.compile(r"^at the (?:start|beginning) of (?:each of )?your turns?, "), "when your turn starts, "),
    (re.compile(r"^([^.,]+?) at the (?:start|beginning) of (?:each of )?your turns?\.?$"), r"when your turn starts, \1"),
    (re.compile(r"^at the end of (?:each of )?your turns?, "), "when your turn ends, "),  # phrases_more_b
    # a Store card revealed goes to the Aftermarket anyway ("Aftermarket Space"): "and discard" says it
    (re.compile(r"\breveal and discard (the top card of the store)(?: deck)?(?: to the aftermarket)?"), r"reveal \1"),
    # "each opponent must flip a card": an obligation is what the player does
    (re.compile(r"\b(opponent|player|players|they|loser|winner) must (flip|discard|lose|gain)\b"), r"\1 \2s"),
    (re.compile(r"\b(players|they) (flip|discard|lose|gain)s\b"), r"\1 \2"),
    # "flip their left-most card": a flip takes a face-up card ("Flip a Card")
    (re.compile(r"\b(their|your) (left|right)-most card\b"), r"\1 \2-most face-up card"),
    (re.compile(r"\s+"), " "),
)


#: each grammar batch's printed wordings put in the grammar's words, in order: "After a clash, ..." (_d);
#: result wordings (_i); "If X, when Y, ..." (_k); "the first time ... each turn" (_o); "After you
#: discard ..." (_v); "choose and flip" (_s); "After an opponent plays a card, ..." (_q); "the player
#: who lost the clash" (_t); "While X, you gain N RP whenever Y" (_u); "Choose two players. They clash." (_z);
#: "pass the rest of your turn" (_w); "the Store and Core decks" (_market_zones); "name a SET", Foreboding (_naming);
#: the tableau's order chosen freely, ", then swap this card" (_positions); "A, discard your hand, and B" (_overrides)
REWORDINGS = (reword_d, reword_i, reword_k, reword_o, reword_r, reword_v, reword_s, reword_q, reword_t, reword_u,
              reword_z, reword_w, reword_market_zones, reword_copying, reword_naming, reword_positions, reword_triggers,
              reword_attach2, reword_clash2, reword_hands, reword_grants, reword_outcomes,
              reword_history,  # (history: "at the end of your next turn")
              reword_overrides)


def wording(text: str) -> str:
    """Lower-case card text with the printed synonyms of ``_WORDING`` in the grammar's words."""
    text = text.lower().strip()
    for pattern, words in _WORDING:
        text = pattern.sub(words, text)
    for reword in REWORDINGS:
        text = reword(text)
    return text


#: the REFs a condition names that a later "it" goes on naming
NAMED_CARDS = ("next_played", "played", "left", "right", "top")
#: trigger events about one card (the engine gives it to the effect as REF ``played``)
CARD_EVENTS = ("play", "flipped", "would_flip")
_PREVENT = re.compile(r"prevent (.+?) from being flipped by (an opponent's effect|an effect an opponent controls)")


def _read_body(effect: dict, body: str) -> None:
    low = wording(body)
    timing = effect["timing"]
    if timing == "next":
        opened = re.sub(r"^(?:when|after|as) you play (?:your|the) next card, ", "", low)
        if opened != low:  # "When you play your next card, flip it": "it" is that card (phrases_more_s)
            THAT_CARD.set("next_played")
        low = opened
        if read_next_grant_w(low, effect):  # "The next card you play has "Play: ..."" (phrases_more_w)
            return
    m = _PREVENT.fullmatch(low.rstrip("."))
    if m and timing == "reaction":
        # "Prevent a card ... from being flipped by an opponent's effect": a would-flip Reaction
        effect["trigger"] = read_event(f"{m.group(2)} would flip {m.group(1)}")
        effect["optional"] = True
        effect["ops"] = [{"op": "cancel_flip"}]
        return
    more = read_more_continuous(low.rstrip(".")) if timing == "ongoing" else None
    if more is None and timing == "ongoing":
        more = read_continuous_k(low.rstrip("."))  # two subjects protected, a token instead of a flip (phrases_more_k)
    if more is None and timing == "ongoing":
        more = read_continuous_o(low.rstrip("."))  # a card that flips itself once a condition holds (phrases_more_o)
    if more is None and timing == "ongoing":
        more = read_continuous_u(low.rstrip("."))  # a quoted Score ability granted to cards (phrases_more_u)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_s(low.rstrip("."))  # Dollars instead of a flip, a quoted Flip effect (phrases_more_s)
    if more is None and timing == "ongoing":
        more = read_continuous_v(low.rstrip("."))  # "... and this card isn't flipped" (phrases_more_v)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_y(low.rstrip("."))  # "If X, your cards cannot be flipped by ..." (phrases_more_y)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_x(low.rstrip("."))  # Singles played from the Aftermarket (phrases_more_x)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_w(low.rstrip("."))  # a quoted Action granted to cards (phrases_more_w)
    if more is None and timing in ("ongoing", "top"):
        more = read_rule_clash_tokens(low.rstrip("."))  # a token more for each gain of them (phrases_clash_tokens)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_naming(low.rstrip("."))  # the players others must choose (phrases_naming)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_clash2(low.rstrip("."))  # dice as a player's clash value (phrases_clash2)
    if more is None and timing in ("ongoing", "top"):
        more = read_continuous_zones2(low.rstrip("."))  # Singles from the Store's top, the binder (phrases_zones2)
    if more is not None:  # Unite's attaching and its guard, a token lost instead of a flip: rules of the card
        effect["ops"] = more
        return
    shield = read_sell_marker_shield(low, timing)
    if shield is not None:  # a Sell Marker lost instead of a flip (phrases_more_b.py)
        effect["ops"] = shield
        return
    gain_limit = read_rp_gain_limit(low) if timing in ("ongoing", "top") else None
    gain_limit = gain_limit or (read_gain_turned_p(low) if timing in ("ongoing", "top") else None)  # phrases_more_p
    if gain_limit:  # "Players cannot gain RP." (replacement.py)
        effect["ops"] = gain_limit
        return
    if read_reaction_prevention(low, effect):  # "Prevent a Flip effect. Copy that Flip effect." (phrases_prevention)
        return
    m = re.match(r"(whenever|when) ([^,]+), (.+)$", low)
    if m:
        if timing not in ("top", "ongoing", "reaction") and not play_trigger_lasts(effect, m.group(1)):
            raise Unread(m.group(0)[:40], f"a trigger on a {timing} effect")
        effect["trigger"] = read_event(m.group(2))
        if effect["trigger"]["event"] in CARD_EVENTS:
            THAT_CARD.set("played")  # "that card": the card played or flipped
        low = m.group(3)
        if timing == "reaction":
            effect["optional"] = True
    elif timing == "reaction":
        raise Unread(low, "a Reaction names its event (When ...)")
    if timing in ("ongoing", "top") and "trigger" not in effect:
        effect["ops"] = continuous(low)
        return
    if low.startswith("you may "):
        effect["optional"] = True
        low = low[len("you may "):]
    sentences = [s.strip() for s in re.split(r"(?<=[.!])\s+", low) if s.strip()]
    sentences = [s.rstrip(".").strip() for s in sentences]
    if len(sentences) == 1 and sentences[0].startswith("if ") and not _is_clash_branch(sentences[0]):
        cond, rest = _split_if(sentences[0])
        effect["condition"] = cond
        effect["ops"] = clauses(rest, timing, effect, cond.get("card"))
        return
    effect["ops"] = _sentences(sentences, timing, effect)
    if effect.get("optional") and timing != "reaction":
        _may_then_otherwise(effect)


#: the condition of "If you do not, ..." after an effect's first sentences
_DID_NOT = {"test": "not", "of": {"test": "did"}}


def _may_then_otherwise(effect: dict) -> None:
    """"You may X. If you do not, Y": only X is the player's choice, and Y is done when X was not
    ("Besides Reactions, other Effects are Not Optional"): the effect is not optional as a whole but
    batch j's ``may`` around X, so declining it still reaches "If you do not"."""
    ops = effect["ops"]
    j = next((i for i, op in enumerate(ops) if i and op["op"] == "if" and op["condition"] == _DID_NOT), None)
    if j is None:
        return
    del effect["optional"]
    effect["ops"] = [{"op": "may", "ops": ops[:j]}, *ops[j:]]


def _is_clash_branch(sentence: str) -> bool:
    return bool(re.match(r"if (?:you|it is a|there is a) (win|lose|tie)", sentence))


#: Whole-sentence readers tried, in order, before a sentence is read as clauses: the market's, then
#: each grammar batch's ("... instead" (_l); clash players (_d, _i); after a flip (_k); "If you do
#: not" after a test (_n); "at the end of this turn" (_u); a Reaction to a gain of RP (_v); before each of
#: several clashes (_z); "If you cannot" after a loss (_outcomes); a named card discarded or flipped (_naming);
#: RP for a sale, ownership given (_positions)). Each
#: returns True when it read the sentence into ``ops``. (No Flip effects for the flips just before: _r.)
SENTENCE_READERS = (read_market_sentence, read_more_sentence, read_sentence_d, read_sentence_l, read_sentence_i,
                    read_sentence_k, read_sentence_o, read_sentence_n, read_sentence_q, read_sentence_t,
                    read_sentence_u, read_sentence_s, read_sentence_v, read_sentence_r, read_sentence_z,
                    read_sentence_outcomes, read_sentence_market_zones, read_sentence_copying,
                    read_sentence_clash_tokens,  # (clash_tokens: once per token a flipped card had)
                    read_sentence_naming, read_sentence_positions, read_sentence_triggers,
                    read_sentence_clash2,  # (clash2: dice rolled)
                    read_sentence_hands,  # (hands: a player spared at a price, the cards each discarded)
                    read_sentence_promos,  # (promos: a Promo stack's top cards picked up, one played)
                    read_sentence_history,  # (history: the face of the card just returned)
                    read_sentence_guards,  # (guards: a trigger named, switched off for a while)
                    read_sentence_zones2)  # (zones2: "If the Store runs out of cards, this effect ends")


def _sentences(sentences: list[str], timing: str, effect: dict) -> list[dict]:
    ops: list[dict] = []
    for s in sentences:
        s = re.sub(r"^then,? ", "", s)
        s = sentence_wording(s, ops)
        if any(read(s, ops, timing, effect) for read in SENTENCE_READERS):
            continue
        if any(o["op"] == "choose_player" for o in ops):  # "They ...": the player chosen
            s = re.sub(r"^they (\w+?)s? ", lambda m: f"that player {m.group(1)}s ", s)
        clash = next((o for o in reversed(ops) if o["op"] == "clash"), None)
        branches = _clash_branches(s, timing, effect, clash)
        if branches:
            if clash is None:
                raise Unread(s, "a clash result with no clash")
            for key, branch_ops in branches:
                clash.setdefault(key, []).extend(branch_ops)
            continue
        if re.fullmatch(r"do not flip this (?:card|accessory|deck box)(?: when you use this action| after(?:wards)?)?", s):
            if timing != "action":
                raise Unread(s, "only an Action flips its card")
            ops.append({"op": "keep_source"})  # "Use an Action": "then flip the card face-down", unless it says not to
            continue
        if s.startswith("if "):
            cond, rest = _split_if(s)
            # "Gain the top card of the Store. If it is a Single, play it.": "it" is the card gained, now in
            # the hand (play_gained), not a card looked at on the Store's top (rules notes, "MB: fidelity fixes (stop 34)")
            gained = cond.get("card") == "revealed" and bool(ops) and ops[-1]["op"] == "gain_store" \
                and ops[-1].get("amount") == 1
            ops.append({"op": "if", "condition": cond,
                        "then": clauses(rest, timing, effect, cond.get("card"), gained=gained)})
            if cond.get("card") in NAMED_CARDS:  # "If it ...": the card the condition before named
                THAT_CARD.set(cond["card"])
            continue
        m = _TRAILING_IF.fullmatch(s)
        if m:  # "Gain 15 RP if you have ...": the condition printed after what it allows
            cond = read_condition(m.group(2))
            ops.append({"op": "if", "condition": cond, "then": clauses(m.group(1), timing, effect, cond.get("card"))})
            continue
        ops += clauses(s, timing, effect)
    if not ops:
        raise Unread(" ".join(sentences), "an effect")
    return ops


#: the players a clash result names ("Clashing": "that player is the winner, and all other players are
#: the losers"; in a tie "neither player wins nor loses")
_WINNER = r"the winner(?: of the clash)?"
_LOSERS = r"(?:each|every) loser|the losers?|each player who lost(?: the clash)?|the player who lost the clash"
_RESULT = re.compile(rf"({_WINNER}|{_LOSERS}) (must )?(\w+) (.+)")


def _clash_branches(s: str, timing: str, effect: dict, clash: dict | None = None) -> list[tuple[str, list[dict]]]:
    """A clash result sentence -> [(branch, ops)]; none when the sentence is not one.

    "The loser flips ..., and the winner gains ...": each part names the winner or the losers and
    says what they do, read as a clause of their own. "Otherwise, the winner ..." after a tie's
    result is the winner's result (there is a winner only when there is no tie)."""
    m = re.match(r"if (?:you (win|lose|tie)|it is a (tie)|there is a (tie))(?: the clash)?,? (.+)", s)
    if m:
        return [((m.group(1) or "tie"), clauses(m.group(4), timing, effect))]
    if clash is not None and "tie" in clash:
        s = re.sub(rf"^otherwise,? (?={_WINNER}|{_LOSERS})", "", s)
    parts = re.split(rf",? and (?=(?:{_WINNER}|{_LOSERS}) )", s)
    results: list[tuple[str, list[dict]]] = []
    for part in parts:
        m = _RESULT.fullmatch(part)
        if m is None:
            if not results:
                return []
            raise Unread(part, "a clash result")
        verb = m.group(3) if m.group(2) else re.sub(r"(?<=[^s])s$", "", m.group(3))
        key = "winner" if m.group(1).startswith("the winner") else "losers"
        results.append((key, clauses(f"{verb} {m.group(4)}", timing, effect)))
    return results


_TRAILING_IF = re.compile(r"((?:gain|lose) [^,]+?) if (.+)")


def _split_if(sentence: str) -> tuple[dict, str]:
    m = re.match(r"if (.+?), (.+)$", sentence)
    if not m:
        raise Unread(sentence, "a condition")
    return read_condition(m.group(1)), m.group(2)


_JOIN = re.compile(r",? (?:and|then|and then) (?=(?:gain|lose|flip|put|clash|reveal|discard|each|draw|remove|"
                   r"you (?:gain|lose))\b)")


def clauses(text: str, timing: str, effect: dict, ref: str | None = None, gained: bool = False) -> list[dict]:
    """"flip that card and gain 5 RP" -> its ops (``ref``: the card "that card" names; ``gained``: it is
    the one card a gain just took into the hand, so "play it" plays it from there)."""
    granted = read_granted_play(text.strip(), timing, effect, ref)
    if granted is not None:
        return granted
    ops: list[dict] = []
    last: dict = {"ref": ref, **({"gained": True} if gained else {})}
    for part in _JOIN.split(text.strip()):
        ops += clause(part.strip(), timing, effect, last)
    return ops


def clause(text: str, timing: str, effect: dict, last: dict) -> list[dict]:
    return read_clause(text, timing, effect, last)


def continuous(text: str) -> list[dict]:
    """Ongoing / Top effects that hold while the card is face-up (protect, slots, X, Mimicry)."""
    return read_continuous(text)


__all__ = ["KEYWORD_TEXT", "MULTIPLE", "NUMBER", "Unread", "card_phrase", "compile_ability", "compile_text",
           "number", "read_count", "read_event", "read_ref", "read_target", "split_abilities"]
