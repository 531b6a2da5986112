"""Where the simulator's decks come from: a deck text file, or a saved deck's id.

Reads only (the decks app's selectors and the rules' parser); every problem becomes a
:class:`DeckSourceError` with a message saying what and where, so the command can refuse
the input without a traceback. Unreadable input and illegal decks are told apart because
the command exits with a different code for each.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rules.core.decks import DeckList, Violation, parse_deck_text, resolve_deck
from rules.core.registry import get_game

MAX_DECK_FILE_BYTES = 1_000_000


class DeckSourceError(ValueError):
    """The deck could not be read: missing file, bad text, unknown card or deck id."""


class IllegalDeck(ValueError):
    """The deck was read but breaks construction rules; ``violations`` lists them all."""

    def __init__(self, source: str, deck: DeckList, violations: list[Violation]):
        self.source, self.deck, self.violations = source, deck, violations
        lines = [f"deck {source} ({deck.name or 'unnamed'}) is not legal in format {deck.format!r}:"]
        lines += [f"  - {v.message} [{v.code}; {v.rule}]" for v in violations]
        super().__init__("\n".join(lines))


@dataclass
class LoadedDeck:
    source: str  # the argument as given (a path or an id)
    deck: DeckList

    @property
    def name(self) -> str:
        return self.deck.name


def load_deck(source: str, game: str) -> LoadedDeck:
    """Read ``source`` (a saved deck id, or a deck text file) as a ``game`` deck and check it is
    legal. Raises :class:`DeckSourceError` or :class:`IllegalDeck`."""
    if source.strip().isdigit():
        deck, violations = _saved_deck(int(source), game)
    else:
        deck, violations = _deck_file(Path(source), game)
    if violations:
        raise IllegalDeck(source, deck, violations)
    _refuse_not_playable(source, deck)
    return LoadedDeck(source, deck)


def _refuse_not_playable(source: str, deck: DeckList) -> None:
    """A deck holding cards the engine cannot run yet is refused, as the web's runs refuse it."""
    from cardpool.selectors import not_playable_message, not_playable_reasons

    reasons = not_playable_reasons(entry.card.id for entry in deck.entries())
    if reasons:
        raise DeckSourceError(f"deck {source} ({deck.name or 'unnamed'}) holds {not_playable_message(reasons, 20)}")


def _saved_deck(pk: int, game: str) -> tuple[DeckList, list[Violation]]:
    from decks.models import Deck
    from decks.selectors import deck_to_decklist, deck_validate

    deck = Deck.objects.filter(pk=pk).first()
    if deck is None:
        raise DeckSourceError(f"there is no saved deck with id {pk}")
    if deck.game != game:
        raise DeckSourceError(f"saved deck {pk} ({deck.name}) is a {deck.game} deck, not {game}")
    return deck_to_decklist(deck), list(deck_validate(deck))


def _deck_file(path: Path, game: str) -> tuple[DeckList, list[Violation]]:
    from decks.selectors import game_card_specs
    from rules.core.construction import validate_deck

    try:
        if path.stat().st_size > MAX_DECK_FILE_BYTES:
            raise DeckSourceError(f"deck file {path} is larger than {MAX_DECK_FILE_BYTES:,} bytes")
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DeckSourceError(f"deck file {path} does not exist (give a deck text file or a saved deck id)") from None
    except IsADirectoryError:
        raise DeckSourceError(f"deck file {path} is a directory") from None
    except UnicodeDecodeError as exc:
        raise DeckSourceError(f"deck file {path} is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise DeckSourceError(f"cannot read deck file {path}: {exc.strerror}") from None
    parsed = parse_deck_text(text, get_game(game))
    pool = game_card_specs(game)
    if not pool:
        raise DeckSourceError(f"the {game} card pool is empty; load it with `manage.py load_cardpool`")
    deck, errors = resolve_deck(parsed, pool, game=game)
    if errors:
        raise DeckSourceError(f"cannot read deck file {path}:\n"
                              + "\n".join(f"  {path}: {error}" for error in errors))
    if not deck.name:
        deck.name = path.stem
    return deck, list(validate_deck(deck))
