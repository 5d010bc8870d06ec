"""The shell's screen, menu, odds and commands: what the player sees and may type."""

from __future__ import annotations

import re

import pytest

from companion.games.dungeon_of_d import step
from companion.games.dungeon_of_d.actions import Move
from companion.games.dungeon_of_d.bots import hint, make_bot
from companion.games.dungeon_of_d.descriptions import did
from companion.games.dungeon_of_d.saves import Game
from companion.games.dungeon_of_d.state import State
from companion.ui.dungeon_of_d.shell import (
    HELP,
    RULES,
    Parsed,
    build_menu,
    build_screen,
    card_label,
    card_menu,
    command_for,
    hint_line,
    map_lines,
    map_rows,
    odds,
    parse,
    render_plain,
)
from tests.games.dungeon_of_d.helpers import C, MemorySave, begin, card, combat, scenario, trial


def _walk(seed: int, bot: str = "explorer", limit: int = 400):  # type: ignore[no-untyped-def]
    """The states of a game, one per decision (the game object goes on changing)."""
    game = Game.new(seed)
    player = make_bot(bot, seed)
    while not game.over and len(game.actions) < limit:
        yield game
        game.play(player(game.state))
    yield game


def _text(game: Game) -> str:
    screen = build_screen(game)
    return render_plain(screen)


# ---- the map -----------------------------------------------------------------------------------


def test_map_shows_the_hero_danger_exhausted_rooms_and_unrevealed_neighbours() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            grid={(0, 0): "large-chest", (1, 0): "healing-fountain", (1, 1): "forgotten-arena"},
            pos=(1, 0),
            exhausted=[(0, 0)],
            room_deck=["treasure-vault"],
        )
    )
    rows = map_rows(s)
    texts = ["".join(c.text for c in row) for row in rows]
    flat = "\n".join(texts)
    assert "@FNT0" in flat  # the hero, in the Healing Fountain, danger 0
    assert " CHT1x" in flat  # the exhausted Large Chest
    assert " ARN3 " in flat  # the Forgotten Arena, danger 3
    assert flat.count("?") == 7  # every empty place next to a revealed room
    kinds = {c.kind for row in rows for c in row}
    assert {"hero", "exhausted", "room", "open"} <= kinds


def test_no_question_marks_once_the_room_deck_is_empty() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            grid={(0, 0): "large-chest", (0, 1): "mystic-portal"},
            room_deck=[],
        )
    )
    s.room_deck = []
    assert "?" not in "\n".join(map_lines(s))


def test_map_lines_carry_the_coordinates_used_by_place_and_teleport() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            grid={(0, 0): "large-chest", (2, -1): "mystic-portal"},
            room_deck=[],
        )
    )
    s.room_deck = []
    lines = map_lines(s)
    assert re.split(r"\s+", lines[0].strip()) == ["0", "1", "2"]
    assert lines[1].startswith(" -1") and "POR1" in lines[1]
    assert lines[2].startswith("  0") and "@CHT1" in lines[2]


# ---- the screen ------------------------------------------------------------------------------


def test_screen_shows_level_monsters_hero_hand_inventory_and_the_discard_top() -> None:
    s = begin(
        scenario(
            hand=["3 STR", "5 INT", "2 MOV"],
            level=3,
            gold=12,
            fruits=2,
            arrows=3,
            STR=1,
            items=["lantern"],
            potions=["potion-of-stamina", "bitter-venom"],
            known=["potion-of-stamina"],
            poisoned=True,
            discard=["4 AGL"],
        )
    )
    game = Game(0, None, [], s)
    text = _text(game)
    assert "level 3 (2 skulls)" in text
    assert "1 Hobgoblin 7/2/3 3g" in text and "4 Wright 8/4/3 curse, undead 4g" in text
    assert "STR +1 AGL +0 INT +0" in text and "gold 12 · Fruits 2 · Arrows 3 · POISONED!" in text
    assert "HP 3: 3 STR a, 5 INT a, 2 MOV a" in text
    assert "#1 Lantern, #2 Potion of Stamina, #3 unidentified potion" in text
    assert "Discard pile: 4 AGL a on top (1 cards)" in text


def test_screen_never_shows_hidden_cards_or_unidentified_potions() -> None:
    for seed in (2, 9, 31):
        for game in _walk(seed):
            s = game.state
            text = render_plain(build_screen(game))
            hidden = set(s.deck) | set(s.discard[:-1]) | {c for c in s.potions if c not in s.known}
            for c in hidden:
                assert card_label(C, c) not in text, f"seed {seed}: {card_label(C, c)} is hidden"
            shown_potions = {C.potion[c].name for c in s.known}
            for c in s.potions:
                name = C.potion[c].name
                if c not in s.known and name not in shown_potions:
                    assert name not in text
            for room in s.room_deck + s.unused_rooms:
                if room not in s.grid.values():
                    assert C.rooms[room].name not in text.split("Map:")[-1].split("Monsters")[0]


