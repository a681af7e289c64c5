"""The page drill's data and script against the engine.

:mod:`bacara_teach.practice.drill` exports every cell of a drill with its answer and feedback; the
site's script (``docs/_static/practice.js``) only reads that data.  These tests hold both to
the engine: the data cell by cell, and the script itself, run under Node.js, on every cell
of both games' tables and on every distinct sequence of card values a Punto Banco coup can
have (its coups from typed-in cards sum point values and look each draw up in the data).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bacara_teach import Coup
from bacara_teach.cards import Card, Rank, Suit, format_cards, parse_cards
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.narration import narrate_step
from bacara_teach.practice.drill import (
    DEALS_PER_CELL,
    DRILL_GAMES,
    DrillKey,
    check_deal,
    drill_data,
    drill_deals,
    drill_game,
    drill_html,
    drill_json,
    drill_worths,
    stepper_data,
)
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PUNTO_BANCO,
    Cell,
    Decision,
    Tableau,
)
from bacara_teach.text import format_number, language_codes, tr
from bacara_teach.trainer import Feedback

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")
LANGS = language_codes()

# A card of each point value, to deal a sequence of values as real cards.
_RANK_OF = {p: next(r for r in Rank if r.points == p) for p in range(10)}
_SUITS = tuple(Suit)


def _tableau(game: str, bettors: str | None) -> Tableau:
    if game == "punto-banco":
        return PUNTO_BANCO
    return CHEMIN_DE_FER_SINGLE_BETTOR if bettors == "one" else CHEMIN_DE_FER


def _engine_cell(game: str, cell: dict[str, object]) -> Decision:
    tableau = _tableau(game, cell["bettors"])  # type: ignore[arg-type]
    total = cell["total"]
    assert isinstance(total, int)
    if cell["actor"] == "punto":
        return tableau.player_decision(total)
    third = cell["third"]
    return tableau.banker_decision(total, None if third == "stood" else third)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(DRILL_GAMES))
def test_every_cell_of_the_game_is_exported_once_with_the_engine_answer(game: str, lang: str) -> None:
    data = drill_data(game, lang)
    cells = data["cells"]
    assert isinstance(cells, list)
    keys = [(c["actor"], c["bettors"], c["total"], c["third"]) for c in cells]
    assert len(keys) == len(set(keys))
    bettor_rules = [b for b, _ in DRILL_GAMES[game]]
    assert len(cells) == 8 * len(bettor_rules) + 8 * 11
    for bettors in bettor_rules:
        assert sorted(c["total"] for c in cells if c["actor"] == "punto" and c["bettors"] == bettors) \
            == list(range(8))
    banker = {(c["total"], c["third"]) for c in cells if c["actor"] == "banco"}
    assert banker == {(t, v) for t in range(8) for v in ("stood", *range(10))}
    texts = data["texts"]
    verdicts = data["verdicts"]
    assert isinstance(texts, list) and isinstance(verdicts, dict)
    deals = drill_deals(game)
    for cell in cells:
        expected = _engine_cell(game, cell)
        assert cell["answer"] == expected.value
        assert cell["hard"] == (cell["actor"] == "banco" and 3 <= cell["total"] <= 6
                                and cell["third"] != "stood")
        situations = deals[_drill_key(cell)]
        # the exported cards are the engine's deals, as the player deciding sees them
        assert cell["deals"] == [[format_cards(side) for side in s.seen()] for s in situations]
        for situation in situations:
            assert situation.cell == _cell_of(game, cell)
            wrong = next(d for d in Decision if d is not expected)
            assert f"{verdicts['right'][expected.value]} {texts[cell['why']]}" \
                == Feedback(situation, expected, True).message(lang)
            assert f"{verdicts['wrong'][expected.value]} {texts[cell['why']]}" \
                == Feedback(situation, wrong, False).message(lang)


def _drill_key(cell: dict[str, object]) -> DrillKey:
    third, total, bettors = cell["third"], cell["total"], cell["bettors"]
    assert isinstance(total, int) and (bettors is None or isinstance(bettors, str))
    assert third is None or isinstance(third, int | str)
    return (bettors, "player" if cell["actor"] == "punto" else "banker", total,
            None if third is None or isinstance(third, str) else third)


def _cell_of(game: str, cell: dict[str, object]) -> Cell:
    tableau = _tableau(game, cell["bettors"])  # type: ignore[arg-type]
    total = cell["total"]
    assert isinstance(total, int)
    if cell["actor"] == "punto":
        return tableau.player_cell(total)
    third = cell["third"]
    return tableau.banker_cell(total, None if third == "stood" else third)  # type: ignore[arg-type]


# Cards nobody sees in a Chemin de Fer question, to replay it: the banker's two (no natural), or
# the bettor's first two (a total he must draw on, or one he must stand on).
_BANKER_HIDDEN = "10♠ 10♣"
_BETTOR_DRAWS = "A♠ A♣"
_BETTOR_STANDS = "10♦ 6♣"


def _replayed_cell(game: str, cell: dict[str, object], player: str, banker: str) -> set[Cell]:
    """The cells a coup with the deal's cards reaches, replayed by the engine (Punto Banco's
    coup, Chemin de Fer's coup in play, every free choice tried)."""
    from bacara_teach.chemin_de_fer import SEVERAL, CoupInPlay
    from bacara_teach.punto_banco import deal_coup

    p, b = parse_cards(player), parse_cards(banker)
    filler = parse_cards("2♦ 3♦")
    reached: set[Cell] = set()
    if game == "punto-banco":
        order = [p[0], b[0], p[1], b[1], *p[2:]]
        for extra in range(3):
            try:
                coup = deal_coup([*order, *filler[:extra]])
            except (ShoeExhausted, IllegalAction):
                continue
            reached |= {step.cell for step in coup.steps if step.cell is not None}
        return reached
    bettors = 1 if cell["bettors"] == "one" else SEVERAL
    if cell["actor"] == "punto":
        order = [p[0], *parse_cards(_BANKER_HIDDEN)[:1], p[1], *parse_cards(_BANKER_HIDDEN)[1:],
                 *filler]
    else:
        hidden = parse_cards(_BETTOR_STANDS if cell["third"] == "stood" else _BETTOR_DRAWS)
        order = [hidden[0], b[0], hidden[1], b[1], *p, *filler[:1]]
    for bettor_choice in ("draw", "stand"):
        for banker_choice in ("draw", "stand"):
            play = CoupInPlay(order, bettors=bettors)
            while play.pending is not None:
                play.decide(bettor_choice if play.pending.role == "bettor" else banker_choice)
            reached |= {step.cell for step in play.result().steps if step.cell is not None}
    return reached


