"""How much of a game's card text its engine can play (docs/import-format.md, "Effects from text").

    python manage.py effects_report --game millennium_blades [--top 20] [--set CODE] [--json]

Every stored card with printed text is compiled again with the game's text compiler
(``GameSpec.text_compiler``) and checked by its card checker, as the import does: the report
gives compiled / total, then the phrases not understood, most frequent first, each with how many
cards it stops and an example card. It reads the compiler as it is now, so it shows what a
re-import would make of the pool; the cards stored as not playable are counted too.
A game without a text compiler has nothing to report (exit code 2).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError

from cardpool.models import Card
from cardpool.services import compile_card_text, unplayable_phrase
from config.progress import add_quiet_argument, progress_callback
from rules.core.registry import game_slugs, get_game


def effects_report(game_slug: str, *, set_code: str | None = None, top: int | None = 20,
                   progress: Callable[[int, int], None] | None = None) -> dict:
    """The coverage of ``game_slug``'s text compiler over its stored cards, as plain data.

    ``progress(done, total)`` is called as cards are compiled. Raises ``ValueError`` when the
    game has no text compiler.
    """
    spec = get_game(game_slug)
    if spec.text_compiler is None:
        raise ValueError(f"{spec.name} has no text compiler: its cards' effects are given as structured "
                         "data (docs/import-format.md), so there is no text coverage to report")
    cards = (Card.objects.filter(game__slug=game_slug).select_related("card_set")
             .order_by("card_set__release_order", "card_set__code", "number"))
    if set_code:
        cards = cards.filter(card_set__code__iexact=set_code)
    total = compiled = stored_not_playable = 0
    counts: Counter[str] = Counter()
    examples: dict[str, dict] = {}
    count = cards.count() if progress else 0
    for done, card in enumerate(cards.iterator(), start=1):
        if progress:
            progress(done, count)
        stored_not_playable += not card.playable
        if not card.text.strip() or not spec.compiles_text_of(card.card_type):
            continue  # no text, or a component whose text no engine plays (GameSpec.compiled_card_types)
        total += 1
        result = compile_card_text(spec, card_type=card.card_type, attributes=card.attributes, text=card.text)
        if result.playable:
            compiled += 1
            continue
        phrase = unplayable_phrase(result.reason)
        counts[phrase] += 1
        examples.setdefault(phrase, {"name": card.name, "set": card.card_set.code, "number": card.number,
                                     "reason": result.reason, "url": card.get_absolute_url()})
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {
        "game": spec.slug,
        "game_name": spec.name,
        "set": set_code,
        "total": total,
        "compiled": compiled,
        "not_compiled": total - compiled,
        "coverage": round(compiled / total, 4) if total else None,
        "distinct_phrases": len(ranked),
        "phrases": [{"phrase": phrase, "count": count, "example": examples[phrase]}
                    for phrase, count in (ranked[:top] if top else ranked)],
        "stored_not_playable": stored_not_playable,
    }


class Command(BaseCommand):
    help = "Coverage of a game's card-text compiler: compiled / total, and the phrases not understood."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=game_slugs())
        parser.add_argument("--set", dest="set_code", help="only the cards of this set (its code)")
        parser.add_argument("--top", type=int, default=20,
                            help="how many phrases not understood to list (default 20; 0 lists all)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        if options["top"] < 0:
            raise CommandError("--top must be 0 (all) or more", returncode=2)
        try:
            report = effects_report(options["game"], set_code=options["set_code"], top=options["top"],
                                    progress=progress_callback(self, options, desc="Compiling", unit="cards"))
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2, ensure_ascii=False))
            return
        scope = f" (set {options['set_code']})" if options["set_code"] else ""
        if not report["total"]:
            self.stdout.write(f"{report['game_name']}{scope}: no card with text")
            return
        self.stdout.write(f"{report['game_name']}{scope}: {report['compiled']}/{report['total']} card texts compile "
                          f"({report['coverage']:.1%}); {report['not_compiled']} not playable yet")
        if report["phrases"]:
            shown = len(report["phrases"])
            more = (f", the {shown} most frequent" if shown < report["distinct_phrases"] else "")
            self.stdout.write(f"\nPhrases not understood ({report['distinct_phrases']} distinct{more}):")
            width = max(len(str(p["count"])) for p in report["phrases"])
            for p in report["phrases"]:
                ex = p["example"]
                self.stdout.write(f"  {p['count']:>{width}}  {p['phrase']!r}  e.g. {ex['name']} ({ex['set']} #{ex['number']})")
        if report["stored_not_playable"]:
            self.stdout.write(f"\nStored as not playable: {report['stored_not_playable']} card(s) "
                              "(an import records it; import again to refresh)")
