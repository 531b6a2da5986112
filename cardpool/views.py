"""Card pages: home, the per-game card browser, cross-game search, card, sets, syntax help.

Thin views: reads go through ``cardpool.selectors`` and every fact about a game (its card
types, attributes, rarities, accent colour) comes from its ``GameSpec`` in the registry, so
no view names a game. The filter panel of the browser *writes a query*: the same text the
search box takes, written here alone by :func:`filters_to_query` (the submitted panel is
redirected to it; ``static/js/filters.js`` only asks :func:`filter_query` for its preview), and
read back into the panel from the parser's tree by :func:`query_to_filters`.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404, HttpResponsePermanentRedirect, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from cardpool import regex
from cardpool.correction import correct_search
from cardpool.models import Card, Game
from cardpool.search import (
    BUILTIN_KEYS,
    ORDER_FIELDS,
    And,
    Not,
    SearchError,
    Term,
    parse,
    statement_time_budget,
    word_at,
)
from cardpool.selectors import (
    attribute_samples,
    card_neighbours,
    card_printings,
    card_search,
    closest_cards,
    game_list_with_counts,
    random_card,
    set_cards,
    set_choices,
)
from cardpool.selectors import set_list as select_sets
from config.client_ip import client_ip
from rules.core.registry import UnknownGame, all_games, get_game
from rules.core.schema import BOOL, ENUM, INT, LIST, MAP, STR, TAGS, GameSpec

PAGE_SIZE = 60
#: card fields no results page shows (grid, list, text), left unread
LIST_DEFERRED = ("effects", "flavor")
#: everything a results page (grid, list, text) shows of a card: the key of the page as drawn
RESULT_FIELDS = ("id", "game__slug", "updated", "name", "slug", "number", "card_type", "attributes", "text",
                 "card_set__code", "card_set__name", "rarity__name")
VIEW_MODES = (("grid", "Grid"), ("list", "List"), ("text", "Text"))
STAT_KINDS = (INT, MAP, ENUM, LIST)


# -- the filter panel: fields from the GameSpec, and the query text they write -----------------
@dataclass
class FilterField:
    """One control of the filter panel.

    ``widget`` is ``select`` (``key:value``), ``range`` (``key>=min`` / ``key<=max``, or
    ``key:n`` when both are equal), ``checkbox`` (``key:true``), ``order`` or ``direction``.
    """

    name: str  # form field name (a range has name + "_min" / "_max")
    label: str
    widget: str
    key: str = ""  # the search key the field writes
    options: list[tuple[str, str]] = field(default_factory=list)  # (value, label)
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    value: str = ""  # current value (select, checkbox "on", order, direction)
    low: str = ""  # current range values
    high: str = ""

    @property
    def min_name(self) -> str:
        return f"{self.name}_min"

    @property
    def max_name(self) -> str:
        return f"{self.name}_max"

    @property
    def active(self) -> bool:
        if self.widget == "direction":
            return self.value == "desc"
        return bool(self.value or self.low or self.high)


def _label(value: str) -> str:
    return value.replace("_", " ").capitalize()


def order_options(spec: GameSpec) -> list[tuple[str, str]]:
    """What the panel offers to sort by: built-in orders, then the game's numeric attributes."""
    options = [("name", "Name"), ("set", "Set"), ("number", "Collector number"), ("type", "Card type")]
    if spec.rarities:
        options.append(("rarity", "Rarity"))
    options += [(a.name, a.label) for a in spec.attributes if a.kind in (INT, MAP)]
    return [(value, label) for value, label in options if value in ORDER_FIELDS or spec.attribute(value)]


def filter_fields(spec: GameSpec, set_options: Iterable[tuple[str, str]] = ()) -> list[FilterField]:
    """The filter panel of one game, in the order its terms are written into the query."""
    fields = [FilterField("f_type", "Card type", "select", "t",
                          [(t.slug, t.label) for t in spec.card_types])]
    if spec.rarities:
        fields.append(FilterField("f_rarity", "Rarity", "select", "r",
                                  [(r.name.lower(), r.name) for r in sorted(spec.rarities, key=lambda r: r.order)]))
    set_options = list(set_options)
    if set_options:
        fields.append(FilterField("f_set", "Set", "select", "s", set_options))
    for attr in spec.attributes:
        name = f"a_{attr.name}"
        if attr.kind in (ENUM, LIST):
            fields.append(FilterField(name, attr.label, "select", attr.name,
                                      [(v, _label(v)) for v in attr.values], help=attr.help))
        elif attr.kind in (INT, MAP):
            label = attr.label if attr.kind == INT else f"{attr.label} (total)"
            fields.append(FilterField(name, label, "range", attr.name, minimum=attr.minimum,
                                      maximum=attr.maximum, help=attr.help))
        elif attr.kind == BOOL:
            fields.append(FilterField(name, attr.label, "checkbox", attr.name, help=attr.help))
    fields.append(FilterField("f_order", "Order by", "order", "order", order_options(spec)))
    fields.append(FilterField("f_direction", "Direction", "direction", "direction",
                              [("asc", "Ascending"), ("desc", "Descending")]))
    return fields