@pytest.mark.parametrize("game", sorted(DRILL_GAMES))
def test_every_cell_has_six_different_deals_each_replayed_by_the_engine(game: str) -> None:
    data = drill_data(game, "en")
    for cell in data["cells"]:  # type: ignore[attr-defined]
        deals = cell["deals"]
        assert len(deals) >= DEALS_PER_CELL >= 6
        assert len({tuple(deal) for deal in deals}) == len(deals), cell
        engine_cell = _cell_of(game, cell)
        for player, banker in deals:
            assert engine_cell in _replayed_cell(game, cell, player, banker), (cell, player, banker)
            # and the engine's own check of what a question shows
            check_deal(_tableau(game, cell["bettors"]), engine_cell, parse_cards(player),
                       parse_cards(banker))


def test_a_chemin_de_fer_question_shows_only_what_the_player_deciding_sees() -> None:
    data = drill_data("chemin-de-fer", "en")
    prompts = data["prompts"]
    assert isinstance(prompts, dict) and data["face_down"] is True
    for cell in data["cells"]:  # type: ignore[attr-defined]
        for player, banker in cell["deals"]:
            if cell["actor"] == "punto":  # the bettor sees his own two cards, not the banker's
                assert len(parse_cards(player)) == 2 and banker == ""
            elif cell["third"] == "stood":  # the banker sees nothing of a bettor who stood
                assert player == "" and len(parse_cards(banker)) == 2
            else:  # ... and only the face-up third card of one who drew
                assert [c.points for c in parse_cards(player)] == [cell["third"]]
    # and the question asks what the rule says, free choice included
    assert all(text.endswith("What does the rule say: draw, stand or free choice?")
               for text in prompts.values())
    pb = drill_data("punto-banco", "en")
    assert pb["face_down"] is False
    assert all(len(parse_cards(c["deals"][0][1])) == 2 for c in pb["cells"])  # type: ignore[attr-defined]


