"""The management commands' progress bars (config/progress.py, production issue part 9): tqdm on
stderr, one look, drawn only on a terminal and never with --quiet or -v 0."""

import io

from django.core.management.base import BaseCommand, OutputWrapper

from config.progress import progress_bar, progress_callback, progress_enabled
from tests.terminal import TerminalOutput


def command_writing_to(stream) -> BaseCommand:
    command = BaseCommand()
    command.stderr = OutputWrapper(stream)
    return command


def test_bar_only_on_a_terminal_and_not_when_quiet():
    on_terminal = command_writing_to(TerminalOutput())
    assert progress_enabled(on_terminal, {"verbosity": 1})
    assert not progress_enabled(on_terminal, {"verbosity": 1, "quiet": True})
    assert not progress_enabled(on_terminal, {"verbosity": 0})
    assert not progress_enabled(command_writing_to(io.StringIO()), {"verbosity": 1})


def test_bar_draws_in_place_with_the_unit_and_ends_its_line():
    stream = TerminalOutput()
    with progress_bar(command_writing_to(stream), {}, total=40, desc="Rendering", unit="cards") as bar:
        for _ in range(40):
            bar.update()
    text = stream.getvalue()
    assert "\r" in text and text.endswith("\n")
    assert text.rstrip("\n").rsplit("\r", 1)[-1].startswith("Rendering 100%|")
    assert "40/40 cards" in text


def test_callback_follows_done_and_skips_small_totals():
    stream = TerminalOutput()
    report = progress_callback(command_writing_to(stream), {}, desc="Importing", unit="cards", least=10)
    for done in range(1, 21):
        report(done, 20)
    assert "20/20 cards" in stream.getvalue() and stream.getvalue().endswith("\n")
    small = TerminalOutput()
    report = progress_callback(command_writing_to(small), {}, desc="Importing", unit="cards", least=10)
    report(5, 5)
    assert small.getvalue() == ""


def test_silent_bar_writes_nothing():
    stream = io.StringIO()
    report = progress_callback(command_writing_to(stream), {}, desc="Playing", unit="games")
    for done in range(1, 4):
        report(done, 3)
    assert stream.getvalue() == ""