def test_training_mode_is_on_the_screen() -> None:
    game = Game.new(3)
    game.play(("done",))
    game.undo()
    assert "[TRAINING: score 0]" in _text(game)


# ---- the menu ---------------------------------------------------------------------------------


def test_every_legal_action_is_in_the_menu_once() -> None:
    for game in _walk(5):
        s = game.state
        if s.outcome:
            break
        menu = build_menu(s)
        assert [e.number for e in menu] == list(range(1, len(menu) + 1))
        reachable = [e.action for e in menu if e.action is not None] + [
            m for e in menu for m in e.moves
        ]
        assert sorted(map(repr, reachable)) == sorted(map(repr, s.options))


def test_moves_are_grouped_by_direction_and_the_card_comes_next() -> None:
    s = begin(scenario(hand=["1 STR", "2 MOV", "5 AGL"], room_deck=["large-chest"]))
    menu = build_menu(s)
    moves = [e for e in menu if e.moves]
    assert [e.command for e in moves] == ["move north", "move east", "move south", "move west"]
    cards = card_menu(s, moves[0].moves)
    assert cards[0].action == (
        "move",
        card("2 MOV"),
        "n",
    )  # MOV cards first: they draw a bonus card
    assert "bonus card" in cards[0].label and "Goblin Thief" not in cards[0].label


# ---- odds --------------------------------------------------------------------------------------


def test_a_test_prompt_gives_the_target_and_the_chance_of_each_first_card() -> None:
    # AGL 4+ at level 3 = 6; AGL +1: the cards need 5.
    s = begin(scenario(hand=["3 AGL", "1 STR", "5 INT"], level=3, AGL=1), trial("AGL", 6))
    text = "\n".join(odds(s))
    assert "AGL test of 6" in text and "need 5 together" in text
    labels = {e.action: e.label for e in build_menu(s)}
    assert "needs 2+" in labels[("effort", card("3 AGL"))]
    assert "wins whatever comes (100%)" in labels[("effort", card("5 INT"))]


def test_after_the_first_card_the_sum_so_far_is_shown() -> None:
    s = begin(
        scenario(hand=["3 STR", "4 INT", "1 MOV"], items=["dagger"], deck=["2 AGL", "1 INT"]),
        combat(1),
    )
    step(s, ("fight",))
    step(s, ("effort", card("3 STR")))
    assert s.prompt == "melee-first"
    text = "\n".join(odds(s))
    assert "must reach STR 5" in text and "So far 3 of 5" in text and "needs 2+" in text


def test_a_combat_prompt_explains_running_away_and_fighting() -> None:
    s = begin(
        scenario(hand=["1 STR", "2 INT", "4 AGL"], level=2, INT=1), combat(2)
    )  # Skeleton INT 3
    text = "\n".join(odds(s))
    assert "Skeleton 7/3/3" in text and "power 2 or more" in text and "against STR 7" in text


def test_a_regenerate_guess_gives_each_number_its_odds_from_the_unseen_cards() -> None:
    s = begin(
        scenario(hand=["5 STR", "4 MOV", "1 MOV"], level=2, deck=["1 AGL", "5 INT", "2 INT"]),
        combat(2),
    )
    step(s, ("fight",))
    step(s, ("effort", card("5 STR")))
    assert s.prompt == "regenerate-guess"
    # in sight: 4 MOV, 1 MOV, 1 AGL in hand and 5 INT on the discard pile: 36 unseen,
    # six 1s, eight 2s and 3s, seven 4s and 5s
    text = "\n".join(odds(s))
    assert "1: 17%, 2: 22%, 3: 22%, 4: 19%, 5: 19%" in text and "1 in 5" not in text
    labels = [e.label for e in build_menu(s)]
    assert labels[:5] == [
        f"guess {n} (right {p})" for n, p in zip(range(1, 6), ("17%", "22%", "22%", "19%", "19%"))
    ]
    assert hint(s).action == ("guess", 1)  # the least likely number keeps it down
    assert "right 17% of the time" in hint(s).reason


# ---- commands ---------------------------------------------------------------------------------


def test_the_command_of_every_legal_action_reads_back_as_that_action() -> None:
    for seed in (1, 6, 22):
        for game in _walk(seed):
            s = game.state
            if s.outcome:
                break
            menu = build_menu(s)
            for action in s.options:
                parsed = parse(s, command_for(s, action), menu)
                assert parsed.kind == "action" and parsed.action == action, (
                    s.prompt,
                    action,
                    parsed,
                )


