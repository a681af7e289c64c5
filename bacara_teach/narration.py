"""Narration: a coup's recorded steps told in the reader's language.

The sentences are built only from the steps and the tableau data, so the
story of a coup can never disagree with the rules that dealt it.  Each sentence is one
message of the engine's catalogues (:mod:`bacara_teach.text`), written in English with
named parameters.

>>> from bacara_teach.punto_banco import Coup
>>> print(Coup.from_cards("4♥ 2♠ 9♣ A♦ 7♦ 5♣").narrate("es"))
Punto recibe 4♥. Banco recibe 2♠. Punto recibe 9♣. Banco recibe A♦.
No hay natural: Punto tiene 3 y Banco tiene 3. Se aplican las reglas de la tercera carta.
Punto tiene 3 y roba con 0–5: Punto roba 7♦ y queda en 0.
Banco tiene 3 y la tercera carta de Punto, 7♦, vale 7: con 3, Banco roba ante 0–7 y 9, se planta ante 8. Banco roba 5♣ y queda en 8.
Gana Banco, 8 a 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import resolve_language
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau
from bacara_teach.text import N_, Message, message, tr

__all__ = ["LANGUAGES", "describe_banker_row", "describe_player_rule", "hand_name", "narrate_step",
           "narrate_steps", "spans", "step_templates"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    LANGUAGES: tuple[str, ...]
    """The languages the narration speaks (:data:`bacara_teach.i18n.LANGUAGES`)."""


def __getattr__(name: str) -> object:
    if name == "LANGUAGES":
        from bacara_teach.text import language_codes

        return language_codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_HANDS: dict[str, str] = {
    "punto": N_("Punto"),
    "banco": N_("Banco"),
    "bettor": N_("the bettor"),
    "banker": N_("the banker"),
}
"""The hands of Punto Banco and the roles of Chemin de Fer, as a sentence names them."""

_TEMPLATES: dict[str, str] = {
    "deal": N_("{hand} is dealt {card}."),
    "natural.one": N_("{hand} has a natural {total}: nobody draws."),
    "natural.both": N_("Both hands are naturals (Punto {punto}, Banco {banco}): nobody draws."),
    "no-natural": N_("No natural: Punto has {punto}, Banco has {banco}. "
                     "The third-card rules apply."),
    "banker-table.draw": N_("{hand} draws {card} and now has {new}."),
    "banker-table.stand": N_("{hand} stands on {total}."),
    "result.win": N_("{hand} wins, {winner_total} to {loser_total}."),
    "result.tie": N_("Empate: a tie at {total}."),
}
"""The Punto Banco sentences a page's coup stepper fills in itself (:func:`step_templates`)."""


def step_templates(lang: str | None = None) -> dict[str, str]:
    """The Punto Banco step sentences in ``lang``, their ``{fields}`` still to fill.

    For a page script that tells a typed-in coup with the engine's own sentences.

    >>> step_templates("es")["result.win"]
    'Gana {hand}, {winner_total} a {loser_total}.'
    """
    lang = resolve_language(lang)
    return {key: tr(msgid, lang) for key, msgid in _TEMPLATES.items()}


def _say(lang: str, key: str, **fields: object) -> str:
    return tr(_TEMPLATES[key], lang, **fields)


def _name(lang: str, actor: str, *, start: bool = False) -> str:
    name = tr(_HANDS[actor], lang)
    return name[0].upper() + name[1:] if start else name


def hand_name(actor: str, lang: str | None = None, *, start: bool = False) -> str:
    """The name of a hand or role in ``lang``: ``punto``, ``banco``, ``bettor``, ``banker``.

    ``start=True`` gives it as it begins a sentence.

    >>> hand_name("banker", "es"), hand_name("bettor", "en", start=True)
    ('el banquero', 'The bettor')
    >>> hand_name("bettor", "es", start=True), hand_name("punto", "es")
    ('El apostador', 'Punto')
    """
    return _name(resolve_language(lang), actor, start=start)