def test_a_bad_deal_is_refused_by_the_engine_check() -> None:
    with pytest.raises(IllegalAction, match="do not put a coup in the cell banker on 3 against 8"):
        check_deal(PUNTO_BANCO, PUNTO_BANCO.banker_cell(3, 8), parse_cards("4♥ 9♣ 7♦"),
                   parse_cards("2♠ A♦"))
    with pytest.raises(IllegalAction, match="player on 5"):  # the banker's cards are face down
        check_deal(CHEMIN_DE_FER, CHEMIN_DE_FER.player_cell(5), parse_cards("2♥ 3♣"),
                   parse_cards("A♠ 2♦"))
    with pytest.raises(IllegalAction, match="after a stand"):  # Punto drew on 3
        check_deal(PUNTO_BANCO, PUNTO_BANCO.banker_cell(3, None), parse_cards("A♥ 2♣"),
                   parse_cards("2♠ A♦"))


# -- what each cell's choices are worth ----------------------------------------------------------

def test_punto_banco_worths_are_the_third_card_chapter_figures() -> None:
    from bacara_teach.analysis.banco_cells import banco_draw_gains
    from bacara_teach.pages.third_card_rule import per_100_text

    gains = banco_draw_gains(8)
    worths = drill_worths("punto-banco")
    assert len(worths) == 96
    for (total, third), gain in gains.items():
        draw, stand = worths[(None, "banker", total, third)]
        assert draw - stand == gain  # exactly the chapter's figure
    for lang in LANGS:
        data = drill_data("punto-banco", lang)
        for cell in data["cells"]:  # type: ignore[attr-defined]
            draw, stand = worths[_drill_key(cell)]
            said = data["texts"][cell["worth"]]  # type: ignore[index]
            assert per_100_text(draw - stand, lang) in said
            if cell["actor"] == "banco" and (cell["total"], cell["third"]) == (3, 8) and lang in (
                    "en", "es"):  # the wording of these two, as written
                assert said == ("Drawing minus standing, in this cell: \u22120.22 per 100 staked on Banco."
                                if lang == "en" else
                                "Robar menos plantarse, en esta casilla: \u22120,22 por cada 100 "
                                "apostados a Banco.")
    # Punto's rule: drawing pays on 0-5, standing on 6-7, as the rule says
    assert [worths[(None, "player", t, None)][0] > worths[(None, "player", t, None)][1]
            for t in range(8)] == [True] * 6 + [False] * 2


def test_chemin_de_fer_free_cells_give_both_values_of_the_decisions_chapter() -> None:
    from bacara_teach.analysis.chemin_de_fer import (
        BankerPoint,
        BettorPoint,
        decision_game,
        shoe_model,
        solve_decision_game,
    )
    from bacara_teach.pages.third_card_rule import per_100_text

    worths = drill_worths("chemin-de-fer")
    model = shoe_model(6)
    checked = 0
    for bettors, tableau in DRILL_GAMES["chemin-de-fer"]:
        game = decision_game(tableau, model)
        solution = solve_decision_game(game)
        for value in game.cell_values(solution.bettor, solution.banker):
            point = value.point
            key: DrillKey
            if isinstance(point, BettorPoint):
                key = (bettors, "player", point.total, None)
            else:
                assert isinstance(point, BankerPoint)
                key = ("several", "banker", point.total, point.third)
            assert worths[key] == (value.draw, value.stand), key
            checked += 1
    assert checked == 7 + 1 + 2 + 2  # one bettor: 1-7; several: 5; the banker's two, in both games
    for lang in LANGS:
        data = drill_data("chemin-de-fer", lang)
        for cell in data["cells"]:  # type: ignore[attr-defined]
            draw, stand = worths[_drill_key(cell)]
            said = data["texts"][cell["worth"]]  # type: ignore[index]
            if cell["answer"] == "choice":
                assert per_100_text(draw, lang) in said and per_100_text(stand, lang) in said
            else:
                assert per_100_text(draw - stand, lang) in said


def test_answers_offered_follow_the_free_cells() -> None:
    assert drill_data("punto-banco", "en")["answers"] == ["draw", "stand"]
    assert drill_data("chemin-de-fer", "en")["answers"] == ["draw", "stand", "choice"]
    assert drill_game(CHEMIN_DE_FER) == drill_game(CHEMIN_DE_FER_SINGLE_BETTOR) == "chemin-de-fer"


def test_the_page_markup_holds_the_data_safely() -> None:
    html = drill_html("chemin-de-fer", "es")
    start = html.index("<script type='application/json' class='bt-practice-data'>")
    end = html.index("</script>")
    assert html[:start].count("data-practice='tableau-drill'") == 1
    body = html[start + len("<script type='application/json' class='bt-practice-data'>"):end]
    assert json.loads(body) == drill_data("chemin-de-fer", "es")
    assert json.loads(drill_json("punto-banco", "en")) == drill_data("punto-banco", "en")


