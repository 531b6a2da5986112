"""Golden playthroughs: seeded games of every engine and deckless mode, their full text logs
committed here (``<game>[-<mode>]-<n>.txt``). ``test_golden.py`` plays them again and fails when
a game changed without a new engine version; ``regenerate.py`` writes them."""
