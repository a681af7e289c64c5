"""Narration of coups in English and Spanish, read from the steps and the tableau data."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.cards import Card, Rank, Suit
from bacara_teach.errors import IllegalAction
from bacara_teach.narration import LANGUAGES, describe_banker_row, spans
from bacara_teach.punto_banco import Coup, play_coup
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import PUNTO_BANCO, Decision


def test_worked_example_1_in_both_languages() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    en = coup.narrate("en").splitlines()
    es = coup.narrate("es").splitlines()
    assert en[0] == "Punto is dealt 4♥. Banco is dealt 2♠. Punto is dealt 9♣. Banco is dealt A♦."
    assert es[0] == "Punto recibe 4♥. Banco recibe 2♠. Punto recibe 9♣. Banco recibe A♦."
    assert "stands against 8" in en[3] and "se planta ante 8" in es[3]
    assert en[-1] == "Banco wins, 3 to 1."
    assert es[-1] == "Gana Banco, 3 a 1."


def test_ties_and_naturals() -> None:
    tie = Coup.from_cards("8♠ 8♦ K♥ K♣")
    assert tie.narrate("en").splitlines()[-1] == "Empate: a tie at 8."
    assert tie.narrate("es").splitlines()[-1] == "Empate a 8."
    assert "Both hands are naturals" in tie.narrate("en")
    assert "Punto has a natural 9" in Coup.from_cards("9♠ 2♦ K♥ 3♣").narrate("en")


@pytest.mark.parametrize("total", range(8))
def test_row_descriptions_are_read_from_the_data(total: int) -> None:
    text = describe_banker_row(PUNTO_BANCO, total, "en")
    draws = [v for v in range(10) if PUNTO_BANCO.banker_decision(total, v) is Decision.DRAW]
    if len(draws) == 10:
        assert text == "always draws"
    elif not draws:
        assert text == "never draws"
    else:
        assert text.startswith(f"draws against {spans(draws, 'en')}")


@given(st.lists(st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit))),
                min_size=6, max_size=6), st.sampled_from(LANGUAGES))
def test_every_coup_can_be_narrated_and_names_every_card(deal: list[Card], lang: str) -> None:
    coup = play_coup(Shoe(deal))
    text = coup.narrate(lang)
    for card in coup.cards:
        assert str(card) in text
    assert len(text.splitlines()) == len(coup.steps) - 3  # the four deals share one line


def test_unknown_language_is_refused() -> None:
    with pytest.raises(IllegalAction, match="unknown language 'xx': expected one of en, es"):
        Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦").narrate("xx")


# -- every sentence is a message of the catalogues -----------------------------------------------

_ENGLISH_WORDS = re.compile(r"\b(is|has|draws|stands|wins|dealt|the|bettor|banker|and|on|"
                            r"against|free|nobody|tie|shows|looks|choice|stood)\b")


def _coups() -> list[tuple[str, str]]:
    """Narrations of real coups, Punto Banco and Chemin de Fer (every decision), in both
    languages: ``(english, spanish)``."""
    from bacara_teach.chemin_de_fer import always_draw, always_stand
    from bacara_teach.chemin_de_fer import play_coup as play_chemin

    out = []
    for seed in range(60):
        coup = play_coup(Shoe.standard(1, seed=seed))
        out.append((coup.narrate("en"), coup.narrate("es")))
        for bettors, bettor, banker in ((1, always_draw, always_draw), (2, always_stand, always_stand),
                                        (3, always_draw, always_stand)):
            chemin = play_chemin(Shoe.standard(1, seed=seed), bettors=bettors,
                                 bettor_policy=bettor, banker_policy=banker)
            out.append((chemin.narrate("en"), chemin.narrate("es")))
    return out


def test_spanish_narration_has_no_english_left_and_the_same_cards_and_numbers() -> None:
    coups = _coups()
    assert len(coups) > 150
    for english, spanish in coups:
        assert _ENGLISH_WORDS.search(spanish) is None, spanish
        assert re.findall(r"\d+", english) == re.findall(r"\d+", spanish) or sorted(
            re.findall(r"\d+", english)) == sorted(re.findall(r"\d+", spanish)), spanish
        assert spanish.count("\n") == english.count("\n")


def test_chemin_de_fer_roles_are_the_apostador_and_the_banquero() -> None:
    """People are the apostador and the banquero (never "el punto" or "la banca" for a
    person), and no sentence says "de el" or "a el"."""
    for english, spanish in _coups():
        if "bettor" not in english:
            continue
        assert "apostador" in spanish and "banquero" in spanish
        for wrong in ("el punto", "la banca", "del punto", " de el ", " a el ", "De el "):
            assert wrong not in spanish, (wrong, spanish)


def test_the_stepper_templates_are_the_narrations_own_sentences() -> None:
    from bacara_teach.narration import step_templates

    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    for lang in LANGUAGES:
        templates = step_templates(lang)
        assert templates["deal"].format(hand="Punto", card="4♥") == \
            coup.narrate(lang).split(". ")[0] + "."
        assert templates["result.win"].format(hand="Banco", winner_total=3, loser_total=1) == \
            coup.narrate(lang).splitlines()[-1]
    assert step_templates("es")["no-natural"] != step_templates("en")["no-natural"]