def test_an_unknown_game_or_tableau_is_refused_by_name() -> None:
    with pytest.raises(IllegalAction, match="unknown drill 'macao': expected one of punto-banco"):
        drill_data("macao")
    odd = Tableau.from_letters(name="odd", title="Odd", player="DDDDDDSS",
                               banker_after_stand="DDDDDDSS",
                               banker=dict.fromkeys(range(8), "D" * 10))
    with pytest.raises(IllegalAction, match="no page drill for the tableau 'odd'"):
        drill_game(odd)


# -- the script itself, under Node.js ---------------------------------------------------------

_NODE_RUN = r"""
const practice = require(process.argv[1]);
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = { cells: [], coups: [] };
for (const cell of data.cells) {
  const found = practice.lookup(data, cell.actor, cell.total,
                                cell.actor === "banco" ? cell.third : null, cell.bettors);
  const verdicts = data.answers.map((given) => {
    const v = practice.judge(data, found, given);
    return [given, v.correct, v.message, v.worth];
  });
  const questions = found.deals.map((deal) => practice.questionText(data, found, deal));
  out.cells.push({ key: practice.cellKey(cell), actor: cell.actor, total: cell.total,
                   third: cell.third, bettors: cell.bettors, answer: found.answer, verdicts,
                   questions });
}
if (data.game === "punto-banco") {
  const explore = (prefix) => {
    let coup;
    try {
      coup = practice.playCoup(data, prefix);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      for (let v = 0; v < 10; v += 1) explore([...prefix, v]);
      return;
    }
    out.coups.push([prefix.join(""), coup.used, coup.puntoTotal, coup.bancoTotal, coup.winner]);
  };
  explore([]);
}
process.stdout.write(JSON.stringify(out));
"""


def _run_script(data: dict[str, object]) -> dict[str, list[object]]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _NODE_RUN, str(SCRIPT)], input=json.dumps(data),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(DRILL_GAMES))
def test_the_script_answers_every_cell_as_the_engine(game: str, lang: str) -> None:
    data = drill_data(game, lang)
    texts = data["texts"]
    assert isinstance(texts, list)
    answered = _run_script(data)["cells"]
    assert len(answered) == len(data["cells"])  # type: ignore[arg-type]
    for cell in answered:
        assert isinstance(cell, dict)
        expected = _engine_cell(game, cell)
        assert cell["answer"] == expected.value
        exported = next(c for c in data["cells"]  # type: ignore[attr-defined]
                        if (c["actor"], c["bettors"], c["total"], c["third"])
                        == (cell["actor"], cell["bettors"], cell["total"], cell["third"]))
        situations = drill_deals(game)[_drill_key(exported)]
        # every question in the engine's own words, for the cards of each of the cell's deals
        assert cell["questions"] == [s.prompt(lang) for s in situations]
        for given, correct, message, worth in cell["verdicts"]:
            assert correct == (given == expected.value)
            assert message == Feedback(situations[0], Decision(given), correct).message(lang)
            assert worth == texts[exported["worth"]]


def _coups_by_engine() -> Iterator[tuple[str, int, int, int, str]]:
    """Every distinct sequence of card values a Punto Banco coup uses, dealt by the engine."""

    def cards(values: list[int]) -> list[Card]:
        return [Card(_RANK_OF[v], _SUITS[i % 4]) for i, v in enumerate(values)]

    def explore(prefix: list[int]) -> Iterator[tuple[str, int, int, int, str]]:
        if len(prefix) < 4:
            for v in range(10):
                yield from explore([*prefix, v])
            return
        try:
            coup = Coup.from_cards(cards(prefix))
        except ShoeExhausted:
            for v in range(10):
                yield from explore([*prefix, v])
            return
        yield ("".join(map(str, prefix)), len(prefix), coup.punto_total, coup.banco_total,
               coup.winner.value)

    yield from explore([])


