"""Dungeon Poker at the table: the hooks the table engine calls, and the table's commands.

The rules live in one module per chapter of the rulebook, in its order:

* :mod:`~companion.games.dungeon_poker.setup`: preparing the game;
* :mod:`~companion.games.dungeon_poker.characters`: choosing characters;
* :mod:`~companion.games.dungeon_poker.levels` and
  :mod:`~companion.games.dungeon_poker.encounters`: blind levels, encounters;
* :mod:`~companion.games.dungeon_poker.treasures`: treasures;
* :mod:`~companion.games.dungeon_poker.monsters`: monsters;
* :mod:`~companion.games.dungeon_poker.victory`: winning the game;
* :mod:`~companion.games.dungeon_poker.deaths`: character death;
* :mod:`~companion.games.dungeon_poker.deal`: a whole deal, settled through
  :mod:`~companion.games.dungeon_poker.showdown`, one module per phase of
  its end (the same code ``companion showdown`` runs).

:class:`DungeonPokerRules` is what ``companion.games`` registers with the
table engine (:mod:`companion.registry`): setup, drawing by the rules and
``table show``. The functions below it are the table's Dungeon Poker
commands (``table level``, ``choose``, ``monster``, ``win``, ``death``, ...),
each refusing a table of another game; where the rulebook is silent the
choice is in docs/decisions.md under "Table sessions".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.bounds import MAX_LEVEL, check_range
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import (
    abilities,
    board,
    card_effects,
    characters,
    deal,
    dealt,
    deaths,
    encounters,
    levels,
    monsters,
    setup,
    state,
    treasures,
    victory,
    views,
)
from companion.games.dungeon_poker.characters import Choice
from companion.games.dungeon_poker.decks import DungeonPokerDecks, record
from companion.games.dungeon_poker.events import HandCardsFolded, HandCardsTurned
from companion.games.dungeon_poker.levels import LevelChange
from companion.games.dungeon_poker.state import GAME
from companion.games.dungeon_poker.treasures import TreasuresWaiting
from companion.games.dungeon_poker.victory import win_targets
from companion.table.actions import game_cards, named_players, resolve_deck
from companion.table.events import CardRef
from companion.table.model import DrawnCard, DrawResult, TableInfo
from companion.table.store import Transaction
from companion.table.views import Audience, View
from companion.timer.table_clock import CountedLevels

__all__ = [
    "GAME",
    "DungeonPokerRules",
    "LevelChange",
    "TreasuresWaiting",
    "ability",
    "check_structure",
    "choose",
    "death",
    "discard",
    "draw_with_folds",
    "enter_level",
    "gems",
    "gold",
    "level_now",
    "monster",
    "monster_result",
    "monsters_in_play",
    "next_level",
    "reveal",
    "sell",
    "settle_deal",
    "start_deal",
    "tie",
    "use",
    "win",
    "win_targets",
]


class DungeonPokerRules(DungeonPokerDecks):
    """Dungeon Poker's own rules of the table, on top of the generic ones."""

    def options(self, raw: dict[str, Any]) -> dict[str, Any]:
        return setup.options(raw)

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        setup.validate_players(players)

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        return setup.setup(tx, table, cards)

    def draw(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        *,
        count: int = 1,
        player: str | None = None,
        bottom: bool = False,
    ) -> list[DrawnCard]:
        """``companion draw DECK``: each deck drawn by its own rule."""
        if deck == "treasures":
            return treasures.draw_treasures(tx, table, cards, player, count, bottom=bottom)
        if deck == "monsters":
            return _draw_monsters(tx, table, cards, count, player, bottom)
        if deck == "encounters":
            return _draw_encounter(tx, table, cards, count, player, bottom)
        if deck == "levels":
            raise CompanionError("levels are opened in order with 'companion table level'")
        if deck == "skulls":
            raise CompanionError("skull cards are handed out by 'companion table death PLAYER'")
        if deck == "main":
            return monsters.draw_main(tx, table, cards, count, player, bottom)
        return super().draw(tx, table, cards, deck, count=count, player=player, bottom=bottom)

    def describe(self, card: DrawnCard) -> DrawnCard:
        return characters.describe(card)

    def overview(self, tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
        return overview(tx, table, cards)

    def holdings(
        self, tx: Transaction, table: TableInfo, cards: GameCards
    ) -> dict[str, list[DrawnCard]]:
        return views.laid(tx, table, super().holdings(tx, table, cards))

    def visible(self, card: DrawnCard, audience: Audience) -> bool:
        return views.visible(card, audience)

    def views(
        self, tx: Transaction, table: TableInfo, cards: GameCards, audiences: Sequence[Audience]
    ) -> dict[Audience, View]:
        return views.views(tx, table, cards, audiences, overview(tx, table, cards), self)


def _draw_monsters(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    count: int,
    player: str | None,
    bottom: bool,
    folded: Sequence[str] = (),
) -> DrawResult:
    found: list[DrawnCard] = []
    notes: list[str] = []
    for _ in range(count):
        result = monsters.draw_monster(
            tx, table, cards, summoned_by=player, record_it=False, bottom=bottom, folded=folded
        )
        found.extend(result)
        notes.extend(result.notes)
    record(tx, table, cards, "monsters", found, player, notes)
    return DrawResult(found, notes)


def _draw_encounter(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    count: int,
    player: str | None,
    bottom: bool,
) -> DrawResult:
    if count != 1 or player:
        raise CompanionError(
            "an encounter is drawn one at a time for the whole table (no --count, no --for)"
        )
    card, notes = encounters.open_encounter(tx, table, cards, bottom=bottom)
    drawn = [card] if card else []
    record(tx, table, cards, "encounters", drawn, None, notes)
    return DrawResult(drawn, notes)


# -- table show ----------------------------------------------------------------------------


def overview(tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
    """What ``table show`` tells of a Dungeon Poker table: the level, the encounter,
    monsters, the deal, what waits on the table, each player's standing, the targets."""
    now = levels.level_now(tx, table, cards)
    tournament = bool(table.options.get("tournament"))
    per_skull = victory.gold_per_skull(cards)
    skulls = state.skulls_of(tx, table)
    out = state.players_out(tx, table)
    carried = int(state.get(tx, table, "carried", 0))
    carried_gold = int(state.get(tx, table, "carried_gold", 0))
    gold = state.gold_of(tx, table)
    gems = state.gems_of(tx, table)
    current = state.current_deal(tx, table)
    in_play = monsters.monsters_in_play(tx, table, cards)
    secret = characters.chosen(tx, table)
    players: list[dict[str, Any]] = []
    per_player: dict[str, list[str]] = {}
    for player in table.players:
        character = tx.pile(table, "characters", "in_play", player)
        held = tx.pile(table, "characters", "held", player)
        owned = tx.pile(table, "treasures", "held", player)
        targets = win_targets(
            len(table.players),
            per_skull=per_skull,
            skulls=skulls.get(player, 0),
            tournament=tournament,
        )
        name = cards.get(character[0].card_id).name if character else None
        if player in out:
            status, shown = "out", "out"
        elif player in secret:
            status, shown = "chosen", "chosen (secret)"
        elif held:
            status, shown = "choosing", f"choosing from {len(held)}"
        else:
            status, shown = "playing", name or "-"
        players.append(
            {
                "name": player,
                "character": name,
                "status": status,
                "choosing": [] if player in secret else [cards.get(c.card_id).name for c in held],
                "skulls": skulls.get(player, 0),
                "treasures": len(owned),
                "targets": {"gold": targets.gold, "treasures": targets.treasures},
            }
        )
        have = f"{gold[player]:,}" if player in gold and status == "playing" else "-"
        per_player[player] = [
            shown,
            str(skulls.get(player, 0)),
            f"{len(owned)}" + (f"/{targets.treasures}" if targets.treasures else ""),
            str(gems[player]) if player in gems and status == "playing" else "-",
            # the target beside the gold only where skulls raised it above the line "to win"
            have + (f"/{targets.gold:,}" if targets.gold and skulls.get(player) else ""),
        ]
    base = win_targets(len(table.players), per_skull=per_skull, tournament=tournament)
    lines = [
        f"level {now.level} · blind {now.blind}"
        + (f" · +{now.soul_gems} soul gem" if now.soul_gems else "")
    ]
    if now.encounter:
        lines.append(f"encounter: [bold]{now.encounter.name}[/] — {now.encounter.text}")
    elif now.level > 1:
        lines.append("encounter: none")
    face_up: dict[str, list[str]] = {}
    for lying in views.monster_cards(tx, table, cards):
        face_up.setdefault(str(lying.whose), []).append(views.card_face(lying.card))
    labels = {copy.copy: label for label, copy in monsters.playing(tx, table, cards).items()}
    for m in in_play:
        opened = face_up.get(labels.get(m.copy, ""))
        lines.append(
            f"monster in play: [bold]{m.name}[/]"
            + (f" ({m.notes[0]})" if m.notes else "")
            + (f"; open: {' '.join(opened)}" if opened else "")
        )
    if current:
        lines.append(
            f"deal {current['number']} of level {current['level']}"
            + (" (settled)" if current.get("settled") else "")
        )
    bonus = state.gem_bonus(tx, table)
    if bonus:
        lines.append(
            f"extra soul gems of {now.encounter.name if now.encounter else 'the encounter'} "
            "still held: " + ", ".join(f"{p} {n}" for p, n in bonus.items())
        )
    if carried:
        lines.append(f"treasures waiting from tied deals: {carried}")
    if carried_gold:
        lines.append(f"gold left on the table for the next pot: {carried_gold:,}")
    won = victory.victory(tx, table, cards) if gold else None
    tops = {deck: card.to_json() for deck, card in views.open_tops(tx, table, cards).items()}
    for deck, top in tops.items():
        lines.append(f"open top card of {deck}: {top['name']}")
    to_win = (  # the board, the victory and this line are the view's own facts
        "to win: "
        + " or ".join(base.lines())
        + (f" (+{base.per_skull} gold per skull)" if base.gold else "")
    )
    return {
        "dungeon_poker": {
            "level": now.to_json(),
            "carried_treasures": carried,
            "carried_gold": carried_gold,
            "gold": gold,
            "soul_gems": gems,
            "soul_gem_bonus": bonus,
            "deal": current,
            "victory": won.to_json() if won else None,
            "monsters": [m.to_json() for m in in_play],
            "players": players,
            "open_top_cards": tops,
            "win": {
                "gold": base.gold,
                "gold_per_skull": base.per_skull if base.gold else None,
                "treasures": base.treasures,
                "last_original": base.last_original,
                "last_standing": base.last_standing,
                "text": to_win,
            },
            "tournament": tournament,
        },
        "lines": lines,
        "player_columns": ["character", "skulls", "treasures", "gems", "gold"],
        "cards_decks": ["treasures", "monsters"],
        "per_player": per_player,
    }


# -- the table's Dungeon Poker commands ------------------------------------------------------


def _cards(table: TableInfo) -> GameCards:
    """The card database of a Dungeon Poker table (another game's table is refused)."""
    if table.game != GAME:
        raise CompanionError(f"table '{table.name}' plays {table.game}, not Dungeon Poker")
    return game_cards(table)


def enter_level(tx: Transaction, table: TableInfo, level: int) -> LevelChange:
    """Open ``level`` if it is above the current one (drawing its encounter); else report the level in force.

    For a table of another game the level number is only remembered. A level past
    :data:`~companion.bounds.MAX_LEVEL` is refused in one line (a typo'd
    ``table level 99999999999999999999`` would otherwise reach the clock).
    """
    check_range("level", level, 1, MAX_LEVEL)
    if table.game != GAME:
        counted = CountedLevels()
        current = counted.level_now(tx, table)
        counted.enter_level(tx, table, level)
        return LevelChange(level=max(level, current), blind=0, soul_gems=0, drawn=level > current)
    return encounters.open_level_now(tx, table, _cards(table), level)


def next_level(tx: Transaction, table: TableInfo) -> LevelChange:
    """Open the level after the current one (Astral Warlock, Teleport Trap, Scroll of Teleport, or five deals)."""
    return enter_level(tx, table, level_now(tx, table).level + 1)


def level_now(tx: Transaction, table: TableInfo) -> LevelChange:
    """The level in force, read only."""
    if table.game != GAME:
        return LevelChange(level=CountedLevels().level_now(tx, table), blind=0, soul_gems=0)
    return levels.level_now(tx, table, _cards(table))


def check_structure(tx: Transaction, table: TableInfo, structure: Any) -> None:
    """Refuse a clock whose levels are not the table's level cards (blind and soul gems)."""
    if table.game == GAME:
        levels.check_structure(table, structure)


def start_deal(
    tx: Transaction,
    table: TableInfo,
    *,
    count_deal: deal.DealCounter | None = None,
    deal_hands: bool = False,
) -> deal.DealStart:
    """``table deal``: the next deal (:func:`companion.games.dungeon_poker.deal.start_deal`)."""
    return deal.start_deal(tx, table, _cards(table), count_deal=count_deal, deal_hands=deal_hands)


def settle_deal(
    tx: Transaction,
    table: TableInfo,
    put_in: dict[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | list[str] | None = None,
    extra: dict[str, Any] | None = None,
    takes: Sequence[str] = (),
) -> deal.Settled:
    """``table showdown``: settle the deal (:func:`companion.games.dungeon_poker.deal.settle_deal`)."""
    return deal.settle_deal(
        tx,
        table,
        _cards(table),
        put_in,
        folded=folded,
        result=result,
        extra=extra,
        takes=takes,
    )


def choose(tx: Transaction, table: TableInfo, player: str, character: str) -> Choice:
    return characters.choose(tx, table, _cards(table), player, character)


def monster(
    tx: Transaction,
    table: TableInfo,
    *,
    summoned_by: str | None = None,
    showdown: bool = False,
    folded: Sequence[str] = (),
) -> DrawResult:
    """A monster comes to the table (the M card, a summon, or King's cave at the showdown);
    ``folded``: players who had folded when it came (a friendly monster's gift skips them)."""
    cards = _cards(table)
    who = table.player(summoned_by) if summoned_by else None
    return monsters.draw_monster(
        tx, table, cards, summoned_by=who, showdown=showdown, folded=folded
    )


def draw_with_folds(
    tx: Transaction,
    table: TableInfo,
    deck: str,
    count: int,
    player: str | None,
    *,
    bottom: bool = False,
    folded: Sequence[str],
) -> DrawResult:
    """``companion draw main|monsters --folded P``: as ``draw``, and a friendly monster that
    comes (the M card, or drawn itself) gives its gift to all but the players ``folded``,
    as ``table monster --folded`` does (000, Monsters: "all the players still in the pot")."""
    cards = _cards(table)
    out = [table.player(f) for f in named_players(folded)]
    deck = resolve_deck(tx, table, cards, deck)
    who = table.player(player) if player is not None else None
    if deck == "main":
        return monsters.draw_main(tx, table, cards, count, who, bottom, folded=out)
    if deck == "monsters":
        return _draw_monsters(tx, table, cards, count, who, bottom, out)
    raise CompanionError(
        f"--folded names who had folded when a monster came: it goes with 'draw main' or "
        f"'draw monsters', not 'draw {deck}'"
    )


def deal_board(tx: Transaction, table: TableInfo) -> board.BoardDealt:
    """``table board``: burn a card, then deal the next street (flop, turn, river)."""
    return board.deal_street(tx, table, _cards(table))


def monsters_in_play(tx: Transaction, table: TableInfo) -> list[DrawnCard]:
    """The monsters at the table now, with what they play with (``.info``)."""
    return monsters.monsters_in_play(tx, table, _cards(table))


def monster_result(
    tx: Transaction,
    table: TableInfo,
    outcome: str,
    monster: str | None = None,
    slayer: str | Sequence[str] | None = None,
) -> DrawResult:
    """``table monster-result``: how a monster's deal ended (``slayer``: who slew it, one
    name, or each who shared the kill)."""
    named = [slayer] if isinstance(slayer, str) else list(slayer or ())
    return deal.monster_result(tx, table, _cards(table), outcome, monster, named)


def win(tx: Transaction, table: TableInfo, winners: Sequence[str]) -> DrawResult:
    return treasures.win(tx, table, _cards(table), winners)


def tie(tx: Transaction, table: TableInfo, players: Sequence[str] = ()) -> int:
    return treasures.tie(tx, table, _cards(table), players)


def death(
    tx: Transaction,
    table: TableInfo,
    player: str,
    winner: str | None = None,
    takes: str | None = None,
) -> tuple[list[DrawnCard], list[str]]:
    return deaths.death(tx, table, _cards(table), player, winner, takes)


def loot(
    tx: Transaction, table: TableInfo, winner: str, treasure: str, dead: str | None = None
) -> DrawnCard:
    """``table loot``: the winner takes one treasure of a character that died in the deal."""
    return deaths.loot(tx, table, _cards(table), winner, treasure, dead)


def claim(tx: Transaction, table: TableInfo, player: str, treasure: str) -> DrawnCard:
    """``table claim``: the bank claims an artifact under the legendary-artifact rule."""
    return treasures.claim(tx, table, _cards(table), player, treasure)


def sell(tx: Transaction, table: TableInfo, player: str, treasure: str) -> DrawnCard:
    return treasures.sell(tx, table, _cards(table), player, treasure)


def use(
    tx: Transaction, table: TableInfo, player: str, treasure: str, target: str | None = None
) -> DrawnCard:
    return treasures.sell(tx, table, _cards(table), player, treasure, use=True, target=target)


def ability(
    tx: Transaction,
    table: TableInfo,
    player: str,
    name: str,
    choice: card_effects.Choice | None = None,
) -> abilities.Moved:
    """``table ability``: a character's ability costs its soul gems (and takes its gold);
    on a deal the table deals, it also deals, folds or shows the cards it says."""
    return abilities.use_ability(tx, table, _cards(table), player, name, choice)


def discard(
    tx: Transaction, table: TableInfo, player: str, refs: Sequence[str]
) -> card_effects.CardsMoved:
    """``table discard PLAYER CARD...``: fold the hand cards a rule asked for."""
    cards = _cards(table)
    owing = {o.player: o.why for o in dealt.owed(tx, table)}
    moved = card_effects.discard(tx, table, cards, player, refs)
    who = table.player(player)
    shown, _, down = card_effects.event_cards(
        tx, table, cards, card_effects.CardsMoved(folded=moved.folded)
    )
    event = HandCardsFolded(who, shown, owing.get(who, ""), down)
    tx.record(table, event, actor=who)
    return moved


def reveal(
    tx: Transaction, table: TableInfo, player: str, refs: Sequence[str]
) -> card_effects.CardsMoved:
    """``table reveal PLAYER CARD...``: turn hand cards face up (a rule asked, or the
    player shows one under Time of justice)."""
    cards = _cards(table)
    moved = card_effects.reveal(tx, table, cards, player, refs)
    who = table.player(player)
    refs_up = tuple(CardRef.of(c, open=True) for c in moved.turned)
    tx.record(table, HandCardsTurned(who, refs_up), actor=who)
    return moved


def gold(
    tx: Transaction, table: TableInfo, player: str, amount: str, note: str = ""
) -> abilities.Moved:
    """``table gold``: the dealer's correction of a player's gold (``+500``, ``-200``)."""
    return abilities.correct_gold(
        tx, table, _cards(table), player, abilities.parse_amount(amount), note
    )


def gems(
    tx: Transaction, table: TableInfo, player: str, amount: str, note: str = ""
) -> abilities.Moved:
    """``table gems``: the dealer's correction of a player's soul gems (``+1``, ``-2``)."""
    return abilities.correct_gems(
        tx, table, _cards(table), player, abilities.parse_gems(amount), note
    )
