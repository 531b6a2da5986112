"""Deck pages: my decks, public decks, deck detail, versions and diffs, new / import / settings /
delete / copy, text export, proxy PDF, and sign-up.

Thin views: reads through ``decks.selectors``, writes through ``decks.services``, and every
permission question through ``decks.permissions``. A deck the visitor may not see answers 404
(whether it exists is not revealed); a visible deck the visitor may not change answers 403.
"""

from __future__ import annotations

import time

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST

from cardpool.images import card_image_file
from cardpool.models import Card
from decks import permissions, proxies, selectors, services
from decks.forms import (
    DeckMetaForm,
    ImportDeckForm,
    NewDeckForm,
    PublicSearchForm,
    SignupForm,
    dealt_format_choices,
)
from decks.models import Deck
from rules.core import registry
from rules.core.decks import format_deck_text
from rules.core.registry import get_game


def _key(request) -> str | None:
    return request.GET.get("key") or request.POST.get("key") or None


def _visible_deck(request, pk: int) -> Deck:
    deck = selectors.deck_get_visible(pk=pk, user=request.user, token=_key(request))
    if deck is None:
        raise Http404("No such deck, or it is not shared with you.")
    return deck


def _editable_deck(request, pk: int) -> Deck:
    """The deck if the user owns it: 404 when they cannot even see it, 403 when they only can see it."""
    deck = _visible_deck(request, pk)
    if not permissions.can_edit(request.user, deck):
        raise PermissionDenied("Only the deck's owner can change it.")
    return deck


def _context(deck: Deck, **extra) -> dict:
    spec = get_game(deck.game)
    return {"deck": deck, "spec": spec, "accent": spec.accent, **extra}


# -- accounts -----------------------------------------------------------------------------------
def _signup_key(request) -> str:
    from config.client_ip import client_ip

    return f"signups:{client_ip(request)}"