def test_the_script_plays_every_punto_banco_coup_as_the_engine() -> None:
    rows = _run_script(drill_data("punto-banco", "en"))["coups"]
    by_script: dict[str, tuple[object, ...]] = {}
    for row in rows:
        assert isinstance(row, list)
        by_script[row[0]] = tuple(row)
    by_engine: dict[str, tuple[object, ...]] = {row[0]: row for row in _coups_by_engine()}
    assert len(by_engine) > 10_000
    assert by_script.keys() == by_engine.keys()
    differ = [(seq, by_script[seq], by_engine[seq]) for seq in by_engine
              if by_script[seq] != by_engine[seq]]
    assert differ == []


# -- the coup stepper ---------------------------------------------------------------------------

_NODE_STEPPER = r"""
const practice = require(process.argv[1]);
const stepper = require(process.argv[2]);
const { data, typed } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = typed.map((text) => {
  const parsed = stepper.parseCards(data, text);
  if (parsed.error) return parsed;
  const played = stepper.coupSteps(data, parsed.cards);
  if (played.error) return played;
  return { steps: played.steps.map((s) => [s.text, s.punto, s.banco, s.cell && practice.cellKey(s.cell)]) };
});
process.stdout.write(JSON.stringify(out));
"""


def _step_through(data: dict[str, object], typed: list[str]) -> list[dict[str, object]]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _NODE_STEPPER, str(SCRIPT), str(SCRIPT.with_name("practice-coup-stepper.js"))],
                          input=json.dumps({"data": data, "typed": typed}),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    result: list[dict[str, object]] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("lang", LANGS)
def test_the_stepper_tells_typed_in_coups_with_the_engine_rules_and_sentences(lang: str) -> None:
    rng = __import__("random").Random(16)
    typed = ["4♥ 2♠ 9♣ A♦ 8♦", "4h 2s 9c ad 7d 5c", "4H 2S Td aD 8d", "9♠ 2♠ K♦ 3♣", "10h qd 5c 6s 2h"]
    while len(typed) < 400:
        cards = [Card(rng.choice(list(Rank)), rng.choice(_SUITS)) for _ in range(6)]
        for used in range(4, 7):
            try:
                Coup.from_cards(cards[:used])
            except ShoeExhausted:
                continue
            typed.append(" ".join(str(c) for c in cards[:used]))
            break
    data = stepper_data(typed[0], lang)
    for text, told in zip(typed, _step_through(data, typed), strict=True):
        coup = Coup.from_cards(text)
        lines = [narrate_step(step, lang) for step in coup.steps]
        steps = told["steps"]
        assert isinstance(steps, list)
        assert len(steps) == len(coup.steps), text
        # Deals, the natural check and the result are the engine's own sentences; a draw or a
        # stand gives the rule of the cell that decided (the trainer's words for it).
        for (said, _punto, _banco, cell), step, line in zip(steps, coup.steps, lines, strict=True):
            if step.cell is None:
                assert said == line
            else:
                key = (f"{step.cell.total}:{'stood' if step.cell.third is None else step.cell.third}"
                       if step.cell.hand == "banker" else f"punto:-:{step.cell.total}")
                assert cell == key
                why = next(c["why"] for c in data["cells"]  # type: ignore[attr-defined]
                           if c["actor"] == ("banco" if step.cell.hand == "banker" else "punto")
                           and c["total"] == step.cell.total
                           and c.get("third", None) == (None if step.cell.hand == "player" else
                                                        "stood" if step.cell.third is None
                                                        else step.cell.third))
                assert said.startswith(why)
        final = steps[-1]
        assert final[1] == " ".join(str(c) for c in coup.punto)
        assert final[2] == " ".join(str(c) for c in coup.banco)


def test_the_stepper_refuses_bad_cards_by_name() -> None:
    data = stepper_data("4♥ 2♠ 9♣ A♦ 8♦", "en")
    refused = _step_through(data, ["4♥ 2♠ 11♣ A♦", "4♥ 2♠ 9♣", "4♥ 2♠ 9♣ A♦ 8♦ 5♣", "4♥ 2x 9♣ A♦"])
    assert refused == [{"error": "bad-card", "card": "11♣"}, {"error": "too-few", "need": 4, "given": 3},
                       {"error": "too-many", "need": 5, "given": 6}, {"error": "bad-card", "card": "2x"}]


def test_the_page_coup_is_the_engine_narration_step_by_step() -> None:
    for lang in LANGS:
        data = stepper_data("4♥ 2♠ 9♣ A♦ 8♦", lang)
        coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
        told = [s["text"] for s in data["steps"]]  # type: ignore[attr-defined]
        assert told == [narrate_step(step, lang) for step in coup.steps]


