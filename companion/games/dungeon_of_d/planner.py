"""The planner bot: the greedy player, with a look-ahead at the choices that decide a game.

Most answers of a game are small (which card to MOVE with, which number to
guess) and the greedy bot's judgement serves them. A few decide how it ends:
leaving through the Mystic Portal or going one level deeper, going into the
Pit of Darkness, gambling on an unknown potion when hurt. At those the planner
looks ahead: it deals the cards it cannot see again at random
(:func:`determinize`: the power deck, the cards under the discard pile's top
and the unidentified potions are shuffled among themselves, the room deck with
the unused rooms, the character deck), plays each choice out to the end of the
game on every deal with the greedy bot, and takes the choice worth most, where
an escape is worth 1 and the Amulet :data:`AMULET_WORTH` more. It answers the
same way for the same state (its deals are seeded from what the table shows,
never from the game's seed or generator), so ``hint`` gives what ``dod simulate --bot
planner`` plays.

It reads nothing a player cannot see: a deal keeps every seen card where it is
and shuffles only the hidden ones, and the state's generator is replaced by one
of the deal's own.

>>> from companion.games.dungeon_of_d import new_game, step
>>> state = new_game(seed=5)
>>> bot = Planner(seed=5)
>>> while state.outcome is None:
...     step(state, bot(state))
>>> state.outcome in ("lost", "escaped")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.actions import Act, Action, Drink
from companion.games.dungeon_of_d.bots import Greedy, Style, best_test, pit_tests
from companion.games.dungeon_of_d.engine import step
from companion.games.dungeon_of_d.state import MASK64, State

AMULET_WORTH = 6.0
"""What the Amulet adds to an escape (worth 1) when the planner weighs its choices."""
DEALS = 16
"""Deals looked at for each choice."""
MARGIN = 0.2
"""How much more than the greedy answer another must be worth to be taken instead: a few
deals are a rough guide, and each portal on the way down is another chance to leave."""
HORIZON = 1500
"""Actions a look-ahead plays at most (a game that has not ended by then counts as lost)."""
PLANNER_STYLE = Style(gold_value=0.5, fight_margin=0.8, pit_tries=20)
"""The planner's own judgement where it does not look ahead: the greedy bot exploring two
rooms more a level and fighting for gold a little more readily, the way to the upgrades
the Pit asks for (the look-ahead then takes the weaker heroes out at a portal)."""
RICH_LEVELS = 3
"""The levels on which a hero with :data:`RICH_RESOURCES` explores further."""
RICH_RESOURCES = 8
"""HP plus 4 a Fruit plus known healing from which a hero counts as having plenty."""
RICH_EXPLORE = 7
"""Rooms revealed on those levels before the portal is worth taking."""
PROMISE = 3
"""How far on the way to the Pit a hero must be for the planner to go on down from a
portal without looking ahead (see :meth:`Planner.promising`)."""
ROLLOUT_STYLE = PLANNER_STYLE
"""How the games are played out: as the planner plays where it does not look ahead."""


class Judgement(Greedy):
    """The planner's judgement where it does not look ahead (and how its look-ahead plays
    the games out): the greedy bot, except that on level 8 a hero who cannot yet win the
    Pit's tests but holds the gold to train for them looks for a place to train (and the
    Pit) instead of leaving."""

    def training_cost(self, s: State) -> int:
        """The gold that brings each stat the Pit tests up to a chance of winning them
        (with two effort cards of 5 and the known potions that raise it)."""
        prices = s.content.upgrade_prices
        total = 0
        for stat, difficulty in pit_tests(s):
            current = int(getattr(s, stat))
            short = difficulty - 10 - current - self.known_buff(s, stat)
            if short > 0:
                total += sum(prices[stat][current : current + short])
        return total

    def may_train(self, s: State) -> bool:
        """On level 8 without the Amulet, the Pit out of reach for now but not for the
        gold held, healthy, and a place to train known or still to be found."""
        if s.level != 8 or s.amulet or self.pit_reachable(s):
            return False
        if self.pit_tries >= self.style.pit_tries or self.resources(s) < self.style.pit_resources:
            return False
        if self.training_cost(s) > s.gold:
            return False
        return bool(s.room_deck) or self.upgrade_room_known(s)

    def leaving(self, s: State) -> bool:
        return False if self.may_train(s) else super().leaving(s)

    def explored_enough(self, s: State) -> bool:
        """As the greedy bot, but on the shallow levels a hero with plenty to spare
        explores :data:`RICH_EXPLORE` rooms: their monsters are cheap, and the gold and
        the upgrades found there are what the Pit of Darkness asks for."""
        known = len(s.grid)
        if known >= 3 and len(s.hand) <= 5:
            return True
        rich = s.level <= RICH_LEVELS and self.resources(s) >= RICH_RESOURCES
        explore = RICH_EXPLORE if rich else self.style.explore
        if known >= explore + 2:
            return True
        if known >= explore:
            return not (self.saving_for_pit(s) and not self.upgrade_room_known(s))
        return False

    def want_escape(self, s: State) -> bool:
        return False if self.may_train(s) else super().want_escape(s)


def determinize(s: State, rng: random.Random) -> State:
    """A copy of ``s`` in which everything the player cannot see is dealt again at random:
    the power cards of the deck, under the discard pile's top and in unidentified
    potions, shuffled among those places; the room deck and the unused rooms (the
    Mystic Portal and the Pit stay in the room deck while unrevealed); the character
    deck; and the generator that will shuffle and draw from now on."""
    t = s.copy()
    known = set(t.known)
    under = len(t.discard) - 1 if t.discard else 0
    unknown = [c for c in t.potions if c not in known]
    hidden = [*t.deck, *t.discard[:under], *unknown]
    rng.shuffle(hidden)
    deck = len(t.deck)
    t.deck = hidden[:deck]
    if t.discard:
        t.discard = [*hidden[deck : deck + under], t.discard[-1]]
    dealt = iter(hidden[deck + under :])
    t.potions = [c if c in known else next(dealt) for c in t.potions]
    content = t.content
    fixed = {content.portal_room, content.special_room}
    staying = [r for r in t.room_deck if r in fixed]
    pool = [r for r in (*t.room_deck, *t.unused_rooms) if r not in fixed]
    rng.shuffle(pool)
    cut = len(t.room_deck) - len(staying)
    t.room_deck = [*pool[:cut], *staying]
    rng.shuffle(t.room_deck)
    t.unused_rooms = pool[cut:]
    rng.shuffle(t.characters)
    t.rng = rng.getrandbits(64) & MASK64
    return t


@dataclass(frozen=True)
class Outlook:
    """What the look-ahead found for one choice: over ``deals`` games played out after
    it, the share that escaped and the share that escaped with the Amulet."""

    action: Action
    escapes: float
    amulets: float
    deals: int

    @property
    def worth(self) -> float:
        return self.escapes + AMULET_WORTH * self.amulets


def play_out(s: State, action: Action, pit_tries: int = 0) -> State:
    """``s`` after ``action`` and the greedy bot's answers to the end (in place)."""
    bot = Judgement(seed=s.actions, style=ROLLOUT_STYLE)
    bot.pit_tries = pit_tries
    step(s, action)
    stop = s.actions + HORIZON
    while s.outcome is None and s.actions < stop:
        step(s, bot(s))
    return s


