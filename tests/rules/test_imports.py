"""Every module of ``rules/`` imports first, on its own, in a fresh process.

A process meets the rules modules in whatever order its first caller imports them: the card
database checks a Millennium Blades card (``cards.py``) before anything imported its engine. A
cycle between modules that works from one entry point fails from another ("cannot import name
... from partially initialized module"): ``load_cardpool`` failed so in a fresh process while
every test run in one process passed. Each game's package is imported module by module, each
time with the package's modules forgotten (``rules.core`` stays loaded: it imports no game)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.name for p in (ROOT / "rules").iterdir() if (p / "__init__.py").exists())

FIRST_IMPORTS = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
names = [sys.argv[1]] + [m.name for m in pkgutil.walk_packages(package.__path__, sys.argv[1] + ".")]
failed = []
for name in names:
    for loaded in [k for k in sys.modules if k == sys.argv[1] or k.startswith(sys.argv[1] + ".")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as exc:
        failed.append(f"{name}: {exc}")
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_imports_first_in_a_fresh_process(package):
    done = subprocess.run([sys.executable, "-c", FIRST_IMPORTS, f"rules.{package}"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"imported first, these fail:\n{done.stdout}{done.stderr[-2000:]}"