def test_numbers_choose_menu_entries_and_a_direction_waits_for_its_card() -> None:
    s = begin(scenario(hand=["1 STR", "2 MOV", "5 AGL"], room_deck=["large-chest"], fruits=1))
    menu = build_menu(s)
    assert parse(s, "1", menu).action == ("rest",)
    assert parse(s, "2", menu).kind == "direction"
    assert parse(s, "99", menu).kind == "error"
    for text in ("north", "move north", "n", "Move N"):
        assert parse(s, text, menu).entry is menu[1]
    assert parse(s, "move north 2 mov", menu).action == ("move", card("2 MOV"), "n")
    assert parse(s, "north 5agl", menu).action == ("move", card("5 AGL"), "n")


def test_short_commands_for_rooms_items_and_combat() -> None:
    s = begin(scenario(hand=["3 STR", "4 INT", "5 AGL"], room="steep-chasm", items=["rope"]))
    climb = ("act", 0)
    assert climb in s.options
    menu = build_menu(s)
    for text in ("act 1", "use rope", "Climb to the near ledge", "do 1"):
        assert parse(s, text, menu).action == climb
    assert parse(s, "act 2", menu).kind == "error"  # the high ledge waits for level 5
    c = begin(
        scenario(
            hand=["3 STR", "4 INT", "1 MOV"],
            potions=["potion-of-stamina"],
            known=["potion-of-stamina"],
            arrows=1,
        ),
        combat(1),
    )
    menu = build_menu(c)
    assert parse(c, "fight", menu).action == ("fight",)
    assert parse(c, "run", menu).action == ("run",)
    assert parse(c, "drink 1", menu).action == ("drink", c.potions[0])
    assert parse(c, "drink potion of stamina", menu).action == ("drink", c.potions[0])


def test_an_unidentified_potion_cannot_be_named() -> None:
    s = begin(scenario(hand=["3 STR", "4 INT"], potions=["bitter-venom"]))
    menu = build_menu(s)
    assert parse(s, "drink bitter venom", menu).kind == "error"
    assert parse(s, "drink 1", menu).action == ("drink", s.potions[0])


@pytest.mark.parametrize(
    "text,word",
    [
        ("help", "help"),
        ("?", "help"),
        ("rules combat", "rules"),
        ("undo", "undo"),
        ("save", "save"),
        ("quit", "quit"),
        ("look", "look"),
    ],
)
def test_shell_words(text: str, word: str) -> None:
    s = begin(scenario(hand=["3 STR", "4 INT"]))
    parsed = parse(s, text, build_menu(s))
    assert parsed.kind == "shell" and parsed.word == word


def test_help_and_rules_cover_every_command_and_topic() -> None:
    for word in (
        "rest",
        "act N",
        "move",
        "fight",
        "run",
        "drink N",
        "use rope",
        "undo",
        "save",
        "quit",
        "rules",
    ):
        assert word in HELP
    assert {"turn", "rest", "move", "combat", "test", "potions", "scoring"} <= set(RULES)
    assert "INT" in RULES["combat"] and "training mode" in RULES["scoring"]


def _state_with(prompt: str) -> State | None:
    for seed in range(60):
        for game in _walk(seed, limit=300):
            if game.state.prompt == prompt:
                return game.state
    return None


@pytest.mark.parametrize(
    "prompt",
    [
        "blessing",
        "turn",
        "rest-discard",
        "test-effort",
        "melee-effort",
        "combat",
        "run-away",
        "lose-hp",
        "regenerate-guess",
        "meet",
    ],
)
def test_every_common_prompt_is_explained(prompt: str) -> None:
    s = _state_with(prompt)
    assert s is not None, prompt
    assert odds(s), prompt


def test_a_reveal_shows_the_room_drawn_before_asking_where_it_goes() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            specials=["dungeon-map"],
            room_deck=["healing-fountain", "forgotten-arena"],
        )
    )
    step(s, ("use", s.specials[0]))
    assert s.prompt == "reveal"
    question = " ".join(odds(s))
    assert "you drew the Healing Fountain (danger 0" in question and "Drink" in question
    labels = [e.label for e in build_menu(s)]
    assert labels and all(label.startswith("place the Healing Fountain at (") for label in labels)
    # the room drawn is in sight now, and the empty places around the map are marked
    assert any("?" in row for row in map_lines(s))


def test_a_full_inventory_says_how_many_slots_are_used() -> None:
    s = begin(
        scenario(
            hand=["3 STR", "4 INT"],
            items=[
                "lantern",
                "rope",
                "dagger",
                "shield",
                "smoke-bomb",
                "bandages",
                "elf-boots",
                "purple-leaf",
            ],
            room="peculiar-shop",
            gold=9,
        )
    )
    buy = next(
        a
        for a in s.options
        if a[0] == "act" and C.rooms["peculiar-shop"].actions[a[1]].id == "buy-arrows"
    )
    step(s, buy)
    assert s.prompt == "inventory-full"
    assert "9 slots of 8" in "\n".join(odds(s))
    labels = [e.label for e in build_menu(s)]
    assert "drop #1 Lantern" in labels and "drop all your Arrows" in labels


