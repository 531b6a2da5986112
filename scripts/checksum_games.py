"""A checksum of seeded random games (issue 30's speed work): every decision point's legal actions,
the move chosen, the event log and the outcome, hashed, so a change meant for speed alone can be
shown to play the same games. ``python scripts/checksum_games.py --game millennium_blades``.

Each seat count runs twice, log on (events hashed) and log off (the bench's way), from the sample
decks of ``scripts/bench_games.py``; the seat counts' digests and their combined one are printed.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.agents import make_agent  # noqa: E402
from rules.core.play import derive_seed  # noqa: E402
from rules.core.registry import get_engine  # noqa: E402
from scripts.bench_games import sample_decks  # noqa: E402


def game_digest(engine, decks, seed: int, log_events: bool, digest) -> int:
    """Play one random game into ``digest``; its step count."""
    state = engine.start(list(decks), seed)
    state.log_events = log_events
    agents = [make_agent("random", derive_seed(seed, "agent", seat), engine=engine) for seat in range(len(decks))]
    steps = 0
    while not state.is_over:
        move = {}
        for seat in state.current_players():
            digest.update(f"{seat}:{'|'.join(map(str, state.legal_actions(seat)))}\n".encode())
            move[seat] = agents[seat].choose(state, seat)
        digest.update(f"move {sorted((s, str(a)) for s, a in move.items())}\n".encode())
        state.apply_move(move)
        steps += 1
    for event in state.events:
        digest.update(f"{event!r}\n".encode())
    digest.update(f"outcome {state.outcome!r} counters {state.counters()!r}\n".encode())
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="millennium_blades")
    parser.add_argument("--games", type=int, default=30, help="games per seat count and log setting")
    parser.add_argument("--seats", type=int, nargs="*", help="seat counts (default: every one the engine plays)")
    args = parser.parse_args()
    engine, decks = get_engine(args.game), sample_decks(args.game)
    whole = hashlib.sha256()
    for seats in args.seats or engine.seat_counts():
        digest, steps = hashlib.sha256(), 0
        for log_events in (True, False):
            for number in range(args.games):
                table = [decks[(number + i) % len(decks)] for i in range(seats)]
                steps += game_digest(engine, table, derive_seed("checksum", seats, number), log_events, digest)
        print(f"{seats} seats: {args.games} games x2, {steps} steps, {digest.hexdigest()[:16]}")
        whole.update(digest.digest())
    print(f"all: {whole.hexdigest()}")


if __name__ == "__main__":
    main()
