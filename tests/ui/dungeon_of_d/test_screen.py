"""The terminal screen fits 80×24 (issue 11), and uses a bigger terminal (issue 17).

Worst cases are built with the engine: a level-8 hero with a full inventory
(Bag of Holding), a corridor of rooms wider than the screen, five skills, a
long account of the last answer and a shop's worth of answers; a REVEAL with
a score of places; a test with a full hand and potions; the Ice Dragon's
combat; and whole greedy games that reach level 8, screen by screen. Each is
drawn by Rich at 80×24, 100×30, 120×40 and 160×50 and must leave the last row
for the prompt the answer is typed on, no row wider than the terminal, with
the question and every answer in sight (or announced, when there is no room,
for the ``answers`` command); from 120 columns on, nothing that fits is cut.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from companion.games.dungeon_of_d import step
from companion.games.dungeon_of_d.bots import make_bot
from companion.games.dungeon_of_d.saves import Game
from companion.games.dungeon_of_d.state import State
from companion.ui.dungeon_of_d.layout import (
    HEIGHT,
    WIDTH,
    arrange,
    cut,
    map_window,
    menu_rows,
    plain,
    width,
)
from companion.ui.dungeon_of_d.shell import Screen, build_menu, build_screen, details, render_rich
from tests.games.dungeon_of_d.helpers import MemorySave, begin, combat, scenario, trial

CORRIDOR = [
    "pit-of-darkness",
    "mystic-portal",
    "peculiar-shop",
    "large-chest",
    "hidden-door",
    "training-hall",
    "ancient-library",
    "forgotten-arena",
]
FULL_HAND = ["1 STR", "2 STR", "3 STR", "1 INT", "2 INT", "3 INT", "1 AGL", "2 AGL"]
"""Eight cards: below the HP maximum, so healing is still offered (the longest menu)."""
LONG = [
    f"line {i} of what the last answer did, long enough to fill a good part of a row"
    for i in range(14)
]


SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
"""Terminal sizes (columns, rows) every screen is checked at."""


def drawn(screen: Screen, columns: int = 80, rows: int = 24) -> list[str]:
    """The screen as a terminal of ``columns`` × ``rows`` shows it."""
    con = Console(width=columns, height=rows, record=True, force_terminal=True, color_system=None)
    con.print(render_rich(screen, True, columns, rows))
    return con.export_text().splitlines()


def assert_fits(screen: Screen, where: str = "", size: tuple[int, int] = (80, 24)) -> list[str]:
    columns, rows = size
    lines = drawn(screen, columns, rows)
    where = f"{where} at {columns}x{rows}"
    assert len(lines) <= rows - 1, f"{where}: {len(lines)} rows"
    assert max(len(x) for x in lines) <= columns, where
    text = "\n".join(lines)
    for question in screen.question[:1]:
        assert question[:30] in text, f"{where}: the question is not in sight"
    shown = {int(n) for n in re.findall(r"(?:^|  ) *(\d+)\) ", text, re.MULTILINE)}
    later = re.search(r"answers (\d+)-(\d+): type 'answers'", text)
    for entry in screen.menu:
        assert entry.number in shown or (
            later and int(later[1]) <= entry.number <= int(later[2])
        ), f"{where}: answer {entry.number} is lost"
    for line in screen.ending:
        assert line[:30] in text
    return lines


def hero_at_level_8(**changes) -> State:  # type: ignore[no-untyped-def]
    layout = {
        "hand": FULL_HAND,
        "grid": {(i, 0): room for i, room in enumerate(CORRIDOR)},
        "pos": (2, 0),
        "level": 8,
        "gold": 79,
        "fruits": 3,
        "arrows": 3,
        "INT": 4,
        "STR": 2,
        "AGL": 3,
        "poisoned": True,
        "amulet": True,
        "character": "alchemist",
        "skills": ["wizard", "cleric", "knight", "paladin"],
        "items": ["spelunkers-glasses", "bandages", "purple-leaf"],
        "specials": ["bag-of-holding", "tome-of-lore", "crystal-ball"],
        "potions": ["potion-of-stamina", "owls-draught"],
        "known": ["potion-of-stamina"],
        "room_deck": ["treasure-vault"],
        "seed": 2**40,
    }
    layout.update(changes)
    return scenario(**layout)


def game_of(s: State) -> Game:
    return Game(2**40 + 12345, "a long save name, forty characters long.", [], s)


@pytest.mark.parametrize("size", SIZES)
def test_a_level_8_hero_with_a_full_inventory_in_a_wide_shop_fits(size: tuple[int, int]) -> None:
    s = begin(hero_at_level_8())
    assert len(s.options) > 40 and len(build_menu(s)) >= 17
    lines = assert_fits(build_screen(game_of(s), LONG), "shop", size)
    text = "\n".join(lines)
    assert "Pack (10 of 10 slots)" in text and "Ice Dragon 11/7/6" in text and "HP 8" in text
    assert "@SHP1" in text
    if size == (80, 24):
        assert "more: 'map'" in text  # the corridor is cut around the hero
        assert "line 13 of what" in text and "'log'" in text  # the rest a command away
    else:
        assert "more: 'map'" not in text  # the whole corridor fits
    if size[1] >= 50:
        assert "line 0 of what" in text  # the whole account of the last answer too


@pytest.mark.parametrize("size", SIZES)
def test_a_reveal_with_many_places_fits(size: tuple[int, int]) -> None:
    grid = {(i, 0): room for i, room in enumerate(CORRIDOR[1:])}
    s = begin(
        hero_at_level_8(
            level=7,
            grid=grid,
            pos=(0, 0),
            specials=["bag-of-holding", "dungeon-map"],
            room_deck=["treasure-vault", "prison-cells"],
            amulet=False,
        )
    )
    s.ev = []
    step(
        s,
        next(a for a in s.options if a[0] == "use" and s.content.special[a[1]].id == "dungeon-map"),
    )
    assert s.prompt == "reveal" and len(s.options) >= 15
    assert_fits(build_screen(game_of(s), LONG), "reveal", size)


@pytest.mark.parametrize("size", SIZES)
def test_a_test_with_a_full_hand_and_potions_fits(size: tuple[int, int]) -> None:
    s = begin(hero_at_level_8(room="pit-of-darkness", grid=None, pos=(0, 0)), trial("AGL", 12))
    assert s.prompt == "test-effort" and len(s.options) >= 11
    assert_fits(build_screen(game_of(s), LONG), "test", size)


@pytest.mark.parametrize("size", SIZES)
def test_the_ice_dragon_s_combat_fits(size: tuple[int, int]) -> None:
    s = begin(
        hero_at_level_8(
            specials=["bag-of-holding", "horn-of-valor", "dragon-lance"], items=["dagger"]
        ),
        combat(4),
    )
    assert s.prompt == "combat"
    lines = assert_fits(build_screen(game_of(s), LONG), "combat", size)
    assert any("Ice Dragon" in x for x in lines)


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_game_fits(size: tuple[int, int]) -> None:
    s = begin(hero_at_level_8())
    s.outcome = "escaped"
    lines = assert_fits(build_screen(game_of(s), LONG), "end", size)
    assert any("YOU ESCAPED WITH THE AMULET" in x for x in lines)


def _deep_games(count: int) -> list[int]:
    """Seeds of greedy games that reach level 8."""
    from companion.games.dungeon_of_d import new_game

    seeds = []
    for seed in range(200):
        s, bot = new_game(seed), make_bot("greedy", seed)
        while s.outcome is None:
            step(s, bot(s))
        if s.level == 8:
            seeds.append(seed)
            if len(seeds) == count:
                return seeds
    raise AssertionError("no greedy game reaches level 8")


def test_every_screen_of_whole_games_to_level_8_fits() -> None:
    levels = set()
    for number, seed in enumerate(_deep_games(2)):
        game, bot = Game.new(seed), make_bot("greedy", seed)
        happened: list[str] = []
        while True:
            size = SIZES[(len(game.actions) + number) % len(SIZES)]
            screen = build_screen(game, happened)
            lines = assert_fits(screen, f"seed {seed}, action {len(game.actions)}", size)
            if size[0] >= 120:  # a bigger terminal cuts nothing that fits in it
                assert not any(x.endswith("…") for x in lines), lines
            levels.add(game.state.level)
            if game.over:
                break
            action = bot(game.state)
            happened = [f"You: {action}"] * (len(game.actions) % 9)
            game.play(action)
    assert 8 in levels


@pytest.mark.parametrize(("seed", "size"), [(3, (80, 24)), (5, (100, 30)), (9, (120, 40))])
def test_a_whole_game_following_hint_at_every_step_fits(seed: int, size: tuple[int, int]) -> None:
    # issue 33's done-when: a whole game at each size, every answer the hint's, every screen read
    from companion.games.dungeon_of_d.bots import hint
    from companion.ui.dungeon_of_d.shell import hint_line

    game = Game.new(seed)
    happened: list[str] = []
    while True:
        screen = build_screen(game, happened)
        assert_fits(screen, f"seed {seed}, action {len(game.actions)}", size)
        if game.over:
            break
        line = hint_line(game.state, screen.menu)
        numbers = {e.number for e in screen.menu}
        named = re.match(r"Hint: (\d+)\) ", line)
        assert line.startswith("Hint: ") and (named is None or int(named[1]) in numbers), line
        action = hint(game.state).action
        happened = [f"You: {action}"]
        game.play(action)
    assert game.state.outcome in ("escaped", "lost")


# ---- the parts -------------------------------------------------------------------------------


def test_rows_are_cut_with_an_ellipsis() -> None:
    assert cut("Alchemist's Laboratory", 10) == "Alchemist…" and cut("Vault", 10) == "Vault"
    assert width([("ab", "x"), ("cde", "y")]) == 5 and plain([("ab", "x"), ("cde", "y")]) == "abcde"


def test_the_map_window_keeps_the_hero_in_sight_and_says_when_it_is_cut() -> None:
    for pos in range(len(CORRIDOR)):
        s = begin(hero_at_level_8(pos=(pos, 0)))
        rows, clipped = map_window(build_screen(game_of(s)))
        assert clipped and any("@" in plain(r) for r in rows)
        assert all(width(r) <= 3 + 5 * 7 for r in rows)
    small = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            grid={(0, 0): "large-chest", (1, 0): "healing-fountain"},
            pos=(1, 0),
            exhausted=[(0, 0)],
        )
    )
    rows, clipped = map_window(build_screen(game_of(small)))
    assert not clipped and " cht1@FNT0" in "\n".join(
        plain(r) for r in rows
    )  # lower case: exhausted


def test_answers_go_into_two_columns_then_to_the_answers_command() -> None:
    s = begin(hero_at_level_8())
    menu = build_menu(s)
    wrapped = menu_rows(menu)
    one = menu_rows(menu, wrapped=False)
    two = menu_rows(menu, columns=2)
    assert len(wrapped) > len(one) == len(menu) and len(two) == (len(menu) + 1) // 2
    assert all(width(r) <= WIDTH for r in wrapped + one + two)
    few = menu_rows(menu, rows=4, columns=2)
    assert len(few) == 4 and plain(few[-1]).startswith(
        f"… answers {menu[6].number}-{menu[-1].number}"
    )
    listed = details(game_of(s), "answers", [], menu)
    assert len(listed) == len(menu) and listed[0].startswith(" 1) REST")


def test_the_screen_gives_up_detail_before_an_answer() -> None:
    s = begin(hero_at_level_8())
    screen = build_screen(game_of(s), LONG)
    roomy = [plain(r) for r in arrange(screen, height=40)]
    tight = [plain(r) for r in arrange(screen, height=HEIGHT)]
    assert any(x.startswith("Pack ") for x in roomy) and any(
        x.startswith("In the Peculiar Shop") for x in roomy
    )
    assert sum("line " in x for x in roomy) > sum("line " in x for x in tight)
    assert len(tight) <= HEIGHT


@pytest.mark.parametrize(
    "word,expect",
    [
        ("hero", "Skills (5 of 5)"),
        ("inventory", "Inventory: 10 of 10 slots"),
        ("map", "@SHP1"),
        ("room", "Peculiar Shop (danger 1)"),
        ("log", "line 13 of what"),
    ],
)
def test_details_show_one_part_in_full(word: str, expect: str) -> None:
    s = begin(hero_at_level_8())
    lines = details(game_of(s), word, LONG, build_menu(s))
    assert any(expect in x for x in lines), lines


@pytest.mark.parametrize("size", SIZES[1:])
def test_a_bigger_terminal_gets_wider_rows_and_a_bigger_map(size: tuple[int, int]) -> None:
    s = begin(hero_at_level_8())
    screen = build_screen(game_of(s), LONG)
    small, big = drawn(screen), drawn(screen, *size)
    assert max(len(x) for x in big) > 80 and len(big) > len(small)
    assert sum("…" in x for x in big) < sum("…" in x for x in small)


def test_on_a_wide_terminal_the_account_of_the_last_answer_goes_beside() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR", "3 INT"], room="healing-fountain"))
    screen = build_screen(game_of(s), LONG[:6])
    wide = drawn(screen, 160, 50)
    assert any("line 0 of what" in x and x.index("line 0") > 100 for x in wide)
    narrow = drawn(screen, 120, 40)
    assert any(x.startswith("line 0 of what") for x in narrow)  # below, at 120 columns


def test_the_room_card_is_shown_in_full_when_there_is_room() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR", "3 INT"], room="peculiar-shop", gold=20))
    screen = build_screen(game_of(s))
    big = "\n".join(drawn(screen, 120, 40))
    assert "Pay 1+ gold: get 1 potion." in big  # the action's own text


# ---- nothing that matters is cut at 80×24 (release test of issue 17) ---------------------------


def _played(seed: int, answers: list[str]) -> Screen:
    """The screen a session shows after ``answers`` (with what the last one did)."""
    from companion.ui.dungeon_of_d.shell import Session

    shown: list[Screen] = []

    class Keep:
        def show(self, screen: Screen, full: bool) -> None:
            shown.append(screen)

        def say(self, text: str) -> None:
            pass

        def echo(self, text: str) -> None:
            pass

    queue = list(answers)
    Session(Game.new(seed), MemorySave(), Keep()).run(lambda: queue.pop(0) if queue else None)
    return shown[-1]


def _last_card_at_the_guardian() -> State:
    """The release tester's table (seed 31, turn 40): HP 1 at the Guardian Monster."""
    return begin(
        scenario(
            hand=["5 STR"],
            room="guardian-monster",
            level=5,
            AGL=2,
            items=["magic-arrow", "spelunkers-glasses"],
            specials=["horn-of-valor", "horn-of-valor"],
            character="ranger",
        )
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_warning_that_an_answer_loses_always_shows_whole(size: tuple[int, int]) -> None:
    screen = build_screen(game_of(_last_card_at_the_guardian()))
    moves = [e for e in screen.menu if e.command.startswith("move")]
    assert len(moves) == 4 and all(e.warning for e in moves)
    text = "\n".join(assert_fits(screen, "last card", size))
    assert text.count("(plays your last card: you lose)") == 4, text
    for rows in (menu_rows(screen.menu, columns=2), menu_rows(screen.menu, wrapped=False, size=60)):
        marked = [plain(r) for r in rows if "MOVE" in plain(r)]
        assert marked and all(x.count("you lose)") == x.count("MOVE") for x in marked), marked


def test_the_pack_row_never_hides_a_card_without_saying_so() -> None:
    four = "\n".join(drawn(build_screen(game_of(_last_card_at_the_guardian()))))
    assert "#4 Horn of Valor" in four and "#3 Horn of Valor" in four
    full = build_screen(game_of(begin(hero_at_level_8())), LONG)
    lines = assert_fits(full, "full pack")
    pack = next(x for x in lines if x.startswith("Pack ("))
    more = re.search(r"… (\d+) more: 'inventory'$", pack)
    assert more and len(re.findall(r"#\d ", pack)) + int(more[1]) == len(full.pack_items), pack


def test_the_wandering_monster_check_and_the_room_row_are_not_cut_at_80x24() -> None:
    screen = _played(7, ["done", "move east 1 MOV a"])
    check = next(x for x in screen.happened if x.startswith("wandering-monster check"))
    assert len(check) > 80  # it is longer than a row: it goes on in the next
    rows = drawn(screen)
    assert " ".join(" ".join(x.split()) for x in rows).count(check) == 1, rows
    guardian = build_screen(game_of(_last_card_at_the_guardian()))
    text = " ".join(" ".join(x.split()) for x in drawn(guardian))
    assert guardian.room_line in text and "2 Challenge the master guardian" in text


def test_rows_cut_at_80x24_are_only_answers_the_answers_command_shows() -> None:
    game, bot = Game.new(31), make_bot("greedy", 31)
    while not game.over:
        for row in drawn(build_screen(game)):
            assert not row.endswith("…") or re.match(r" *\d+\) ", row), row
        game.play(bot(game.state))


def test_the_room_card_on_screen_writes_level_gates_as_the_cards_do() -> None:
    guardian = build_screen(game_of(_last_card_at_the_guardian()))
    text = "\n".join([*guardian.room, *drawn(guardian, 120, 40)])
    assert "(A < 8) Combat monster 3" in text and "(A ≥ 5) Combat monster 4" in text
    assert ">=" not in text
