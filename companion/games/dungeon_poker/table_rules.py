"""Dungeon Poker at the table: setup, characters, levels and encounters, monsters, treasures.

The rules follow the rulebook's chapters on preparing the game, the levels
and their encounter cards, treasures, monsters, the ways to win, a
character's death, tournament play and the two-player game; where it is
silent the choice is written in docs/decisions.md under "Table sessions".

State of a Dungeon Poker table, beyond where each card lies, is kept in the
store's key-value table under the namespace ``dungeon-poker`` (undoable with
the action that changed it): the level number, treasures carried over from
ties, skulls per player, players out, and what each monster in play plays with.

>>> win_targets(4).gold, win_targets(5).gold, win_targets(5).treasures
(15000, 20000, 8)
>>> win_targets(4, skulls=2).gold
25000
>>> win_targets(2).treasures is None, win_targets(4, tournament=True).gold is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.cards.dungeon_poker import EncounterRules, level_ladder, monster_deck
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.table.actions import find_copy, game_cards
from companion.table.drawing import GameRules, deck_name, drawn_card
from companion.table.model import CardCopy, DrawnCard, DrawResult, TableInfo
from companion.table.store import Transaction

NS = "dungeon-poker"
GAME = "dungeon-poker"
STARTING_GOLD = 5000
BLIND_STEP = 500
"""After the last level card the blind rises by 500 a level."""
SHORT_GAME_LEFT_OUT = (200, 600, 800, 900)
"""Levels the shorter game takes out of the level deck."""
REBUILT_IN_TOURNAMENT = ("monsters", "treasures", "encounters")
"""Decks rebuilt from their removed cards when they run out in tournament play."""
DEALS_PER_LEVEL = 5
"""One level lasts five deals."""
CHARACTERS_PER_PLAYER = 2
MAX_PLAYERS = 7
"""Fourteen characters, two dealt to each player to choose from."""


# -- win conditions -----------------------------------------------------------------------


@dataclass(frozen=True)
class WinTargets:
    """What a player needs to win: gold (raised by skulls), treasures, or outliving everyone."""

    gold: int | None
    treasures: int | None
    last_original: bool
    last_standing: bool

    def lines(self) -> list[str]:
        out = []
        if self.gold is not None:
            out.append(f"{self.gold} gold")
        if self.treasures is not None:
            out.append(f"{self.treasures} treasures")
        if self.last_original:
            out.append("the last original character without a skull")
        if self.last_standing:
            out.append("the last player with gold left")
        return out


def gold_target(players: int) -> int:
    """Gold needed to win for the original number of players (no skulls).

    15 000 with 3-4 players, 20 000 with 5-6; the rulebook is silent for 2
    and for 7 or more, so heads-up takes the small table's 15 000 and a
    larger table the large table's 20 000.

    >>> [gold_target(n) for n in (2, 3, 4, 5, 6, 7)]
    [15000, 15000, 15000, 20000, 20000, 20000]
    """
    return 15000 if players <= 4 else 20000


def win_targets(
    players: int, *, skulls: int = 0, tournament: bool = False, extra_per_skull: int = 5000
) -> WinTargets:
    """The win-condition targets for a player at a table of ``players`` original players."""
    if tournament:
        return WinTargets(gold=None, treasures=None, last_original=False, last_standing=True)
    heads_up = players == 2
    return WinTargets(
        gold=gold_target(players) + extra_per_skull * skulls,
        treasures=None if heads_up else 13 - players,
        last_original=not heads_up,
        last_standing=heads_up,
    )


# -- levels --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LevelChange:
    """The level in force: its number, blind, bonus soul gems and encounter."""

    level: int
    blind: int
    soul_gems: int
    level_card: DrawnCard | None = None
    encounter: DrawnCard | None = None
    drawn: bool = False
    """True when this call opened the level (and drew its encounter, if any)."""
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "blind": self.blind,
            "soul_gems": self.soul_gems,
            "encounter": self.encounter.to_json() if self.encounter else None,
            "level_card": self.level_card.to_json() if self.level_card else None,
            "drawn": self.drawn,
            "notes": list(self.notes),
        }


def level_blinds(cards: GameCards, *, short: bool = False) -> list[tuple[str, int, int]]:
    """(card id, blind, soul gems) of the level deck in play order.

    >>> from companion.cards import load_game
    >>> [b for _, b, _ in level_blinds(load_game("dungeon-poker"), short=True)]
    [100, 300, 500, 700, 1000, 1500]
    """
    ladder = level_ladder(cards.deck("levels"))
    return [
        (c.id, c.blind, c.soul_gems)
        for c in ladder
        if not (short and c.blind in SHORT_GAME_LEFT_OUT)
    ]


def blind_of(level: int, ladder: Sequence[tuple[str, int, int]]) -> tuple[int, int]:
    """(blind, soul gems) of a level: from its card, then +500 a level past the last card.

    >>> ladder = [("a", 100, 0), ("b", 200, 0), ("c", 1500, 1)]
    >>> blind_of(2, ladder), blind_of(3, ladder), blind_of(5, ladder)
    ((200, 0), (1500, 1), (2500, 0))
    """
    if level < 1:
        raise CompanionError(f"levels start at 1 (got {level})")
    if level <= len(ladder):
        _, blind, gems = ladder[level - 1]
        return blind, gems
    last = ladder[-1][1] if ladder else 0
    return last + BLIND_STEP * (level - len(ladder)), 0


# -- the rules object ------------------------------------------------------------------------


class DungeonPokerRules(GameRules):
    """Dungeon Poker's own rules of the table, on top of the generic ones."""

    def options(self, raw: dict[str, Any]) -> dict[str, Any]:
        return {"tournament": bool(raw.get("tournament")), "short": bool(raw.get("short"))}

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        if not 2 <= len(players) <= MAX_PLAYERS:
            raise CompanionError(
                f"Dungeon Poker seats 2 to {MAX_PLAYERS} players (two characters each from 14); got {len(players)}"
            )

    # -- setup ---------------------------------------------------------------------------

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        notes: list[str] = []
        for deck in ("main", "characters", "treasures", "encounters"):
            tx.add_cards(table, deck, _copies(cards, deck))
            self.shuffle(tx, table, deck)
        monsters = cards.deck("monsters")
        tx.add_cards(
            table, "monsters", [m.id for m in monster_deck(monsters) for _ in range(m.quantity)]
        )
        tx.add_cards(
            table,
            "monsters",
            [m.id for m in monsters if m.set_aside for _ in range(m.quantity)],
            "aside",
        )
        self.shuffle(tx, table, "monsters")
        aside = ", ".join(
            m.name + (" (the extra one)" if m.king else "") for m in monsters if m.set_aside
        )
        notes.append(f"set aside: the skull cards, {aside}")
        # The level deck lies in order, 100 on top; the shorter game leaves four levels in the box.
        ladder = level_blinds(cards, short=bool(table.options.get("short")))
        kept = {card_id for card_id, _, _ in ladder}
        tx.add_cards(table, "levels", [card_id for card_id, _, _ in ladder])
        tx.add_cards(
            table, "levels", [c.id for c in cards.deck("levels") if c.id not in kept], "aside"
        )
        if table.options.get("short"):
            notes.append(
                "shorter game: levels " + ", ".join(map(str, SHORT_GAME_LEFT_OUT)) + " left out"
            )
        tx.add_cards(table, "skulls", _copies(cards, "skulls"), "aside")
        tx.add_cards(table, "extras", _copies(cards, "extras"), "aside")
        notes.append("the First Edition extra cards stay in the box")
        self._set(tx, table, "level", 1)
        first = tx.top(table, "levels")
        if first is not None:
            tx.move(table, first, "in_play")
            notes.append(f"level 1: blind {ladder[0][1]}, played without an encounter")
        for player in table.players:
            self._deal_characters(tx, table, cards, player)
        notes.append(
            "two characters dealt face down to each player: look with 'companion table hand NAME', "
            "keep one with 'companion table choose NAME CHARACTER'"
        )
        if len(table.players) == 2:
            notes.append(
                "two players: the treasure victory does not count, and running out of gold loses"
            )
        targets = win_targets(len(table.players), tournament=bool(table.options.get("tournament")))
        notes.append("to win: " + " or ".join(targets.lines()))
        return notes

    def _deal_characters(
        self, tx: Transaction, table: TableInfo, cards: GameCards, player: str
    ) -> list[DrawnCard]:
        dealt = []
        for _ in range(CHARACTERS_PER_PLAYER):
            top = tx.top(table, "characters")
            if top is None:
                break
            dealt.append(drawn_card(cards, tx.move(table, top, "held", player)))
        return dealt

    # -- state helpers --------------------------------------------------------------------

    def _get(self, tx: Transaction, table: TableInfo, key: str, default: Any = None) -> Any:
        return tx.get_state(table, NS, key, default)

    def _set(self, tx: Transaction, table: TableInfo, key: str, value: Any) -> None:
        tx.put_state(table, NS, key, value, undoable=True)

    def encounter(self, tx: Transaction, table: TableInfo, cards: GameCards) -> Any:
        """The encounter card model in force, or None."""
        in_play = tx.pile(table, "encounters", "in_play")
        return cards.get(in_play[0].card_id) if in_play else None

    def encounter_rules(self, tx: Transaction, table: TableInfo, cards: GameCards) -> Any:
        found = self.encounter(tx, table, cards)
        return found.rules if found is not None else EncounterRules()

    def active_players(self, tx: Transaction, table: TableInfo) -> list[str]:
        out = set(self._get(tx, table, "out", []))
        return [p for p in table.players if p not in out]

    # -- drawing with the rules -------------------------------------------------------------

    def take(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        *,
        bottom: bool = False,
    ) -> tuple[CardCopy, list[str]]:
        if (
            tx.top(table, deck) is None
            and deck in REBUILT_IN_TOURNAMENT
            and table.options.get("tournament")
        ):
            removed = list(tx.pile(table, deck, "removed"))
            if removed:
                tx.arrange(table, removed, "draw")
                self.shuffle(tx, table, deck)
                note = f"tournament: the {len(removed)} removed {deck_name(cards, deck).lower()} were shuffled into a new deck"
                copy, notes = super().take(tx, table, cards, deck, bottom=bottom)
                return copy, [note, *notes]
        return super().take(tx, table, cards, deck, bottom=bottom)

    def empty_message(self, cards: GameCards, deck: str) -> str:
        if deck == "monsters":
            return "all monsters have been slain: the monster deck is empty"
        if deck == "treasures":
            return "the treasure deck is empty: no treasures are left in the dungeon"
        if deck == "encounters":
            return "the encounter deck has run out: levels go on without an encounter"
        return super().empty_message(cards, deck)

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
        if deck == "treasures":
            return self.draw_treasures(tx, table, cards, player, count, bottom=bottom)
        if deck == "monsters":
            found: list[DrawnCard] = []
            notes: list[str] = []
            for _ in range(count):
                result = self.draw_monster(
                    tx, table, cards, summoned_by=player, record=False, bottom=bottom
                )
                found.extend(result)
                notes.extend(result.notes)
            self._record(tx, table, cards, "monsters", found, player, notes)
            return DrawResult(found, notes)
        if deck == "encounters":
            if count != 1 or player:
                raise CompanionError(
                    "an encounter is drawn one at a time for the whole table (no --count, no --for)"
                )
            change = self._open_encounter(tx, table, cards, bottom=bottom)
            encounter = [change[0]] if change[0] else []
            self._record(tx, table, cards, "encounters", encounter, None, change[1])
            return DrawResult(encounter, change[1])
        if deck == "levels":
            raise CompanionError("levels are opened in order with 'companion table level'")
        if deck == "skulls":
            raise CompanionError("skull cards are handed out by 'companion table death PLAYER'")
        if deck == "main":
            return self._draw_main(tx, table, cards, count, player, bottom)
        return super().draw(tx, table, cards, deck, count=count, player=player, bottom=bottom)

    def _record(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        drawn: Sequence[DrawnCard],
        player: str | None,
        notes: Sequence[str],
        action: str = "draw",
        summary: str | None = None,
    ) -> None:
        names = ", ".join(d.name for d in drawn) or "nothing"
        text = summary or f"{player or 'the table'} drew {names} from {deck_name(cards, deck)}"
        tx.record(
            table,
            action,
            text,
            actor=player,
            data={
                "deck": deck,
                "cards": [[d.card_id, d.copy] for d in drawn],
                "to": [d.pile for d in drawn],
                "notes": list(notes),
            },
        )

    def _draw_main(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        count: int,
        player: str | None,
        bottom: bool,
        *,
        record: bool = True,
    ) -> DrawResult:
        """Main deck cards; the monster card (M) is revealed, replaced, and brings a monster."""
        drawn: list[DrawnCard] = []
        notes: list[str] = []
        got = 0
        markers: set[int] = set()
        while got < count:
            copy, took_notes = self.take(tx, table, cards, "main", bottom=bottom)
            notes.extend(took_notes)
            if cards.get(copy.card_id).kind == "monster-marker":
                if copy.copy in markers:
                    raise CompanionError(
                        "the main deck has no playing cards left, only the monster card (M): "
                        "start the next deal with 'companion table deal', which gathers every card"
                    )
                markers.add(copy.copy)
                marker = tx.move(table, copy, "discard", where="top")
                drawn.append(
                    drawn_card(
                        cards,
                        marker,
                        notes=[
                            "the monster card (M): revealed, replaced by the next card, and a monster comes"
                        ],
                    )
                )
                monster = self.draw_monster(tx, table, cards, record=False)
                drawn.extend(monster)
                notes.extend(monster.notes)
                continue
            moved = tx.move(table, copy, "held" if player else "in_play", player)
            drawn.append(drawn_card(cards, moved, notes=took_notes))
            got += 1
        if record:
            self._record(tx, table, cards, "main", drawn, player, notes)
        return DrawResult(drawn, notes)

    # -- treasures ------------------------------------------------------------------------

    def draw_treasures(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        player: str | None,
        count: int,
        *,
        bottom: bool = False,
        record: bool = True,
        partial: bool = False,
        why: str = "",
    ) -> DrawResult:
        """Treasures for ``player``: sudden effects resolve and leave the game, others are kept."""
        drawn: list[DrawnCard] = []
        notes: list[str] = []
        for _ in range(count):
            try:
                copy, took = self.take(tx, table, cards, "treasures", bottom=bottom)
            except CompanionError as exc:
                if not partial:
                    raise
                notes.append(exc.message)
                break
            notes.extend(took)
            drawn.append(self._place_treasure(tx, table, cards, copy, player, took))
        if record:
            self._record(
                tx,
                table,
                cards,
                "treasures",
                drawn,
                player,
                notes,
                summary=f"{player or 'the table'} drew {', '.join(d.name for d in drawn) or 'no treasure'}{why}",
            )
        return DrawResult(drawn, notes)

    def _place_treasure(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        copy: CardCopy,
        player: str | None,
        notes: list[str],
    ) -> DrawnCard:
        model = cards.get(copy.card_id)
        said = list(notes)
        if model.treasure_class == "sudden":
            moved = tx.move(table, copy, "removed")
            said.append("sudden effect: resolve it now; the card leaves the game")
            if getattr(model, "blinds", None):
                blind = self.level_now(tx, table, cards).blind
                said.append(f"{model.blinds} blinds = {model.blinds * blind:,} gold at this level")
            if model.effect == "teleport":
                said.append(
                    "the level ends now: open the next one ('companion table level' or e on the timer)"
                )
            return drawn_card(cards, moved, notes=said)
        moved = tx.move(table, copy, "held" if player else "in_play", player)
        if model.cash is not None:
            gains = _cash_words(model.cash)
            said.append(
                f"cash it now for {gains} without an action, or keep it for the treasure victory"
            )
        if model.treasure_class == "legendary":
            said.append(
                "legendary: keep it and give up all other artifacts but one minor one, "
                f"or let the bank claim it for {model.salvage} gold"
            )
        return drawn_card(cards, moved, notes=said)

    def win(self, tx: Transaction, table: TableInfo, winners: Sequence[str]) -> DrawResult:
        """The deal's winner(s) draw their treasures: one each, or as the encounter says,
        plus those left over from tied deals for the first winner."""
        cards = game_cards(table)
        who = [table.player(w) for w in winners]
        if not who:
            raise CompanionError("name the winner(s) of the deal")
        out = set(self._get(tx, table, "out", []))
        for w in who:
            if w in out:
                raise CompanionError(f"{w} is out of the game and cannot win a deal")
        rules = self.encounter_rules(tx, table, cards)
        if len(who) > rules.boards:
            # A split pot: the treasure waits for the next deal (Appendix F, "Ties and kickers").
            carried = self.tie(tx, table)
            return DrawResult(
                [],
                [
                    f"{' and '.join(who)} split the pot: no treasure is drawn; the next winner "
                    f"draws {carried} more"
                ],
            )
        per_win = rules.treasures_per_win
        carried = int(self._get(tx, table, "carried", 0))
        drawn: list[DrawnCard] = []
        notes: list[str] = []
        for i, player in enumerate(who):
            count = per_win + (carried if i == 0 else 0)
            got = self.draw_treasures(tx, table, cards, player, count, record=False, partial=True)
            drawn.extend(got)
            notes.extend(n for n in got.notes if n not in notes)
        if carried:
            notes.insert(
                0, f"{who[0]} also takes the {carried} treasure(s) left from the tied deal"
            )
            self._set(tx, table, "carried", 0)
        self._record(
            tx,
            table,
            cards,
            "treasures",
            drawn,
            who[0] if len(who) == 1 else None,
            notes,
            action="win",
            summary=f"{' and '.join(who)} won the deal: {', '.join(d.name for d in drawn) or 'no treasure'}",
        )
        return DrawResult(drawn, notes)

    def tie(self, tx: Transaction, table: TableInfo) -> int:
        """A tied deal (or a monster tie): its treasure stays for the next winner."""
        cards = game_cards(table)
        per_win = int(self.encounter_rules(tx, table, cards).treasures_per_win)
        carried = int(self._get(tx, table, "carried", 0)) + per_win
        self._set(tx, table, "carried", carried)
        tx.record(
            table,
            "tie",
            f"tied deal: {carried} treasure(s) wait for the next winner",
            data={"carried": carried},
        )
        return carried

    def sell(
        self,
        tx: Transaction,
        table: TableInfo,
        player: str,
        ref: str,
        *,
        use: bool = False,
        target: str | None = None,
    ) -> DrawnCard:
        """Sell (or cash) a treasure to the bank, or use a one-use artifact: it leaves the game.

        Artifacts that act on monsters do it here: the Summon Monster Scroll
        draws a monster that fights for its user; the Crystal Dagger kills the
        monster named by ``target`` (its slayer takes the Fire Dragon's treasure).
        """
        cards = game_cards(table)
        who = table.player(player)
        if target is not None and not use:
            raise CompanionError("--monster names the monster a used treasure acts on")
        copy = find_copy(
            tx, table, cards, "treasures", ref, ("held",), who, purpose="used" if use else "sold"
        )
        model = cards.get(copy.card_id)
        notes: list[str] = []
        if use and model.activation == "automatic":
            raise CompanionError(
                f"{model.name} is never used by an action: it acts by itself "
                "(when the character runs out of gold at a table showdown, or 'companion table death')"
            )
        if use and not model.one_use:
            if model.activation in ("passive", "automatic", "none"):
                raise CompanionError(
                    f"{model.name} is not used by an action: it works by itself while held"
                )
            notes.append(f"{model.name} stays with {who}")
            result = drawn_card(cards, copy, notes=notes)
            tx.record(
                table,
                "use",
                f"{who} used {model.name}",
                actor=who,
                data={"card": model.id, "copy": copy.copy, "kept": True},
                undoable=False,
            )
            return result
        kill = None
        if use and model.effect == "crystal-dagger":
            if target is None:
                names = ", ".join(
                    cards.get(c.card_id).name for c in tx.pile(table, "monsters", "in_play")
                )
                raise CompanionError(
                    f"name the monster the {model.name} kills with --monster (in play: {names or 'none'})"
                )
            kill = find_copy(tx, table, cards, "monsters", target, ("in_play",), purpose="killed")
        moved = tx.move(table, copy, "removed")
        if use and model.effect == "summon-monster":
            came = self.draw_monster(tx, table, cards, summoned_by=who, record=False)
            for m in came:
                notes.append(
                    f"{m.name} comes to fight for {who}" + (f" ({m.notes[0]})" if m.notes else "")
                )
            notes.extend(came.notes)
        if kill is not None:
            notes.extend(self._kill(tx, table, cards, kill, who))
        if use:
            notes.append("sacrificed: it leaves the game and no longer counts as a treasure")
            if model.effect == "teleport":
                notes.append(
                    "the level ends now: open the next one ('companion table level' or e on the timer)"
                )
            verb = "used"
        elif model.cash is not None:
            notes.append(f"cashed for {_cash_words(model.cash)}")
            verb = "cashed"
        else:
            notes.append(f"sold to the bank for {model.salvage} gold")
            verb = "sold"
        tx.record(
            table,
            verb if verb != "cashed" else "sell",
            f"{who} {verb} {model.name}",
            actor=who,
            data={"card": model.id, "copy": copy.copy},
        )
        return drawn_card(cards, moved, notes=notes)

    # -- monsters ---------------------------------------------------------------------------

    def draw_monster(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        *,
        summoned_by: str | None = None,
        showdown: bool = False,
        record: bool = True,
        bottom: bool = False,
    ) -> DrawResult:
        """A monster comes to the table, with how many cards it plays and how many open."""
        rules = self.encounter_rules(tx, table, cards)
        if showdown and rules.showdown_monster is None:
            raise CompanionError(
                "only an encounter such as King's cave brings a monster at the showdown"
            )
        try:
            copy, notes = self.take(tx, table, cards, "monsters", bottom=bottom)
        except CompanionError as exc:
            if tx.top(table, "monsters") is not None or "monster" not in exc.message:
                raise
            result = DrawResult([], [exc.message + ": no monster comes"])
            if record:
                self._record(tx, table, cards, "monsters", [], summoned_by, result.notes)
            return result
        model = cards.get(copy.card_id)
        if model.friendly:
            moved = tx.move(table, copy, "removed")
            said = [
                *notes,
                "friendly: it plays for no pot; resolve its gift, then it leaves the game",
            ]
            card = drawn_card(cards, moved, notes=said, info={"friendly": True})
        else:
            moved = tx.move(table, copy, "in_play", summoned_by)
            card = self._monster_in_play(
                tx,
                table,
                cards,
                moved,
                rules,
                summoned_by=summoned_by,
                showdown=showdown,
                notes=notes,
            )
        result = DrawResult([card], notes)
        if record:
            self._record(
                tx,
                table,
                cards,
                "monsters",
                [card],
                summoned_by,
                notes,
                action="monster",
                summary=f"{card.name} came to the table"
                + (f" for {summoned_by}" if summoned_by else ""),
            )
        return result

    def _monster_in_play(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        copy: CardCopy,
        rules: Any,
        *,
        summoned_by: str | None = None,
        showdown: bool = False,
        notes: Sequence[str] = (),
        king: bool = False,
    ) -> DrawnCard:
        model = cards.get(copy.card_id)
        plays = model.cards + rules.monster_extra_cards
        king = king or model.king or rules.king_monsters
        said = list(notes)
        if showdown and rules.showdown_monster is not None:
            plays += rules.showdown_monster.extra_cards
            king = king or rules.showdown_monster.king
            said.append("drawn at the showdown by the encounter")
            showdown_drawn = True
        else:
            showdown_drawn = False
        if model.max_cards is not None:
            plays = min(plays, model.max_cards)
        info: dict[str, Any] = {"plays": plays, "open": min(model.open_cards, plays), "king": king}
        if showdown_drawn:
            info["showdown"] = True
        if model.max_cards is not None:
            info["max_cards"] = model.max_cards
        if summoned_by:
            info["summoned_by"] = summoned_by
        said.insert(0, _plays_words(info))
        for effect in model.effects:
            if effect.when == "enter" and effect.text:
                said.append(f"as it enters: {effect.text}")
        blind = self.level_now(tx, table, cards).blind
        for effect in model.effects:
            if effect.blinds:
                when = {"enter": "road toll", "lose": "if it loses", "win": "if it wins"}
                said.append(
                    f"{when.get(effect.when, effect.when)}: {effect.blinds} blind(s) = "
                    f"{effect.blinds * blind:,} gold at this level"
                )
        monsters = dict(self._get(tx, table, "monsters", {}))
        monsters[str(copy.copy)] = info
        self._set(tx, table, "monsters", monsters)
        return drawn_card(cards, copy, notes=said, info=info)

    def _forget_monster(self, tx: Transaction, table: TableInfo, copy: CardCopy) -> None:
        monsters = dict(self._get(tx, table, "monsters", {}))
        if monsters.pop(str(copy.copy), None) is not None:
            self._set(tx, table, "monsters", monsters)

    def monsters_in_play(
        self, tx: Transaction, table: TableInfo, cards: GameCards
    ) -> list[DrawnCard]:
        known = self._get(tx, table, "monsters", {})
        out = []
        for copy in tx.pile(table, "monsters", "in_play"):
            info = known.get(str(copy.copy), {})
            out.append(
                drawn_card(cards, copy, notes=[_plays_words(info)] if info else [], info=info)
            )
        return out

    def monster_result(
        self,
        tx: Transaction,
        table: TableInfo,
        outcome: str,
        monster: str | None = None,
        slayer: str | None = None,
    ) -> DrawResult:
        """How a monster's deal ended: ``won``, ``tied``, ``side-pot`` or ``lost`` (slain).

        The card goes where :func:`~companion.games.dungeon_poker.showdown.monster_destination`
        says, as after ``companion table showdown``; the Fire Dragon's slayer
        draws its treasure, and a tie leaves the deal's treasure waiting.
        """
        outcome = {"side": "side-pot", "sidepot": "side-pot"}.get(outcome, outcome)
        if outcome not in ("won", "tied", "side-pot", "lost"):
            raise CompanionError(
                f"a monster's deal ends 'won', 'tied', 'side-pot' or 'lost', not '{outcome}'"
            )
        cards = game_cards(table)
        who = table.player(slayer) if slayer else None
        if who and outcome not in ("lost", "side-pot"):
            raise CompanionError("only a slain monster ('lost' or 'side-pot') has a slayer")
        in_play = tx.pile(table, "monsters", "in_play")
        if monster is None:
            playing = [c for c in in_play if not self._stays(tx, table, cards, c)] or in_play
            if len(playing) != 1:
                names = ", ".join(cards.get(c.card_id).name for c in playing) or "none"
                raise CompanionError(f"say which monster with --monster (in play: {names})")
            copy = playing[0]
        else:
            copy = find_copy(tx, table, cards, "monsters", monster, ("in_play",), purpose="judged")
        model = cards.get(copy.card_id)
        notes: list[str] = []
        treasure_notes: list[str] = []
        drawn: list[DrawnCard] = []
        when = {"won": "win", "tied": "tie"}.get(outcome, "lose")
        for effect in model.effects:
            if (effect.when == when or (when == "lose" and effect.when == "slain")) and effect.text:
                notes.append(effect.text)
        if outcome == "won":
            notes.append("the monster takes the pot out of the game; no treasure is drawn")
            carried = int(self._get(tx, table, "carried", 0))
            if carried:
                self._set(tx, table, "carried", 0)
                notes.append(f"the {carried} treasure(s) waiting from a tie go with the pot")
            if any(e.when == "win" and e.effect == "next-level" for e in model.effects):
                change = self.enter_level(
                    tx, table, cards, self.level_now(tx, table, cards).level + 1
                )
                notes.append(f"level {change.level} opens now (blind {change.blind})")
                notes.extend(change.notes)
        if outcome == "side-pot":
            notes.append("it won only a side pot: that pot leaves the game with it")
        moved = self.monster_leaves(tx, table, cards, copy, outcome)
        notes.extend(moved.notes)
        if outcome in ("lost", "side-pot"):
            extra = sum(
                e.amount or 0
                for e in model.effects
                if e.when == "slain" and e.effect == "extra-treasure"
            )
            if extra:
                if who:
                    got = self.draw_treasures(
                        tx, table, cards, who, extra, record=False, partial=True
                    )
                    drawn.extend(got)
                    treasure_notes.extend(got.notes)
                else:
                    notes.append("name the slayer (--slayer) to draw the dragon's treasure")
        if outcome == "tied":
            per_win = self.encounter_rules(tx, table, cards).treasures_per_win
            carried = int(self._get(tx, table, "carried", 0)) + per_win
            self._set(tx, table, "carried", carried)
            notes.append(f"the treasure stays: the next winner draws {carried} more")
        card = drawn_card(cards, moved_copy(moved), notes=notes)
        tx.record(
            table,
            "monster-" + outcome,
            f"{model.name} {'was slain' if outcome == 'lost' else outcome}"
            + (f" by {who}" if who else "")
            + (f"; {who} drew {', '.join(d.name for d in drawn)}" if drawn else ""),
            actor=who,
            data={
                "monster": model.id,
                "copy": copy.copy,
                "outcome": outcome,
                "treasures": [[d.card_id, d.copy] for d in drawn],
            },
        )
        return DrawResult([card, *drawn], treasure_notes)

    def _kill(
        self, tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy, slayer: str
    ) -> list[str]:
        """A monster killed during the deal: gone (the Golem for this deal only), slayer's rewards."""
        model = cards.get(copy.card_id)
        if model.owner:
            return [f"the {model.name} is out for this deal and returns at the next one"]
        moved = self.monster_leaves(tx, table, cards, copy, "killed")
        notes = [f"{slayer} kills the {model.name}", *moved.notes]
        for e in model.effects:
            if e.when != "slain":
                continue
            if e.effect == "extra-treasure":
                got = self.draw_treasures(
                    tx, table, cards, slayer, e.amount or 1, record=False, partial=True
                )
                notes.extend(f"{slayer} draws the {model.name}'s treasure: {d.name}" for d in got)
                notes.extend(got.notes)
            elif e.effect == "soul-gem-to-slayer":
                notes.append(f"{slayer} takes {e.amount or 1} soul gem(s) from the bank")
        return notes

    def monster_leaves(
        self, tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy, outcome: str
    ) -> DrawnCard:
        """Move a monster's card after its deal (the showdown's rule); notes say where."""
        from companion.games.dungeon_poker.showdown import monster_destination

        model = cards.get(copy.card_id)
        where = monster_destination(model, outcome, exploded=outcome != "killed")
        if where == "aside" and self._stays(tx, table, cards, copy):
            where = "stays"
        if where == "stays":
            return drawn_card(cards, copy, notes=[f"{model.name} is back at the next deal"])
        self._forget_monster(tx, table, copy)
        if where == "deck":
            moved = tx.move(table, copy, "draw")
            self.shuffle(tx, table, "monsters")
            said = f"{model.name} goes back into the monster deck, which is shuffled"
        elif where == "aside":
            moved = tx.move(table, copy, "aside")
            said = f"{model.name} goes back to the side"
        else:
            moved = tx.move(table, copy, "removed")
            said = (
                f"{model.name} explodes and leaves the game"
                if where == "exploded"
                else f"{model.name} is slain and leaves the game"
            )
        return drawn_card(cards, moved, notes=[said])

    def _stays(self, tx: Transaction, table: TableInfo, cards: GameCards, copy: CardCopy) -> bool:
        """The Golem returns every deal; the Dragon age dragon too while its encounter lasts."""
        model = cards.get(copy.card_id)
        if model.owner:
            return True
        return bool(self.encounter_rules(tx, table, cards).deal_monster == model.id)

    # -- characters --------------------------------------------------------------------------

    def choose(self, tx: Transaction, table: TableInfo, player: str, ref: str) -> DrawnCard:
        """A player keeps one of the characters dealt to them; the others go back into the deck."""
        cards = game_cards(table)
        who = table.player(player)
        dealt = tx.pile(table, "characters", "held", who)
        if not dealt:
            raise CompanionError(f"{who} has no characters to choose from")
        copy = find_copy(tx, table, cards, "characters", ref, ("held",), who, purpose="chosen")
        chosen = tx.move(table, copy, "in_play", who)
        for other in dealt:
            if other.copy != copy.copy:
                tx.move(table, other, "draw")
        self.shuffle(tx, table, "characters")
        model = cards.get(chosen.card_id)
        gold = STARTING_GOLD + sum(
            a.gold or 0 for a in model.abilities if a.effect == "bigger-pouch"
        )
        stacks = dict(self._get(tx, table, "gold", {}))
        stacks[who] = gold
        self._set(tx, table, "gold", stacks)
        notes = [f"{who} starts with {gold} gold and {model.soul_gems} soul gems"]
        for golem in [
            c for c in tx.pile(table, "monsters", "aside") if cards.get(c.card_id).owner == model.id
        ]:
            placed = tx.move(table, golem, "in_play", who)
            shown = self._monster_in_play(
                tx, table, cards, placed, EncounterRules(), summoned_by=who
            )
            notes.append(f"the {shown.name} plays beside {who} every deal ({shown.notes[0]})")
        tx.record(
            table,
            "choose",
            f"{who} chose {model.name}",
            actor=who,
            data={"card": model.id, "copy": chosen.copy},
        )
        return drawn_card(cards, chosen, notes=notes)

    def death(
        self,
        tx: Transaction,
        table: TableInfo,
        player: str,
        winner: str | None = None,
        takes: str | None = None,
    ) -> tuple[list[DrawnCard], list[str]]:
        """A character runs out of gold: the Undeath Amulet, or treasures, a skull and new characters."""
        cards = game_cards(table)
        who = table.player(player)
        by = table.player(winner) if winner else None
        notes, shown = self.character_dies(tx, table, cards, who, winner=by, takes=takes)
        tx.record(
            table,
            "death",
            f"{who}'s character died" + (f" (deal won by {by})" if by else ""),
            actor=who,
            data={"winner": by, "notes": notes},
        )
        return shown, notes

    def character_dies(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        who: str,
        *,
        winner: str | None = None,
        takes: str | None = None,
    ) -> tuple[list[str], list[DrawnCard]]:
        """What happens when ``who`` has no gold left (000, Character death; the Undeath Amulet).

        Not recorded: the caller records it with the rest of its action.
        """
        by = winner
        if by == who:
            raise CompanionError("a player cannot collect from their own dead character")
        if takes and not by:
            raise CompanionError("name the winner of the deal (--winner) who takes the treasure")
        out = list(self._get(tx, table, "out", []))
        if who in out:
            raise CompanionError(f"{who} is already out of the game")
        character = tx.pile(table, "characters", "in_play", who)
        if not character:
            raise CompanionError(
                f"{who} has no character in play (choose one with 'companion table choose')"
            )
        amulet = [
            c
            for c in tx.pile(table, "treasures", "held", who)
            if cards.get(c.card_id).effect == "undeath-amulet"
        ]
        if amulet:
            if takes:
                raise CompanionError(
                    f"{who}'s Undeath Amulet brings the character back: there is nothing to take"
                )
            return self.undeath(tx, table, cards, who, amulet[0]), []
        notes: list[str] = []
        shown: list[DrawnCard] = []
        dead = cards.get(character[0].card_id)
        for copy in character:
            tx.move(table, copy, "removed")
        notes.append(f"{dead.name} died: the soul gems go to the bank")
        for golem in tx.pile(table, "monsters", "in_play", who):
            if cards.get(golem.card_id).owner:
                tx.move(table, golem, "aside")
                self._forget_monster(tx, table, golem)
        treasures = tx.pile(table, "treasures", "held", who)
        if takes:
            taken = find_copy(tx, table, cards, "treasures", takes, ("held",), who, purpose="taken")
            shown.append(
                drawn_card(
                    cards,
                    tx.move(table, taken, "held", by),
                    notes=[f"{by} takes it from {dead.name}"],
                )
            )
            treasures = [t for t in treasures if t.copy != taken.copy]
        elif treasures and by:
            notes.append(
                f"{by} may take one of {who}'s treasures: 'companion table undo', then settle "
                "again with --takes TREASURE"
            )
        for copy in treasures:
            tx.move(table, copy, "removed")
        if treasures:
            notes.append(f"{len(treasures)} other treasure(s) of {who} leave the game")
        gold = dict(self._get(tx, table, "gold", {}))
        if who in gold:
            gold[who] = 0
            self._set(tx, table, "gold", gold)
        heads_up = len(table.players) == 2
        if table.options.get("tournament") or heads_up:
            out.append(who)
            self._set(tx, table, "out", out)
            notes.append(
                f"{who} is out of the game" + (": the other player wins" if heads_up else "")
            )
            return notes, shown
        skulls = dict(self._get(tx, table, "skulls", {}))
        skulls[who] = skulls.get(who, 0) + 1
        self._set(tx, table, "skulls", skulls)
        skull = tx.top(table, "skulls", "aside")
        if skull is not None:
            tx.move(table, skull, "held", who)
        else:
            notes.append(
                f"all {len(tx.cards(table, 'skulls'))} skull cards are out: mark {who}'s skull "
                "with a coin or a note (the table counts it)"
            )
        out_at = cards.deck("skulls")[0].out_at if cards.deck("skulls") else 3
        if skulls[who] >= out_at:
            out.append(who)
            self._set(tx, table, "out", out)
            notes.append(f"{who} has {skulls[who]} skulls and is out of the game")
            return notes, shown
        dealt, more = self._deal_new_characters(tx, table, cards, who)
        notes.extend(more)
        notes.append(
            f"{who} takes skull {skulls[who]} and is dealt {len(dealt)} new character(s) face down "
            f"('companion table hand {who}', then 'companion table choose')"
        )
        shown.extend(dealt)
        return notes, shown

    def undeath(
        self, tx: Transaction, table: TableInfo, cards: GameCards, who: str, amulet: CardCopy
    ) -> list[str]:
        """The Undeath Amulet acts by itself: back next deal with three blinds, no skull."""
        model = cards.get(amulet.card_id)
        tx.move(table, amulet, "removed")
        blind = self.level_now(tx, table, cards).blind
        back = (model.blinds or 3) * blind
        gold = dict(self._get(tx, table, "gold", {}))
        gold[who] = back
        self._set(tx, table, "gold", gold)
        returning = list(self._get(tx, table, "returning", []))
        if who not in returning:
            returning.append(who)
        self._set(tx, table, "returning", returning)
        return [
            f"{who} has no gold left, but the {model.name} acts: the character returns at the next "
            f"deal with {back:,} gold ({model.blinds or 3} blinds), keeping soul gems and artifacts; "
            "no skull; the amulet leaves the game"
        ]

    def _deal_new_characters(
        self, tx: Transaction, table: TableInfo, cards: GameCards, who: str
    ) -> tuple[list[DrawnCard], list[str]]:
        """Two characters for a returning player; the dead ones are shuffled in when the deck is short."""
        notes: list[str] = []
        if tx.count(table, "characters", "draw") < CHARACTERS_PER_PLAYER:
            dead = tx.pile(table, "characters", "removed")
            if dead:
                tx.arrange(table, dead, "draw")
                self.shuffle(tx, table, "characters")
                notes.append(
                    f"the character deck ran short: the {len(dead)} dead character(s) were "
                    "shuffled back into it"
                )
        return self._deal_characters(tx, table, cards, who), notes

    # -- levels ------------------------------------------------------------------------------

    def level_now(self, tx: Transaction, table: TableInfo, cards: GameCards) -> LevelChange:
        level = int(self._get(tx, table, "level", 1))
        blind, gems = blind_of(level, level_blinds(cards, short=bool(table.options.get("short"))))
        level_card = tx.pile(table, "levels", "in_play")
        encounter = tx.pile(table, "encounters", "in_play")
        return LevelChange(
            level=level,
            blind=blind,
            soul_gems=gems,
            level_card=drawn_card(cards, level_card[0]) if level_card else None,
            encounter=drawn_card(cards, encounter[0]) if encounter else None,
        )

    def enter_level(
        self, tx: Transaction, table: TableInfo, cards: GameCards, level: int
    ) -> LevelChange:
        current = int(self._get(tx, table, "level", 1))
        if level < 1:
            raise CompanionError(f"levels start at 1 (got {level})")
        if level <= current:
            return self.level_now(tx, table, cards)
        notes: list[str] = []
        for copy in tx.pile(table, "levels", "in_play"):
            tx.move(table, copy, "removed")
        opened = None
        for _ in range(level - current):
            top = tx.top(table, "levels")
            if top is None:
                break
            if opened is not None:
                tx.move(table, opened, "removed")
            opened = tx.move(table, top, "in_play")
        self._set(tx, table, "level", level)
        encounter, more = self._open_encounter(tx, table, cards)
        notes.extend(more)
        change = self.level_now(tx, table, cards)
        if change.soul_gems:
            notes.insert(
                0,
                f"every player takes {change.soul_gems} soul gem(s) at the first deal of this level",
            )
        change = LevelChange(
            change.level,
            change.blind,
            change.soul_gems,
            change.level_card,
            encounter,
            True,
            tuple(notes),
        )
        tx.record(
            table,
            "level",
            f"level {level}: blind {change.blind}"
            + (f", encounter {encounter.name}" if encounter else ", no encounter"),
            data={
                "level": level,
                "blind": change.blind,
                "encounter": encounter.card_id if encounter else None,
                "notes": notes,
            },
        )
        return change

    def _open_encounter(
        self, tx: Transaction, table: TableInfo, cards: GameCards, *, bottom: bool = False
    ) -> tuple[DrawnCard | None, list[str]]:
        """Replace the encounter in force by the next one (skipping those the table is too small for)."""
        notes: list[str] = []
        old_rules = self.encounter_rules(tx, table, cards)
        old = self.encounter(tx, table, cards)
        if old is not None and old_rules.bonus_soul_gems:
            notes.append(
                f"{old.name} ends: every player gives back to the bank the extra soul gems of "
                f"the encounter not spent (up to {old_rules.bonus_soul_gems})"
            )
        for copy in tx.pile(table, "encounters", "in_play"):
            tx.move(table, copy, "removed")
        if old_rules.deal_monster:
            for copy in tx.pile(table, "monsters", "in_play"):
                if copy.card_id == old_rules.deal_monster:
                    tx.move(table, copy, "aside")
                    self._forget_monster(tx, table, copy)
                    notes.append(f"the {cards.get(copy.card_id).name} of the last encounter leaves")
        if int(self._get(tx, table, "level", 1)) < 2:
            return None, notes
        players = len(self.active_players(tx, table))
        while True:
            try:
                copy, took = self.take(tx, table, cards, "encounters", bottom=bottom)
            except CompanionError as exc:
                notes.append(exc.message)
                return None, notes
            notes.extend(took)
            model = cards.get(copy.card_id)
            rules = model.rules
            if rules.min_players is not None and players < rules.min_players:
                tx.move(table, copy, "removed")
                notes.append(
                    f"{model.name} needs {rules.min_players} players or more: discarded, another is drawn"
                )
                continue
            break
        moved = tx.move(table, copy, "in_play")
        said: list[str] = []
        if rules.deal_monster:
            for dragon in [
                c for c in tx.pile(table, "monsters", "aside") if c.card_id == rules.deal_monster
            ][:1]:
                placed = tx.move(table, dragon, "in_play")
                shown = self._monster_in_play(tx, table, cards, placed, rules, king=True)
                said.append(f"the {shown.name} joins every deal of this level ({shown.notes[0]})")
        if rules.showdown_monster is not None:
            said.append("at every showdown a monster comes: 'companion table monster --showdown'")
        if rules.bonus_soul_gems:
            said.append(
                f"every player takes {rules.bonus_soul_gems} soul gems for this level; unused ones go back at its end"
            )
        return drawn_card(cards, moved, notes=said), notes

    # -- overview ----------------------------------------------------------------------------

    def describe(self, card: DrawnCard) -> DrawnCard:
        """A character as its player chooses it: soul gems, each ability with its cost."""
        model = card.model
        if card.deck != "characters" or model is None:
            return card
        lines = [f"starts with {model.soul_gems} soul gem(s)"]
        for ability in model.abilities:
            cost = "passive" if ability.kind == "passive" else f"cost {ability.cost} soul gem(s)"
            lines.append(f"{ability.name} ({cost}): {ability.text}")
        from dataclasses import replace

        return replace(card, notes=(*card.notes, *lines))

    def overview(self, tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
        now = self.level_now(tx, table, cards)
        tournament = bool(table.options.get("tournament"))
        skulls: dict[str, int] = self._get(tx, table, "skulls", {})
        out: list[str] = self._get(tx, table, "out", [])
        carried = int(self._get(tx, table, "carried", 0))
        carried_gold = int(self._get(tx, table, "carried_gold", 0))
        gold: dict[str, int] = self._get(tx, table, "gold", {})
        deal = self._get(tx, table, "deal")
        monsters = self.monsters_in_play(tx, table, cards)
        players: list[dict[str, Any]] = []
        per_player: dict[str, list[str]] = {}
        for player in table.players:
            character = tx.pile(table, "characters", "in_play", player)
            choosing = tx.pile(table, "characters", "held", player)
            treasures = tx.pile(table, "treasures", "held", player)
            targets = win_targets(
                len(table.players), skulls=skulls.get(player, 0), tournament=tournament
            )
            name = cards.get(character[0].card_id).name if character else None
            status = "out" if player in out else ("choosing" if choosing else "playing")
            players.append(
                {
                    "name": player,
                    "character": name,
                    "status": status,
                    "choosing": [cards.get(c.card_id).name for c in choosing],
                    "skulls": skulls.get(player, 0),
                    "treasures": len(treasures),
                    "targets": {"gold": targets.gold, "treasures": targets.treasures},
                }
            )
            if status == "out":
                shown = "out"
            elif choosing:
                shown = f"choosing from {len(choosing)}"
            else:
                shown = name or "-"
            have = f"{gold[player]:,}" if player in gold and status == "playing" else "-"
            per_player[player] = [
                shown,
                str(skulls.get(player, 0)),
                f"{len(treasures)}" + (f"/{targets.treasures}" if targets.treasures else ""),
                have + (f"/{targets.gold:,}" if targets.gold is not None else ""),
            ]
        base = win_targets(len(table.players), tournament=tournament)
        lines = [
            f"level {now.level} · blind {now.blind}"
            + (f" · +{now.soul_gems} soul gem" if now.soul_gems else "")
        ]
        if now.encounter:
            lines.append(f"encounter: [bold]{now.encounter.name}[/] — {now.encounter.text}")
        elif now.level > 1:
            lines.append("encounter: none")
        for monster in monsters:
            lines.append(
                f"monster in play: [bold]{monster.name}[/]"
                + (f" ({monster.notes[0]})" if monster.notes else "")
            )
        if deal:
            lines.append(
                f"deal {deal['number']} of level {deal['level']}"
                + (" (settled)" if deal.get("settled") else "")
            )
        if carried:
            lines.append(f"treasures waiting from tied deals: {carried}")
        if carried_gold:
            lines.append(f"gold left on the table for the next pot: {carried_gold:,}")
        from companion.games.dungeon_poker.victory import victory

        won = victory(tx, table) if gold else None
        if won is not None:
            lines.insert(0, f"[bold green]{won.text}[/]")
        open_decks = self.encounter_rules(tx, table, cards).open_top_cards
        tops = {}
        for deck in open_decks:
            top = tx.top(table, deck)
            if top is not None:
                tops[deck] = drawn_card(cards, top).to_json()
                lines.append(f"open top card of {deck}: {tops[deck]['name']}")
        lines.append(
            "to win: "
            + " or ".join(base.lines())
            + (" (+5000 gold per skull)" if base.gold else "")
        )
        return {
            "dungeon_poker": {
                "level": now.to_json(),
                "carried_treasures": carried,
                "carried_gold": carried_gold,
                "gold": gold,
                "deal": deal,
                "victory": won.to_json() if won else None,
                "monsters": [m.to_json() for m in monsters],
                "players": players,
                "open_top_cards": tops,
                "win": {
                    "gold": base.gold,
                    "gold_per_skull": 5000 if base.gold else None,
                    "treasures": base.treasures,
                    "last_original": base.last_original,
                    "last_standing": base.last_standing,
                },
                "tournament": tournament,
            },
            "lines": lines,
            "player_columns": ["character", "skulls", "treasures", "gold/to win"],
            "cards_decks": ["treasures", "monsters"],
            "per_player": per_player,
        }


def moved_copy(card: DrawnCard) -> CardCopy:
    """The physical card a :class:`DrawnCard` describes, where it lies now."""
    return CardCopy(card.deck, card.copy, card.card_id, card.pile, card.holder, 0)


def _copies(cards: GameCards, deck: str) -> list[str]:
    return [c.id for c in cards.deck(deck) for _ in range(c.quantity)]


def _cash_words(cash: Any) -> str:
    parts = []
    if cash.gold:
        parts.append(f"{cash.gold} gold")
    if cash.soul_gems:
        parts.append(f"{cash.soul_gems} soul gem{'s' if cash.soul_gems > 1 else ''}")
    return " and ".join(parts) or "nothing"


def _plays_words(info: dict[str, Any]) -> str:
    if not info:
        return ""
    plays, shown = info.get("plays", 0), info.get("open", 0)
    if not plays and info.get("max_cards"):
        text = f"plays with the cards passed to it (at most {info['max_cards']})"
        return text + ("; King Monster" if info.get("king") else "")
    text = f"plays with {plays} card{'s' if plays != 1 else ''}"
    if shown:
        text += f", {shown} of them open" if shown < plays else ", all open"
    if info.get("king"):
        text += "; King Monster"
    return text


# -- the public API (for the CLI and the timer) --------------------------------------------------


def _rules(table: TableInfo) -> DungeonPokerRules:
    if table.game != GAME:
        raise CompanionError(f"table '{table.name}' plays {table.game}, not Dungeon Poker")
    return DungeonPokerRules(GAME)


def enter_level(tx: Transaction, table: TableInfo, level: int) -> LevelChange:
    """Open ``level`` if it is above the current one (drawing its encounter); else report the level in force.

    For a table of another game the level number is only remembered.
    """
    if table.game != GAME:
        from companion.timer.table_clock import CountedLevels

        counted = CountedLevels()
        current = counted.level_now(tx, table)
        counted.enter_level(tx, table, level)
        return LevelChange(level=max(level, current), blind=0, soul_gems=0, drawn=level > current)
    return _rules(table).enter_level(tx, table, game_cards(table), level)


def next_level(tx: Transaction, table: TableInfo) -> LevelChange:
    """Open the level after the current one (Astral Warlock, Teleport Trap, Scroll of Teleport, or five deals)."""
    return enter_level(tx, table, level_now(tx, table).level + 1)


def level_now(tx: Transaction, table: TableInfo) -> LevelChange:
    """The level in force, read only."""
    if table.game != GAME:
        from companion.timer.table_clock import CountedLevels

        return LevelChange(level=CountedLevels().level_now(tx, table), blind=0, soul_gems=0)
    return _rules(table).level_now(tx, table, game_cards(table))


def check_structure(tx: Transaction, table: TableInfo, structure: Any) -> None:
    """Refuse a clock whose levels are not the table's level cards (blind and soul gems).

    The level cards are the one copy of the ladder: a structure for this
    table must list the same blinds and soul gems (after the last card the
    blind rises by 500 either way).
    """
    if table.game != GAME:
        return
    ladder = level_blinds(game_cards(table), short=bool(table.options.get("short")))
    mine = [(blind, gems) for _, blind, gems in ladder]
    theirs = [(lv.blind, lv.soul_gems) for lv in structure.levels]
    if theirs != mine:
        shown = ", ".join(str(b) for b, _ in mine)
        raise CompanionError(
            f"the structure '{structure.id}' has other levels than table '{table.name}' "
            f"({', '.join(str(b) for b, _ in theirs)} instead of {shown}); "
            "run the clock with the table's own structure (leave out --structure)"
        )


class DungeonPokerLevels:
    """The table's level cards and encounter deck, as the clock asks for them."""

    def enter_level(self, tx: Transaction, table: TableInfo, level: int) -> Any:
        from companion.timer.encounters import Encounter

        card = enter_level(tx, table, level).encounter
        return None if card is None else Encounter(card.name, card.text, card.card_id)

    def level_now(self, tx: Transaction, table: TableInfo) -> int:
        return level_now(tx, table).level

    def encounter_now(self, tx: Transaction, table: TableInfo) -> Any:
        """The encounter card open at the table (read only; ``timer status`` shows it)."""
        from companion.timer.encounters import Encounter

        card = level_now(tx, table).encounter
        return None if card is None else Encounter(card.name, card.text, card.card_id)


def monster(
    tx: Transaction, table: TableInfo, *, summoned_by: str | None = None, showdown: bool = False
) -> DrawResult:
    """A monster comes to the table (the M card, a summon, or King's cave at the showdown)."""
    who = table.player(summoned_by) if summoned_by else None
    return _rules(table).draw_monster(
        tx, table, game_cards(table), summoned_by=who, showdown=showdown
    )


def monsters_in_play(tx: Transaction, table: TableInfo) -> list[DrawnCard]:
    """The monsters at the table now, with what they play with (``.info``)."""
    return _rules(table).monsters_in_play(tx, table, game_cards(table))


def monster_result(
    tx: Transaction,
    table: TableInfo,
    outcome: str,
    monster: str | None = None,
    slayer: str | None = None,
) -> DrawResult:
    return _rules(table).monster_result(tx, table, outcome, monster, slayer)


def win(tx: Transaction, table: TableInfo, winners: Sequence[str]) -> DrawResult:
    return _rules(table).win(tx, table, winners)


def tie(tx: Transaction, table: TableInfo) -> int:
    return _rules(table).tie(tx, table)


def choose(tx: Transaction, table: TableInfo, player: str, character: str) -> DrawnCard:
    return _rules(table).choose(tx, table, player, character)


def death(
    tx: Transaction,
    table: TableInfo,
    player: str,
    winner: str | None = None,
    takes: str | None = None,
) -> tuple[list[DrawnCard], list[str]]:
    return _rules(table).death(tx, table, player, winner, takes)


def sell(tx: Transaction, table: TableInfo, player: str, treasure: str) -> DrawnCard:
    return _rules(table).sell(tx, table, player, treasure)


def use(
    tx: Transaction, table: TableInfo, player: str, treasure: str, target: str | None = None
) -> DrawnCard:
    return _rules(table).sell(tx, table, player, treasure, use=True, target=target)
