"""Narration: a coup's recorded steps told in English or Spanish.

The sentences are built only from the steps and the tableau data, so the
story of a coup can never disagree with the rules that dealt it.

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
from bacara_teach.i18n import LANGUAGES, resolve_language
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau

__all__ = ["LANGUAGES", "describe_banker_row", "describe_player_rule", "hand_name", "narrate_step",
           "narrate_steps", "spans"]

HAND_NAMES: dict[str, dict[str, str]] = {
    "en": {"punto": "Punto", "banco": "Banco", "bettor": "the bettor", "banker": "the banker"},
    "es": {"punto": "Punto", "banco": "Banco", "bettor": "el punto", "banker": "la banca"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "deal": "{hand} is dealt {card}.",
        "natural.one": "{hand} has a natural {total}: nobody draws.",
        "natural.both": "Both hands are naturals (Punto {punto}, Banco {banco}): nobody draws.",
        "no-natural": "No natural: Punto has {punto}, Banco has {banco}. The third-card rules apply.",
        "player.draw": "{hand} has {total} and draws on {draws}: {hand} draws {card} and now has {new}.",
        "player.stand": "{hand} has {total} and stands on {stands}.",
        "banker-after-stand.draw": "{player} stood, and {hand} draws on {draws} when {player} stands: "
        "{hand} has {total}, draws {card} and now has {new}.",
        "banker-after-stand.stand": "{player} stood, and {hand} stands on {stands} when {player} "
        "stands: {hand} stands on {total}.",
        "banker-table": "{hand} has {total} and {player}'s third card, {card3}, counts {third}: "
        "on {total} {hand} {row}.",
        "banker-table.draw": "{hand} draws {card} and now has {new}.",
        "banker-table.stand": "{hand} stands on {total}.",
        "result.win": "{hand} wins, {winner_total} to {loser_total}.",
        "result.tie": "Empate: a tie at {total}.",
        "row.draws": "draws against {values}",
        "row.stands": "stands against {values}",
        "row.free": "is free against {values}",
        "row.always": "always draws",
        "row.never": "never draws",
        "and": "and",
    },
    "es": {
        "deal": "{hand} recibe {card}.",
        "natural.one": "{hand} tiene un natural de {total}: nadie roba.",
        "natural.both": "Las dos manos son naturales (Punto {punto}, Banco {banco}): nadie roba.",
        "no-natural": "No hay natural: Punto tiene {punto} y Banco tiene {banco}. "
        "Se aplican las reglas de la tercera carta.",
        "player.draw": "{hand} tiene {total} y roba con {draws}: {hand} roba {card} y queda en {new}.",
        "player.stand": "{hand} tiene {total} y se planta con {stands}.",
        "banker-after-stand.draw": "{player} se plantó, y {hand} roba con {draws} cuando {player} "
        "se planta: {hand} tiene {total}, roba {card} y queda en {new}.",
        "banker-after-stand.stand": "{player} se plantó, y {hand} se planta con {stands} cuando "
        "{player} se planta: {hand} se planta con {total}.",
        "banker-table": "{hand} tiene {total} y la tercera carta de {player}, {card3}, vale {third}: "
        "con {total}, {hand} {row}.",
        "banker-table.draw": "{hand} roba {card} y queda en {new}.",
        "banker-table.stand": "{hand} se planta con {total}.",
        "result.win": "Gana {hand}, {winner_total} a {loser_total}.",
        "result.tie": "Empate a {total}.",
        "row.draws": "roba ante {values}",
        "row.stands": "se planta ante {values}",
        "row.free": "elige libremente ante {values}",
        "row.always": "roba siempre",
        "row.never": "no roba nunca",
        "and": "y",
    },
}

_PLAYER_OF = {"banco": "punto", "banker": "bettor"}

# Chemin de Fer: hidden cards, announcements and free choices.  Field names:
# {Hand}/{hand} the acting hand, {player} the bettor seen from the banker's side,
# {player_s} "the bettor's" / "del punto", {With} the number of bettors.
MESSAGES["en"].update({
    "cdf.deal": "{Hand} is dealt {card} face down.",
    "cdf.look": "{Hand} looks at the two hidden cards: {total}.",
    "cdf.natural.bettor": "{Hand} has a natural {total} and shows it at once: "
    "no third cards are dealt.",
    "cdf.show": "{Hand} shows {cards}: {total}.",
    "cdf.rule.draw": "draws on {values}",
    "cdf.rule.choice": "chooses freely on {values}",
    "cdf.rule.stand": "stands on {values}",
    "cdf.bettors.one": "With a single bettor",
    "cdf.bettors.several": "With several bettors",
    "cdf.announce.draw": "{Hand} has {total}. {With} {hand} {rule}: {hand} must ask for a card.",
    "cdf.announce.stand": "{Hand} has {total}. {With} {hand} {rule}: {hand} must stand.",
    "cdf.choice.draw": "{Hand} has {total}. {With} {hand} {rule}: a free choice, "
    "and {hand} chooses to ask for a card.",
    "cdf.choice.stand": "{Hand} has {total}. {With} {hand} {rule}: a free choice, "
    "and {hand} chooses to stand.",
    "cdf.banker-natural": "{Hand} has a natural {total}, shows it and wins at once.",
    "cdf.banker-natural.withheld": "{Hand} has a natural {total}, shows it and wins at once: "
    "the card {player} asked for is not given.",
    "cdf.third": "{Hand} receives the third card face up: {card}. "
    "{Hand}'s first two cards stay hidden.",
    "cdf.after-stand.draw": "{Hand} has {total}; {player} stood, and {hand} draws on {draws} "
    "when {player} stands: {hand} draws {card} and now has {new}.",
    "cdf.after-stand.stand": "{Hand} has {total}; {player} stood, and {hand} stands on {stands} "
    "when {player} stands: {hand} stands on {total}.",
    "cdf.table": "{Hand} has {total} and sees only {player_s} third card, {card3}, which counts "
    "{third}: on {total} {hand} {row}.",
    "cdf.table.draw": "{Hand} draws {card} and now has {new}.",
    "cdf.table.stand": "{Hand} stands on {total}.",
    "cdf.free.draw": "A free choice: {hand} chooses to draw, draws {card} and now has {new}.",
    "cdf.free.stand": "A free choice: {hand} chooses to stand on {total}.",
    "cdf.showdown": "All cards are shown: {bettor_name} has {bettor_cards} ({bettor}), "
    "{banker_name} has {banker_cards} ({banker}).",
    "cdf.result.win": "{Winner} wins, {winner_total} to {loser_total}.",
    "cdf.result.push": "A push at {total}: the stakes are returned.",
    "cdf.of": "{name}'s",
})
MESSAGES["es"].update({
    "cdf.deal": "{Hand} recibe {card} boca abajo.",
    "cdf.look": "{Hand} mira sus dos cartas ocultas: {total}.",
    "cdf.natural.bettor": "{Hand} tiene un natural de {total} y lo muestra en el acto: "
    "no se dan terceras cartas.",
    "cdf.show": "{Hand} muestra {cards}: {total}.",
    "cdf.rule.draw": "roba con {values}",
    "cdf.rule.choice": "elige libremente con {values}",
    "cdf.rule.stand": "se planta con {values}",
    "cdf.bettors.one": "Con un solo apostador",
    "cdf.bettors.several": "Con varios apostadores",
    "cdf.announce.draw": "{Hand} tiene {total}. {With} {hand} {rule}: {hand} debe robar.",
    "cdf.announce.stand": "{Hand} tiene {total}. {With} {hand} {rule}: {hand} debe plantarse.",
    "cdf.choice.draw": "{Hand} tiene {total}. {With} {hand} {rule}: elección libre, "
    "y {hand} decide robar.",
    "cdf.choice.stand": "{Hand} tiene {total}. {With} {hand} {rule}: elección libre, "
    "y {hand} decide plantarse.",
    "cdf.banker-natural": "{Hand} tiene un natural de {total}, lo muestra y gana en el acto.",
    "cdf.banker-natural.withheld": "{Hand} tiene un natural de {total}, lo muestra y gana en "
    "el acto: no se da la carta que pidió {player}.",
    "cdf.third": "{Hand} recibe la tercera carta boca arriba: {card}. "
    "Sus dos primeras cartas siguen ocultas.",
    "cdf.after-stand.draw": "{Hand} tiene {total}; {player} se plantó, y {hand} roba con {draws} "
    "cuando {player} se planta: {hand} roba {card} y queda en {new}.",
    "cdf.after-stand.stand": "{Hand} tiene {total}; {player} se plantó, y {hand} se planta con "
    "{stands} cuando {player} se planta: {hand} se planta con {total}.",
    "cdf.table": "{Hand} tiene {total} y solo ve la tercera carta {player_s}, {card3}, que vale "
    "{third}: con {total}, {hand} {row}.",
    "cdf.table.draw": "{Hand} roba {card} y queda en {new}.",
    "cdf.table.stand": "{Hand} se planta con {total}.",
    "cdf.free.draw": "Elección libre: {hand} decide robar, roba {card} y queda en {new}.",
    "cdf.free.stand": "Elección libre: {hand} decide plantarse con {total}.",
    "cdf.showdown": "Se muestran todas las cartas: {bettor_name} tiene {bettor_cards} ({bettor}) "
    "y {banker_name} tiene {banker_cards} ({banker}).",
    "cdf.result.win": "Gana {winner}, {winner_total} a {loser_total}.",
    "cdf.result.push": "Empate a {total}: se devuelven las apuestas.",
    "cdf.of": "de {name}",
})


def _check_lang(lang: str | None) -> str:
    """``lang`` checked; ``None`` is the default language (see :mod:`bacara_teach.i18n`)."""
    return resolve_language(lang)


def _msg(lang: str, key: str, **fields: object) -> str:
    return MESSAGES[lang][key].format(**fields)


def _name(lang: str, actor: str, *, start: bool = False) -> str:
    name = HAND_NAMES[lang][actor]
    return name[0].upper() + name[1:] if start else name


def hand_name(actor: str, lang: str | None = None, *, start: bool = False) -> str:
    """The name of a hand or role in ``lang``: ``punto``, ``banco``, ``bettor``, ``banker``.

    ``start=True`` gives it as it begins a sentence.

    >>> hand_name("banker", "es"), hand_name("bettor", "en", start=True)
    ('la banca', 'The bettor')
    """
    return _name(_check_lang(lang), actor, start=start)


def spans(values: Iterable[int], lang: str | None = None) -> str:
    """Write a set of values as runs: ``0–7 and 9``.

    >>> spans([0, 1, 2, 3, 4, 5, 6, 7, 9], "en")
    '0–7 and 9'
    >>> spans([2, 3, 4, 5, 6, 7, 8], "es")
    '2–8'
    >>> spans([4, 6, 7], "es")
    '4 y 6–7'
    """
    lang = _check_lang(lang)
    ordered = sorted(set(values))
    runs: list[list[int]] = []
    for v in ordered:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    parts = [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {MESSAGES[lang]['and']} " + parts[-1]


def describe_player_rule(tableau: Tableau, lang: str | None = None) -> dict[str, str]:
    """The player's rule as value runs per decision, e.g. ``{"draw": "0–5", "stand": "6–7"}``.

    >>> describe_player_rule(PUNTO_BANCO)
    {'draw': '0–5', 'stand': '6–7'}
    >>> from bacara_teach.tableau import CHEMIN_DE_FER_SINGLE_BETTOR
    >>> describe_player_rule(CHEMIN_DE_FER_SINGLE_BETTOR, "es")
    {'draw': '0', 'choice': '1–7'}
    """
    lang = _check_lang(lang)
    out: dict[str, str] = {}
    for decision in Decision:
        totals = [t for t, d in enumerate(tableau.player) if d is decision]
        if totals:
            out[decision.value] = spans(totals, lang)
    return out


def describe_banker_row(tableau: Tableau, total: int, lang: str | None = None) -> str:
    """One row of the banker's table in words, read from the data.

    >>> describe_banker_row(PUNTO_BANCO, 3, "en")
    'draws against 0–7 and 9, stands against 8'
    >>> describe_banker_row(PUNTO_BANCO, 3, "es")
    'roba ante 0–7 y 9, se planta ante 8'
    >>> describe_banker_row(PUNTO_BANCO, 7, "es")
    'no roba nunca'
    """
    lang = _check_lang(lang)
    row = tableau.banker[total]
    if all(d is Decision.DRAW for d in row):
        return _msg(lang, "row.always")
    if all(d is Decision.STAND for d in row):
        return _msg(lang, "row.never")
    parts = []
    for decision, key in ((Decision.DRAW, "row.draws"), (Decision.CHOICE, "row.free"),
                          (Decision.STAND, "row.stands")):
        values = [v for v, d in enumerate(row) if d is decision]
        if values:
            parts.append(_msg(lang, key, values=spans(values, lang)))
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
    lang = _check_lang(lang)
    if _is_chemin(step):
        return _narrate_chemin(step, lang, tableau)
    hand = _name(lang, step.actor, start=True) if step.actor in HAND_NAMES[lang] else ""
    action = step.action
    if action == "deal":
        return _msg(lang, "deal", hand=hand, card=step.card)
    if action == "natural":
        if step.actor == "table":
            return _msg(lang, "natural.both", punto=step.fact("punto"), banco=step.fact("banco"))
        return _msg(lang, "natural.one", hand=hand, total=step.fact(step.actor))
    if action == "no-natural":
        return _msg(lang, "no-natural", punto=step.fact("punto"), banco=step.fact("banco"))
    if step.rule == Rule.PLAYER_RULE and step.cell is not None:
        rule = describe_player_rule(tableau, lang)
        if action == "draw":
            assert step.card is not None
            return _msg(lang, "player.draw", hand=hand, total=step.cell.total, draws=rule["draw"],
                        card=step.card, new=step.total)
        return _msg(lang, "player.stand", hand=hand, total=step.cell.total, stands=rule["stand"])
    if step.rule == Rule.BANKER_AFTER_STAND and step.cell is not None:
        player = _name(lang, _PLAYER_OF.get(step.actor, "punto"), start=True)
        if action == "draw":
            return _msg(lang, "banker-after-stand.draw", hand=hand, player=player,
                        draws=_after_stand(tableau, Decision.DRAW, lang), total=step.cell.total,
                        card=step.card, new=step.total)
        return _msg(lang, "banker-after-stand.stand", hand=hand, player=player,
                    stands=_after_stand(tableau, Decision.STAND, lang), total=step.cell.total)
    if step.rule == Rule.BANKER_TABLE and step.cell is not None:
        player = _name(lang, _PLAYER_OF.get(step.actor, "punto"))
        if lang == "en" or step.actor == "banco":
            player = _name(lang, _PLAYER_OF.get(step.actor, "punto"), start=step.actor == "banco")
        head = _msg(lang, "banker-table", hand=hand, player=player, total=step.cell.total,
                    third=step.cell.third, card3=step.fact("third_card"),
                    row=describe_banker_row(tableau, step.cell.total, lang))
        if action == "draw":
            tail = _msg(lang, "banker-table.draw", hand=hand, card=step.card, new=step.total)
        else:
            tail = _msg(lang, "banker-table.stand", hand=hand, total=step.cell.total)
        return f"{head} {tail}"
    if action == "result":
        winner = step.fact("winner")
        winner_value = getattr(winner, "value", winner)
        totals = {k: v for k, v in step.facts if k != "winner"}
        if winner_value in totals:
            loser = next(k for k in totals if k != winner_value)
            return _msg(lang, "result.win", hand=_name(lang, winner_value, start=True),
                        winner_total=totals[winner_value], loser_total=totals[loser])
        return _msg(lang, "result.tie", total=next(iter(totals.values())))
    raise IllegalAction(f"no narration for step {step.actor!r} {step.action!r} ({step.rule!r})")


def _is_chemin(step: Step) -> bool:
    """Chemin de Fer steps: acted by the bettor or the banker, or a table step about them."""
    return step.actor in ("bettor", "banker") or step.fact("bettor") is not None


def _possessive(lang: str, actor: str) -> str:
    text = _msg(lang, "cdf.of", name=_name(lang, actor))
    return text.replace("de el ", "del ")


def _bettor_rule(tableau: Tableau, lang: str) -> str:
    rule = describe_player_rule(tableau, lang)
    parts = [_msg(lang, f"cdf.rule.{d}", values=rule[d])
             for d in ("draw", "choice", "stand") if d in rule]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {MESSAGES[lang]['and']} " + parts[-1]


def _narrate_chemin(step: Step, lang: str, tableau: Tableau) -> str:
    """One Chemin de Fer step as a sentence (see :mod:`bacara_teach.chemin_de_fer`)."""
    action = step.action
    fields: dict[str, object] = {}
    if step.actor in ("bettor", "banker"):
        fields = {"Hand": _name(lang, step.actor, start=True), "hand": _name(lang, step.actor),
                  "player": _name(lang, "bettor"), "player_s": _possessive(lang, "bettor"),
                  "total": step.total, "card": step.card}
    if action == "deal":
        return _msg(lang, "cdf.deal", **fields)
    if action == "look":
        return _msg(lang, "cdf.look", **fields)
    if action == "natural" and step.actor == "bettor":
        return _msg(lang, "cdf.natural.bettor", **fields)
    if action == "show" and step.actor == "banker":
        return _msg(lang, "cdf.show", cards=step.fact("cards"), **fields)
    if action == "announce" and step.cell is not None:
        decision = getattr(step.fact("decision"), "value", step.fact("decision"))
        kind = "choice" if step.rule == Rule.CHOICE else "announce"
        several = "one" if step.fact("bettors") == 1 else "several"
        return _msg(lang, f"cdf.{kind}.{decision}", With=_msg(lang, f"cdf.bettors.{several}"),
                    rule=_bettor_rule(tableau, lang), **fields)
    if action == "natural" and step.rule == Rule.BANKER_NATURAL:
        key = "cdf.banker-natural.withheld" if step.fact("withheld") else "cdf.banker-natural"
        return _msg(lang, key, **fields)
    if action == "draw" and step.rule == Rule.THIRD_CARD_FACE_UP:
        return _msg(lang, "cdf.third", **fields)
    if step.actor == "banker" and action in ("draw", "stand") and step.cell is not None:
        fields["total"] = step.cell.total
        if step.cell.third is None:
            return _msg(lang, f"cdf.after-stand.{action}", new=step.total,
                        draws=_after_stand(tableau, Decision.DRAW, lang),
                        stands=_after_stand(tableau, Decision.STAND, lang), **fields)
        head = _msg(lang, "cdf.table", card3=step.fact("third_card"), third=step.cell.third,
                    row=describe_banker_row(tableau, step.cell.total, lang), **fields)
        kind = "free" if step.rule == Rule.CHOICE else "table"
        return f"{head} {_msg(lang, f'cdf.{kind}.{action}', new=step.total, **fields)}"
    if action == "show":
        return _msg(lang, "cdf.showdown", bettor_name=_name(lang, "bettor"),
                    banker_name=_name(lang, "banker"), bettor_cards=step.fact("bettor_cards"),
                    bettor=step.fact("bettor"), banker_cards=step.fact("banker_cards"),
                    banker=step.fact("banker"))
    if action == "result":
        winner = getattr(step.fact("winner"), "value", step.fact("winner"))
        if winner in ("bettor", "banker"):
            loser = "banker" if winner == "bettor" else "bettor"
            return _msg(lang, "cdf.result.win", Winner=_name(lang, winner, start=True),
                        winner=_name(lang, winner), winner_total=step.fact(winner),
                        loser_total=step.fact(loser))
        return _msg(lang, "cdf.result.push", total=step.fact("bettor"))
    raise IllegalAction(f"no narration for step {step.actor!r} {step.action!r} ({step.rule!r})")


def narrate_steps(steps: Sequence[Step], lang: str | None = None,
                  tableau: Tableau = PUNTO_BANCO) -> str:
    """All steps, the deal on one line and each later step on its own line.

    >>> from bacara_teach.punto_banco import Coup
    >>> print(narrate_steps(Coup.from_cards("9♠ 2♠ K♦ 3♣").steps, "es"))
    Punto recibe 9♠. Banco recibe 2♠. Punto recibe K♦. Banco recibe 3♣.
    Punto tiene un natural de 9: nadie roba.
    Gana Punto, 9 a 5.
    """
    lang = _check_lang(lang)
    deal = [narrate_step(s, lang, tableau) for s in steps if s.action == "deal"]
    rest = [narrate_step(s, lang, tableau) for s in steps if s.action != "deal"]
    lines = [" ".join(deal)] if deal else []
    lines.extend(rest)
    return "\n".join(lines)