def look_ahead(
    s: State, choices: list[Action], deals: int = DEALS, pit_tries: int = 0
) -> list[Outlook]:
    """Each choice played out on the same ``deals`` deals of the unseen cards."""
    rng = random.Random(hash((s.actions, s.turn, s.level, s.gold, tuple(s.hand))))
    worlds = [determinize(s, rng) for _ in range(deals)]
    out = []
    for action in choices:
        escaped = amulets = 0
        for world in worlds:
            end = play_out(world.copy(), action, pit_tries)
            if end.outcome == "escaped":
                escaped += 1
                amulets += end.amulet
        out.append(Outlook(action, escaped / deals, amulets / deals, deals))
    return out


class Planner(Judgement):
    """The planner (see the module docstring)."""

    def __init__(self, seed: int = 0, deals: int | None = None) -> None:
        super().__init__(seed, PLANNER_STYLE)
        self.deals = deals or DEALS
        self.outlooks: list[Outlook] = []
        """What the last look-ahead found (for :meth:`explain`), best first."""
        self.planned: Action | None = None

    def __call__(self, s: State) -> Action:
        self.outlooks, self.planned = [], None
        choices = self.choices(s)
        if len(choices) >= 2:
            found = look_ahead(s, choices, self.deals, self.pit_tries)
            greedy = found[0]  # the greedy answer is listed first: it stands unless beaten clearly
            best = max(found, key=lambda o: o.worth)
            if best.worth < greedy.worth + MARGIN:
                best = greedy
            self.outlooks = [best, *(o for o in found if o is not best)]
            self.planned = best.action
            if self.planned == self.room_act(s, "enter"):
                self.pit_tries += 1
            return self.planned
        return super().__call__(s)

    def room_act(self, s: State, action_id: str) -> Act | None:
        """The room's action ``action_id`` if it can be taken now."""
        if s.prompt != "turn":
            return None
        room = s.content.rooms[s.grid[s.pos]]
        for a in s.options:
            if isinstance(a, Act) and room.actions[a.position].id == action_id:
                return a
        return None

    def choices(self, s: State) -> list[Action]:
        """The answers worth a look-ahead now (none: the greedy judgement answers).

        On the Mystic Portal with the way out open: leaving, and what the greedy
        bot would do instead (going down, resting, moving on); at the Pit of
        Darkness: going in, and the greedy answer otherwise."""
        if s.amulet:
            return []
        pit_question = s.prompt in ("retry", "combat") and self.in_pit(s)
        escape = self.room_act(s, "escape")
        enter = self.room_act(s, "enter")
        if not pit_question and escape is None and enter is None:
            return []
        if escape is not None and s.level < 8 and self.promising(s):
            return []  # the judgement goes on down: the deals would rarely see the Amulet
        tries = (
            self.pit_tries
        )  # the greedy answer counts a try at the Pit: only the one taken counts
        greedy = super().__call__(s)
        self.pit_tries = tries
        if isinstance(greedy, Drink) and greedy.card not in s.known:
            greedy = self.without_gambles(s)
        found: list[Action] = [greedy]
        others = s.options if pit_question else (escape, self.room_act(s, "descend"), enter)
        for a in others:
            if a is not None and a not in found:
                found.append(a)
        return found[:4]

    def promising(self, s: State) -> bool:
        """A hero on the way to the Pit: the INT and AGL it asks for nearly trained (the
        gold held counting a step each 9 gold) and plenty to spare."""
        potential = min(s.INT, s.AGL) + s.gold // 9
        return potential >= PROMISE and self.resources(s) >= self.style.pit_resources

    def without_gambles(self, s: State) -> Action:
        """The greedy answer had it no unknown potion to drink."""
        t = s.copy()
        t.options = [a for a in s.options if not (isinstance(a, Drink) and a.card not in s.known)]
        return super().__call__(t)

    def explain(self, s: State, action: Action) -> str:
        """Why: for a planned answer, what the look-ahead found for it and for the next
        best choice (escapes and Amulets over the deals), and its test's odds a try."""
        if action != self.planned or not self.outlooks:
            return super().explain(s, action)
        best, *others = self.outlooks
        line = (
            f"{best.deals} deals: {self.label(s, best.action)} {_pct(best.escapes)} out, "
            f"{_pct(best.amulets)} Amulet"
        )
        for o in others[:1]:
            line += f"; {self.label(s, o.action)} {_pct(o.escapes)}, {_pct(o.amulets)}"
        if isinstance(action, Act):
            room_action = s.content.rooms[s.grid[s.pos]].actions[action.position]
            first = s.content.steplists[room_action.steps][0] if room_action.steps >= 0 else None
            if first is not None and first.do == "test":
                stat, difficulty = first.stat or "INT", R.plus(s, first.difficulty)
                p, _ = best_test(s, stat, difficulty)
                line = f"{stat} {difficulty}: {_pct(p)}; " + line
        return line

    def label(self, s: State, action: Action) -> str:
        """A choice in a word or two: a room action by its id (``escape``, ``descend``)."""
        if isinstance(action, Act):
            return s.content.rooms[s.grid[s.pos]].actions[action.position].id
        return _WORDS.get(type(action).__name__, type(action).__name__.lower())


_WORDS = {"UseSkill": "a skill", "Use": "an item", "Drink": "a potion", "GoToMelee": "melee"}


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


__all__ = ["AMULET_WORTH", "Judgement", "Outlook", "Planner", "determinize", "look_ahead"]
