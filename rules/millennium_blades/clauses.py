"""Verb phrases of Millennium Blades card text: one clause ("gain 3 RP for each Fire card in your
tableau", "flip your Top Card", "clash with an opponent") -> ops of the effect language."""

from __future__ import annotations

import re

from rules.millennium_blades.phrases import (
    MULTIPLE,
    NUMBER,
    THAT_CARD,
    Unread,
    card_phrase,
    number,
    read_count,
    read_ref,
    read_target,
)
from rules.millennium_blades.phrases_more_a import read_more_clause, read_more_continuous
from rules.millennium_blades.phrases_more_b import read_clause_b, read_early_b
from rules.millennium_blades.phrases_more_c import read_clause_c, read_continuous_c
from rules.millennium_blades.phrases_more_d import read_early_d
from rules.millennium_blades.phrases_more_e import read_continuous_e, read_early_e
from rules.millennium_blades.phrases_more_f import read_clause_f, read_early_f
from rules.millennium_blades.phrases_more_g import read_clause_g, read_early_g
from rules.millennium_blades.phrases_more_h import read_clause_h, read_continuous_h, read_early_h
from rules.millennium_blades.phrases_more_i import read_clause_i, read_continuous_i, read_early_i
from rules.millennium_blades.phrases_more_j import read_clause_j, read_early_j
from rules.millennium_blades.phrases_more_k import read_early_clause_k
from rules.millennium_blades.phrases_more_l import read_early_l
from rules.millennium_blades.phrases_more_s import read_early_s
from rules.millennium_blades.phrases_more_u import read_continuous_sentence_u, read_early_u
from rules.millennium_blades.phrases_more_v import read_early_v
from rules.millennium_blades.phrases_more_z import read_early_z
from rules.millennium_blades.special_text import read_purpose, read_special_clause, read_special_continuous

_RP = r"(?:rp|ranking points?)"
#: the TARGET picks whose card is chosen when the flip happens (then "it" is the card flipped)
CHOSEN_PICKS = ("choice", "top", "highest", "lowest")
_WHO = {"each opponent": "each_opponent", "that opponent": "that_player", "that player": "that_player",
        "each player": "each", "every player": "each", "all players": "each", "each other player": "each_other",
        "an opponent of your choice": "chosen_opponent", "target opponent": "chosen_opponent",
        "an opponent": "chosen_opponent", "you": "self"}
_WHO_RE = "|".join(sorted(map(re.escape, _WHO), key=len, reverse=True))


