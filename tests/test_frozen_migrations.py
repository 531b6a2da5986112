"""Migrations are history: they import no live code of the rules engines (``rules/``), so an
engine changes freely without changing what an old migration did, and no module under ``rules/``
survives only because a migration reads it (issue 30, part 5)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_migration_imports_live_rules_code():
    migrations = sorted(ROOT.glob("*/migrations/*.py"))
    assert len(migrations) > 10
    offenders = {str(p.relative_to(ROOT)): sorted(m for m in _imported_modules(p) if m == "rules" or m.startswith("rules."))
                 for p in migrations}
    assert {path: mods for path, mods in offenders.items() if mods} == {}


def test_no_rules_module_is_left_for_the_migrations_alone():
    assert not (ROOT / "rules" / "boundless" / "legacy_effects.py").exists()
    from rules.millennium_blades import vocabulary

    assert not hasattr(vocabulary, "RENAMED")  # frozen in cardpool 0003, its one reader