def quote_value(value: str) -> str:
    """A value as the search language reads it: bare when it can be, else "quoted"."""
    if value and re.fullmatch(r"[^\s\"()]+", value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _int_or_none(text: object) -> int | None:
    text = str(text or "").strip()
    return int(text) if re.fullmatch(r"-?\d{1,9}", text) else None


def filters_to_query(spec: GameSpec, params: Mapping[str, str], *, base: str = "",
                     set_options: Iterable[tuple[str, str]] = ()) -> str:
    """Write the filter panel's values as search-language text, after ``base``.

    ``params`` holds the panel's form fields (``f_type``, ``f_rarity``, ``f_set``,
    ``a_<attribute>`` for a select or a checkbox, ``a_<attribute>_min`` / ``_max`` for a
    number, ``f_order``, ``f_direction``). Values outside the schema are ignored, so any
    request gives a query the parser accepts. The one writer of it: the browser asks :func:`filter_query`.
    """
    terms = [base.strip()] if base and base.strip() else []
    for f in filter_fields(spec, set_options):
        if f.widget == "select":
            value = str(params.get(f.name) or "")
            if value in {v for v, _ in f.options}:
                terms.append(f"{f.key}:{quote_value(value)}")
        elif f.widget == "range":
            low, high = _int_or_none(params.get(f.min_name)), _int_or_none(params.get(f.max_name))
            if low is not None and low == high:
                terms.append(f"{f.key}:{low}")
                continue
            if low is not None:
                terms.append(f"{f.key}>={low}")
            if high is not None:
                terms.append(f"{f.key}<={high}")
        elif f.widget == "checkbox":
            if params.get(f.name) in ("on", "true", "1", "yes"):
                terms.append(f"{f.key}:true")
        elif f.widget == "order":
            value = str(params.get(f.name) or "")
            if value in {v for v, _ in f.options} and value != "name":
                terms.append(f"order:{value}")
        elif f.widget == "direction" and params.get(f.name) == "desc":
            terms.append("direction:desc")
    return " ".join(terms)


def _panel_values(f: FilterField, term: Term) -> dict[str, str]:
    """The panel values ``term`` sets in field ``f``, read from the parsed term; empty when the
    panel cannot hold it as written (another operator, a regular expression, a value it lacks)."""
    value = term.value
    if term.regex or (term.op != ":" and not (f.widget == "range" and term.op in (">=", "<="))):
        return {}
    if f.widget == "select":
        option = {v.lower(): v for v, _ in f.options}.get(value.lower())
        return {f.name: option} if option is not None else {}
    if f.widget == "range":
        n = _int_or_none(value)
        if n is None or value != str(n):
            return {}
        return {name: str(n) for name, ops in ((f.min_name, (":", ">=")), (f.max_name, (":", "<=")))
                if term.op in ops}
    if f.widget == "checkbox":
        return {f.name: "on"} if value.lower() == "true" else {}
    if f.widget == "order":
        return {f.name: value.lower()} if value.lower() in {v for v, _ in f.options} else {}
    if f.widget == "direction":
        return {f.name: value.lower()} if value.lower() in ("asc", "desc") else {}
    return {}  # pragma: no cover - every widget is above


def _top_level_terms(tree: object) -> list[Term | Not] | None:
    """The and-ed terms of a flat query (each a term or a negated term); None when it has
    parentheses or ``or``, which the panel leaves whole."""
    children = tree.children if isinstance(tree, And) else () if tree is None else (tree,)
    if not all(isinstance(c, Term) or (isinstance(c, Not) and isinstance(c.child, Term)) for c in children):
        return None
    return list(children)


def query_to_filters(spec: GameSpec, query: str, set_options: Iterable[tuple[str, str]] = ()
                     ) -> tuple[str, dict[str, str]]:
    """Split a query into (rest of the text, filter panel values) to prefill the panel.

    Read from the parser's tree (no second reading of the language): only plain and-ed terms
    written the way :func:`filters_to_query` writes them are taken; a query with parentheses or
    ``or``, or one the parser refuses, stays whole, and a field named twice stays in the text,
    so ``filters_to_query(spec, values, base=rest)`` always means what ``query`` meant. The rest
    is the query's own text of the terms not taken, in their order.
    """
    query = query or ""
    try:
        parsed = parse(query)
    except SearchError:
        return query.strip(), {}
    top = _top_level_terms(parsed.tree)
    if top is None:
        return query.strip(), {}
    by_key = {f.key: f for f in filter_fields(spec, set_options)}
    found: list[tuple[Term | Not, dict[str, str]]] = []  # (term, the panel values it sets)
    for node in [*top, *parsed.sort_terms]:
        f = by_key.get(node.key or "") if isinstance(node, Term) else None
        found.append((node, _panel_values(f, node) if f else {}))
    counts = Counter(name for _, values in found for name in values)
    rest: list[Term | Not] = []
    taken: dict[str, str] = {}
    for node, values in found:
        if values and all(counts[name] == 1 for name in values):
            taken.update(values)
        else:
            rest.append(node)
    rest.sort(key=lambda node: node.pos)
    return " ".join(query[node.pos:_end(node)] for node in rest), taken


def _end(node: Term | Not) -> int:
    return node.child.end if isinstance(node, Not) else node.end


def _prefill(fields: list[FilterField], values: Mapping[str, str]) -> list[FilterField]:
    for f in fields:
        if f.widget == "range":
            f.low, f.high = values.get(f.min_name, ""), values.get(f.max_name, "")
        else:
            f.value = values.get(f.name, "")
    return fields


# -- shared helpers ----------------------------------------------------------------------------
def _game_or_404(slug: str) -> tuple[Game, GameSpec]:
    try:
        spec = get_game(slug)
    except UnknownGame:
        raise Http404(f"no game {slug!r}") from None
    return get_object_or_404(Game, slug=slug), spec


def _view_mode(request) -> str:
    mode = request.GET.get("view", "grid")
    return mode if mode in dict(VIEW_MODES) else "grid"


def paginate(request, items, per_page: int = PAGE_SIZE):
    """The requested page: a page past the end gives the last, anything not a number the first."""
    paginator = Paginator(items, per_page)
    raw = request.GET.get("page", "1").strip()
    if re.fullmatch(r"[0-9]+", raw):
        number = int(raw) if len(raw) <= 12 else paginator.num_pages
    else:
        number = 1
    number = min(max(number, 1), paginator.num_pages)
    page = paginator.page(number)
    page.elided = list(paginator.get_elided_page_range(number, on_each_side=2, on_ends=1))
    return page


def corrected_query(query: str, error: SearchError) -> str | None:
    """``query`` with the word at the error position (as the parser's lexer read it) replaced by
    the parser's suggestion."""
    if not error.suggestion:
        return None
    span = word_at(query, error.position)
    if span is None:
        return None
    return query[:span[0]] + quote_value(error.suggestion) + query[span[1]:]


def _error_context(query: str, error: SearchError, url_name: str, url_args: list) -> dict:
    corrected = corrected_query(query, error)
    return {
        "message": error.message,
        "position": error.position,
        "column": error.position + 1,
        "caret": " " * error.position + "^",
        "suggestion": error.suggestion,
        "corrected": corrected,
        "corrected_url": (reverse(url_name, args=url_args) + "?" + urlencode({"q": corrected}))
        if corrected else None,
    }


def _stats(card: Card, spec: GameSpec, items: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """The card's key numbers and kinds (INT, MAP, ENUM, LIST attributes) for list rows
    (``items``: the card's ``attribute_items()`` when the caller has them already)."""
    labels = {a.label for a in spec.attributes if a.kind in STAT_KINDS}
    return [(label, value) for label, value in (card.attribute_items() if items is None else items)
            if label in labels]


def type_line(card: Card, spec: GameSpec) -> str:
    """The card type, then its tag words (tribes, keywords): "Form — Dragon, Knight"."""
    tags = []
    for attr in spec.attributes:
        value = card.attributes.get(attr.name)
        if attr.kind == TAGS and isinstance(value, list):
            # slugs such as "blast_off" read as words; names already written ("Dragon") stay
            tags.extend(str(v).replace("_", " ").title() if str(v).islower() else str(v) for v in value)
    card_type = spec.card_type(card.card_type)
    label = card_type.label if card_type else card.card_type
    return f"{label} — {', '.join(tags)}" if tags else label


def _decorate(cards: Iterable[Card]) -> list[Card]:
    """Give each card on a page what the partials show: spec, accent, type line, stats."""
    out = []
    for card in cards:
        spec = get_game(card.game.slug)
        card.game_spec = spec
        card.accent = spec.accent
        card.type_line = type_line(card, spec)
        card.attrs = card.attribute_items()
        card.stats = _stats(card, spec, card.attrs)
        out.append(card)
    return out


@functools.cache
def _spec_fingerprint(slug: str) -> str:
    """The game's rules as the result pages draw them (types, attributes, accent), per process."""
    return hashlib.sha1(repr(get_game(slug)).encode()).hexdigest()[:12]


def _results_key(rows: list[tuple], view_mode: str, show_game: bool) -> str:
    """The cache key of a page of results as drawn (``results.html``): the view, and every value
    the page shows of each of its cards, in order (a card edited or imported anew, added or gone,
    gives another key)."""
    digest = hashlib.sha1(repr((view_mode, show_game)).encode())
    for row in rows:
        digest.update(repr(row).encode())
    for slug in sorted({row[1] for row in rows}):
        digest.update(_spec_fingerprint(slug).encode())
    return digest.hexdigest()


def _results_context(request, query: str, game_slug: str | None, url_name: str, url_args: list,
                     game: Game | None = None, show_game: bool = False) -> tuple[dict, int]:
    """Run ``query`` and page it; a bad query gives the parser's message and status 400.

    The page's cards are read as plain values first (``RESULT_FIELDS``: everything a results page
    shows of them) for the key of the page as drawn, kept in the cache (``results.html``); the
    cards themselves are read and decorated only when it is not there (``cards`` is lazy)."""
    context = {"q": query, "view_mode": _view_mode(request), "view_modes": VIEW_MODES, "error": None,
               "page_obj": None, "cards": [], "total": 0}
    def run(text: str):
        with statement_time_budget(query=text, client=client_ip(request)):
            result = card_search(query=text, game_slug=game_slug, game=game)
            # a results page shows no card's effects or flavor text: not read (effects are large JSON)
            page = paginate(request, result.cards.defer(*LIST_DEFERRED))
            total = page.paginator.count
            rows = list(page.object_list.values_list(*RESULT_FIELDS)) if total else []
        return result, page, total, rows

    try:
        result, page, total, rows = run(query)
        if total == 0 and query.strip() and "typed" not in request.GET:  # a typo one edit from card names
            correction = correct_search(query, [game_slug] if game_slug else [g.slug for g in all_games()])
            if correction is not None:
                corrected = run(correction.query)
                if corrected[2]:
                    result, page, total, rows = corrected
                    context["correction"] = {"changes": correction.changes, "query": correction.query,
                                             "typed_url": reverse(url_name, args=url_args) + "?"
                                             + urlencode({"q": query, "typed": 1})}
    except SearchError as exc:
        context["error"] = _error_context(query, exc, url_name, url_args)
        return context, exc.status
    objects = page.object_list

    context.update(page_obj=page, cards=SimpleLazyObject(lambda: _decorate(objects)) if rows else [], total=total,
                   order=result.order, direction=result.direction,
                   cards_key=_results_key(rows, context["view_mode"], show_game) if rows else "",
                   suggestions=closest_cards(query, game_slug=game_slug) if total == 0 and query.strip() else [])
    return context, 200


def _the_one_card(request, context: dict, status: int):
    """A search with exactly one result opens that card (Scryfall's habit); ``?all=1`` keeps
    the results page."""
    if status == 200 and context["total"] == 1 and context["q"].strip() and "all" not in request.GET \
            and context["page_obj"].number == 1 and not context.get("correction"):
        return HttpResponseRedirect(context["cards"][0].get_absolute_url())
    return None


# -- pages ---------------------------------------------------------------------------------------
def home(request):
    games = []
    for game in game_list_with_counts():
        try:
            spec = get_game(game.slug)
        except UnknownGame:
            continue
        games.append({"game": game, "spec": spec, "card_count": game.card_count, "set_count": game.set_count})
    return render(request, "cardpool/home.html", {
        "games": games, "total_cards": sum(g["card_count"] for g in games),
    })


def _set_options(game_obj: Game) -> list[tuple[str, str]]:
    return [(code, f"{name} ({code})") for code, name in set_choices(game=game_obj)]


def filter_query(request, game: str):
    """The query the filter panel's values write (``{"q": ...}``): the panel's live preview
    asks here, so the browser never writes search-language text itself."""
    game_obj, spec = _game_or_404(game)
    return JsonResponse({"q": filters_to_query(spec, request.GET, base=request.GET.get("base", ""),
                                               set_options=_set_options(game_obj))})


def browse(request, game: str):
    game_obj, spec = _game_or_404(game)
    set_options = _set_options(game_obj)
    if "base" in request.GET:  # the filter panel, submitted (filters.js sets base to the edited search box)
        query = filters_to_query(spec, request.GET, base=request.GET.get("base", ""), set_options=set_options)
        params = {"q": query}
        if _view_mode(request) != "grid":
            params["view"] = _view_mode(request)
        return HttpResponseRedirect(reverse("cardpool:browse", args=[spec.slug]) + "?" + urlencode(params))
    query = request.GET.get("q", "")
    context, status = _results_context(request, query, spec.slug, "cardpool:browse", [spec.slug], game=game_obj)
    if one := _the_one_card(request, context, status):
        return one
    base, values = query_to_filters(spec, query, set_options)
    fields = _prefill(filter_fields(spec, set_options), values)
    search_url = reverse("cardpool:browse", args=[spec.slug])
    active = any(f.active for f in fields)
    context.update(game=game_obj, spec=spec, accent=spec.accent, filter_base=base, filter_fields=fields,
                   filters_active=active, show_game=False, search_url=search_url,
                   # the filter panel as drawn depends on these alone: its cache key (browse.html)
                   filter_key=hashlib.sha1(repr((base, fields, active, search_url, context["view_mode"]))
                                           .encode()).hexdigest())
    return render(request, "cardpool/browse.html", context, status=status)


def search(request):
    query = request.GET.get("q", "")
    context, status = _results_context(request, query, None, "cardpool:search", [], show_game=True)
    if one := _the_one_card(request, context, status):
        return one
    context.update(show_game=True, search_url=reverse("cardpool:search"))
    return render(request, "cardpool/search.html", context, status=status)


def random_card_view(request, game: str):
    """A random card of the game among those the current query (``?q=``) finds."""
    game_obj, spec = _game_or_404(game)
    query = request.GET.get("q", "")
    try:
        with statement_time_budget(query=query, client=client_ip(request)):
            card = random_card(card_search(query=query, game_slug=spec.slug))
    except SearchError:
        card = None
    if card is None:
        return HttpResponseRedirect(reverse("cardpool:browse", args=[spec.slug]) + "?" + urlencode({"q": query}))
    return HttpResponseRedirect(card.get_absolute_url())


def _effect_rows(effects) -> list[dict]:
    """Structured effects, compactly: timing, trigger/condition, cost ops and ops."""

    def op_text(op) -> str:
        if not isinstance(op, dict):
            return str(op)
        params = ", ".join(f"{k}={v}" for k, v in op.items() if k != "op")
        return f"{op.get('op', '?')}({params})" if params else str(op.get("op", "?"))

    rows = []
    for effect in effects if isinstance(effects, list) else []:
        if not isinstance(effect, dict):
            continue
        known = {"timing", "trigger", "condition", "cost", "ops", "text"}
        rows.append({
            "timing": effect.get("timing") or "",
            "when": effect.get("trigger") or effect.get("condition") or "",
            "cost": [op_text(o) for o in effect.get("cost") or [] if o],
            "ops": [op_text(o) for o in effect.get("ops") or []],
            "extra": [(k, v) for k, v in effect.items() if k not in known],
            "text": effect.get("text") or "",
        })
    return rows


def card_detail(request, game: str, set_code: str, number: str, slug: str):
    game_obj, spec = _game_or_404(game)
    card = (Card.objects.select_related("game", "card_set", "rarity")
            .filter(game=game_obj, card_set__code__iexact=set_code, number__iexact=number).first())
    if card is None:
        raise Http404("no such card")
    if (slug, set_code, number) != (card.slug, card.card_set.code, card.number):
        return HttpResponsePermanentRedirect(card.get_absolute_url())
    _decorate([card])
    card.card_set.kind_label = _kind_label(card.card_set.kind)
    previous, following = card_neighbours(card)
    printings = _decorate(card_printings(card))
    # the decks app reads cards, not the reverse
    from decks.selectors import card_format_legality, card_sections, decks_to_add_card, decks_with_card

    return render(request, "cardpool/card_detail.html", {
        "card": card, "game": game_obj, "spec": spec, "accent": spec.accent,
        "effects": _effect_rows(card.effects), "printings": printings,
        "previous": previous, "next": following,
        "formats": card_format_legality(card), "decks_with_card": decks_with_card(card, request.user),
        "my_decks": decks_to_add_card(card, request.user), "card_sections": card_sections(card),
        "added_to": request.GET.get("added", ""),
    })


def _kind_label(kind: str) -> str:
    return kind.replace("_", " ")


def set_list(request, game: str):
    game_obj, spec = _game_or_404(game)
    sets = list(select_sets(game_slug=spec.slug))
    for card_set in sets:
        card_set.kind_label = _kind_label(card_set.kind)
    return render(request, "cardpool/set_list.html", {
        "game": game_obj, "spec": spec, "accent": spec.accent, "sets": sets,
    })


def set_detail(request, game: str, code: str):
    game_obj, spec = _game_or_404(game)
    card_set = next((s for s in select_sets(game_slug=spec.slug) if s.code.lower() == code.lower()), None)
    if card_set is None:
        raise Http404("no such set")
    if card_set.code != code:
        return HttpResponsePermanentRedirect(reverse("cardpool:set", args=[spec.slug, card_set.code]))
    card_set.kind_label = _kind_label(card_set.kind)
    page = paginate(request, set_cards(card_set=card_set))
    return render(request, "cardpool/set_detail.html", {
        "game": game_obj, "spec": spec, "accent": spec.accent, "card_set": card_set,
        "page_obj": page, "cards": _decorate(page.object_list), "total": page.paginator.count,
        "view_mode": _view_mode(request), "view_modes": VIEW_MODES, "show_game": False, "show_number": True,
        "set_query": f"s:{quote_value(card_set.code)} order:number",
    })


# -- syntax help -------------------------------------------------------------------------------
def _first_word(text: str, minimum: int = 4) -> str | None:
    for word in re.findall(r"[A-Za-z]+", text or ""):
        if len(word) >= minimum:
            return word.lower()
    return None


def _attribute_example(attr, sample: str | None) -> str | None:
    if attr.kind == INT:
        low = attr.minimum or 0
        high = attr.maximum if attr.maximum is not None else low + 3
        return f"{attr.name}>={min(low + 2, high)}"
    if attr.kind == MAP:
        return f"{attr.name}.{attr.values[0]}>=1" if attr.values else f"{attr.name}>=1"
    if attr.kind in (ENUM, LIST):
        return f"{attr.name}:{attr.values[0]}" if attr.values else None
    if attr.kind == BOOL:
        return f"{attr.name}:true"
    if attr.kind in (TAGS, STR) and sample:
        return f"{attr.name}:{quote_value(sample)}"
    return None


def _attribute_values_text(attr) -> str:
    if attr.kind == INT:
        low = "" if attr.minimum is None else str(attr.minimum)
        high = "" if attr.maximum is None else str(attr.maximum)
        text = f"whole number {low}–{high}" if low or high else "whole number"
        return text + (', or "X"' if attr.allow_x else "")
    if attr.kind == MAP:
        return f"{', '.join(attr.values)} → count (or compare the total)"
    if attr.kind in (ENUM, LIST):
        return ", ".join(attr.values)
    if attr.kind == BOOL:
        return "true, false"
    if attr.kind == TAGS:
        return "any word"
    return "any text (':' contains, '=' equals)"


def _game_examples(spec: GameSpec, samples: Mapping[str, str]) -> list[dict]:
    rows = []
    for attr in spec.attributes:
        sample = samples.get(attr.name)
        if attr.kind == STR and sample:
            words = re.findall(r"[A-Za-z]+", sample)
            sample = max(words, key=len).lower() if words else None
        rows.append({
            "attr": attr,
            "kind": attr.kind,
            "aliases": ", ".join(attr.aliases),
            "values": _attribute_values_text(attr),
            "applies_to": ", ".join(
                (spec.card_type(t).label if spec.card_type(t) else t) for t in attr.applies_to) or "every type",
            "example": _attribute_example(attr, sample),
        })
    return rows


def syntax_help(request):
    games = []
    sample = None
    for spec in all_games():
        samples = attribute_samples(game_slug=spec.slug, names=[a.name for a in spec.attributes
                                                                 if a.kind in (TAGS, STR)])
        first_set = select_sets(game_slug=spec.slug).first()
        games.append({"spec": spec, "rows": _game_examples(spec, samples), "first_set": first_set,
                      "type_example": f"t:{spec.card_types[0].slug}" if spec.card_types else None,
                      "timing_example": f"timing:{spec.timings[0]}" if spec.timings else None,
                      "rarity_example": f"r>={quote_value(spec.rarities[1].name.lower())}"
                      if len(spec.rarities) > 1 else None})
        if sample is None:
            sample = card_search(query="", game_slug=spec.slug).cards.first()
    examples = _general_examples(sample, games)
    builtins: dict[str, list[str]] = {}
    for key, meaning in BUILTIN_KEYS.items():
        builtins.setdefault(meaning, []).append(key)
    return render(request, "cardpool/syntax_help.html", {
        "games": games, "examples": examples, "builtin_keys": builtins,
        "order_fields": list(ORDER_FIELDS),
        "regex_limits": {"length": regex.MAX_PATTERN_LENGTH, "repeat": regex.MAX_REPEAT, "total": regex.MAX_TOTAL_REPEAT},
    })


def _general_examples(sample: Card | None, games: list[dict]) -> list[dict]:
    """Examples built from the registry and one real card, grouped by section."""
    if sample is None:
        return []
    spec = get_game(sample.game.slug)
    word = _first_word(sample.name, 4) or sample.name.split()[0].lower()
    types = [t.slug for t in spec.card_types]
    numeric = next((a for a in spec.attributes if a.kind == INT), None)
    text_word = _first_word(sample.text, 5) or "the"
    flavor_word = _first_word(sample.flavor, 5)
    other = types[1] if len(types) > 1 else types[0]
    num_term = (_attribute_example(numeric, None) if numeric else None)
    sections = [
        ("Names", [
            (word, "names containing the word"),
            (quote_value(sample.name), "a phrase in quotes"),
            (f"name={quote_value(sample.name)}", "exactly this name"),
            (f"!{quote_value(sample.name)}", "the same, shorter"),
        ]),
        ("Card fields", [
            (f"t:{types[0]}", ("card type (slug or label: type:\"soul pond\" works too), or a subtype "
                               "where the game has them (t:golem, a Boundless tribe)")),
            (f"o:{text_word}", "printed text contains"),
            (f"ft:{flavor_word}" if flavor_word else None, "flavor text contains"),
            (f"s:{sample.card_set.code}", "set code, or a word of the set's name"),
            (f"cn:{sample.number}", "collector number"),
            (next((g["rarity_example"] for g in games if g["spec"].slug == spec.slug), None),
             "rarity, compared in the game's rarity order"),
            (f"game:{spec.slug}", "game slug or name"),
            (next((g["timing_example"] for g in games if g["spec"].slug == spec.slug), None),
             "a timing used by one of the card's effects"),
        ]),
        ("Attributes", [
            (num_term, "any attribute of the game's schema, by name or alias"),
            (f"game:{spec.slug} {num_term}" if num_term else None, "combined with other terms (all must match)"),
        ]),
        ("Negation, or, parentheses", [
            (f"-t:{types[0]}", "a leading - negates a term"),
            (f"t:{types[0]} or t:{other}", "either term matches"),
            (f"({word} or t:{other}) game:{spec.slug}", "parentheses group terms"),
            (f"{word} and t:{types[0]}", "'and' is optional: terms side by side must all match"),
        ]),
        ("Regular expressions", [
            (f"/^{re.escape(sample.name[:3].lower())}/", "names matching a regular expression"),
            (r"o:/\d+/", "printed text matching a regular expression"),
        ]),
        ("Order", [
            ("order:name", "sort by name (the default)"),
            (f"game:{spec.slug} order:{numeric.name} direction:desc" if numeric else "order:set direction:desc",
             "sort by an attribute, largest first"),
            ("order:set order:number", "several orders: the first decides, the next breaks ties"),
        ]),
    ]
    return [{"title": title, "rows": [{"query": q, "what": what} for q, what in rows if q]}
            for title, rows in sections]