def read_clause(text: str, timing: str, effect: dict, last: dict) -> list[dict]:
    text = text.strip().rstrip(".")
    if not text:
        raise Unread(text, "an empty clause")
    early = read_early_b(text, last)  # phrases_more_b.py
    if early is None:
        early = read_early_f(text)  # phrases_more_f.py
    if early is None:
        early = read_early_e(text, timing, effect, last)  # phrases_more_e.py
    if early is None:
        early = read_early_d(text, last)  # phrases_more_d.py
    if early is None:
        early = read_early_g(text, timing, effect, last)  # phrases_more_g.py
    if early is None:
        early = read_early_l(text, timing, effect, last)  # phrases_more_l.py
    if early is None:
        early = read_early_h(text, timing, effect, last)  # phrases_more_h.py
    if early is None:
        early = read_early_i(text, timing, effect, last)  # phrases_more_i.py
    if early is None:
        early = read_early_j(text, timing, effect, last)  # phrases_more_j.py
    if early is None:
        early = read_early_clause_k(text, timing, effect, last)  # phrases_more_k.py
    if early is None:
        from rules.millennium_blades.phrases_more_t import read_early_t

        early = read_early_t(text, timing, effect, last)  # revealed clash cards (phrases_more_t.py)
    if early is None:
        early = read_early_u(text, timing, effect, last)  # phrases_more_u.py
    if early is None:
        early = read_early_s(text, timing, effect, last)  # phrases_more_s.py
    if early is None:
        early = read_early_v(text, timing, effect, last)  # phrases_more_v.py
    if early is None:
        early = read_early_z(text, timing, effect, last)  # two chosen players clash (phrases_more_z.py)
    if early is None:
        from rules.millennium_blades.phrases_clash_tokens import read_early_clash_tokens

        early = read_early_clash_tokens(text, timing, effect, last)  # Store cards per token (phrases_clash_tokens.py)
    if early is not None:
        return early
    m = re.match(rf"^({_WHO_RE}) (gains?|loses?) (.+)$", text)
    if m and m.group(1) != "you":
        op = _points(f"{m.group(2).rstrip('s')} {m.group(3)}")
        op["who"] = _WHO[m.group(1)]
        return [op]
    if m:
        text = f"{m.group(2).rstrip('s')} {m.group(3)}"
    m = re.fullmatch(rf"gain (?:\$({NUMBER})|({NUMBER}) (?:millennium dollars?|money|dollars?))(?: and ({NUMBER}) {_RP})?",
                     text)
    if m:  # "gain 2 Dollars and 3 RP"
        money = [{"op": "gain_money", "amount": number(m.group(1) or m.group(2))}]
        return money + ([{"op": "gain_rp", "amount": number(m.group(3))}] if m.group(3) else [])
    if re.match(rf"^(gain|lose) .*?({_RP}|equal to)", text) or re.match(r"^(gain|lose) (x|\d+) rp", text):
        return _points_or_market(text, timing, effect, last)
    if re.fullmatch(r"flip this (?:card|accessory|deck box) instead", text):
        if timing != "reaction":
            raise Unread(text, "only a Reaction flips its card instead")
        return [{"op": "cancel_flip"}]
    if re.fullmatch(r"(?:insert|put|place|play) this card (?:anywhere|into any slot|in any slot)(?: (?:into|of|in) "
                    r"your tableau)?(?:,? instead of .+)?", text):
        return [{"op": "insert"}]
    m = re.fullmatch(r"flip this card to (.+)", text)
    if m and timing == "action":
        effect["optional"] = True
        return read_clause(m.group(1), timing, effect, last)
    m = re.fullmatch(r"(?:choose|select) (a player|an opponent|another player|one player|one opponent)", text)
    if m:  # the player "that player" / "they" then means (rules notes, "Choosing a player")
        return [{"op": "choose_player", "among": "any" if m.group(1) in ("a player", "one player") else "opponent"}]
    m = re.fullmatch(r"(each opponent|each player|an opponent|each other player|that player) flips "
                     r"(their|his or her|his|a|one|the) (.+)", text)
    if m:
        return _owner_flips(m.group(1), m.group(3))
    m = re.fullmatch(rf"({_WHO_RE}) discards? ({NUMBER}) (cards?|singles?)(?: (?:from|in) (?:their|his or her) hands?)?", text)
    if m and m.group(1) != "you":
        return [{"op": "discard", "amount": number(m.group(2)), "who": _WHO[m.group(1)]}]
    m = re.fullmatch(rf"steal ({NUMBER}) {_RP} from ({_WHO_RE}|them|that player)", text)
    if m:
        # "steal": the player loses it (stopping at 0, "FAQs") and you gain what they lost (rules notes)
        who = "that_player" if m.group(2) == "them" else _WHO[m.group(2)]
        return [{"op": "steal_rp", "amount": number(m.group(1)), "who": who}]
    m = re.fullmatch(r"each opponent whose top card has (?:a )?(lower|higher) star rating than this card flips "
                     r"(?:that|their) top card", text)
    if m:
        flt = {"star": {"cmp": "<" if m.group(1) == "lower" else ">", "value": "this"}}
        return [{"op": "flip", "target": {"player": "each_opponent", "pick": "top", "filter": flt}}]
    purpose = read_purpose(text, timing, effect, last)
    if purpose is not None:  # "flip ... to gain ...": the gain only if the flip happened
        return purpose
    if re.fullmatch(r"flip (?:the|your) card (?:you )?used in the clash", text):  # "Clashing": your Top Card
        return [{"op": "flip", "target": {"player": "self", "pick": "top"}}]
    m = re.fullmatch(r"flip (.+)", text)
    if m:
        target = read_target(m.group(1), last.get("ref"))
        if target["pick"] in CHOSEN_PICKS:
            THAT_CARD.set("flipped")  # "flip a card ... If you did, gain RP equal to its STAR"
        return [{"op": "flip", "target": target}]
    m = re.fullmatch(r"clash with (an opponent|another player|a different player|one opponent|a player|"
                     r"an opponent of your choice|"
                     r"all players|all opponents|each opponent|every player|all other players)|(all players) clash", text)
    if m:
        one = m.group(1) in ("an opponent", "another player", "a different player", "one opponent", "a player",
                             "an opponent of your choice")
        return [{"op": "clash", "with": "opponent" if one else "all"}]
    m = re.fullmatch(rf"the next card you play comes into play with ({NUMBER}) \+1 star tokens?(?: on it)?", text)
    if m:
        return [{"op": "star_tokens", "amount": number(m.group(1)), "target": {"player": "self", "pick": "next_played"}}]
    m = re.fullmatch(rf"put ({NUMBER}) \+1 star tokens? on (.+)", text)
    if m:
        target = read_target(m.group(2), last.get("ref"))
        if target["pick"] == "choice" and target["player"] in ("self", "opponent", "any"):
            THAT_CARD.set("chosen")  # "Gain RP equal to that card's STAR": the card the tokens went on
        return [{"op": "star_tokens", "amount": number(m.group(1)), "target": target}]
    m = re.fullmatch(rf"(?:you may )?play (an additional|one additional|{NUMBER} additional|an extra|{NUMBER} extra|"
                     r"another) (?:singles?|cards?)(?: this turn| after resolving this one)?", text)
    if m:
        word = m.group(1).split()[0]
        return [{"op": "play_extra", "amount": 1 if word in ("an", "one", "another") else number(word)}]
    m = re.fullmatch(rf"(?:you )?take (another|an additional|an extra|{NUMBER} additional|{NUMBER} extra) turns?"
                     r"(?: after this one)?", text)
    if m:  # another turn of yours after this one ("Tournament Turns"; rules notes, "Another turn")
        word = m.group(1).split()[0]
        return [{"op": "extra_turn", "amount": 1 if word in ("another", "an") else number(word)}]
    m = re.fullmatch(r"reveal (?:the top card of the store(?: deck)?|a card from the top of the store)", text)
    if m:
        last["ref"] = "revealed"
        return [{"op": "reveal", "source": "store"}]
    m = re.fullmatch(r"reveal (.+?) from your hand", text)
    if m:
        flt, _, rest = card_phrase(m.group(1))
        if rest:
            raise Unread(rest, "after the card revealed")
        last["ref"] = "revealed"
        return [{"op": "reveal", "source": "hand", **({"filter": flt} if flt else {})}]
    m = re.fullmatch(r"reveal a face-down (?:card|single)(?: in (any|a|your|an opponent's) tableau)?", text)
    if m:  # "in your (an opponent's) tableau": only there (batch u); else any tableau's
        last["ref"] = "revealed"
        whose = {"your": "self", "an opponent's": "opponent"}.get(m.group(1) or "")
        return [{"op": "reveal", "source": "face_down", **({"tableau": whose} if whose else {})}]
    m = re.fullmatch(rf"discard ({NUMBER}) (cards?|singles?|.+?) from your hand(?: to (.+))?", text)
    if m:
        flt = {}
        if m.group(2) not in ("card", "cards", "single", "singles"):
            flt, _, rest = card_phrase(f"a {m.group(2)}")
            if rest:
                raise Unread(rest, "after the card discarded")
        ops = [{"op": "discard", "amount": number(m.group(1)), **({"filter": flt} if flt else {})}]
        if m.group(3):
            ops += read_clause(m.group(3), timing, effect, last)
        return ops
    market = _market(text, timing, effect, last)
    if market is not None:
        return market
    special = read_special_clause(text, timing, effect, last)
    if special is not None:
        return special
    more = read_more_clause(text, timing, effect, last)  # phrases_more_a.py
    if more is None:
        more = read_clause_b(text, timing, effect, last)  # phrases_more_b.py
    if more is None:
        more = read_clause_f(text, timing, effect, last)  # phrases_more_f.py
    if more is None:
        more = read_clause_c(text, timing, effect, last)  # phrases_more_c.py
    if more is None:
        more = read_clause_g(text, timing, effect, last)  # phrases_more_g.py
    if more is None:
        more = read_clause_h(text, timing, effect, last)  # phrases_more_h.py
    if more is None:
        more = read_clause_i(text, timing, effect, last)  # phrases_more_i.py
    if more is None:
        more = read_clause_j(text, timing, effect, last)  # phrases_more_j.py
    if more is None:
        from rules.millennium_blades.phrases_more_n import read_clause_n

        more = read_clause_n(text, timing, effect, last)  # phrases_more_n.py
    if more is None:
        from rules.millennium_blades.phrases_powers import read_clause_powers

        more = read_clause_powers(text, timing, effect, last)  # printed Character powers (phrases_powers.py)
    if more is None:
        from rules.millennium_blades.phrases_more_q import read_clause_q

        more = read_clause_q(text, timing, effect, last)  # phrases_more_q.py
    if more is None:
        from rules.millennium_blades.phrases_more_r import read_clause_r

        more = read_clause_r(text, timing, effect, last)  # phrases_more_r.py
    if more is None:
        from rules.millennium_blades.phrases_more_x import read_clause_x

        more = read_clause_x(text, timing, effect, last)  # a card played at random (phrases_more_x.py)
    if more is None:
        from rules.millennium_blades.phrases_outcomes import read_clause_outcomes

        more = read_clause_outcomes(text)  # a discard all at once, a blind swap (phrases_outcomes.py)
    if more is None:
        from rules.millennium_blades.phrases_metagame import read_clause_metagame

        more = read_clause_metagame(text)  # a Metagame card out of play (phrases_metagame.py)
    if more is None:
        from rules.millennium_blades.phrases_sideways import read_clause_sideways

        more = read_clause_sideways(text, timing)  # a card played sideways (phrases_sideways.py)
    if more is None:
        from rules.millennium_blades.phrases_market_zones import read_clause_market_zones

        more = read_clause_market_zones(text, timing, effect, last)  # Store zones looked at (phrases_market_zones)
    if more is None:
        from rules.millennium_blades.phrases_copying import read_clause_copying

        more = read_clause_copying(text, timing, effect, last)  # copied effects (phrases_copying.py)
    if more is None:
        from rules.millennium_blades.phrases_naming import read_clause_naming

        more = read_clause_naming(text, timing, effect, last)  # a card named, a word chosen (phrases_naming.py)
    if more is None:
        from rules.millennium_blades.phrases_positions import read_clause_positions

        more = read_clause_positions(text, timing, effect, last)  # swaps, Sell Markers, sales (phrases_positions.py)
    if more is None:
        from rules.millennium_blades.phrases_triggers import read_clause_triggers

        more = read_clause_triggers(text, timing, effect, last)  # one more Action this turn (phrases_triggers.py)
    if more is None:
        from rules.millennium_blades.phrases_attach2 import read_clause_attach2

        more = read_clause_attach2(text, timing, effect, last)  # an attachment removed with its host (phrases_attach2.py)
    if more is None:
        from rules.millennium_blades.phrases_clash2 import read_clause_clash2

        more = read_clause_clash2(text, timing, effect, last)  # a clash of two of your own cards (phrases_clash2.py)
    if more is None:
        from rules.millennium_blades.phrases_hands import read_clause_hands

        more = read_clause_hands(text, timing, effect, last)  # Dollars, hands, Friendship cards (phrases_hands.py)
    if more is None:
        from rules.millennium_blades.phrases_grants import read_clause_grants

        more = read_clause_grants(text, timing, effect, last)  # a Fusion the next card has (phrases_grants.py)
    if more is None:
        from rules.millennium_blades.phrases_promos import read_clause_promos

        more = read_clause_promos(text, timing, effect, last)  # a Promo gained or played (phrases_promos.py)
    if more is None:
        from rules.millennium_blades.phrases_pointing import read_clause_pointing

        more = read_clause_pointing(text)  # an Aftermarket card put into a tableau (phrases_pointing.py)
    if more is None:
        from rules.millennium_blades.phrases_guards import read_clause_guards

        more = read_clause_guards(text, timing, effect, last)  # a protection in a Play text (phrases_guards.py)
    if more is None:
        from rules.millennium_blades.phrases_overrides import read_clause_overrides

        more = read_clause_overrides(text, timing, effect, last)  # a whole hand discarded (phrases_overrides.py)
    if more is None:
        from rules.millennium_blades.phrases_zones2 import read_clause_zones2

        more = read_clause_zones2(text, timing, effect, last)  # a card played from elsewhere (phrases_zones2.py)
    if more is not None:
        return more
    raise Unread(text, "an effect")