def test_an_action_that_cannot_be_taken_says_why() -> None:
    shop = begin(scenario(hand=["3 STR", "4 INT"], room="peculiar-shop", gold=0))
    assert parse(shop, "act 3", build_menu(shop)).arg.endswith("you cannot pay for it (0 gold)")
    chasm = begin(scenario(hand=["3 STR", "4 INT"], room="steep-chasm"))
    assert parse(chasm, "act 1", build_menu(chasm)).arg.endswith("you need Rope")
    assert parse(chasm, "act 2", build_menu(chasm)).arg.endswith("only on levels 5-8")
    hall = begin(scenario(hand=["3 STR", "4 INT"], room="training-hall", STR=4, gold=50))
    assert parse(hall, "act 1", build_menu(hall)).arg.endswith("STR is +4 already")
    done = begin(scenario(hand=["3 STR", "4 INT"], room="healing-fountain", exhausted=[(0, 0)]))
    assert parse(done, "act 1", build_menu(done)).arg.endswith("the room is exhausted")


# ---- the session ---------------------------------------------------------------------------------


class _Said:
    """An output that keeps what the session printed."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def show(self, screen, full: bool) -> None:  # type: ignore[no-untyped-def]
        self.lines.append(render_plain(screen, full))

    def say(self, text: str) -> None:
        self.lines.append(text)

    def echo(self, text: str) -> None:
        self.lines.append(f"> {text}")


def _session(tmp_path, answers: list[str | type[BaseException]]):  # type: ignore[no-untyped-def]
    from companion.games.dungeon_of_d.saves import SaveFile
    from companion.ui.dungeon_of_d.shell import Session

    target = SaveFile(tmp_path / "my game.json")
    game = Game.new(7)
    target.create(game)
    said = _Said()
    queue = list(answers)

    def read() -> str | None:
        if not queue:
            return None
        item = queue.pop(0)
        if isinstance(item, type):
            raise item()
        return item

    Session(game, target, said).run(read)
    return said.lines, target


def test_ctrl_c_leaves_with_one_saved_line_and_the_resume_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    lines, target = _session(tmp_path, ["done", KeyboardInterrupt])
    last = lines[-1]
    assert "\n" not in last and last.startswith("Interrupted. Game saved to ")
    assert last.endswith(f"Go on with: companion dod play --save-file '{target.path}'")
    assert target.load().actions == [("done",)]


@pytest.mark.parametrize("width", [40, 80, 120])
def test_ctrl_c_message_never_breaks_the_resume_command(width: int) -> None:
    """Release test: at 80 columns the command came out as 'companion d' / 'od' /
    'play --save-file ...'. It is one line when everything fits, else it starts a row."""
    import io

    from rich.console import Console

    from companion.ui.dungeon_of_d.shell import RichOutput

    command = "companion dod play --save-file /home/player/games/dungeon/j.json"
    said = f"Interrupted. Game saved to /home/player/games/dungeon/j.json. Go on with: {command}"
    out = io.StringIO()
    RichOutput(Console(file=out, width=width, height=24)).say(said)
    rows = out.getvalue().splitlines()
    assert rows[-1] == f"Go on with: {command}"
    if len(said) <= width:
        assert rows == [said]
    else:
        assert " ".join(row.strip() for row in rows) == said


def test_quit_in_a_stale_window_says_the_save_moved_on_not_that_it_saved(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Release test: 'quit' in a second window whose save another session had played on
    said 'Game saved to j.json' though it wrote nothing."""
    from companion.games.dungeon_of_d.saves import SaveFile
    from companion.ui.dungeon_of_d.shell import Session

    path = tmp_path / "j.json"
    SaveFile(path).create(Game.new(7))
    first, second = SaveFile(path), SaveFile(path)
    played, stale = first.load(), second.load()
    played.play(("done",))
    first.save(played)
    said = _Said()
    Session(stale, second, said).run(iter(["quit"]).__next__)
    assert said.lines[-1] == (
        f"Not saved by this session: save file {path} was changed by another session; "
        f"nothing was written over it. Go on with: companion dod play --save-file {path}"
    )
    assert first.load().actions == [("done",)]  # the other session's move is kept
    assert first.moved_on(played) == ""


