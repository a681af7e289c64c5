"""The page drill's data and script against the engine.

:mod:`bacara_teach.practice` exports every cell of a drill with its answer and feedback; the
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
from bacara_teach.cards import Card, Rank, Suit, hand_total
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.narration import narrate_step
from bacara_teach.practice import (
    DRILL_GAMES,
    drill_data,
    drill_game,
    drill_html,
    drill_json,
    stepper_data,
)
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PUNTO_BANCO,
    Decision,
    Tableau,
)
from bacara_teach.text import format_number, tr
from bacara_teach.trainer import Feedback, Situation

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")
LANGS = ("en", "es")

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
    assert isinstance(texts, list)
    for cell in cells:
        expected = _engine_cell(game, cell)
        assert cell["answer"] == expected.value
        assert cell["hard"] == (cell["actor"] == "banco" and 3 <= cell["total"] <= 6
                                and cell["third"] != "stood")
        for prompt, player, banker_cards in cell["deals"]:
            tableau = _tableau(game, cell["bettors"])
            from bacara_teach.cards import parse_cards

            situation = Situation(
                tableau.player_cell(cell["total"]) if cell["actor"] == "punto" else
                tableau.banker_cell(cell["total"], None if cell["third"] == "stood" else cell["third"]),
                parse_cards(player), parse_cards(banker_cards), tableau)
            assert texts[prompt] == situation.prompt(lang)
            asked = hand_total(situation.banker if cell["actor"] == "banco" else situation.player)
            assert asked == cell["total"]
            if cell["actor"] == "banco":
                drew = situation.player[2].points if len(situation.player) == 3 else "stood"
                assert drew == cell["third"]
            wrong = next(d for d in Decision if d is not expected)
            assert texts[cell["right"]] == Feedback(situation, expected, True).message(lang)
            assert texts[cell["wrong"]] == Feedback(situation, wrong, False).message(lang)


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
    return [given, v.correct, v.message];
  });
  out.cells.push({ key: practice.cellKey(cell), actor: cell.actor, total: cell.total,
                   third: cell.third, bettors: cell.bettors, answer: found.answer, verdicts });
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
        for given, correct, message in cell["verdicts"]:
            assert correct == (given == expected.value)
            assert message == texts[exported["right" if correct else "wrong"]]


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
const { data, typed } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = typed.map((text) => {
  const parsed = practice.parseCards(data, text);
  if (parsed.error) return parsed;
  const played = practice.coupSteps(data, parsed.cards);
  if (played.error) return played;
  return { steps: played.steps.map((s) => [s.text, s.punto, s.banco, s.cell && practice.cellKey(s.cell)]) };
});
process.stdout.write(JSON.stringify(out));
"""


def _step_through(data: dict[str, object], typed: list[str]) -> list[dict[str, object]]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _NODE_STEPPER, str(SCRIPT)],
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
    for lang, grouped in (("en", ["20,000", "-1,234", "7", "2,999", "-10,000", "1,234,567"]),
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
        assert score == tr("{right} of {asked} right", lang, right=-3, asked=1500)
        assert score == ("-3 of 1500 right" if lang == "en" else "\u22123 de 1500 correctas")
        assert plain == ("-1234" if lang == "en" else "\u22121234")


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
