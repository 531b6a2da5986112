"""Forms for the deck pages. Games and formats come from the registry and the Format table."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.urls import reverse_lazy
from django.utils.text import format_lazy

from decks.models import Deck, Format
from decks.selectors import format_find
from decks.services import MAX_SEED, format_is_dealt
from rules.core.registry import all_games

MAX_IMPORT_BYTES = 256 * 1024


def game_choices() -> list[tuple[str, str]]:
    return [(g.slug, g.name) for g in all_games()]


def format_choices(game: str | None = None) -> list[tuple[str, str]]:
    """("" = standard) plus every format, labelled with its game when ``game`` is not fixed."""
    names = {g.slug: g.name for g in all_games()}
    formats = Format.objects.all().order_by("game", "-builtin", "name")
    if game:
        formats = formats.filter(game=game)
    return [("", "Standard (default)")] + [
        (f"{f.game}:{f.slug}" if not game else f.slug,
         f"{names.get(f.game, f.game)} · {f.name}" if not game else f.name) for f in formats]


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, label="E-mail address (optional)",
                             help_text="Only to reset a forgotten password; never shown to anyone.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class _GameFormatMixin:
    """``game`` + ``format`` fields, the format checked against the chosen game."""

    def clean(self):
        data = super().clean()
        game, fmt = data.get("game"), data.get("format") or ""
        if game and fmt:
            slug = fmt.split(":", 1)[1] if ":" in fmt else fmt
            if ":" in fmt and fmt.split(":", 1)[0] != game:
                self.add_error("format", "That format belongs to another game.")
            elif not Format.objects.filter(game=game, slug=slug).exists():
                self.add_error("format", "Unknown format for this game.")
            data["format"] = slug
        return data


def dealt_format_choices() -> list[str]:
    """The ``game:slug`` values of every dealt format (limits ``"dealt": True``), for the page's JS."""
    return [f"{f.game}:{f.slug}" for f in Format.objects.all() if format_is_dealt(f)]


class DeckStartForm(_GameFormatMixin, forms.Form):
    """What every new deck needs: game, format, name and visibility."""

    game = forms.ChoiceField(choices=game_choices)
    format = forms.ChoiceField(choices=format_choices, required=False,
                               help_text="Every rulebook rule is in Standard; other formats change limits and bans.")
    name = forms.CharField(max_length=200)
    visibility = forms.ChoiceField(choices=Deck.VISIBILITY_CHOICES, initial=Deck.PRIVATE)


class NewDeckForm(DeckStartForm):
    """A new deck; in a dealt format (e.g. random play) also the pool to deal from and the seed.

    The pool and seed fields are always in the page (the JS hides them for formats that are not
    dealt) and are ignored unless the chosen format is dealt.
    """

    pool = forms.CharField(label="Pool (search query)", max_length=1000, required=False,
                           help_text=format_lazy('Dealt formats only: the cards to deal from, in the '
                                                 '<a href="{}">search language</a>; empty = every card of the game.',
                                                 reverse_lazy("cardpool:syntax_help")))
    seed = forms.IntegerField(label="Seed (blank = random)", min_value=0, max_value=MAX_SEED, required=False,
                              help_text="Dealt formats only: the same pool and seed deal the same deck.")

    def is_dealt(self) -> bool:
        """Whether the valid form's game and format name a dealt format."""
        data = self.cleaned_data
        if not data.get("format"):
            return False
        return format_is_dealt(format_find(game=data["game"], name=data["format"]))


class ImportDeckForm(DeckStartForm):
    name = forms.CharField(max_length=200, required=False,
                           help_text='Leave empty to use the "# Name:" line of the text.')
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}), required=False,
                           help_text="One card per line: '4 Card Name' or '4x Card Name'; a section header "
                                     "like 'Main:' before its cards; '#' starts a comment.")
    file = forms.FileField(required=False, help_text="Or upload a .txt deck list (UTF-8, at most 256 KB).")

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_IMPORT_BYTES:
                self.add_error("file", f"The file is {upload.size // 1024} KB; the limit is 256 KB.")
                return data
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", "The file is not UTF-8 text.")
                return data
        if not (data.get("text") or "").strip() and not self.errors.get("file"):
            self.add_error("text", "Paste a deck list or choose a file.")
        return data


class DeckMetaForm(forms.Form):
    """Rename, describe, change visibility or format (the owner's settings page)."""

    name = forms.CharField(max_length=200)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False)
    visibility = forms.ChoiceField(choices=Deck.VISIBILITY_CHOICES)
    format = forms.ChoiceField(choices=(), required=False)
    featured_card = forms.TypedChoiceField(choices=(), required=False, coerce=int, empty_value=None,
                                           label="Featured card",
                                           help_text="Shown for the deck on its page and in deck lists.")

    def __init__(self, *args, deck: Deck, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices(deck.game)
        cards = {row.card_id: row.card.name for row in deck.cards.select_related("card").order_by("card__name_lower")}
        if deck.featured_card_id and deck.featured_card_id not in cards:
            cards[deck.featured_card_id] = deck.featured_card.name
        self.fields["featured_card"].choices = [("", "None (the deck's first card)")] + list(cards.items())


class PublicSearchForm(forms.Form):
    q = forms.CharField(required=False, label="Deck name")
    game = forms.ChoiceField(choices=lambda: [("", "Any game")] + game_choices(), required=False)
    format = forms.CharField(required=False, label="Format slug")
    owner = forms.CharField(required=False, label="Owner")
    card = forms.CharField(required=False, label="Contains card")


class TaggedSelect(forms.Select):
    """A select whose options each carry ``data-<attribute>`` (``tags``: option value -> text), so
    the page's script can offer only the options that fit another choice (the chosen mode, the
    chosen deck's game). The form still checks the choice: the tags are a convenience."""

    def __init__(self, *args, attribute: str, tags: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.attribute = attribute
        self.tags = tags or {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex=subindex, attrs=attrs)
        tag = self.tags.get(str(value))
        if tag is not None:
            option["attrs"][f"data-{self.attribute}"] = tag
        return option
