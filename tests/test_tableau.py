"""The tableau data against the rules as RULES.md states them, cell by cell.

The functions ``rules_md_*`` below restate the written rules independently
(with ifs, as a reader of the seed documents would); every cell of the
engine's data must agree with them.
"""

from __future__ import annotations

import pytest

from bacara_teach.errors import IllegalAction
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PUNTO_BANCO,
    TABLEAUX,
    Decision,
    banco_draws,
    get_tableau,
    punto_draws,
)

D, S, F = Decision.DRAW, Decision.STAND, Decision.CHOICE
THIRDS: list[int | None] = [None, *range(10)]


def rules_md_punto(total: int) -> Decision:
    """System A: Punto draws on 0-5, stands on 6-7."""
    return D if total <= 5 else S


def rules_md_banco(total: int, third: int | None) -> Decision:
    """System A: if Punto stood, Banco draws on 0-5; otherwise the table by third-card value."""
    if third is None:
        return D if total <= 5 else S
    if total <= 2:
        return D
    if total == 3:
        return S if third == 8 else D
    if total == 4:
        return D if 2 <= third <= 7 else S
    if total == 5:
        return D if 4 <= third <= 7 else S
    if total == 6:
        return D if third in (6, 7) else S
    return S


def rules_md_cdf_banker(total: int, third: int | None) -> Decision:
    """System D banker: 0-2 draw; 3 draws v 0-7, stands v 8, free v 9; 4 draws v 2-7;
    5 draws v 5-7, free v 4; 6 draws v 6-7; 7 stands; after a stand 0-5 draw, 6-7 stand."""
    if third is None:
        return D if total <= 5 else S
    if total <= 2:
        return D
    if total == 3:
        return {8: S, 9: F}.get(third, D)
    if total == 4:
        return D if 2 <= third <= 7 else S
    if total == 5:
        if third == 4:
            return F
        return D if 5 <= third <= 7 else S
    if total == 6:
        return D if third in (6, 7) else S
    return S


def rules_md_cdf_bettor(total: int, *, single: bool) -> Decision:
    """System D bettor: single bettor must draw on 0, free on 1-7; several: 0-4 draw,
    5 free, 6-7 stand."""
    if single:
        return D if total == 0 else F
    if total <= 4:
        return D
    return F if total == 5 else S


@pytest.mark.parametrize("total", range(8))
def test_punto_rule_data_matches_rules_md(total: int) -> None:
    assert PUNTO_BANCO.player_decision(total) is rules_md_punto(total)
    assert punto_draws(total) is (rules_md_punto(total) is D)


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("third", THIRDS)
def test_banco_table_data_matches_rules_md_on_every_cell(total: int, third: int | None) -> None:
    assert PUNTO_BANCO.banker_decision(total, third) is rules_md_banco(total, third)
    assert banco_draws(total, third) is (rules_md_banco(total, third) is D)


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("third", THIRDS)
def test_chemin_de_fer_banker_table_matches_rules_md(total: int, third: int | None) -> None:
    for tableau in (CHEMIN_DE_FER, CHEMIN_DE_FER_SINGLE_BETTOR):
        assert tableau.banker_decision(total, third) is rules_md_cdf_banker(total, third)


@pytest.mark.parametrize("total", range(8))
def test_chemin_de_fer_bettor_rule_matches_rules_md(total: int) -> None:
    assert CHEMIN_DE_FER.player_decision(total) is rules_md_cdf_bettor(total, single=False)
    assert CHEMIN_DE_FER_SINGLE_BETTOR.player_decision(total) is rules_md_cdf_bettor(
        total, single=True
    )


def test_the_only_banker_free_cells_are_3_against_9_and_5_against_4() -> None:
    free = {(c.total, c.third) for c in CHEMIN_DE_FER.free_cells() if c.hand == "banker"}
    assert free == {(3, 9), (5, 4)}
    assert PUNTO_BANCO.free_cells() == ()


def test_seed_001_restatement_of_banco_rules() -> None:
    # Seed 001: Banco 3 draws unless the third card is 8; 4 on 2-7; 5 on 4-7; 6 on 6-7;
    # Banco 3-5 draw when Punto did not draw; Banco 6 stands when Punto did not draw.
    assert PUNTO_BANCO.banker_draws_against(3) == (0, 1, 2, 3, 4, 5, 6, 7, 9)
    assert PUNTO_BANCO.banker_draws_against(4) == (2, 3, 4, 5, 6, 7)
    assert PUNTO_BANCO.banker_draws_against(5) == (4, 5, 6, 7)
    assert PUNTO_BANCO.banker_draws_against(6) == (6, 7)
    assert all(banco_draws(t, None) for t in (3, 4, 5))
    assert not banco_draws(6, None)


def test_cells_enumerates_every_cell_once() -> None:
    cells = list(PUNTO_BANCO.cells())
    assert len(cells) == 8 + 8 * 11
    assert len({(c.hand, c.total, c.third) for c in cells}) == len(cells)


@pytest.mark.parametrize("bad", [8, 9, -1, 10, "3", None, True])
def test_lookups_refuse_naturals_and_out_of_range_totals(bad: object) -> None:
    with pytest.raises(IllegalAction):
        PUNTO_BANCO.player_decision(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        PUNTO_BANCO.banker_decision(bad, 3)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [10, -1, "8", 2.0])
def test_banker_lookup_refuses_bad_third_card_values(bad: object) -> None:
    with pytest.raises(IllegalAction, match="0-9"):
        PUNTO_BANCO.banker_decision(3, bad)  # type: ignore[arg-type]


def test_registry_and_to_dict() -> None:
    assert get_tableau("punto-banco") is PUNTO_BANCO
    assert set(TABLEAUX) == {"punto-banco", "chemin-de-fer", "chemin-de-fer-single"}
    data = PUNTO_BANCO.to_dict()
    assert data["banker"][3][8] == "stand"  # type: ignore[index]
    assert data["banker"][3][7] == "draw"  # type: ignore[index]
    with pytest.raises(IllegalAction, match="expected one of punto-banco"):
        get_tableau("baccarat")


def test_every_title_the_project_gives_a_tableau_reads_in_spanish() -> None:
    from dataclasses import replace

    from bacara_teach.tableau import TABLEAUX

    for tableau in TABLEAUX.values():
        spanish = tableau.title_text("es")
        assert spanish != tableau.title and tableau.title_text("en") == tableau.title
        fixed = replace(tableau, title=f"{tableau.title}, choices fixed")
        assert fixed.title_text("es") == f"{spanish}, elecciones fijadas"
        assert fixed.title_text("en") == fixed.title
    other = replace(TABLEAUX["punto-banco"], title="A table of my own")
    assert other.title_text("es") == "A table of my own"  # a reader's own title is kept


def test_refusals_of_the_tableau_name_both_games_sides_in_spanish() -> None:
    from bacara_teach.refusals import refusal_text

    with pytest.raises(IllegalAction) as caught:
        PUNTO_BANCO.banker_cell(8, 3)
    assert str(caught.value) == ("no third-card rule for a banker total of 8: 8 and 9 are "
                                 "naturals and nobody draws")
    assert refusal_text(caught.value, "es") == (
        "no hay regla de tercera carta para un total de 8 de Banco (o del banquero): 8 y 9 son "
        "naturales y nadie roba")
