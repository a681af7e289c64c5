"""Coups per second from a seeded 8-deck shoe: outcome only, and with full step records.

Targets on a 2-core machine, CPython, one core: >= 300,000 coups/s outcome only,
>= 50,000 coups/s with steps.  Also measured, without a target: coups from a shoe reshuffled
every coup (the home session's and the online table's) with each shuffle version, against the
shoe dealt through.  Each figure is the median of repeated runs (the machine may be busy).
Run: ``python tests/benchmarks/bench_coups.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bacara_teach.punto_banco import coup_outcome, play_coup
from bacara_teach.shoe import COUP_SHUFFLE, FULL_SHUFFLE, Shoe

TARGET_OUTCOME = 300_000
TARGET_STEPS = 50_000


def rate(deal_one: Callable[[Shoe], object], coups: int, repeats: int = 5) -> float:
    """Median coups per second over ``repeats`` runs, dealing through seeded shoes."""
    rates = []
    for r in range(repeats):
        shoe = Shoe.standard(8, seed=r)
        done = 0
        start = time.perf_counter()
        while done < coups:
            if shoe.remaining < 6:
                shoe.shuffle()
            deal_one(shoe)
            done += 1
        rates.append(coups / (time.perf_counter() - start))
    return statistics.median(rates)


def reshuffled_rate(version: int, coups: int, repeats: int = 5) -> float:
    """Median outcome-only coups per second from an 8-deck shoe reshuffled before every coup."""
    rates = []
    for r in range(repeats):
        shoe = Shoe.standard(8, seed=r, reshuffle="every-coup", shuffle_version=version)
        start = time.perf_counter()
        for _ in range(coups):
            coup_outcome(shoe)
        rates.append(coups / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    outcome = rate(coup_outcome, 300_000)
    steps = rate(play_coup, 50_000)
    print("bench_coups: Punto Banco coups per second, seeded 8-deck shoe dealt through "
          "(medians of repeated runs)")
    print(f"  outcome only : {outcome:12,.0f} coups/s  target {TARGET_OUTCOME:,}"
          f"  ratio {outcome / TARGET_OUTCOME:5.2f}")
    print(f"  with steps   : {steps:12,.0f} coups/s  target {TARGET_STEPS:,}"
          f"  ratio {steps / TARGET_STEPS:5.2f}")
    print(f"  records cost : {outcome / steps:5.1f}x the outcome-only path")
    print("  reshuffled every coup, outcome only (no target):")
    for version, coups in ((FULL_SHUFFLE, 5_000), (COUP_SHUFFLE, 100_000)):
        every = reshuffled_rate(version, coups)
        print(f"    shuffle {version}  : {every:12,.0f} coups/s  ({outcome / every:5.1f}x slower than "
              f"the shoe dealt through)")


if __name__ == "__main__":
    main()