def _signup_wait(request) -> int:
    """Minutes until this address may sign up again (0: now): ``settings.SIGNUPS_PER_HOUR``
    accounts an hour per address, counted in the cache every server process shares."""
    from django.conf import settings as conf

    from accounts.throttles import shared_cache

    started = shared_cache().get(_signup_key(request))
    if started is None or started[1] < conf.SIGNUPS_PER_HOUR:
        return 0
    return max(1, int((started[0] + 3600 - time.time()) // 60) + 1)


def _count_signup(request) -> None:
    from accounts.throttles import shared_cache

    cache = shared_cache()
    key = _signup_key(request)
    first, count = cache.get(key) or (time.time(), 0)
    cache.set(key, (first, count + 1), timeout=max(1, int(first + 3600 - time.time())))


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("decks:mine")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and (wait := _signup_wait(request)):
        return render(request, "registration/signup_paused.html", {"minutes": wait}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        _count_signup(request)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.get_username()}! Start a deck or import one.")
        return redirect("decks:mine")
    return render(request, "registration/signup.html", {"form": form})


# -- lists --------------------------------------------------------------------------------------
@login_required
def mine(request):
    decks = selectors.deck_list_mine(user=request.user)
    page = Paginator(decks, 50).get_page(request.GET.get("page"))
    return render(request, "decks/mine.html", {"page": page,
                                               "decks": selectors.decks_attach_featured(page.object_list)})


def public(request):
    form = PublicSearchForm(request.GET or None)
    data = form.cleaned_data if form.is_valid() else {}
    decks = selectors.deck_list_public(q=data.get("q", ""), game=data.get("game", ""),
                                       format_slug=data.get("format", ""), owner=data.get("owner", ""),
                                       card=data.get("card", ""))
    page = Paginator(decks, 30).get_page(request.GET.get("page"))
    params = request.GET.copy()
    params.pop("page", None)
    return render(request, "decks/public.html", {"form": form, "page": page,
                                                 "decks": selectors.decks_attach_featured(page.object_list),
                                                 "query_string": params.urlencode()})


# -- one deck -----------------------------------------------------------------------------------
def detail(request, pk: int):
    deck = _visible_deck(request, pk)
    # what the page derives from the deck (violations, charts, counts, the last versions) is kept
    # per version of the deck; the cards as drawn are kept beside it (the template's cache blocks)
    derived = selectors.deck_page_derived(deck)
    violations = derived["violations"]
    group = "type" if request.GET.get("group") == "type" else "section"
    deck_view = "visual" if request.GET.get("view") == "visual" else "table"

    def sections():  # read only when the cards' drawing is not in the cache
        rows = derived["rows"] if derived["rows"] is not None else selectors.deck_rows(deck)
        return selectors.deck_sections_for_display(deck, violations, rows)

    sections = SimpleLazyObject(sections)
    featured = derived["featured"]
    if derived["featured_elsewhere"]:  # a chosen card that is not in the deck: read with its game and set
        featured = Card.objects.select_related("game", "card_set").filter(pk=deck.featured_card_id).first()
    return render(request, "decks/detail.html", _context(
        deck, sections=sections, violations=violations, legal=not violations,
        not_playable=derived["not_playable"],
        total=derived["total"],
        versions=derived["versions"],
        can_edit=permissions.can_edit(request.user, deck),
        can_copy=permissions.can_copy(request.user, deck),
        key=_key(request) if deck.visibility == Deck.UNLISTED else None,
        share_url=request.build_absolute_uri(deck.share_url()),
        has_engine=registry.get_engine(deck.game) is not None,
        deck_view=deck_view, group=group,
        groups=SimpleLazyObject(lambda: selectors.deck_visual_groups(deck, sections, group)
                                if deck_view == "visual" else []),
        featured=featured,
        charts=derived["charts"], derived_key=derived["key"], derived_seconds=selectors.DERIVED_SECONDS,
        record=selectors.deck_simulation_record(deck, request.user),
    ))


def versions(request, pk: int):
    deck = _visible_deck(request, pk)
    rows = list(selectors.deck_versions(deck))
    return render(request, "decks/versions.html", _context(deck, versions=rows, key=_key(request)))


def diff(request, pk: int):
    deck = _visible_deck(request, pk)
    all_versions = list(selectors.deck_versions(deck))
    a = selectors.deck_version_get(deck, request.GET.get("a"))
    b = selectors.deck_version_get(deck, request.GET.get("b"))
    error = None
    result = None
    if a is None or b is None:
        if len(all_versions) >= 2 and not (request.GET.get("a") or request.GET.get("b")):
            b, a = all_versions[0], all_versions[1]
        else:
            error = "Choose two versions of this deck to compare."
    if a is not None and b is not None:
        result = selectors.deck_version_diff(a, b)
    spec = get_game(deck.game)
    labels = {s.slug: s.label for s in spec.sections}
    return render(request, "decks/diff.html", _context(deck, a=a, b=b, diff=result, error=error,
                                                      versions=all_versions, labels=labels, key=_key(request)))


def export_text(request, pk: int):
    """The deck as text (the import format); ``?download=1`` saves it as a file."""
    deck = _visible_deck(request, pk)
    text = format_deck_text(selectors.deck_to_decklist(deck), get_game(deck.game))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if request.GET.get("download"):
        filename = f"{deck.game}-{slugify(deck.name) or 'deck'}.txt"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def proxy_sheet(request, pk: int):
    """Print-and-play PDF: every copy at 63 x 88 mm, 3 x 3 per A4 (``?paper=letter`` for US Letter)."""
    deck = _visible_deck(request, pk)
    paper = request.GET.get("paper", "a4").lower()
    if paper not in proxies.PAPERS_MM:
        return HttpResponse(f"paper must be one of {', '.join(proxies.PAPERS_MM)}", status=400,
                            content_type="text/plain; charset=utf-8")
    cut_marks = request.GET.get("cut_marks", "1") not in ("0", "false", "no", "off")
    rows = [row for section in selectors.deck_sections_for_display(deck) for row in section["cards"]]
    copies = sum(row["qty"] for row in rows)
    if not copies:
        messages.error(request, "This deck has no cards to print yet.")
        return redirect(_detail_url(deck, _key(request)))
    if copies > proxies.MAX_PROXY_CARDS:
        return HttpResponse(f"A proxy sheet prints at most {proxies.MAX_PROXY_CARDS} cards; this deck has {copies:,}.",
                            status=400, content_type="text/plain; charset=utf-8")

    def paths():  # drawn only when the sheet is not kept yet
        return [card_image_file(row["card"], "full") for row in rows for _ in range(row["qty"])]

    key = proxies.sheet_key([f"{row['card'].pk}:{row['card'].updated.isoformat()}:{row['qty']}" for row in rows],
                            paper=paper, cut_marks=cut_marks)
    pdf = proxies.cached_proxy_pdf(key, paths, paper=paper, cut_marks=cut_marks)
    response = HttpResponse(pdf.read_bytes(), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(deck.name) or "deck"}-proxies-{paper}.pdf"'
    return response


def _detail_url(deck: Deck, key: str | None = None) -> str:
    url = reverse("decks:detail", args=[deck.pk])
    return f"{url}?key={key}" if key else url


# -- writes -------------------------------------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
def new(request):
    """Create a deck and open the builder; in a dealt format, deal it and open its page."""
    form = NewDeckForm(request.POST or None, initial={"game": request.GET.get("game", "")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        dealt = form.is_dealt()
        try:
            if dealt:
                deck = services.deck_deal(owner=request.user, game=data["game"], fmt=data["format"],
                                          pool_query=data["pool"], seed=data["seed"], name=data["name"],
                                          visibility=data["visibility"])
            else:
                deck = services.deck_create(owner=request.user, game=data["game"], name=data["name"],
                                            fmt=data["format"] or None, visibility=data["visibility"])
        except services.DeckPoolError as exc:
            form.add_error("pool", exc.messages)
        except services.DeckError as exc:
            form.add_error(None, exc.messages)
        else:
            if dealt:
                messages.success(request, f"Dealt {deck.cards.count()} cards into {deck.name}; the same pool "
                                          "and seed deal the same deck again.")
                return redirect(deck)
            return redirect("decks:builder", pk=deck.pk)
    return render(request, "decks/new.html", {"form": form, "dealt_formats": dealt_format_choices()})


@login_required
@require_http_methods(["GET", "POST"])
def import_deck(request):
    form = ImportDeckForm(request.POST or None, request.FILES or None,
                          initial={"game": request.GET.get("game", "")})
    line_errors = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            deck = services.deck_import_text(owner=request.user, game=data["game"], text=data["text"],
                                             name=data["name"], fmt=data["format"] or None,
                                             visibility=data["visibility"])
        except services.DeckTextErrors as exc:
            line_errors = exc.errors
        except services.DeckError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.success(request, f"Imported {deck.name}.")
            return redirect(deck)
    text_lines = []
    if line_errors:
        by_line = {}
        for error in line_errors:
            by_line.setdefault(error.line, []).append(error.message)
        raw = (form.cleaned_data.get("text") or "").splitlines()
        text_lines = [{"number": i, "text": line, "errors": by_line.get(i, [])} for i, line in enumerate(raw, 1)]
    status = 400 if line_errors or (request.method == "POST" and form.errors) else 200
    return render(request, "decks/import.html", {"form": form, "line_errors": line_errors,
                                                 "text_lines": text_lines}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def settings(request, pk: int):
    """Rename, describe, change visibility or format (owner only)."""
    deck = _editable_deck(request, pk)
    initial = {"name": deck.name, "description": deck.description, "visibility": deck.visibility,
               "format": deck.format.slug if deck.format_id else "", "featured_card": deck.featured_card_id or ""}
    form = DeckMetaForm(request.POST or None, deck=deck, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.deck_update(actor=request.user, deck=deck, name=data["name"], description=data["description"],
                                 visibility=data["visibility"], fmt=data["format"] or "standard")
            services.deck_set_featured(actor=request.user, deck=deck, card_id=data.get("featured_card"))
        except services.DeckError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.success(request, "Deck settings saved.")
            return redirect(deck)
    return render(request, "decks/settings.html", _context(deck, form=form))


@login_required
@require_http_methods(["GET", "POST"])
def edit_text(request, pk: int):
    """The deck as text to paste or edit in bulk (owner only), checked as it is typed and saved
    as a new version; a line that cannot be read is named and nothing is saved."""
    deck = _editable_deck(request, pk)
    text = request.POST.get("text") if request.method == "POST" else \
        format_deck_text(selectors.deck_to_decklist(deck), get_game(deck.game))
    errors = []
    if request.method == "POST":
        try:
            decklist = services.deck_parse_text(game=deck.game, text=text or "", fmt=deck.format_slug)
            sections = {section: [(e.card.id, e.qty) for e in entries] for section, entries in decklist.sections.items()}
            services.deck_set_cards(actor=request.user, deck=deck, sections=sections, note="edited as text")
        except services.DeckTextErrors as exc:
            errors = exc.errors
        except services.DeckError as exc:
            errors = [str(m) for m in exc.messages]
        else:
            messages.success(request, f"Saved as version {deck.current_version}.")
            return redirect(deck)
    return render(request, "decks/text_edit.html", _context(deck, text=text, errors=errors),
                  status=400 if errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def delete(request, pk: int):
    deck = _editable_deck(request, pk)
    if request.method == "POST":
        name = deck.name
        services.deck_delete(actor=request.user, deck=deck)
        messages.success(request, f"Deleted {name}.")
        return redirect("decks:mine")
    return render(request, "decks/delete.html", _context(deck))


@login_required
@require_POST
def feature(request, pk: int):
    """Choose the deck's featured card (owner only): ``card_id`` (empty: the default). Answers
    JSON to a script (``Accept: application/json``), else returns to the deck page."""
    deck = _editable_deck(request, pk)
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        services.deck_set_featured(actor=request.user, deck=deck, card_id=request.POST.get("card_id"))
    except services.DeckError as exc:
        if wants_json:
            return JsonResponse({"error": "bad_card", "message": "; ".join(exc.messages)}, status=400)
        messages.error(request, "; ".join(exc.messages))
        return redirect(deck)
    card = deck.featured_card
    if wants_json:
        return JsonResponse({"featured_card": card.pk if card else None, "name": card.name if card else None})
    messages.success(request, f"{card.name} is now the deck's featured card." if card else "The featured card is "
                     "the deck's first card again.")
    return redirect(deck)


@login_required
@require_POST
def add_card(request):
    """Add one copy of a card to one of the user's decks (the card page's "add to deck").

    The deck must be the user's (others' decks answer 404, as if they did not exist); a copy that
    would break a rule the deck did not break before is refused, saying why, and nothing changes.
    """
    card = Card.objects.select_related("game", "card_set").filter(pk=_int(request.POST.get("card_id"))).first()
    if card is None:
        raise Http404("No such card.")
    back = card.get_absolute_url()
    deck = Deck.objects.select_related("format").filter(pk=_int(request.POST.get("deck_id"))).first()
    if deck is None or not permissions.can_edit(request.user, deck):
        if deck is not None and permissions.can_view(request.user, deck):
            raise PermissionDenied("Only the deck's owner can add cards to it.")
        messages.error(request, "Choose one of your decks to add the card to.")
        return redirect(back)
    try:
        services.deck_add_card(actor=request.user, deck=deck, card=card,
                               section=request.POST.get("section") or None)
    except services.DeckError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect(back)
    messages.success(request, f"Added 1 {card.name} to {deck.name}: saved as version {deck.current_version}.")
    return redirect(f"{back}?added={deck.pk}")


def _int(value) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def copy(request, pk: int):
    deck = _visible_deck(request, pk)
    if not permissions.can_copy(request.user, deck):
        raise PermissionDenied("Only public decks (or your own) can be copied.")
    try:
        new_deck = services.deck_copy(actor=request.user, deck=deck)
    except services.DeckError as exc:
        messages.error(request, "; ".join(exc.messages))
        return redirect(_detail_url(deck, _key(request)))
    messages.success(request, f"Copied into your decks as {new_deck.name}.")
    return redirect(new_deck)
