"""Coups per second from a seeded 8-deck shoe: outcome only, and with full step records.

Targets on a 2-core machine, CPython, one core: >= 300,000 coups/s outcome only,
>= 50,000 coups/s with steps.  Run: ``python tests/benchmarks/bench_coups.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bacara_teach.punto_banco import coup_outcome, play_coup
from bacara_teach.shoe import Shoe

TARGET_OUTCOME = 300_000
TARGET_STEPS = 50_000


def rate(deal_one: Callable[[Shoe], object], coups: int, repeats: int = 5) -> float:
    """Best-of-``repeats`` coups per second, dealing through seeded shoes."""
    best = 0.0
    for r in range(repeats):
        shoe = Shoe.standard(8, seed=r)
        done = 0
        start = time.perf_counter()
        while done < coups:
            if shoe.remaining < 6:
                shoe.shuffle()
            deal_one(shoe)
            done += 1
        best = max(best, coups / (time.perf_counter() - start))
    return best


def main() -> None:
    outcome = rate(coup_outcome, 300_000)
    steps = rate(play_coup, 50_000)
    print("bench_coups: Punto Banco coups per second, seeded 8-deck shoe dealt through")
    print(f"  outcome only : {outcome:12,.0f} coups/s  target {TARGET_OUTCOME:,}"
          f"  ratio {outcome / TARGET_OUTCOME:5.2f}")
    print(f"  with steps   : {steps:12,.0f} coups/s  target {TARGET_STEPS:,}"
          f"  ratio {steps / TARGET_STEPS:5.2f}")
    print(f"  records cost : {outcome / steps:5.1f}x the outcome-only path")


if __name__ == "__main__":
    main()
