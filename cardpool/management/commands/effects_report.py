"""How much of a game's card text its engine can play (docs/import-format.md, "Effects from text").

    python manage.py effects_report --game millennium_blades [--top 20] [--set CODE] [--exclude-set CODE] [--json]

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
from collections.abc import Callable, Sequence
from fnmatch import fnmatchcase

from django.core.management.base import BaseCommand, CommandError

from cardpool.models import Card, CardSet
from cardpool.services import compile_card_text, unplayable_phrase
from config.progress import add_quiet_argument, progress_callback
from rules.core.registry import game_slugs, get_game


def chosen_set_codes(game_slug: str, include: Sequence[str], exclude: Sequence[str]) -> list[str]:
    """The codes of ``game_slug``'s sets that match a pattern of ``include`` (every set when it is
    empty) and none of ``exclude``; patterns are shell-style (``MB-*``) and ignore case. Raises
    ``ValueError`` naming a pattern that matches no set (a mistyped code would measure nothing)."""
    def matches(code: str, patterns: Sequence[str]) -> bool:
        return any(fnmatchcase(code.upper(), pattern.upper()) for pattern in patterns)
    codes = list(CardSet.objects.filter(game__slug=game_slug).values_list("code", flat=True))
    for option, patterns in (("--set", include), ("--exclude-set", exclude)):
        for pattern in patterns:
            if not any(matches(code, [pattern]) for code in codes):
                raise ValueError(f"{option} {pattern!r} matches no set of this game (its sets: {', '.join(sorted(codes))})")
    return [code for code in codes if (not include or matches(code, include)) and not matches(code, exclude)]


def effects_report(game_slug: str, *, set_code: str | Sequence[str] | None = None, exclude_sets: Sequence[str] = (),
                   top: int | None = 20, progress: Callable[[int, int], None] | None = None) -> dict:
    """The coverage of ``game_slug``'s text compiler over its stored cards, as plain data.

    ``set_code`` (a code or several, wildcards allowed) and ``exclude_sets`` choose the sets
    measured (``chosen_set_codes``). ``progress(done, total)`` is called as cards are compiled.
    Raises ``ValueError`` when the game has no text compiler.
    """
    spec = get_game(game_slug)
    if spec.text_compiler is None:
        raise ValueError(f"{spec.name} has no text compiler: its cards' effects are given as structured "
                         "data (docs/import-format.md), so there is no text coverage to report")
    cards = (Card.objects.filter(game__slug=game_slug).select_related("card_set")
             .order_by("card_set__release_order", "card_set__code", "number"))
    include = [set_code] if isinstance(set_code, str) else list(set_code or ())
    if include or exclude_sets:
        cards = cards.filter(card_set__code__in=chosen_set_codes(game_slug, include, exclude_sets))
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
        "set": include or None,
        "exclude_sets": list(exclude_sets),
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
        parser.add_argument("--set", dest="set_code", action="append", default=[],
                            help="only the cards of this set (its code; repeatable; * and ? match any characters)")
        parser.add_argument("--exclude-set", dest="exclude_sets", action="append", default=[],
                            help="leave out the cards of this set (repeatable; wildcards as --set), "
                                 "e.g. --exclude-set 'MB-*' to measure an imported list without the original sets")
        parser.add_argument("--top", type=int, default=20,
                            help="how many phrases not understood to list (default 20; 0 lists all)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        add_quiet_argument(parser)

    def handle(self, *args, **options):
        if options["top"] < 0:
            raise CommandError("--top must be 0 (all) or more", returncode=2)
        try:
            report = effects_report(options["game"], set_code=options["set_code"], exclude_sets=options["exclude_sets"],
                                    top=options["top"],
                                    progress=progress_callback(self, options, desc="Compiling", unit="cards"))
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2, ensure_ascii=False))
            return
        scope = ", ".join([*(f"set {code}" for code in options["set_code"]),
                           *(f"not set {code}" for code in options["exclude_sets"])])
        scope = f" ({scope})" if scope else ""
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