def test_quit_after_the_save_was_deleted_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from companion.games.dungeon_of_d.saves import SaveStore

    store = SaveStore(tmp_path / "state.db")
    game = Game.new(7)
    game.name = "j"
    store.create(game)
    other = SaveStore(tmp_path / "state.db")
    assert store.moved_on(game) == ""
    other.delete("j")
    assert (
        store.moved_on(game)
        == "saved game 'j' was deleted by another session; nothing was written since"
    )


def test_a_save_file_game_gives_its_own_resume_hint_and_save_message(tmp_path) -> None:  # type: ignore[no-untyped-def]
    lines, target = _session(tmp_path, ["save", "quit"])
    assert f"Saved to {target.path} (the game is saved after every action)." in lines
    assert lines[-1].endswith(f"companion dod play --save-file '{target.path}'")


# ---- warnings before a move that loses ------------------------------------------------------


def _last_card_game() -> Game:
    s = begin(scenario(hand=["3 STR"], room_deck=["large-chest"]))
    return Game(0, None, [], s)


def test_answers_that_play_the_last_card_are_marked_on_the_screen() -> None:
    game = _last_card_game()
    menu = build_menu(game.state)
    moves = [e for e in menu if e.command.startswith("move")]
    assert moves and all(e.label.endswith("(plays your last card: you lose)") for e in moves)
    assert "(plays your last card: you lose)" in render_plain(build_screen(game))


def _run(game: Game, answers: list[str], confirm=None) -> list[str]:  # type: ignore[no-untyped-def]
    from companion.ui.dungeon_of_d.shell import Session

    said = _Said()
    queue = list(answers)
    Session(game, MemorySave(), said, confirm=confirm).run(lambda: queue.pop(0) if queue else None)
    return said.lines


def test_a_scripted_answer_that_loses_is_announced_and_played() -> None:
    game = _last_card_game()
    lines = _run(game, ["move north"])
    assert "Warning: this plays your last card: you lose." in lines
    assert game.state.outcome == "lost"


def test_hint_after_the_game_is_over_says_so() -> None:
    game = _last_card_game()
    lines = _run(game, ["move north", "hint"])
    assert game.state.outcome == "lost"
    assert any(
        line.startswith("The game is over: there is nothing left to hint at") for line in lines
    )


def test_heros_blessing_answers_say_the_replacement_comes_when_the_hand_is_kept() -> None:
    """The rulebook redraws after the discards (004, Hero's Blessing): no card comes at once."""
    menu = build_menu(Game.new(7).state)
    discards = [e.label for e in menu if e.label.startswith("discard")]
    assert discards and all(
        label.endswith("(its replacement comes when you keep the hand)") for label in discards
    )


def test_in_a_terminal_a_losing_answer_asks_first() -> None:
    asked: list[str] = []
    game = _last_card_game()
    lines = _run(game, ["move north"], confirm=lambda q: asked.append(q) or False)
    assert asked == ["This plays your last card: you lose. Play it anyway? [y/N] "]
    assert "Not played." in lines and game.state.outcome is None and game.actions == []
    _run(game, ["move north"], confirm=lambda q: True)
    assert game.state.outcome == "lost"


def test_what_is_not_offered_says_why_when_typed() -> None:
    shop = begin(scenario(hand=["3 STR", "4 INT"], room="peculiar-shop", gold=20, fruits=4))
    said = parse(shop, "act 3", build_menu(shop))
    assert said.kind == "error" and said.arg.endswith("you carry 4 Fruits already")
    turn = begin(scenario(hand=["4 AGL", "1 MOV"], character="acrobat"))
    said = parse(turn, "skill tumble", build_menu(turn))
    assert "Tumble is used right after the second effort card" in said.arg
    bag = begin(scenario(hand=["4 AGL", "1 MOV"], items=["dagger"]))
    said = parse(bag, "use 1", build_menu(bag))
    assert "the Dagger is used right after your first effort card in a melee" in said.arg


# ---- answers as printed, checks labelled ----------------------------------------------------


def test_a_move_card_can_be_typed_as_the_card_menu_prints_it() -> None:
    game = Game.new(7)
    game.play(("done",))
    menu = build_menu(game.state)
    north = next(e for e in menu if e.command == "move north")
    cards = card_menu(game.state, north.moves)
    printed = cards[0].label.split(":")[0]  # e.g. "play 1 MOV a"
    assert printed.startswith("play ")
    said = parse(game.state, printed, cards)
    assert said.kind == "action" and said.action == cards[0].action
    lines = _run(game, ["move north", printed])
    assert any(line.startswith("What happened:\n  You: MOVE north, playing") for line in lines)


def _as_printed(label: str) -> list[str]:
    """What a player may copy of a printed answer: the whole of it, the words before
    its first colon, the words before its first bracket (note, odds or warning)."""
    return [label, label.split(":")[0].split(" (")[0], re.split(r" [(\[]", label)[0]]