# -- the words and numbers of each language ---------------------------------------------------------

_NODE_NUMBERS = r"""
const practice = require(process.argv[1]);
const { numbers, template, values } = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify([practice.format(template, values, numbers),
                                     [20000, -1234, 7, 2999, -10000, 1234567].map(
                                       (n) => practice.writeNumber(n, numbers, true)),
                                     practice.writeNumber(-1234, numbers)]));
"""


@pytest.mark.parametrize("game", sorted(DRILL_GAMES))
def test_the_script_writes_its_numbers_with_the_exported_symbols(game: str) -> None:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    # CLDR's minimum grouping digits: Spanish groups a number from five digits on (2999, 20.000)
    for lang, grouped in (("en", ["20,000", "\u22121,234", "7", "2,999", "\u221210,000", "1,234,567"]),
                          ("es", ["20.000", "\u22121234", "7", "2999", "\u221210.000",
                                  "1.234.567"])):
        data = drill_data(game, lang)
        labels = data["labels"]
        assert isinstance(labels, dict)
        feed = {"numbers": data["numbers"], "template": labels["score"],
                "values": {"right": -3, "asked": 1500}}
        done = subprocess.run([NODE, "-e", _NODE_NUMBERS, str(SCRIPT)], input=json.dumps(feed),
                              capture_output=True, text=True, check=False, timeout=60)
        assert done.returncode == 0, done.stderr
        score, written, plain = json.loads(done.stdout)
        assert written == grouped
        assert written == [format_number(n, ",d", lang)
                           for n in (20000, -1234, 7, 2999, -10000, 1234567)]
        # a message's field is written as the engine writes it: no grouping, the language's minus
        assert score == tr("This visit: {right} of {asked} right", lang, right=-3, asked=1500)
        assert score == ("This visit: \u22123 of 1500 right" if lang == "en"
                         else "En esta visita: \u22123 de 1500 correctas")
        assert plain == "\u22121234"


def test_the_script_types_no_words_of_its_own() -> None:
    """Every word the drill, the stepper and the self-checks show comes from the exported data."""
    script = SCRIPT.read_text(encoding="utf-8")
    shown = re.findall(r"""text:\s*(["'`])([^"'`]*)\1""", script)
    assert all(not re.search(r"[A-Za-z]{2,}", literal) for _, literal in shown), shown
    assert '"D"' not in script and '{ d: "draw"' not in script  # the keys come from the data


def test_the_drill_keys_and_letters_follow_the_language() -> None:
    english, spanish = drill_data("chemin-de-fer", "en"), drill_data("chemin-de-fer", "es")
    assert english["keys"] == {"draw": "D", "stand": "S", "choice": "C"}
    assert spanish["keys"] == {"draw": "R", "stand": "P", "choice": "L"}
    labels = spanish["labels"]
    assert isinstance(labels, dict)
    assert labels["keys.choice"].startswith("Teclas: R robar, P plantarse, L elección libre")
    # the roles of Chemin de Fer as the glossary names them, with "del", never "de el"
    assert labels["map.banker"] == "La tabla del banquero"
    assert labels["map.player"] == "La regla del apostador"
    assert labels["cell.stood"] == "El banquero con {total}, el apostador se plantó"
    assert not any("de el " in text or "la banca" in text or "el punto" in text
                   for text in labels.values())
    pb = drill_data("punto-banco", "es")["labels"]
    assert isinstance(pb, dict)
    assert pb["map.banker"] == "La tabla de Banco" and pb["cell.player"] == "Punto con {total}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_is_translated(lang: str) -> None:
    """A label that lost its translation would show English on the Spanish page."""
    english = drill_data("chemin-de-fer", "en")["labels"]
    shown = drill_data("chemin-de-fer", lang)["labels"]
    assert isinstance(english, dict) and isinstance(shown, dict)
    assert english.keys() == shown.keys()
    if lang == "en":
        return
    same = {key for key in english if english[key] == shown[key]}
    # the only labels alike in both languages: "Total"
    assert same <= {"map.total"}, same
    steps_en, steps_es = stepper_data("4♥ 2♠ 9♣ A♦ 8♦", "en"), stepper_data("4♥ 2♠ 9♣ A♦ 8♦", "es")
    assert isinstance(steps_en["labels"], dict) and isinstance(steps_es["labels"], dict)
    alike = {k for k, v in steps_en["labels"].items() if steps_es["labels"][k] == v}
    assert alike <= {"total"}, alike
