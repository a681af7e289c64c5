"""The default language, a message in the default language, and the glossary's fixed terms."""

from __future__ import annotations

import json
import os
import re

import pytest

from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import (
    ENV_VAR,
    GLOSSARY,
    LANGUAGES,
    Term,
    default_language,
    language_of_locale,
    resolve_language,
    term,
)
from bacara_teach.text import LOCALE_DIR, tr

LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def no_language(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """An environment that names no language: the engine must fall back to English."""
    for name in (ENV_VAR, *LOCALE_VARS):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _whole_words(phrase: str) -> re.Pattern[str]:
    """The pattern the catalogue check uses for an avoided phrase: whole words, any case."""
    return re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", re.IGNORECASE)


# -- the default language ---------------------------------------------------------------------


def test_the_languages_are_english_then_those_of_languages_json() -> None:
    with open(os.path.join(LOCALE_DIR, "languages.json"), encoding="utf-8") as handle:
        listed = tuple(entry["code"] for entry in json.load(handle))
    assert listed == LANGUAGES and LANGUAGES[0] == "en" and "es" in LANGUAGES
    assert ENV_VAR == "BACARA_LANG"


@pytest.mark.parametrize(("value", "expected"), [
    ("es", "es"), ("es_ES.UTF-8", "es"), ("es-MX", "es"), ("ES_ar", "es"), ("es_ES@euro", "es"),
    ("en", "en"), ("en_GB.UTF-8", "en"),
    ("C", None), ("C.UTF-8", None), ("POSIX", None), ("xx_XX.UTF-8", None), ("", None),
])
def test_a_locale_names_a_language_only_when_it_is_one_of_ours(value: str,
                                                               expected: str | None) -> None:
    assert language_of_locale(value) == expected


def test_bacara_lang_wins_over_every_locale_variable() -> None:
    env = {ENV_VAR: "es", "LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "en_US", "LANG": "en_US"}
    assert default_language(env) == "es"
    assert default_language({**env, ENV_VAR: "en", "LC_ALL": "es_ES.UTF-8"}) == "en"


def test_bacara_lang_is_read_without_surrounding_blanks() -> None:
    assert default_language({ENV_VAR: "  es\n"}) == "es"


@pytest.mark.parametrize("value", ["pt", "ES", "es_ES", "spanish"])
def test_a_bacara_lang_that_is_no_language_is_refused(value: str) -> None:
    with pytest.raises(IllegalAction, match=ENV_VAR):
        default_language({ENV_VAR: value})


def test_an_empty_bacara_lang_leaves_the_choice_to_the_locale() -> None:
    assert default_language({ENV_VAR: " ", "LANG": "es_ES.UTF-8"}) == "es"


def test_the_first_locale_variable_set_decides_in_the_order_of_the_c_library() -> None:
    assert default_language({"LC_ALL": "es_ES", "LC_MESSAGES": "en_US", "LANG": "en_US"}) == "es"
    assert default_language({"LC_MESSAGES": "es_AR", "LANG": "en_US"}) == "es"
    assert default_language({"LC_MESSAGES": "en_US", "LANG": "es_AR"}) == "en"
    assert default_language({"LANG": "es_CL.UTF-8"}) == "es"


def test_a_locale_in_neither_language_means_english_even_if_a_later_one_is_spanish() -> None:
    assert default_language({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"
    assert default_language({"LANG": "de_DE.UTF-8"}) == "en"


def test_an_empty_locale_variable_is_skipped() -> None:
    assert default_language({"LC_ALL": "", "LANG": "es_ES.UTF-8"}) == "es"


def test_nothing_set_means_english() -> None:
    assert default_language({}) == "en"


def test_without_an_argument_the_process_environment_is_read(no_language: pytest.MonkeyPatch) -> None:
    assert default_language() == "en"
    no_language.setenv("LANG", "es_ES.UTF-8")
    assert default_language() == "es"
    no_language.setenv(ENV_VAR, "en")
    assert default_language() == "en"


# -- resolve_language ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_named_language_is_kept_whatever_the_environment(lang: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for default in LANGUAGES:
        monkeypatch.setenv(ENV_VAR, default)
        assert resolve_language(lang) == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_language_named_means_the_default_one(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, lang)
    assert resolve_language(None) == lang


@pytest.mark.parametrize("lang", ["xx", "EN", "es_ES", "", "spanish"])
def test_an_unknown_language_is_refused(lang: str) -> None:
    with pytest.raises(IllegalAction, match="unknown language"):
        resolve_language(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_without_a_language_follows_the_default(lang: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, lang)
    assert tr("Language") == tr("Language", lang)
    assert (tr("Language") == "Language") is (lang == "en")


def test_a_message_in_an_unknown_language_is_refused() -> None:
    with pytest.raises(IllegalAction, match="unknown language 'xx'"):
        tr("draw", "xx")


# -- the glossary -----------------------------------------------------------------------------


def test_glossary_keys_are_unique_lowercase_names() -> None:
    keys = [entry.key for entry in GLOSSARY]
    assert len(keys) == len(set(keys))
    assert all(re.fullmatch(r"[a-z]+(?:-[a-z]+)*", key) for key in keys), keys


def test_every_term_and_meaning_is_written_in_both_languages() -> None:
    for entry in GLOSSARY:
        for text in (entry.en, entry.text("es"), entry.note("en"), entry.note("es")):
            assert text.strip() == text and text, entry
        assert not entry.note("en").endswith(".") and not entry.note("es").endswith("."), entry


def test_each_english_term_has_one_entry() -> None:
    """Case tells two terms apart: Banco the hand and bet, banco the Chemin de Fer call."""
    english = [entry.en for entry in GLOSSARY]
    assert len(english) == len(set(english))


TRANSLATED = LANGUAGES[1:]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("entry", GLOSSARY, ids=lambda entry: entry.key)
def test_an_avoided_phrase_is_never_the_term_itself(entry: Term, lang: str) -> None:
    assert len(entry.avoid_in(lang)) == len(set(entry.avoid_in(lang))), entry.key
    for phrase in entry.avoid_in(lang):
        assert phrase.strip() == phrase and phrase, entry
        assert phrase.lower() == phrase, phrase
        assert not _whole_words(phrase).search(entry.text(lang)), (phrase, entry.text(lang))
        assert not _whole_words(entry.text(lang)).fullmatch(phrase), (phrase, entry.text(lang))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_avoided_phrase_is_any_terms_translation(lang: str) -> None:
    translated = {entry.text(lang).lower() for entry in GLOSSARY}
    for entry in GLOSSARY:
        for phrase in entry.avoid_in(lang):
            assert phrase not in translated, (entry.key, phrase)
            for other in GLOSSARY:
                assert not _whole_words(phrase).search(other.text(lang)), (entry.key, phrase, other.key)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossarys_own_meanings_use_none_of_the_avoided_phrases(lang: str) -> None:
    for entry in GLOSSARY:
        for phrase in entry.avoid_in(lang):
            for other in GLOSSARY:
                assert not _whole_words(phrase).search(other.note(lang)), (phrase, other.key)


@pytest.mark.parametrize("sentence", [
    "El apostador pide carta y el banquero se planta.",
    "El banquero activo reparte; el repartidor también puede predecir.",
    "Con 6 o 7 el apostador no roba: se planta y se queda con sus dos cartas.",
    "Las apuestas a Punto y a Banco se devuelven cuando hay empate.",
    "Seis barajas de 52 cartas se mezclan en el sabot.",
    "Un par de coups después, el crupier termina de golpe el reparto.",
    "La tercera carta se da boca arriba; la tabla de la tercera carta decide.",
    "El límite de la mesa es de 1 a 250 por apuesta.",
    "Una vez cubierta la banca, las apuestas cubiertas quedan en la mesa.",
])
def test_correct_spanish_prose_is_not_flagged(sentence: str) -> None:
    flagged = [phrase for entry in GLOSSARY for phrase in entry.avoid_in("es")
               if _whole_words(phrase).search(sentence)]
    assert flagged == [], (sentence, flagged)


@pytest.mark.parametrize(("sentence", "key"), [
    ("El zapato tiene seis barajas.", "shoe"),
    ("El apostador tira carta con 5.", "draw"),
    ("Con 7 el apostador se pone de pie.", "stand"),
    ("El borde de la casa es pequeño.", "house-edge"),
    ("Cada golpe empieza con cuatro cartas.", "coup"),
    ("Gana la apuesta a la corbata.", "empate"),
    ("La tercer carta de Punto es un 8.", "third-card"),
    ("Llama banco seguido.", "banco-suivi"),
    ("Los datos del tableau dicen quién roba.", "tableau"),
    ("El Bacará Banque enfrenta una banca a dos manos.", "baccarat-banque"),
])
def test_real_mistranslations_are_flagged(sentence: str, key: str) -> None:
    entry = next(entry for entry in GLOSSARY if entry.key == key)
    assert any(_whole_words(phrase).search(sentence) for phrase in entry.avoid_in("es")), (sentence, key)


@pytest.mark.parametrize(("key", "en", "es"), [
    ("punto", "Punto", "Punto"),
    ("banco", "Banco", "Banco"),
    ("empate", "Empate", "Empate"),
    ("coup", "coup", "coup"),
    ("shoe", "shoe", "sabot"),
    ("tableau", "tableau", "tabla de la tercera carta"),
    ("baccarat-banque", "Baccarat Banque", "Baccarat Banque"),
    ("natural", "natural", "natural"),
    ("commission", "commission", "comisión"),
    ("banker", "banker", "banquero"),
    ("bank", "bank", "banca"),
    ("active-bettor", "active bettor", "apostador activo"),
    ("bettor", "bettor", "apostador"),
    ("banco-call", "banco", "banco"),
    ("banco-suivi", "banco suivi", "banco suivi"),
    ("draw", "draw", "robar"),
    ("stand", "stand", "plantarse"),
    ("house-edge", "house edge", "ventaja de la casa"),
    ("croupier", "croupier", "crupier"),
    ("third-card", "third card", "tercera carta"),
    ("pair", "pair", "pareja"),
    ("stake", "stake", "apuesta"),
    ("hand", "hand", "mano"),
    ("deck", "deck", "baraja"),
    ("table-limit", "table limit", "límite de la mesa"),
    ("free-choice", "free choice", "elección libre"),
])
def test_the_terms_the_site_uses(key: str, en: str, es: str) -> None:
    assert term(key, "en") == en
    assert term(key, "es") == es


def test_term_follows_the_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "es")
    assert term("shoe") == "sabot"
    assert GLOSSARY[0].text() == GLOSSARY[0].text("es")
    monkeypatch.setenv(ENV_VAR, "en")
    assert term("shoe") == "shoe"
    assert next(entry for entry in GLOSSARY if entry.key == "shoe").text() == "shoe"


def test_an_unknown_term_is_refused_with_the_known_ones() -> None:
    with pytest.raises(IllegalAction, match=r"unknown term 'sabot'.*shoe"):
        term("sabot", "es")
    with pytest.raises(IllegalAction):
        term("shoe", "xx")


def test_the_engine_s_own_term_keys_exist() -> None:
    """The keys the engine's Spanish and English text reads (display, analysis, exercises)."""
    keys = {entry.key for entry in GLOSSARY}
    assert {"punto", "banco", "empate", "bettor", "banker", "draw", "stand", "commission"} <= keys


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_avoided_renderings_are_data_of_the_language(lang: str) -> None:
    """``locale/<lang>/avoid.json`` names terms of the glossary; English avoids nothing."""
    with open(f"{LOCALE_DIR}/{lang}/avoid.json", encoding="utf-8") as handle:
        avoided = json.load(handle)
    assert avoided and set(avoided) <= {entry.key for entry in GLOSSARY}
    by_key = {entry.key: entry for entry in GLOSSARY}
    for key, phrases in avoided.items():
        assert by_key[key].avoid_in(lang) == tuple(phrases)
    assert all(entry.avoid_in("en") == () for entry in GLOSSARY)


@pytest.mark.parametrize(("sentence", "key"), [
    ("Le sabot n'est pas une chaussure.", "shoe"),
    ("Le ponte peut piocher une carte avec 5.", "draw"),
    ("Avec 7, le ponte doit se tenir.", "stand"),
    ("Le bord de la maison est faible.", "house-edge"),
    ("Chaque manche commence par quatre cartes.", "coup"),
    ("La cravate paie 8 contre 1.", "empate"),
    ("Le parieur actif joue contre le banquier.", "active-bettor"),
    ("La mise est une poussée.", "push"),
])
def test_real_french_mistranslations_are_flagged(sentence: str, key: str) -> None:
    entry = next(entry for entry in GLOSSARY if entry.key == key)
    assert any(_whole_words(phrase).search(sentence) for phrase in entry.avoid_in("fr")), (sentence, key)


@pytest.mark.parametrize("sentence", [
    "Le ponte tire une carte et le banquier reste : servi.",
    "Six jeux de 52 cartes sont mélangés dans le sabot.",
    "En cas d'égalité, les mises sur Punto et Banco sont rendues.",
    "Le joueur qui tient la banque est le banquier ; il peut passer la main.",
    "La troisième carte est donnée face visible ; le tableau de tirage décide.",
])
def test_correct_french_prose_is_not_flagged(sentence: str) -> None:
    flagged = [phrase for entry in GLOSSARY for phrase in entry.avoid_in("fr")
               if _whole_words(phrase).search(sentence)]
    assert flagged == [], (sentence, flagged)


def test_chemin_de_fer_roles_are_people_in_spanish() -> None:
    """The roles are the apostador and the banquero; the bank (the chips) stays la banca."""
    assert [term(key, "es") for key in ("bettor", "active-bettor", "banker", "bank")] == [
        "apostador", "apostador activo", "banquero", "banca"]
    for entry in GLOSSARY:
        assert " del punto" not in entry.note("es") and "de la banca" not in entry.note("es").replace(
            "de la banca que", ""), entry.key