def test_every_answer_can_be_typed_as_printed() -> None:
    for game in _walk(12, limit=120):
        s = game.state
        menu = build_menu(s)
        for entry in menu:
            for printed in {*_as_printed(entry.label), *_as_printed(entry.short or entry.label)}:
                said = parse(s, printed, menu)
                assert said.kind in ("action", "direction"), (printed, said)
                if said.kind == "action":
                    # the same words may name two answers only when they do the same thing
                    assert said.action == entry.action or printed.startswith(("drink", "use")), (
                        printed
                    )
                else:
                    assert said.entry == entry, printed


def test_do_action_typed_with_its_name_as_printed_is_accepted() -> None:
    """Release test: 'DO ACTION 1: Study' (the label before its price) was refused."""
    s = begin(scenario(hand=["1 STR", "2 STR", "3 STR"], room="ancient-library", gold=20))
    menu = build_menu(s)
    assert menu[0].label.startswith("DO ACTION 1: Study [")
    for typed in ("DO ACTION 1: Study", "do action 1: study", "ACT 1: Study"):
        assert parse(s, typed, menu) == Parsed("action", ("act", 0)), typed


def test_a_move_typed_as_the_hint_prints_it_is_accepted() -> None:
    """The hint and the log print a MOVE as 'MOVE north, playing 1 MOV a'."""
    game = Game.new(7)
    game.play(("done",))
    s = game.state
    move = next(a for a in s.options if isinstance(a, Move) and a.direction == "n")
    printed = did(s, move)
    assert printed.startswith("MOVE north, playing ")
    assert parse(s, printed, build_menu(s)) == Parsed("action", move)


def test_the_poison_check_at_the_end_of_a_turn_is_labelled() -> None:
    from companion.games.dungeon_of_d.descriptions import event_lines

    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR"],
            poisoned=True,
            room_deck=["ancient-library"],
            deck=["5 INT", "2 MOV"],
        )
    )
    before = s.copy()
    s.ev = []
    step(s, ("move", card("3 STR"), "e"))
    lines = event_lines(before, s, s.ev)
    assert "end of the turn, Poisoned!: CHECK1 shows 2 MOV a (1 or 2 hurts): you lose 1 HP" in lines
    assert not any(line.startswith("CHECK1 shows") for line in lines)  # no bare check left


# ---- a shell that teaches --------------------------------------------------------------------


def test_help_fits_80_columns_and_names_every_command() -> None:
    assert all(len(line) <= 80 for line in HELP.splitlines())
    for word in ("hint", "rules", "poison", "monsters", "undo", "inventory"):
        assert word in HELP


def test_rules_poison_and_monsters_explain_every_keyword() -> None:
    from companion.ui.dungeon_of_d.shell import RULE_TOPICS, rules_text

    s = begin(scenario(hand=["1 STR", "2 STR"], level=7))
    poison = rules_text(s, "poison") or ""
    assert "1 or 2 costs you 1 HP" in poison and "A REST ends it" in poison
    assert "Drop of Honey" in poison and "Warding Charm" in poison
    monsters = rules_text(s, "monsters") or ""
    for keyword in ("undead", "flying", "smart", "regenerate", "poison", "steal", "curse"):
        assert f"  {keyword}" in monsters, keyword
    assert "Vampire 10/6/6 curse, regenerate, undead 7g" in monsters  # this level's monsters
    keywords = {a for row in s.content.monsters for m in row for a in m.abilities}
    assert keywords <= {"undead", "flying", "smart", "regenerate", "poison", "steal", "curse"}
    assert {"poison", "monsters"} <= set(RULE_TOPICS)


def test_help_and_rules_show_the_question_again() -> None:
    game = Game.new(7)
    for word in ("help", "rules combat", "rules poison", "hint", "inventory"):
        _screen, _said, again, _farewell = _run(game, [word])
        assert "Hero's Blessing (once)" in again and "keep this hand" in again, word
        assert "== Dungeon of D" not in again  # the question and its answers, not the map


def test_hint_says_what_the_planner_would_do_and_why_in_one_line() -> None:
    from companion.games.dungeon_of_d.planner import Planner
    from companion.ui.dungeon_of_d.shell import hint_line

    for game in _walk(21, bot="greedy", limit=80):
        s = game.state
        if s.outcome is not None:
            break
        menu = build_menu(s)
        line = hint_line(s, menu)
        assert line.startswith("Hint: ") and "\n" not in line and len(line) <= 120, line
        number = int(line.split(")")[0].removeprefix("Hint: "))
        entry = next(e for e in menu if e.number == number)
        expected = Planner(seed=s.turn)(s)
        assert entry.action == expected or expected in entry.moves


