"""One real headless Chromium page (Debian's chromium, driven by Playwright) on the live server.

Every browser test gets the card pools loaded, downloads allowed, and fails if the page threw
a JavaScript error.
"""

import io
import os
import shutil
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connections

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for the session's browser tests: a launch costs about two seconds, so
    each test gets a fresh context (cookies, storage) in it instead of a browser of its own.

    Playwright's sync API keeps an event loop in this thread from here on, and Django refuses ORM
    calls in a thread with a running loop; the live server's calls happen in its own thread, and
    the tests' calls are synchronous, so the guard is silenced for the rest of the session."""
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: `make test` installs it")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--disable-component-update", "--no-first-run", "--disable-sync"],
    )
    yield browser
    browser.close()
    playwright.stop()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def page(chromium, live_server):
    call_command("load_cardpool", verbosity=0, stdout=io.StringIO())
    contexts_before = set(chromium.contexts)
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    for opened in set(chromium.contexts) - contexts_before:  # this one, and any a test opened (a phone's)
        opened.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


# -- simulation runs in a browser test -------------------------------------------------------------
class _SerializedThreads(ThreadPoolExecutor):
    """The local pool's executor for this test: worker threads on the live server's connection,
    each chunk played while holding DB_LOCK (one SQLite connection cannot serve two threads at once)."""

    def __init__(self, shared):
        def use_shared_connection():
            for alias, conn in shared.items():
                connections[alias] = conn

        super().__init__(max_workers=1, initializer=use_shared_connection)

    def submit(self, fn, /, *args, **kwargs):
        def locked():
            with DB_LOCK:
                return fn(*args, **kwargs)

        return super().submit(locked)


DB_LOCK = threading.RLock()
#: where the browser tests leave their screenshots (outside the working tree)
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", tempfile.gettempdir()))


@pytest.fixture
def toy_engine(monkeypatch):
    """The toy rules as the `boundless` engine for everything that asks the registry."""
    import importlib

    from tests.rules.core.toy import BOUNDLESS_TOY

    # the engine module's ENGINE, not ``registry.get_engine``: a module first imported during the
    # test (the URLconf's views, on a live server's first request) would keep a patched function
    # for the rest of the process, and play Boundless with the toy in later tests
    monkeypatch.setattr(importlib.import_module("rules.boundless.engine"), "ENGINE", BOUNDLESS_TOY)
    return BOUNDLESS_TOY


@pytest.fixture
def local_backend(local_backend_real_engines, toy_engine):
    """``local_backend_real_engines`` with the toy rules as the `boundless` engine."""
    return local_backend_real_engines


@pytest.fixture
def local_backend_real_engines(settings, live_server, monkeypatch):
    """SIMULATION_BACKEND=local with the real dispatcher (``LocalPool``), whose workers are threads
    on the live server's in-memory database connection; requests, chunks and replays prepared in
    the background take turns (DB_LOCK). (A replay thread on a connection of its own met SQLite's
    table locks on the shared in-memory database: a replay page answered 500 in a CI-like run.)"""
    from simulate import replays, runner

    settings.SIMULATION_BACKEND = "local"
    settings.SIMULATION_LOCAL_WORKERS = 1
    shared = dict(live_server.thread.connections_override)
    for conn in shared.values():
        conn.inc_thread_sharing()
    server = live_server.thread.httpd
    app = server.get_app()

    def serialized_app(environ, start_response):
        with DB_LOCK:
            return list(app(environ, start_response))

    server.set_app(serialized_app)
    monkeypatch.setattr(runner.LocalPool, "_executor", lambda pool: _SerializedThreads(shared))
    replay_thread = _SerializedThreads(shared)
    monkeypatch.setattr(replays, "_background", replay_thread)
    runner.reset_local_pool()
    yield settings
    runner.reset_local_pool()
    replay_thread.shutdown(wait=True)
    server.set_app(app)
    for conn in shared.values():
        conn.dec_thread_sharing()


# -- driving the simulation pages -----------------------------------------------------------------
def log_in_to_new_run(page, live_server, username: str, password: str, deck) -> None:
    """Log in and land on the start page of a run of ``deck``."""
    page.goto(f"{live_server.url}/accounts/login/?next=/simulations/new/%3Fdeck%3D{deck.pk}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/simulations/new/?deck={deck.pk}")


def start_run_and_wait(page, games: int, timeout: int = 180_000) -> None:
    """Submit the start form with ``games`` games and wait on the run page until it is done."""
    import re

    page.fill("input[name=games]", str(games))
    page.get_by_role("button", name="Start the run").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    page.wait_for_function("() => document.getElementById('progress').dataset.status === 'done'", timeout=timeout)


#: every frame of the replay on the page, whole: the first page from the ``replay-page`` script,
#: the rest fetched from the viewer's ``data-frames-url`` (a 202 "computing" is asked again)
_ALL_FRAMES_JS = """async () => {
  const outline = JSON.parse(document.getElementById('replay-frames').textContent);
  const first = JSON.parse(document.getElementById('replay-page').textContent || 'null');
  const frames = first ? first.frames.slice() : outline.slice();
  const url = document.getElementById('replay').getAttribute('data-frames-url');
  while (frames.length < outline.length) {
    const answer = await fetch(url + (url.includes('?') ? '&' : '?') + 'first=' + frames.length,
                               {credentials: 'same-origin', headers: {Accept: 'application/json'}});
    if (answer.status === 202) { await new Promise(done => setTimeout(done, 500)); continue; }
    if (answer.status !== 200) throw new Error('frames page: status ' + answer.status);
    const page = await answer.json();
    if (!page.frames.length) throw new Error('frames page ' + frames.length + ' is empty');
    frames.push(...page.frames);
  }
  return frames;
}"""


def replay_frames(page) -> list[dict]:
    """Every frame of the replay open in ``page``, each whole (view, moves, events), as the viewer
    pages them in (issue 27.6: the page embeds an outline and the first frames only)."""
    page.wait_for_selector("#replay-frames", state="attached", timeout=180_000)
    return page.evaluate(_ALL_FRAMES_JS)


def wait_replay_drawn(page, step: int | None = None) -> None:
    """Wait until the replay viewer is at ``step`` (1-based, as "Step N of M" says; any when left
    out) and has drawn it (a frame outside the first page is fetched first, and the board waits
    for it: ``data-loading``). The page itself prints "Step 1 of N" before the viewer runs; only
    the viewer adds the turn, so a position without " · turn " is not drawn yet."""
    page.wait_for_selector("#replay-frames", state="attached", timeout=180_000)  # a slow one is computed first
    page.wait_for_function("""n => {
        const position = document.getElementById('replay-position');
        return position !== null && position.textContent.includes(' · turn ')
               && (n === null || position.textContent.startsWith('Step ' + n + ' '))
               && !document.getElementById('replay').hasAttribute('data-loading');
    }""", arg=step)