def _market(text: str, timing: str, effect: dict, last: dict) -> list[dict] | None:
    from rules.millennium_blades.market_phrases import read_market_clause  # it reads clauses in turn

    return read_market_clause(text, timing, effect, last)


def _points_or_market(text: str, timing: str, effect: dict, last: dict) -> list[dict]:
    """An amount of RP, or one the Store and clash phrases read ("RP equal to their combined STAR")."""
    try:
        return [_points(text)]
    except Unread:
        market = _market(text, timing, effect, last)
        if market is None:
            market = read_more_clause(text, timing, effect, last)
        if market is None:
            from rules.millennium_blades.phrases_more_r import read_points_r

            market = read_points_r(text)  # the STAR of the cards attached to this card (phrases_more_r)
        if market is None:
            raise
        return market


def _owner_flips(who: str, what: str) -> list[dict]:
    player = {"each opponent": "each_opponent", "each player": "each", "an opponent": "opponent",
              "each other player": "each_opponent", "that player": "that_player"}[who]
    what = what.strip()
    if what == "top card":
        return [{"op": "flip", "target": {"player": player, "pick": "top", "chooser": "owner"}}]
    what = re.sub(r" in (?:their|his or her|his) tableau$", "", what)
    m = re.fullmatch(r"(highest|lowest)(?: star(?: rating)?)? (?:card|single)|(left-most|right-most) face-up (?:card|single)",
                     what)
    if m:
        pick = (m.group(1) or m.group(2)).replace("-", "")
        return [{"op": "flip", "target": {"player": player, "pick": pick, "chooser": "owner"}}]
    flt, zone, rest = card_phrase(f"a {what}")
    if rest not in ("", "of their choice", "in their tableau", "of their choice in their tableau", "in his tableau"):
        raise Unread(rest, "after the card they flip")
    flt.setdefault("face", "up")
    return [{"op": "flip", "target": {"player": player, "pick": "choice", "chooser": "owner", "filter": flt}}]