def test_hint_for_an_effort_card_gives_its_odds_once() -> None:
    """The effort answer's label carries its odds; the hint's reason does not repeat them."""
    from companion.games.dungeon_of_d.actions import Effort
    from companion.games.dungeon_of_d.planner import Planner
    from companion.ui.dungeon_of_d.shell import hint_line

    seen = 0
    for seed in (21, 5, 11):
        for game in _walk(seed, bot="greedy", limit=150):
            s = game.state
            if s.outcome is not None or not isinstance(Planner(seed=s.turn)(s), Effort):
                continue
            line = hint_line(s, build_menu(s))
            assert line.count("%") <= 1, line
            seen += 1
    assert seen


def test_hint_for_the_card_of_a_move_the_player_chose_numbers_that_card() -> None:
    """Asked which card to play for a MOVE the bot would not make, the hint still gives the
    bot's own MOVE and then the number of its card in the list asked."""
    from companion.games.dungeon_of_d.planner import Planner
    from companion.ui.dungeon_of_d.shell import hint_line

    checked = 0
    for game in _walk(21, bot="greedy", limit=80):
        s = game.state
        if s.outcome is not None:
            break
        bot_move = Planner(seed=s.turn)(s)
        if not isinstance(bot_move, Move):
            continue
        for entry in build_menu(s):
            if not entry.moves or bot_move in entry.moves:
                continue
            cards = card_menu(s, entry.moves)
            line = hint_line(s, cards)
            going = did(s, entry.moves[0]).split(",")[0]
            assert line.startswith(f"Hint: {did(s, bot_move)}: "), line
            assert f". For your {going}: " in line, line
            number = int(line.split(f"For your {going}: ")[1].split(")")[0])
            chosen = next(c for c in cards if c.number == number).action
            assert isinstance(chosen, Move) and chosen.card == bot_move.card
            checked += 1
        mine = next(e for e in build_menu(s) if bot_move in e.moves)
        same = hint_line(s, card_menu(s, mine.moves))  # the bot's own MOVE: said as a MOVE
        assert same.split(") ", 1)[1].startswith(f"{did(s, bot_move)}: "), same
    assert checked > 3


def test_hint_names_its_answer_whole_when_the_line_has_room() -> None:
    """The hint used to give a room action by its cut two-column label ("Slip through the
    gr… (AGL 6)") on a line with room to spare; it now prints the answer as the list does."""
    from companion.games.dungeon_of_d.bots import hint
    from companion.ui.dungeon_of_d.shell import HINT_WIDTH, _said_once, hint_line

    whole = 0
    for game in _walk(11, bot="greedy", limit=120):
        s = game.state
        if s.outcome is not None:
            break
        menu = build_menu(s)
        line = hint_line(s, menu)
        assert len(line) <= HINT_WIDTH, line
        number = int(line.split(")")[0].removeprefix("Hint: "))
        entry = next(e for e in menu if e.number == number)
        if entry.action is not None and f"{number}) {entry.label}: " in line:
            whole += 1
        elif entry.action is not None:  # the short label only when the whole one is too long
            reason = hint(s).reason
            if line == f"Hint: {number}) {_said_once(entry.short, reason)}.":
                whole_line = f"Hint: {number}) {_said_once(entry.label, reason)}."
                assert len(whole_line) > HINT_WIDTH, line
    assert whole > 10


def test_the_hint_gives_nothing_hidden_away() -> None:
    import random

    from companion.ui.dungeon_of_d.shell import hint_line
    from tests.games.dungeon_of_d.test_bots import _scramble_hidden

    rng = random.Random(5)
    for game in _walk(33, bot="greedy", limit=60):
        s = game.state
        if s.outcome is not None:
            break
        menu = build_menu(s)
        twin = _scramble_hidden(s, rng)
        assert hint_line(twin, build_menu(twin)) == hint_line(s, menu)


def test_inventory_shows_what_each_card_is_worth() -> None:
    from companion.ui.dungeon_of_d.shell import details

    s = begin(
        scenario(
            hand=["1 STR", "2 STR"],
            items=["lantern"],
            specials=["gold-idol"],
            potions=["bitter-venom"],
            fruits=2,
            arrows=1,
        )
    )
    lines = details(Game(0, None, [], s), "inventory", [], [])
    assert "  1. Lantern (10 points): " in lines[1] and "(40 points)" in lines[2]
    assert "  3. unidentified potion (10 points): " in lines[3]  # every potion is worth 10
    assert lines[-1].startswith("Worth 85 points if you escape now")


def test_the_title_names_heros_blessing_instead_of_a_level_0() -> None:
    title = build_screen(Game.new(7)).title
    assert "level 0" not in title and "Hero's Blessing" in title


def test_the_pack_row_numbers_cards_instead_of_counting_them() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], items=["lantern", "rope"], fruits=1))
    screen = build_screen(Game(0, None, [], s))
    assert screen.pack_line == "Pack (3 of 8 slots): #1 Lantern, #2 Rope"


