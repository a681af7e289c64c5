"""The seeds' home Chemin de Fer rules, written out here for the tests to check the engine's
prepared coups against (several bettors)."""

from __future__ import annotations


def _points(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else 0 if rank in ("10", "J", "Q", "K") else int(rank)


def _total(cards: list[str]) -> int:
    return sum(_points(c) for c in cards) % 10


def cdf_calls(cards: list[str], chose: dict[str, str]) -> tuple[list[tuple[str, str]], int]:
    """The calls the rules make of ``cards`` dealt in order, with the free choices ``chose``
    (by step index), worked out here from the seeds' rules, and how many cards the coup uses:
    four face down; a natural on either side ends the coup; otherwise the bettor's rule (several
    bettors: 0-4 draw, 5 free, 6-7 stand), then the banker's table against the bettor's
    third card's value."""
    bettor, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    b2, k2 = _total(bettor), _total(banker)
    used = 4
    if b2 >= 8 or k2 >= 8:
        calls = [("natural", "yes")]
        final_b, final_k = b2, k2
    else:
        calls = [("natural", "no")]
        rule = "draw" if b2 <= 4 else "choice" if b2 == 5 else "stand"
        calls.append(("bettor", rule))
        bettor_draws = rule == "draw" or (rule == "choice" and chose["1"] == "draw")
        third = None
        if bettor_draws:
            bettor.append(cards[used])
            third = _points(cards[used])
            used += 1
        if third is None:
            banker_rule = "draw" if k2 <= 5 else "stand"
        else:
            row = {0: "DDDDDDDDDD", 1: "DDDDDDDDDD", 2: "DDDDDDDDDD", 3: "DDDDDDDDSC",
                   4: "SSDDDDDDSS", 5: "SSSSCDDDSS", 6: "SSSSSSDDSS", 7: "SSSSSSSSSS"}[k2][third]
            banker_rule = {"D": "draw", "S": "stand", "C": "choice"}[row]
        calls.append(("banker", banker_rule))
        if banker_rule == "draw" or (banker_rule == "choice" and chose["2"] == "draw"):
            banker.append(cards[used])
            used += 1
        final_b, final_k = _total(bettor), _total(banker)
    winner = "punto" if final_b > final_k else "banco" if final_k > final_b else "tie"
    calls += [("winner", winner), ("totals", f"{final_b} {final_k}")]
    return calls, used
