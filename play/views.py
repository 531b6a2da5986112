"""Pages to play a game yourself against the engine: start one, play it, read it back.

Every page works without JavaScript (each legal action is a button in a form that posts its
text; after each move the page is loaded again: post, redirect, get). With it, the board is drawn,
a click on a card picks out the actions that name it, and a move is sent with ``fetch``: the
answer is JSON (``selectors.move_answer``) and the page redraws from it, the opponent's moves one
by one. The game lives in the database either way, so a reload or a server restart loses nothing.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from cardpool.templatetags.card_images import card_names, image_map
from decks import selectors as deck_selectors
from decks.forms import TaggedSelect
from play import selectors
from play.models import PlayedGame
from play.services import PLAY_AGENTS, PlayError, play_abandon, play_move, play_set_control, play_start, play_start_deckless
from rules.core.registry import all_games, deckless_modes, get_engine, get_game
from rules.core.replay import ReplayError, frames_by_turn, page_window, paged
from simulate.replays import frame_page_answer

GOLDFISH_CHOICE = "goldfish"
AGENT_LABELS = {"greedy": "Greedy (quick, plays the best-looking move)",
                "ismcts": "ISMCTS (searches; thinks about a second a move)",
                "rollout": "Rollout (plays ahead to your reply; slower)",
                "random": "Random (any legal move)"}


def _playable_games() -> list[str]:
    return [spec.slug for spec in all_games() if get_engine(spec.slug) is not None]


def _deck_choices(user) -> tuple[list[tuple[str, list[tuple[int, str]]]], dict[str, str]]:
    """Decks ``user`` may play, grouped by game: their own, then public ones of games with an engine;
    and each deck's game (``{str(pk): slug}``)."""
    groups, games = [], {}
    for slug in _playable_games():
        mine = list(deck_selectors.deck_list_mine(user=user).filter(game=slug))
        public = list(deck_selectors.deck_list_public(game=slug).exclude(owner=user)[:200])
        options = [(d.pk, f"{d.name} ({'yours' if d.owner_id == user.pk else 'by ' + d.owner.get_username()})")
                   for d in mine + public]
        games.update((str(d.pk), slug) for d in mine + public)
        if options:
            groups.append((next(s.name for s in all_games() if s.slug == slug), options))
    return groups, games


class NewGameForm(forms.Form):
    deck = forms.TypedChoiceField(coerce=int, label="Your deck")
    opponent = forms.ChoiceField(label="Opponent deck", initial=GOLDFISH_CHOICE,
                                 help_text="a deck of the same game, or no opponent (goldfish: a passive one)")
    agent = forms.ChoiceField(choices=[(name, AGENT_LABELS[name]) for name in PLAY_AGENTS], initial="greedy",
                              label="Opponent's agent")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        decks, self.deck_games = _deck_choices(user)
        # each deck names its game: the page offers only opponents of the chosen deck's game (play_new.js)
        self.fields["deck"].widget = TaggedSelect(attribute="game", tags=self.deck_games)
        self.fields["deck"].choices = decks
        self.fields["opponent"].widget = TaggedSelect(attribute="game", tags=self.deck_games)
        self.fields["opponent"].choices = [(GOLDFISH_CHOICE, "No opponent (goldfish)"),
                                           *[(game, [(str(pk), label) for pk, label in options])
                                             for game, options in decks]]

    def clean(self):
        data = super().clean()
        deck, opponent = data.get("deck"), data.get("opponent")
        if deck is not None and opponent and opponent != GOLDFISH_CHOICE:
            game = self.deck_games.get(str(deck))
            if self.deck_games.get(opponent) != game:
                name = next((s.name for s in all_games() if s.slug == game), game)
                self.add_error("opponent", f"Your deck is a {name} deck: choose an opponent deck of {name}, "
                                           "or no opponent.")
        return data


def _mode_engine(value: str):
    """The engine of a "slug:mode" choice (the game's ``EngineSpec.deckless_modes``)."""
    slug, mode = value.split(":", 1)
    return get_engine(slug).deckless_modes[mode]


def _deckless_choices() -> list[tuple[str, str]]:
    """Every game's deckless modes (``EngineSpec.deckless_modes``, asked of the registry) as
    ``("slug:mode", "Game: Mode (3-5 players)")``."""
    out = []
    for mode, slugs in deckless_modes().items():
        for slug in slugs:
            counts = get_engine(slug).deckless_modes[mode].seat_counts()
            seats = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
            out.append((f"{slug}:{mode}", (f"{get_game(slug).name}: {mode.replace('-', ' ').capitalize()} "
                                           f"({seats} players)")))
    return sorted(out, key=lambda choice: choice[1])