def test_a_refused_answer_says_why_pack_numbers_combat_words_and_room_actions() -> None:
    """Answers that used to get only "not possible now" or "not understood" say why."""
    s = begin(scenario(hand=["3 STR", "4 INT"], room="forsaken-chapel"))
    menu = build_menu(s)
    empty = parse(s, "drink 1", menu)
    assert empty.kind == "error" and "there is no #1: the Pack holds no cards" in str(empty.arg)
    held = begin(scenario(hand=["3 STR", "4 INT"], items=["lantern", "rope"]))
    far = parse(held, "drop 3", build_menu(held))
    assert "there is no #3: the Pack numbers its cards #1-#2" in str(far.arg)
    for word in ("fight", "run", "melee", "shoot"):
        said = parse(s, word, menu)
        assert (
            said.kind == "error"
            and str(said.arg) == f"'{word}' is not possible now: no combat is going on"
        )
    act = parse(s, "act 5", menu)
    assert act.kind == "error" and str(act.arg) == "the Forsaken Chapel has 2 actions"


def test_cancel_drops_a_move_waiting_for_its_card_and_shows_the_turn_again() -> None:
    """The card question says 'cancel' cancels the MOVE; it used to be "not understood"."""
    game = Game.new(7)
    game.play(("done",))
    before = list(game.actions)
    lines = _run(game, ["move north", "cancel", "back"])
    assert game.actions == before
    after = lines[lines.index("MOVE cancelled.") :]
    assert any("Your turn: REST, DO ACTION or MOVE" in line for line in after)
    assert "Nothing to cancel: no MOVE is waiting for its card." in after
    assert not any("not understood" in line for line in lines)


def test_a_shot_is_given_the_same_odds_by_its_answer_and_by_the_hint() -> None:
    # Giant Bat AGL 4 at level 1; AGL +1 and CHECK1: the shot needs 3+. In sight: four 5s
    # and two 4s in hand, a 3 on the discard pile: 33 unseen, 7 + 6 + 4 = 17 of them hit
    s = begin(
        scenario(
            hand=["5 STR", "5 INT", "5 AGL", "5 MOV", "4 STR", "4 INT"],
            discard=["3 AGL"],
            arrows=1,
            AGL=1,
        ),
        combat(3),
    )
    step(s, ("fight",))
    assert s.prompt == "ranged"
    shoot = next(e for e in build_menu(s) if e.command == "shoot arrow")
    assert shoot.label.endswith("needs 3+ (52%)")  # 17 of 33, not 3 in 5
    line = hint_line(s, build_menu(s))
    assert "shoot an Arrow" in line and "the shot hits 52%" in line


def test_rest_without_a_fruit_says_why_and_the_turn_offers_none() -> None:
    s = begin(scenario(hand=["1 STR", "2 INT", "3 AGL"], room="healing-fountain", fruits=0))
    parsed = parse(s, "rest", build_menu(s))
    assert parsed.kind == "error" and "REST eats a Fruit, and you have none" in parsed.arg
    assert "no Fruit left: no REST" in odds(s)[0] and "REST draws" not in odds(s)[0]
    fed = begin(scenario(hand=["1 STR", "2 INT", "3 AGL"], room="healing-fountain", fruits=1))
    assert "REST draws up to 9" in odds(fed)[0]


def test_a_pack_of_fruits_alone_does_not_speak_of_arrows() -> None:
    s = begin(scenario(hand=["1 STR", "2 INT"], fruits=2))
    game = Game(0, None, [], s)
    assert build_screen(game).pack_line.endswith("Fruits only")
    s.arrows = 3
    assert build_screen(game).pack_line.endswith("Fruits and Arrows only")
    s.fruits = 0
    assert build_screen(game).pack_line.endswith("Arrows only")


def test_a_terminal_smaller_than_80_by_24_is_warned() -> None:
    from companion.ui.dungeon_of_d.shell import small_terminal

    assert small_terminal(80, 24) == "" and small_terminal(120, 40) == ""
    assert "79×24" in small_terminal(79, 24) and "needs 80×24" in small_terminal(100, 23)


def test_hint_for_a_test_names_the_test_once() -> None:
    """A test's answer and the hint's reason both open with "INT test of 5": the hint
    says it once."""
    from companion.ui.dungeon_of_d.shell import hint_line

    seen = 0
    for seed in (21, 5, 11):
        for game in _walk(seed, bot="greedy", limit=150):
            s = game.state
            if s.outcome is not None:
                break
            line = hint_line(s, build_menu(s))
            if " test of " not in line:
                continue
            seen += 1
            assert line.count(" test of ") == 1, line
    assert seen