def _join(parts: Sequence[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``lang``."""
    if len(parts) <= 1:
        return "".join(parts)
    return tr("{items} and {last}", lang, items=", ".join(parts[:-1]), last=parts[-1])


def spans(values: Iterable[int], lang: str | None = None) -> str:
    """Write a set of values as runs: ``0–7 and 9``.

    >>> spans([0, 1, 2, 3, 4, 5, 6, 7, 9], "en")
    '0–7 and 9'
    >>> spans([2, 3, 4, 5, 6, 7, 8], "es")
    '2–8'
    >>> spans([4, 6, 7], "es")
    '4 y 6–7'
    """
    lang = resolve_language(lang)
    ordered = sorted(set(values))
    runs: list[list[int]] = []
    for v in ordered:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    parts = [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs]
    return _join(parts, lang)


def describe_player_rule(tableau: Tableau, lang: str | None = None) -> dict[str, str]:
    """The player's rule as value runs per decision, e.g. ``{"draw": "0–5", "stand": "6–7"}``.

    >>> describe_player_rule(PUNTO_BANCO)
    {'draw': '0–5', 'stand': '6–7'}
    >>> from bacara_teach.tableau import CHEMIN_DE_FER_SINGLE_BETTOR
    >>> describe_player_rule(CHEMIN_DE_FER_SINGLE_BETTOR, "es")
    {'draw': '0', 'choice': '1–7'}
    """
    lang = resolve_language(lang)
    out: dict[str, str] = {}
    for decision in Decision:
        totals = [t for t, d in enumerate(tableau.player) if d is decision]
        if totals:
            out[decision.value] = spans(totals, lang)
    return out


_ROW: dict[Decision, str] = {
    Decision.DRAW: N_("draws against {values}"),
    Decision.CHOICE: N_("is free against {values}"),
    Decision.STAND: N_("stands against {values}"),
}


def describe_banker_row(tableau: Tableau, total: int, lang: str | None = None) -> str:
    """One row of the banker's table in words, read from the data.

    >>> describe_banker_row(PUNTO_BANCO, 3, "en")
    'draws against 0–7 and 9, stands against 8'
    >>> describe_banker_row(PUNTO_BANCO, 3, "es")
    'roba ante 0–7 y 9, se planta ante 8'
    >>> describe_banker_row(PUNTO_BANCO, 7, "es")
    'no roba nunca'
    """
    lang = resolve_language(lang)
    row = tableau.banker[total]
    if all(d is Decision.DRAW for d in row):
        return tr("always draws", lang)
    if all(d is Decision.STAND for d in row):
        return tr("never draws", lang)
    parts = []
    for decision in (Decision.DRAW, Decision.CHOICE, Decision.STAND):
        values = [v for v, d in enumerate(row) if d is decision]
        if values:
            parts.append(tr(_ROW[decision], lang, values=spans(values, lang)))
    return ", ".join(parts)


def _after_stand(tableau: Tableau, decision: Decision, lang: str) -> str:
    return spans([t for t, d in enumerate(tableau.banker_after_stand) if d is decision], lang)


def narrate_step(step: Step, lang: str | None = None, tableau: Tableau = PUNTO_BANCO) -> str:
    """One step as a sentence, in ``lang`` (``None``: the default language).

    >>> from bacara_teach.punto_banco import Coup
    >>> last = Coup.from_cards("9♠ 2♠ K♦ 3♣").steps[-1]
    >>> narrate_step(last, "en"), narrate_step(last, "es")
    ('Punto wins, 9 to 5.', 'Gana Punto, 9 a 5.')
    """
    lang = resolve_language(lang)
    if _is_chemin(step):
        return _narrate_chemin(step, lang, tableau)
    hand = _name(lang, step.actor, start=True) if step.actor in _HANDS else ""
    action = step.action
    if action == "deal":
        return _say(lang, "deal", hand=hand, card=step.card)
    if action == "natural":
        if step.actor == "table":
            return _say(lang, "natural.both", punto=step.fact("punto"), banco=step.fact("banco"))
        return _say(lang, "natural.one", hand=hand, total=step.fact(step.actor))
    if action == "no-natural":
        return _say(lang, "no-natural", punto=step.fact("punto"), banco=step.fact("banco"))
    if step.rule == Rule.PLAYER_RULE and step.cell is not None:
        rule = describe_player_rule(tableau, lang)
        if action == "draw":
            assert step.card is not None
            return tr("{hand} has {total} and draws on {draws}: {hand} draws {card} and now has "
                      "{new}.", lang, hand=hand, total=step.cell.total, draws=rule["draw"],
                      card=step.card, new=step.total)
        return tr("{hand} has {total} and stands on {stands}.", lang, hand=hand,
                  total=step.cell.total, stands=rule["stand"])
    player = _name(lang, "punto", start=True)
    if step.rule == Rule.BANKER_AFTER_STAND and step.cell is not None:
        if action == "draw":
            return tr("{player} stood, and {hand} draws on {draws} when {player} stands: {hand} "
                      "has {total}, draws {card} and now has {new}.", lang, hand=hand,
                      player=player, draws=_after_stand(tableau, Decision.DRAW, lang),
                      total=step.cell.total, card=step.card, new=step.total)
        return tr("{player} stood, and {hand} stands on {stands} when {player} stands: {hand} "
                  "stands on {total}.", lang, hand=hand, player=player,
                  stands=_after_stand(tableau, Decision.STAND, lang), total=step.cell.total)
    if step.rule == Rule.BANKER_TABLE and step.cell is not None:
        head = tr("{hand} has {total} and {player}'s third card, {card3}, counts {third}: on "
                  "{total} {hand} {row}.", lang, hand=hand, player=player,
                  total=step.cell.total, third=step.cell.third, card3=step.fact("third_card"),
                  row=describe_banker_row(tableau, step.cell.total, lang))
        if action == "draw":
            tail = _say(lang, "banker-table.draw", hand=hand, card=step.card, new=step.total)
        else:
            tail = _say(lang, "banker-table.stand", hand=hand, total=step.cell.total)
        return f"{head} {tail}"
    if action == "result":
        winner = step.fact("winner")
        winner_value = getattr(winner, "value", winner)
        totals = {k: v for k, v in step.facts if k != "winner"}
        if winner_value in totals:
            loser = next(k for k in totals if k != winner_value)
            return _say(lang, "result.win", hand=_name(lang, str(winner_value), start=True),
                        winner_total=totals[winner_value], loser_total=totals[loser])
        return _say(lang, "result.tie", total=next(iter(totals.values())))
    raise _no_narration(step)


def _no_narration(step: Step) -> IllegalAction:
    return IllegalAction(message("no narration for step {actor!r} {action!r} ({rule!r})",
                                 actor=step.actor, action=step.action, rule=step.rule))


def _is_chemin(step: Step) -> bool:
    """Chemin de Fer steps: acted by the bettor or the banker, or a table step about them."""
    return step.actor in ("bettor", "banker") or step.fact("bettor") is not None


# Chemin de Fer: hidden cards, announcements and free choices.  Each sentence names its roles
# itself ("the bettor's third card" is "la tercera carta del apostador"), so that no language
# has to build a possessive or a contraction out of a name.
_BY_ROLE: dict[str, dict[str, str]] = {
    "deal": {"bettor": N_("The bettor is dealt {card} face down."),
             "banker": N_("The banker is dealt {card} face down.")},
    "look": {"bettor": N_("The bettor looks at the two hidden cards: {total}."),
             "banker": N_("The banker looks at the two hidden cards: {total}.")},
    "third": {"bettor": N_("The bettor receives the third card face up: {card}. "
                           "The bettor's first two cards stay hidden."),
              "banker": N_("The banker receives the third card face up: {card}. "
                           "The banker's first two cards stay hidden.")},
    "win": {"bettor": N_("The bettor wins, {winner_total} to {loser_total}."),
            "banker": N_("The banker wins, {winner_total} to {loser_total}.")},
}

_BETTOR_RULE: dict[str, str] = {
    "draw": N_("draws on {values}"),
    "choice": N_("chooses freely on {values}"),
    "stand": N_("stands on {values}"),
}

_ANNOUNCE: dict[tuple[str, str], str] = {
    ("announce", "draw"): N_("The bettor has {total}. {bettors} the bettor {rule}: the bettor "
                             "must ask for a card."),
    ("announce", "stand"): N_("The bettor has {total}. {bettors} the bettor {rule}: the bettor "
                              "must stand."),
    ("choice", "draw"): N_("The bettor has {total}. {bettors} the bettor {rule}: a free choice, "
                           "and the bettor chooses to ask for a card."),
    ("choice", "stand"): N_("The bettor has {total}. {bettors} the bettor {rule}: a free choice, "
                            "and the bettor chooses to stand."),
}


def _bettors(count: object) -> Message:
    """``With a single bettor`` / ``With several bettors``, as a sentence opens with it."""
    if count == 1:
        return message("With a single bettor")
    return message("With several bettors")


def _bettor_rule(tableau: Tableau, lang: str) -> str:
    rule = describe_player_rule(tableau, lang)
    return _join([tr(_BETTOR_RULE[d], lang, values=rule[d])
                  for d in ("draw", "choice", "stand") if d in rule], lang)


def _narrate_chemin(step: Step, lang: str, tableau: Tableau) -> str:
    """One Chemin de Fer step as a sentence (see :mod:`bacara_teach.chemin_de_fer`)."""
    action, actor = step.action, step.actor
    if action in ("deal", "look") and actor in ("bettor", "banker"):
        return tr(_BY_ROLE[action][actor], lang, card=step.card, total=step.total)
    if action == "natural" and actor == "bettor":
        return tr("The bettor has a natural {total} and shows it at once: no third cards are "
                  "dealt.", lang, total=step.total)
    if action == "show" and actor == "banker":
        return tr("The banker shows {cards}: {total}.", lang, cards=step.fact("cards"),
                  total=step.total)
    if action == "announce" and step.cell is not None:
        decision = getattr(step.fact("decision"), "value", step.fact("decision"))
        kind = "choice" if step.rule == Rule.CHOICE else "announce"
        return tr(_ANNOUNCE[kind, str(decision)], lang, total=step.total,
                  bettors=_bettors(step.fact("bettors")), rule=_bettor_rule(tableau, lang))
    if action == "natural" and step.rule == Rule.BANKER_NATURAL:
        if step.fact("withheld"):
            return tr("The banker has a natural {total}, shows it and wins at once: the card the "
                      "bettor asked for is not given.", lang, total=step.total)
        return tr("The banker has a natural {total}, shows it and wins at once.", lang,
                  total=step.total)
    if action == "draw" and step.rule == Rule.THIRD_CARD_FACE_UP and actor in ("bettor", "banker"):
        return tr(_BY_ROLE["third"][actor], lang, card=step.card)
    if actor == "banker" and action in ("draw", "stand") and step.cell is not None:
        total = step.cell.total
        if step.cell.third is None:
            if action == "draw":
                return tr("The banker has {total}; the bettor stood, and the banker draws on "
                          "{draws} when the bettor stands: the banker draws {card} and now has "
                          "{new}.", lang, total=total,
                          draws=_after_stand(tableau, Decision.DRAW, lang), card=step.card,
                          new=step.total)
            return tr("The banker has {total}; the bettor stood, and the banker stands on "
                      "{stands} when the bettor stands: the banker stands on {total}.", lang,
                      total=total, stands=_after_stand(tableau, Decision.STAND, lang))
        head = tr("The banker has {total} and sees only the bettor's third card, {card3}, which "
                  "counts {third}: on {total} the banker {row}.", lang, total=total,
                  card3=step.fact("third_card"), third=step.cell.third,
                  row=describe_banker_row(tableau, total, lang))
        if step.rule == Rule.CHOICE:
            if action == "draw":
                tail = tr("A free choice: the banker chooses to draw, draws {card} and now has "
                          "{new}.", lang, card=step.card, new=step.total)
            else:
                tail = tr("A free choice: the banker chooses to stand on {total}.", lang,
                          total=total)
        elif action == "draw":
            tail = tr("The banker draws {card} and now has {new}.", lang, card=step.card,
                      new=step.total)
        else:
            tail = tr("The banker stands on {total}.", lang, total=total)
        return f"{head} {tail}"
    if action == "show":
        return tr("All cards are shown: the bettor has {bettor_cards} ({bettor}), the banker has "
                  "{banker_cards} ({banker}).", lang, bettor_cards=step.fact("bettor_cards"),
                  bettor=step.fact("bettor"), banker_cards=step.fact("banker_cards"),
                  banker=step.fact("banker"))
    if action == "result":
        winner = getattr(step.fact("winner"), "value", step.fact("winner"))
        if winner in ("bettor", "banker"):
            loser = "banker" if winner == "bettor" else "bettor"
            return tr(_BY_ROLE["win"][str(winner)], lang, winner_total=step.fact(winner),
                      loser_total=step.fact(loser))
        return tr("A push at {total}: the stakes are returned.", lang, total=step.fact("bettor"))
    raise _no_narration(step)


def narrate_steps(steps: Sequence[Step], lang: str | None = None,
                  tableau: Tableau = PUNTO_BANCO) -> str:
    """All steps, the deal on one line and each later step on its own line.

    >>> from bacara_teach.punto_banco import Coup
    >>> print(narrate_steps(Coup.from_cards("9♠ 2♠ K♦ 3♣").steps, "es"))
    Punto recibe 9♠. Banco recibe 2♠. Punto recibe K♦. Banco recibe 3♣.
    Punto tiene un natural de 9: nadie roba.
    Gana Punto, 9 a 5.
    """
    lang = resolve_language(lang)
    deal = [narrate_step(s, lang, tableau) for s in steps if s.action == "deal"]
    rest = [narrate_step(s, lang, tableau) for s in steps if s.action != "deal"]
    lines = [" ".join(deal)] if deal else []
    lines.extend(rest)
    return "\n".join(lines)