class DecklessGameForm(forms.Form):
    """A game that needs no saved decks (a game's deckless mode): the person takes seat 1, agents
    the others."""

    what = forms.ChoiceField(label="Game", help_text="every seat starts from what the game deals")
    players = forms.TypedChoiceField(coerce=int, label="Players", initial=3,
                                     help_text="you and the agents; the game says how many it seats")
    agent = forms.ChoiceField(choices=[(name, AGENT_LABELS[name]) for name in PLAY_AGENTS], initial="greedy",
                              label="The other seats' agent")

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("prefix", "deckless")
        super().__init__(*args, **kwargs)
        self.fields["what"].choices = _deckless_choices()
        counts = sorted({n for value, _ in self.fields["what"].choices
                         for n in _mode_engine(value).seat_counts()})
        self.fields["players"].choices = [(n, str(n)) for n in counts]


@login_required
def index(request):
    """Your games (to resume or read), and the forms to start one: with decks, or without (a
    game's deckless modes)."""
    initial = {}
    if request.GET.get("deck", "").isdigit():
        initial["deck"] = int(request.GET["deck"])
    deckless_post = request.method == "POST" and "deckless-what" in request.POST
    form = NewGameForm(None if deckless_post else request.POST or None, user=request.user, initial=initial)
    deckless = DecklessGameForm(request.POST if deckless_post else None)
    if deckless_post and deckless.is_valid():
        slug, mode = deckless.cleaned_data["what"].split(":", 1)
        try:
            game = play_start_deckless(owner=request.user, game=slug, mode=mode,
                                       players=deckless.cleaned_data["players"], agent=deckless.cleaned_data["agent"])
        except PlayError as exc:
            deckless.add_error("players" if exc.code == "bad_players" else None, exc.message)
        else:
            return redirect(game)
    elif request.method == "POST" and not deckless_post and form.is_valid():
        opponent = form.cleaned_data["opponent"]
        try:
            game = play_start(owner=request.user, deck_id=form.cleaned_data["deck"],
                              opponent_id=None if opponent == GOLDFISH_CHOICE else opponent,
                              agent=form.cleaned_data["agent"])
        except PlayError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(game)
    games = list(selectors.my_games(request.user)[:100])
    return render(request, "play/index.html", {"form": form, "games": games, "deckless": deckless,
                                               "has_decks": bool(form.fields["deck"].choices)},
                  status=400 if request.method == "POST" else 200)


def _my_game(request, pk: int) -> PlayedGame:
    return get_object_or_404(PlayedGame, pk=pk, owner=request.user)


@login_required
def game(request, pk: int):
    """The board as your seat sees it, your legal actions, and the story of the game so far."""
    played = _my_game(request, pk)
    try:
        page = selectors.game_page(played)
    except selectors.GameUnavailable as exc:
        return render(request, "play/unavailable.html", {"game": played, "reason": str(exc)}, status=409)
    return render(request, "play/game.html", {"game": played, **page,
                                              "seat_decks": played.deck_names,
                                              "seat": str(played.human_seat)})


def _wants_json(request) -> bool:
    """A request from the page's script (``fetch``), which redraws from JSON instead of a new page."""
    return "application/json" in request.headers.get("Accept", "") or request.headers.get("X-Requested-With") == "fetch"


def _last_own_move(played: PlayedGame) -> int:
    """How many moves came before the person's last chosen move (not one made for them)."""
    auto = set(played.auto_moves or ())
    for number in range(len(played.moves), 0, -1):
        if number not in auto and any(seat == played.human_seat for seat, _ in played.moves[number - 1]):
            return number - 1
    return 0


@login_required
@require_POST
def move(request, pk: int):
    """Your move (the text of an offered action); the agent answers before the page comes back.
    Asked for JSON: the new board, your legal actions and every move since yours (``move_answer``)."""
    wants_json = _wants_json(request)
    try:
        actions = request.POST.getlist("action")
        played = play_move(actor=request.user, game_id=pk, action=actions[0] if len(actions) == 1 else actions,
                           then=request.POST.get("then") or None)
    except PlayError as exc:
        if exc.code == "unknown_game":
            raise Http404(exc.message) from None
        if wants_json:  # a game another request moved on meanwhile is a conflict, not a bad move
            return JsonResponse({"error": exc.message, "code": exc.code},
                                status=409 if exc.code == "game_moved_on" else 400)
        messages.error(request, exc.message)
        return redirect("play:game", pk=pk)
    if wants_json:
        try:
            answer = selectors.move_answer(played, _last_own_move(played))
            answer["card_images"] = image_map(played.game, card_names([answer["view"], [s["view"] for s in answer["steps"]]]))
            return JsonResponse(answer)
        except selectors.GameUnavailable as exc:
            return JsonResponse({"error": str(exc), "code": "engine_changed"}, status=409)
    return redirect(played)


