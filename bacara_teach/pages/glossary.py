"""The glossary page: the one translation the project keeps for each term of the game, read
from :data:`bacara_teach.i18n.GLOSSARY`, and the figures its definitions quote.

>>> html = translations_html("en")
>>> "<th scope='col'>English</th>" in html and "<th scope='row'>bettor</th>" in html
True
>>> commission_text("es") == "5\\u00a0%"
True
"""

from __future__ import annotations

from bacara_teach.i18n import GLOSSARY, resolve_language
from bacara_teach.money import format_amount, to_decimal
from bacara_teach.reference import html_table
from bacara_teach.text import SOURCE_LANGUAGE, language, language_codes, localize_number, tr

__all__ = ["commission_text", "translations_html"]


def commission_text(lang: str | None = None, profile: str = "online") -> str:
    """The commission a table takes on winning Banco bets, as a percentage in ``lang``."""
    from bacara_teach.tables import get_profile

    rate = get_profile(profile).commission_rate
    return localize_number(f"{format_amount(to_decimal(rate * 100))}%", resolve_language(lang))


def translations_html(lang: str | None = None) -> str:
    """The table of fixed translations: each term in every language, and what it means."""
    lang = resolve_language(lang)
    others = [code for code in language_codes() if code != SOURCE_LANGUAGE]
    head = [tr("English", lang), *(language(code).name for code in others), tr("Meaning", lang)]
    rows = [[term.text(SOURCE_LANGUAGE), *(term.text(code) for code in others),
             term.note(lang)] for term in GLOSSARY]
    return html_table(head, rows, css_class="bt-glossary",
                      caption=tr("One translation for each term, from bacara_teach.i18n.GLOSSARY",
                                 lang))