def _points(text: str) -> dict:
    """"gain 3 RP for each ...", "lose 5 RP", "gain RP equal to twice its Star Rating"; "gain
    Dollars equal to ..." is the same amount in Millennium Dollars."""
    m = re.fullmatch(r"gain (?:millennium )?(?:dollars|money) (equal to .+)", text)
    if m:
        return {**_points(f"gain rp {m.group(1)}"), "op": "gain_money"}
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?(?:the star rating of (.+)|(its|that card's|"
                     rf"the revealed card's|the next card you play's|this card's|the attached card's) star rating)", text)
    if m:
        times = number(m.group(2)) if m.group(2) else 1
        ref = read_ref(m.group(3)) if m.group(3) else {"its": THAT_CARD.get(), "that card's": THAT_CARD.get(),
                                                       "the revealed card's": "revealed", "this card's": "this",
                                                       "the next card you play's": "next_played",
                                                       "the attached card's": "attached"}[m.group(4)]
        return {"op": f"{m.group(1)}_rp", "amount": times, "per": {"count": "star", "card": ref}}
    m = re.fullmatch(rf"(gain|lose) rp equal to (?:({MULTIPLE}) )?the (?:combined|total) star ratings? of (.+?)"
                     rf"(?:,? up to ({NUMBER}) {_RP})?", text)
    if m:  # the sum of the cards' Star Ratings ("CARD DATA"; a face-down card has none)
        op = {"op": f"{m.group(1)}_rp", "amount": number(m.group(2)) if m.group(2) else 1,
              "per": _combined(read_count(m.group(3)))}
        return {**op, "max": number(m.group(4))} if m.group(4) else op
    m = re.fullmatch(rf"(gain|lose) ({NUMBER}) {_RP}(?: (?:for each|per|for every) (.+?))?"
                     rf"(?:,? up to (?:a maximum of )?({NUMBER}) {_RP})?", text)
    if not m:
        raise Unread(text, "an amount of RP")
    op = {"op": f"{m.group(1)}_rp", "amount": number(m.group(2))}
    if m.group(3):
        op["per"] = read_count(m.group(3))
    if m.group(4):
        op["max"] = number(m.group(4))
    return op


def _combined(count: dict) -> dict:
    """"the combined STAR of COUNT's cards"; of the cards this effect flipped, their stars as they were."""
    if count["count"] == "those_fitting":  # the cards just revealed (phrases_more_q.py)
        from rules.millennium_blades.phrases_more_q import combined_revealed_q

        return combined_revealed_q(count)
    if count["count"] == "flipped_this_way":
        return {"count": "flipped_stars"}
    if count["count"] == "attached":  # the cards attached to this card: their STAR (ops_more_r.py)
        return {**count, "what": "stars"}
    if count["count"] != "cards":  # a count of something else has no STAR: never guessed
        raise Unread(f"the star of {count['count']}", "the STAR of cards that are counted")
    return {**count, "count": "stars"}


# -- continuous effects (Ongoing, Top) -------------------------------------------------------------
_PROTECTED = re.compile(r"^(.+?) (?:cannot|can't|can not) be flipped(?: face-down)?(?: by (opponents'|an opponent's|"
                        r"your opponents'|other players'|opponent|opponent's) effects?| by (an effect an opponent "
                        r"controls|effects (?:an opponent controls|opponents control)))?$")


def read_continuous(text: str) -> list[dict]:
    from rules.millennium_blades.phrases_grants import read_quoted_grant

    granted = read_quoted_grant(text)  # a quoted ability of several sentences given to cards (phrases_grants.py)
    if granted is not None:
        return granted
    ops: list[dict] = []
    for sentence in [s.strip().rstrip(".") for s in re.split(r"(?<=\.)\s+", text) if s.strip()]:
        ops += _continuous(sentence)
    return ops


def _continuous(s: str) -> list[dict]:
    m = re.fullmatch(r"this card has \+(\d+) star(?: rating)? (?:when|while) clashing", s)
    if m:  # "Clashing": the Top Card's Star Rating plus this
        return [{"op": "clash_star", "amount": int(m.group(1))}]
    m = re.fullmatch(rf"(this card|your top card) has \+({NUMBER}) star(?: rating)?(?: for (?:each|every) (.+))?", s)
    if m:  # a Star Rating plus this much ("CARD DATA"; queries.star_bonus)
        op = {"op": "star_bonus", "amount": number(m.group(2)), "card": "this" if m.group(1) == "this card" else "top"}
        return [{**op, "per": read_count(m.group(3))} if m.group(3) else op]
    if re.match(r"(?:while the card immediately to the left of this one is face-up, )?this card has (?:the "
                r"elements? and types?|that card's elements and types) (?:of the face-up card to its immediate left|"
                r"in place of its own)", s):
        return [{"op": "copy_attributes"}]
    if re.fullmatch(r"this stops if that card is flipped, and it still applies during scoring", s):
        return []
    m = re.fullmatch(rf"your tableau has ({NUMBER}) (?:extra|additional) slots?(?:,? (?:at its right end|on the right "
                     r"edge)(?: to play singles)?)?", s)
    if m:
        return [{"op": "extra_slot", "amount": number(m.group(1))}]
    m = re.fullmatch(rf"x is (?:equal to )?(?:({MULTIPLE}) )?the number of (.+)", s)
    if m:
        return [{"op": "set_star", "amount": number(m.group(1)) if m.group(1) else 1, "per": read_count(m.group(2))}]
    more_e = read_continuous_e(s)  # phrases_more_e.py: other spellings, and by any effect
    if more_e is not None:
        return more_e
    from rules.millennium_blades.phrases_prevention import read_continuous_prevention

    bare = read_continuous_prevention(s)  # "this card cannot be flipped", naming no effect (phrases_prevention.py)
    if bare is not None:
        return bare
    m = _PROTECTED.match(s)
    if m:
        if not (m.group(2) or m.group(3)):
            raise Unread(s, "protection names whose effects (by opponents' effects)")
        return [_protect(m.group(1))]
    from rules.millennium_blades.market_phrases import read_market_continuous

    market = read_market_continuous(s)
    if market is not None:
        return market
    special = read_special_continuous(s)
    if special is not None:
        return special
    more = read_more_continuous(s)  # phrases_more_a.py
    if more is None:
        more = read_continuous_c(s)  # phrases_more_c.py
    if more is None:
        more = read_continuous_h(s)  # phrases_more_h.py
    if more is None:
        more = read_continuous_i(s)  # clash totals, clashes won (phrases_more_i.py)
    if more is None:
        more = read_continuous_sentence_u(s)  # a Star Rating floor (phrases_more_u.py)
    if more is None:
        from rules.millennium_blades.phrases_more_x import read_continuous_sentence_x

        more = read_continuous_sentence_x(s)  # plays at random (phrases_more_x.py)
    if more is None:
        from rules.millennium_blades.phrases_copying import read_continuous_copying

        more = read_continuous_copying(s)  # other cards' effects this card has (phrases_copying.py)
    if more is None:
        from rules.millennium_blades.phrases_clash_tokens import read_continuous_clash_tokens

        more = read_continuous_clash_tokens(s)  # "Clashes cannot be declared" (phrases_clash_tokens.py)
    if more is None:
        from rules.millennium_blades.phrases_positions import read_continuous_sentence_positions

        more = read_continuous_sentence_positions(s)  # a keyword's ability given to cards (phrases_positions.py)
    if more is None:
        from rules.millennium_blades.phrases_grants import read_continuous_grants

        more = read_continuous_grants(s)  # a keyword given to cards without it, plays required (phrases_grants.py)
    if more is None:
        from rules.millennium_blades.phrases_pointing import read_continuous_pointing

        more = read_continuous_pointing(s)  # the rules of the card this one points to (phrases_pointing.py)
    if more is None:
        from rules.millennium_blades.phrases_guards import read_continuous_guards

        more = read_continuous_guards(s)  # cards that cannot be moved by opponents' effects (phrases_guards.py)
    if more is None:
        from rules.millennium_blades.phrases_overrides import read_continuous_overrides

        more = read_continuous_overrides(s)  # other cards' symbols overridden (phrases_overrides.py)
    if more is not None:
        return more
    raise Unread(s, "a continuous effect")


def _protect(subject: str) -> dict:
    fixed = {"this card": "this", "the card to the right of this one": "right", "the card to the left of this one":
             "left", "cards adjacent to this one": "adjacent", "cards adjacent to this card": "adjacent",
             "cards in your tableau": "tableau", "your cards": "tableau", "your singles": "tableau",
             "adjacent cards": "adjacent", "singles in your tableau": "tableau"}
    if subject in fixed:
        return {"op": "protect", "target": fixed[subject]}
    flt, zone, rest = card_phrase(re.sub(r"^your (other )?", r"\1", subject))  # "your cards": in your tableau
    where = flt.pop("where", None)
    if where == "other":  # "your other cards": every card but this one
        flt["where"] = "other"
    flt.pop("face", None)
    if rest or zone != "tableau":
        raise Unread(rest or subject, "the cards protected")
    return {"op": "protect", "target": {"adjacent": "adjacent", None: "tableau"}.get(where, "tableau"),
            **({"filter": flt} if flt else {})}