@login_required
def choices_after(request, pk: int):
    """Your legal actions after the actions of a pick of several you have collected so far
    (``?after=<action>`` each; nothing is played): JSON ``{"choices": [...]}``, for the play page."""
    played = _my_game(request, pk)
    after = request.GET.getlist("after")[:20]
    if played.status != PlayedGame.Status.ACTIVE:
        return JsonResponse({"error": "this game is over", "code": "game_over"}, status=400)
    try:
        return JsonResponse({"choices": selectors.choices_after(played, after)})
    except ValueError as exc:  # an action that cannot be read, or not legal then
        return JsonResponse({"error": str(exc), "code": "illegal_action"}, status=400)
    except selectors.GameUnavailable as exc:
        return JsonResponse({"error": str(exc), "code": "engine_changed"}, status=409)


@login_required
@require_POST
def control(request, pk: int):
    """When the server passes for you in this game: full control (never), or everywhere but your stops."""
    try:
        played = play_set_control(actor=request.user, game_id=pk, full_control=request.POST.get("full_control") == "on",
                                  stops=request.POST.getlist("stops"))
    except PlayError as exc:
        if exc.code == "unknown_game":
            raise Http404(exc.message) from None
        if _wants_json(request):
            return JsonResponse({"error": exc.message, "code": exc.code}, status=400)
        messages.error(request, exc.message)
        return redirect("play:game", pk=pk)
    if _wants_json(request):
        return JsonResponse({"control": played.control})
    messages.info(request, "Saved: " + ("you make every move yourself." if played.control["full_control"]
                                        else "forced moves and passes outside your stops are made for you."))
    return redirect(played)


@login_required
@require_POST
def abandon(request, pk: int):
    try:
        play_abandon(actor=request.user, game_id=pk)
    except PlayError as exc:
        raise Http404(exc.message) from None
    messages.info(request, "Game abandoned. Its replay stays here.")
    return redirect("play:game", pk=pk)


@login_required
def replay(request, pk: int):
    """The game in the replay viewer: while it goes on, only as your seat saw it (your view after
    each move, the other seats' moves without what you cannot see); once it is over, from your
    seat's view or everything."""
    played = _my_game(request, pk)
    over = selectors.reveals_all(played)
    seat = None if over and request.GET.get("seat") == "all" else played.human_seat
    try:
        frames = selectors.viewer_frames(played, seat, page_window(0))
    except (selectors.GameUnavailable, ReplayError) as exc:
        return render(request, "play/unavailable.html", {"game": played, "reason": str(exc)}, status=409)
    turns = frames_by_turn(frames)
    page = paged(frames, page_window(0, len(frames)))
    outline = page.pop("outline")
    seat_links = [{"label": "Your seat", "url": "?seat=mine", "current": seat is not None, "title": "what you saw"}]
    if over:
        seat_links.append({"label": "Everything", "url": "?seat=all", "current": seat is None,
                           "title": "every card, hidden ones too"})
    return render(request, "play/replay.html", {
        "game": played, "frames": outline, "frame_page": page, "turns": turns, "seat_links": seat_links,
        "over": over, "seat": "all" if seat is None else str(seat), "seat_decks": played.deck_names,
        "json_url": reverse("play:replay_json", args=[played.pk]),
        "frames_url": reverse("play:replay_frames", args=[played.pk]) + ("?seat=all" if seat is None else ""),
    })


@login_required
def replay_frames(request, pk: int):
    """A page of the replay viewer's frames (``?first=N``, ``?seat=all`` once the game is over), with
    their cards' pictures: the viewer asks for each as it steps on (a whole game is no 2 MB page)."""
    played = _my_game(request, pk)
    raw = request.GET.get("first", "0")
    if not raw.isdigit() or len(raw) > 7:
        return JsonResponse({"error": "first must be a frame number (0, 1, ...)"}, status=400)
    seat = None if selectors.reveals_all(played) and request.GET.get("seat") == "all" else played.human_seat
    window = page_window(int(raw))
    try:
        frames = selectors.viewer_frames(played, seat, window)
    except (selectors.GameUnavailable, ReplayError) as exc:
        return JsonResponse({"error": str(exc)}, status=409)
    return JsonResponse(frame_page_answer(played.game, paged(frames, window)))


@login_required
def replay_json(request, pk: int):
    """The whole replay once the game is over; until then your seat's replay so far (no seed, no
    event log, no other seat's cards)."""
    played = _my_game(request, pk)
    over = selectors.reveals_all(played)
    try:
        data = selectors.game_replay(played) if over else selectors.seat_replay(played)
    except selectors.GameUnavailable as exc:
        return JsonResponse({"error": str(exc)}, status=409)
    response = JsonResponse(data, json_dumps_params={"indent": 1})
    name = f"{played.game}-game-{played.pk}" + (".replay.json" if over else f"-seat-{played.human_seat}-so-far.json")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
