"""The front page: one coup dealt by the engine, drawn as it lies on the table, with the
third-card decision that settles it told underneath, in the page's language.

>>> html = picture_html("en")
>>> html.count("<svg"), "Banco stands on 3." in html, "<figcaption" in html
(1, True, True)
>>> "Banco se planta con 3." in picture_html("es")
True
"""

from __future__ import annotations

from html import escape

from bacara_teach.i18n import resolve_language
from bacara_teach.pictures import dealt_coup_svg
from bacara_teach.punto_banco import Coup

__all__ = ["FRONT_COUP", "front_coup", "picture_html"]

FRONT_COUP = "4♥ 2♠ 9♣ A♦ 8♦"
"""The rule sources' first worked example: Punto draws an 8 and Banco, on 3, stands against
it, the one third card on which Banco's 3 does not draw."""


def front_coup() -> Coup:
    """The front page's coup, dealt by the engine from :data:`FRONT_COUP`."""
    return Coup.from_cards(FRONT_COUP)


class FrontPicture(str):
    """The front page's figure, as HTML a notebook shows as it is."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)


def picture_html(lang: str | None = None) -> FrontPicture:
    """The dealt coup as a picture, and under it the engine's account of its draws."""
    lang = resolve_language(lang)
    coup = front_coup()
    lines = coup.narrate(lang).splitlines()
    # The deal is in the picture and the result is its last line: the caption tells the rules.
    told = "".join(f"<p>{escape(line)}</p>" for line in lines[1:-1])
    return FrontPicture(
        f"<figure class='bt-figure bt-front-picture'>{dealt_coup_svg(coup, lang)}"
        f"<figcaption>{told}</figcaption></figure>")
