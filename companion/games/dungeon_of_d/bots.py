"""Players for Dungeon of D: uniform random, a sensible greedy one, and an explorer.

Every bot sees only what a player at the table sees: the hand, the inventory
(an unidentified potion is just "a potion"), the map, the level and its
monsters, the counts of the decks, the top of the discard pile and the rule
being resolved (a test's difficulty, the monster fought). None of them reads
the order of a deck, the unused rooms or the kind of an unidentified potion.
Odds are worked out from the cards the player cannot see: the forty power
cards minus those in hand and on the effort place.

The greedy bot plays one turn at a time with simple judgement: it rests when
hurt (best where the danger is low), fights when the odds of a melee round
are good and runs when running is cheap, buys Fruits and upgrades, takes
the room actions worth their risk, explores until it knows where the Mystic
Portal is, goes down while healthy, tries the Pit of Darkness on level 8 when
it is strong enough, and escapes when it is failing or done. It reads the
Pit's tests off the card: it trains the INT and AGL they ask for before STR
(and looks a little further for a place to train when it has the gold), and
it does not go in when a test is out of reach even with two cards of 5.

>>> from companion.games.dungeon_of_d import new_game, step
>>> state = new_game(seed=5)
>>> bot = greedy_bot(seed=5)
>>> while state.outcome is None:
...     step(state, bot(state))
>>> state.outcome in ("lost", "escaped")
True
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.cards.dungeon_of_d import plus_value
from companion.errors import CompanionError
from companion.games.dungeon_of_d import effects as E
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d import odds as O
from companion.games.dungeon_of_d.actions import (
    Act,
    Action,
    Decline,
    Detect,
    Discard,
    Done,
    Drink,
    Drop,
    Effort,
    Fight,
    GiveUp,
    GoToMelee,
    Guess,
    Learn,
    Move,
    Pass,
    Place,
    Rest,
    Retry,
    Run,
    Shoot,
    Stop,
    SwapSkill,
    Teleport,
    Use,
    UseSkill,
)
from companion.games.dungeon_of_d.content import Action as RoomAction
from companion.games.dungeon_of_d.content import Content
from companion.games.dungeon_of_d.engine import action_available, action_price, loss_warning
from companion.games.dungeon_of_d.frames import (
    ActFrame,
    CombatFrame,
    MeleeFrame,
    MoveFrame,
    RunFrame,
    TestFrame,
)
from companion.games.dungeon_of_d.odds import chance_at_least, unseen
from companion.games.dungeon_of_d.state import DIRECTIONS, State

Bot = Callable[[State], Action]


# ---- the random bot ---------------------------------------------------------------


def random_bot(seed: int = 0) -> Bot:
    """Uniform over the legal actions."""
    rng = random.Random(seed)

    def choose(state: State) -> Action:
        return rng.choice(state.options)

    return choose


# ---- odds from what the player can see ------------------------------------------------


def weapon_bonus(s: State) -> int:
    """What the best weapon held adds to a melee round (with Weapon Master), 0 without one."""
    weapons = R.held(s, "item", "weapon")
    if not weapons:
        return 0
    master = R.skill(s, "weapon-master")
    return max(s.content.item[c].amount for c in weapons) + (master.amount if master else 0)


def best_melee(s: State, slot: int, weak: int = 0) -> tuple[float, int]:
    """The best chance of winning one melee round (the best weapon held used), and the
    first effort card for it: the best chance, then a STR card (it draws a bonus card),
    then the card least worth keeping."""
    odds = O.melee_chances(s, slot, weak, weapon_bonus(s))
    return _best(s, odds, "STR")


def best_test(s: State, stat: str, difficulty: int) -> tuple[float, int]:
    """The best chance of winning a test, and the first effort card for it."""
    return _best(s, O.test_chances(s, stat, difficulty), stat)


def _best(s: State, odds: dict[int, float], bonus_type: str) -> tuple[float, int]:
    power_type, keep = s.content.power_type, _tables(s)[0]
    best, best_card, best_key = -1.0, -1, (-1.0, False, 0.0)
    for c, p in odds.items():
        key = (p, power_type[c] == bonus_type, -keep[c])
        if key > best_key:
            best, best_card, best_key = p, c, key
    return best, best_card


_TABLES: dict[int, tuple[object, tuple[float, ...], tuple[tuple[bool, float, int], ...]]] = {}


def _tables(s: State) -> tuple[tuple[float, ...], tuple[tuple[bool, float, int], ...]]:
    """Per-card values worked out once per card set: what each card is worth keeping,
    and the order in which the greedy bot plays cards to MOVE."""
    content = s.content
    entry = _TABLES.get(id(content))
    if entry is None or entry[0] is not content:
        keep = tuple(
            content.power[c]
            + (2.0 if content.power_type[c] == "MOV" else 0.0)
            - (content.slot[c] - 1) * 0.3
            for c in range(len(content.power))
        )
        move = tuple(
            (content.power_type[c] != "MOV", keep[c], c) for c in range(len(content.power))
        )
        entry = _TABLES[id(content)] = (content, keep, move)
    return entry[1], entry[2]


def keep_value(s: State, card: int) -> float:
    """How much a card in hand is worth keeping: its power, more for a MOV card
    (a free MOVE) and a little less for the dangerous monster slots it would summon."""
    return _tables(s)[0][card]


def run_cost(s: State, need: int) -> int:
    """How many cards running away would cost (0 when INT is enough; 99 if impossible)."""
    if need <= 0:
        return 0
    powers = sorted((s.content.power[c] for c in s.hand), reverse=True)
    total = 0
    for n, p in enumerate(powers, start=1):
        total += p
        if total >= need:
            return n
    return 99


def pit_tests(s: State) -> tuple[tuple[str, int], ...]:
    """The tests printed on the Pit of Darkness (stat, difficulty on level 8), in order:
    what a player reads on the card before deciding to go in."""
    return _card_facts(s.content)[0]


def _card_facts(
    content: Content,
) -> tuple[tuple[tuple[str, int], ...], dict[str, int], frozenset[str], dict[str | None, float]]:
    """What the bot reads off the cards once per card set: the Pit's tests, the stat
    each of them makes worth having, the rooms where a stat can be upgraded, and what
    walking into each room weighs on a path (its danger; ``None``: an unknown room)."""
    cached = _FACTS.get(id(content))
    if cached is None or cached[0] is not content:
        room = content.rooms[content.special_room]
        skulls = content.level_skulls[-1]
        tests = tuple(
            (step.stat or "INT", plus_value(step.difficulty or "0", skulls))
            for action in room.actions
            for step in content.steplists[action.steps]
            if step.do == "test"
        )
        goals: dict[str, int] = {}
        for stat, difficulty in tests:
            goals[stat] = max(goals.get(stat, 0), difficulty - 8)  # a 5 and a 3 win it
        training = frozenset(
            r.id
            for r in content.rooms.values()
            for a in r.actions
            if a.steps >= 0 and content.steplists[a.steps][0].do == "upgrade"
        )
        weight: dict[str | None, float] = {r.id: 0.4 * r.danger for r in content.rooms.values()}
        weight[None] = 0.4 * 1.5
        cached = _FACTS[id(content)] = (content, tests, goals, training, weight)
    return cached[1], cached[2], cached[3], cached[4]


_FACTS: dict[int, Any] = {}


def _gives(content: Content, steplist: int, do: str) -> bool:
    """Whether a step list (or a branch of it) has a step ``do``."""
    if steplist < 0:
        return False
    return any(
        step.do == do or any(_gives(content, b, do) for b in (step.win, step.lose, *step.table))
        for step in content.steplists[steplist]
    )


_STEPS = tuple(DIRECTIONS.items())


# ---- the greedy bot ---------------------------------------------------------------------

UPGRADE_ORDER = ("INT", "STR", "AGL")
LEAVING_ACTIONS = frozenset({"descend", "escape", "enter"})
HEALING = ("heal", "soothe")


@dataclass(frozen=True)
class Style:
    """How boldly the greedy bot plays (the defaults are what the balance figures use).

    ``escape_below``: head for the way out once HP plus 4 a Fruit plus known
    healing potions is at most this. ``explore``: rooms revealed before the
    portal is worth taking on a healthy hero. ``pit_tries``: attempts at the
    Pit of Darkness before giving up. ``pit_resources``: the resources (as for
    ``escape_below``) needed to try the Pit. ``fight_margin``: how many cards
    more than running away a fight may be expected to cost. ``gold_value``:
    what a gold piece is worth in cards. ``caps``: the highest upgrade bought
    for each stat.
    """

    escape_below: int = 3
    explore: int = 5
    pit_tries: int = 10
    pit_resources: int = 6
    fight_margin: float = 0.3
    gold_value: float = 0.25
    caps: tuple[tuple[str, int], ...] = (("STR", 4), ("INT", 4), ("AGL", 4))


class Greedy:
    """The greedy player (see the module docstring); one per game, since it
    remembers its own attempts at the Pit."""

    def __init__(self, seed: int = 0, style: Style | None = None) -> None:
        self.rng = random.Random(seed)
        self.style = style or Style()
        self.caps = dict(self.style.caps)
        self.pit_tries = 0
        self.spared: tuple[Action, Action] | None = None
        """(the answer it chose instead, the answer that would have lost at once) when
        its last answer was a way out of a certain loss (for :meth:`explain`)."""

    def __call__(self, s: State) -> Action:
        action = self.choose(s)
        self.spared = None
        if len(s.hand) <= 3 and loss_warning(s, action):  # no rule costs more at once
            other = self.last_chance(s, action)
            if other is not None:
                self.spared = (other, action)
                return other
        return action

    def choose(self, s: State) -> Action:
        """The answer its judgement gives, before the check for a certain loss."""
        name = _PROMPTS.get(s.prompt)
        if name is not None:
            action: Action | None = getattr(self, name)(s)
            if action is not None and action in s.options:
                return action
        return self.default(s)

    # -- never a certain loss while something else has a chance -----------------------------

    def last_chance(self, s: State, losing: Action) -> Action | None:
        """The answer with the best chance among those that do not lose at once
        (:func:`~companion.games.dungeon_of_d.engine.loss_warning`, the rule that marks
        them on the screen), or None when none has any: a combat that could only be
        run from again would just put the same choice off, turn after turn."""
        best: Action | None = None
        best_chance = -1.0
        for a in s.options:
            if a == losing or loss_warning(s, a):
                continue
            p = self.chance_of(s, a)
            if p > 0 and p > best_chance:
                best, best_chance = a, p
        return best

    def chance_of(self, s: State, a: Action) -> float:
        """A rough chance that an answer which does not lose at once keeps the hero
        alive: a fight by its best shot, or melee round while a card would be left to
        play (0 when neither: only running away would be left), a test by its odds, a
        REST or a known healing potion surely, anything else a half."""
        content = s.content
        hp = len(s.hand)
        if isinstance(a, Rest):
            return 1.0
        if isinstance(a, Drink) and a.card in s.known:
            return 1.0 if content.potion[a.card].effect in HEALING else 0.5
        if isinstance(a, Use) and R.part_of(s, a.card).effect == "heal":
            return 1.0
        slot = -1
        if isinstance(a, Act):
            room_action = content.rooms[s.grid[s.pos]].actions[a.position]
            first = content.steplists[room_action.steps][0] if room_action.steps >= 0 else None
            if first is not None and first.do == "combat":
                slot = first.monster
            elif first is not None and first.do == "test":
                return best_test(s, first.stat or "AGL", R.plus(s, first.difficulty))[0]
            else:
                return 0.6  # a room action that draws nothing of a fight or a test
        elif isinstance(a, Fight):
            cmb = R.combat_frame(s)
            slot = cmb.slot if cmb is not None else -1
        elif isinstance(a, Run):
            return 1.0
        if slot >= 0:
            shot = self.best_shot(s, CombatFrame(slot=slot))[0]
            melee = best_melee(s, slot)[0] if hp >= 2 else 0.0
            return 1 - (1 - shot) * (1 - melee)
        return 0.5

    # -- small helpers -----------------------------------------------------------------

    def default(self, s: State) -> Action:
        options = s.options
        for preferred in (Pass(), Done(), Decline(), Fight()):
            if preferred in options:
                return preferred
        cards = [a for a in options if isinstance(a, Effort | Discard) and a.card in s.hand]
        if cards:
            return min(cards, key=lambda a: keep_value(s, a.card))
        return options[0]

    def lowest(self, s: State, cards: list[int]) -> int:
        return min(cards, key=lambda c: (keep_value(s, c), c))

    def combat_frame(self, s: State) -> CombatFrame | None:
        return R.combat_frame(s)

    def chosen_combat(self, s: State) -> bool:
        """A room's combat (asked for, with a prize) rather than a wandering monster."""
        return not any(isinstance(f, MoveFrame) for f in s.stack)

    def in_pit(self, s: State) -> bool:
        pit = s.content.special_room
        return any(isinstance(f, ActFrame) and s.grid.get(f.pos) == pit for f in s.stack)

    # -- Hero's Blessing, rests and losses ------------------------------------------------

    def blessing(self, s: State) -> Action | None:
        content = s.content
        low = [c for c in s.hand if content.power[c] <= 2 and content.power_type[c] != "MOV"]
        return Discard(low[0]) if low else Done()

    def rest_discard(self, s: State) -> Action | None:
        content = s.content
        if len(s.hand) > 1:
            low = [c for c in s.hand if content.power[c] <= 2 and content.power_type[c] != "MOV"]
            if low:
                return Discard(self.lowest(s, low))
        return Done()

    def shed(self, s: State) -> Action | None:
        """Lose a card of my choice: the least useful."""
        return Discard(self.lowest(s, s.hand))

    def run_away(self, s: State) -> Action | None:
        f = s.stack[-1]
        assert isinstance(f, RunFrame)
        need = f.need
        power = s.content.power
        enough = [c for c in s.hand if power[c] >= need]
        if enough:
            return Discard(min(enough, key=lambda c: (keep_value(s, c), c)))
        return Discard(max(s.hand, key=lambda c: (power[c], -keep_value(s, c))))

    # -- the turn ------------------------------------------------------------------------

    def resources(self, s: State) -> int:
        """HP now plus what the Fruits and known healing potions will bring back."""
        content = s.content
        heal = sum(content.potion[c].amount for c in s.known if content.potion[c].effect in HEALING)
        return len(s.hand) + 4 * s.fruits + heal

    def turn(self, s: State) -> Action | None:
        use = self.turn_uses(s)
        if use is not None:
            return use
        hp = len(s.hand)
        content = s.content
        room = content.rooms[s.grid[s.pos]]
        acts: dict[str, Act] = {}
        for a in s.options:  # REST and the room's actions come before the MOVEs
            if isinstance(a, Act):
                acts[room.actions[a.position].id] = a
            elif isinstance(a, Move):
                break
        can_rest = Rest() in s.options
        if "escape" in acts and self.want_escape(s):
            if can_rest and hp <= 3 and not s.amulet:
                return Rest()
            return acts["escape"]
        if "descend" in acts and self.leaving(s):
            if can_rest and hp <= 6 - room.danger + 1:
                return Rest()
            if hp >= 5 or not can_rest:
                return acts["descend"]
        if "enter" in acts and self.pit_possible(s) and hp >= 5:
            self.pit_tries += 1
            return acts["enter"]
        if can_rest and self.want_rest(s, room.danger):
            return Rest()
        action = self.room_action(s, acts)
        if action is not None:
            return action
        if hp == 1:
            safe = [
                a for a in s.options if isinstance(a, Move) and content.power_type[a.card] == "MOV"
            ]
            if not safe:
                if can_rest:
                    return Rest()
                drink = next((a for a in s.options if isinstance(a, Drink)), None)
                if drink is not None:
                    return drink
        return self.move(s)

    def turn_uses(self, s: State) -> Action | None:
        """Start-of-turn uses worth making now."""
        content = s.content
        hp = len(s.hand)
        for a in reversed(s.options):  # the uses come after the MOVEs
            if isinstance(a, Move | Act | Rest):
                break
            if isinstance(a, UseSkill):
                skill = R.skill(s, "heal")
                if skill is not None and a.skill == skill.id:
                    if hp <= 9 - skill.amount:
                        return a
                    continue
                return a  # detecting a potion costs nothing
            if isinstance(a, Use):
                part = R.part_of(s, a.card)
                effect = part.effect
                if effect == "free-upgrade":
                    return a
                if effect == "heal" and hp <= 9 - part.amount:
                    return a
                if effect in ("detect-potion", "detect-all") and len(R.unknown_potions(s)) >= 2:
                    return a
                if effect == "reveal-rooms" and R.revealed(s, content.portal_room) is None:
                    return a
                if (
                    effect == "teleport-room"
                    and part.room == content.portal_room
                    and self.leaving(s)
                ):
                    portal = R.revealed(s, content.portal_room)
                    if portal is not None and self.distance(s, portal) >= 2:
                        return a
            if isinstance(a, Drink):
                card = a.card
                if card in s.known:
                    effect = content.potion[card].effect
                    if effect == "heal" and hp <= 5:
                        return a
                    if effect == "soothe" and (s.poisoned or hp <= 4):
                        return a
                    if effect == "gain-gold":
                        return a
                elif 2 <= hp <= 3 and not (s.fruits and R.danger(s) <= 2):
                    return a  # a gamble worth taking when failing: most potions help
        return None

    def distance(self, s: State, goal: int) -> int:
        here = s.pos
        return abs(goal // 64 - here // 64) + abs(goal % 64 - here % 64)

    def want_rest(self, s: State, danger: int) -> bool:
        hp = len(s.hand)
        gain = 9 - danger - hp
        if gain <= 0:
            return False
        if s.poisoned and gain >= 2:
            return True
        if hp <= 3:
            return True
        if hp <= 5 and gain >= 3:
            return True
        return s.fruits >= 3 and gain >= 3

    def leaving(self, s: State) -> bool:
        """Whether this level is done with: time to find the portal."""
        if s.amulet:
            return True
        if s.level == 8:
            return not self.pit_possible(s)
        if self.want_escape(s):
            return True
        return not s.room_deck or self.explored_enough(s)

    def explored_enough(self, s: State) -> bool:
        known = len(s.grid)
        if known >= 3 and len(s.hand) <= 5:
            return True
        if known >= self.style.explore + 2:
            return True
        if known >= self.style.explore:
            # with gold for a step towards the Pit, look a little further for a place to train
            return not (self.saving_for_pit(s) and not self.upgrade_room_known(s))
        return False

    def saving_for_pit(self, s: State) -> bool:
        """Gold enough for a step of INT or AGL the Pit of Darkness will ask for."""
        prices = s.content.upgrade_prices
        for stat in ("INT", "AGL"):
            current = getattr(s, stat)
            if (
                current < min(R.STAT_MAX, self.pit_goal(s, stat))
                and prices[stat][current] <= s.gold
            ):
                return True
        return False

    def upgrade_room_known(self, s: State) -> bool:
        training = _card_facts(s.content)[2]
        return any(r in training for r in s.grid.values())

    def want_escape(self, s: State) -> bool:
        if s.amulet:
            return True
        if s.level >= 8:
            return not self.pit_possible(s)
        return self.resources(s) <= self.style.escape_below

    # -- the Pit of Darkness --------------------------------------------------------------

    def pit_possible(self, s: State) -> bool:
        if s.level != 8 or s.amulet:
            return False
        pit = R.revealed(s, s.content.special_room)
        if pit is not None and pit in s.exhausted:
            return False
        if self.pit_tries >= self.style.pit_tries or not self.pit_reachable(s):
            return False
        return self.resources(s) >= self.style.pit_resources

    def known_buff(self, s: State, stat: str) -> int:
        """What the identified potions held would add to ``stat`` for a turn."""
        potion = s.content.potion
        return sum(
            potion[c].amount
            for c in s.known
            if potion[c].effect == "buff" and potion[c].stat == stat
        )

    def pit_reachable(self, s: State) -> bool:
        """Whether each of the Pit's tests can be won at all: the stat, with the potions
        known to raise it, plus two effort cards of 5."""
        return all(R.stat(s, stat) + self.known_buff(s, stat) + 10 >= d for stat, d in pit_tests(s))

    def pit_goal(self, s: State, stat: str) -> int:
        """The stat that gives the Pit's test of ``stat`` a fair chance (a 5 and a 3 win it)."""
        return _card_facts(s.content)[1].get(stat, 0)

    # -- room actions -----------------------------------------------------------------------

    def room_action(self, s: State, acts: dict[str, Act]) -> Action | None:
        if not acts:
            return None
        hp = len(s.hand)
        room = s.content.rooms[s.grid[s.pos]]
        value: dict[str, float] = {}
        for name, act in acts.items():
            if name in LEAVING_ACTIONS:
                continue  # the turn decides these (going down, out, or into the Pit)
            v = self.action_value(s, room.actions[act.position], hp)
            if v > 0:
                value[name] = v
        if not value:
            return None
        return acts[max(value, key=lambda n: (value[n], n))]

    def action_value(self, s: State, action: RoomAction, hp: int) -> float:
        """What a room action is worth now (0: not worth it), read off its card:
        an upgrade by its stat, a test by its odds, a combat by its monster."""
        content = s.content
        name = action.id
        first = content.steplists[action.steps][0] if action.steps >= 0 else None
        do = first.do if first is not None else ""
        if do == "upgrade" and first is not None:
            stat = first.stat or "STR"
            current = int(getattr(s, stat))
            if current >= self.caps.get(stat, 4):
                return 0
            value = 3.0 - UPGRADE_ORDER.index(stat) * 0.1 - current * 0.2
            if current < self.pit_goal(s, stat):
                value += 0.5  # the Pit of Darkness asks for INT and AGL
            return value
        if name == "buy-fruit":
            return 2.5 if s.fruits < 3 and hp >= 2 else 0
        if name == "buy-arrows":
            if (
                s.level >= 6 and s.arrows <= 2
            ):  # a hit ends a combat: worth a lot against the Ice Dragon
                return 1.4
            return 1.0 if s.arrows <= 1 and s.gold >= 10 else 0
        if name == "buy-potion":
            return 0.5 if s.gold >= 25 and R.slots_used(s) < R.capacity(s) - 1 else 0
        if name == "buy-item":
            return 0.6 if s.gold >= 25 and R.slots_used(s) < R.capacity(s) - 1 else 0
        if name in ("search", "search-crates"):
            return 2.0
        if name == "pick-fruit":
            return 2.0 if s.fruits < 4 and hp >= 2 and not s.poisoned else 0
        if name == "drink":
            return 3.0 if hp <= 7 or s.poisoned else 0
        if name == "offering":
            return 2.0 if s.poisoned or (hp <= 3 and s.gold > 15) else 0
        if hp <= 3:
            return 0
        if name == "open":
            return 1.5 if hp >= 4 else 0
        if name == "secret-passage":
            portal = R.revealed(s, content.portal_room)
            if self.leaving(s) and portal is not None and self.distance(s, portal) >= 2:
                return 2.5
            return 0
        if do == "test" and first is not None:
            if len(s.skills) >= R.max_skills(s) and _gives(content, first.win, "meet-character"):
                return 0  # it would only MEET someone whose skill it would not take
            lose_hurts = first.lose >= 0 and any(
                step.do == "lose-hp" for step in content.steplists[first.lose]
            )
            p, _ = best_test(s, first.stat or "AGL", R.plus(s, first.difficulty))
            floor = 0.45 if lose_hurts else 0.3
            return 1.0 + p if p >= floor and hp >= 5 else 0
        if do == "combat" and first is not None:
            slot = first.monster
            p, _ = best_melee(s, slot)
            if slot >= 3:  # a guardian: a special item for a hard fight
                return 1.2 if p >= 0.65 and hp >= 3 + slot else 0
            return 0.8 if p >= 0.8 and hp >= 7 and s.gold < 40 else 0
        return 0

    # -- moving ---------------------------------------------------------------------------

    def move(self, s: State) -> Action | None:
        legal = {name for name, _ in R.move_targets(s)}
        if not legal or not s.hand:
            return None
        direction = self.direction(s, legal)
        card = min(
            s.hand, key=_tables(s)[1].__getitem__
        )  # a MOV card first (it draws a bonus card)
        return Move(card, direction)

    def goals(self, s: State) -> list[int]:
        content = s.content
        hp = len(s.hand)
        if s.level == 8 and self.pit_possible(s):
            pit = R.revealed(s, content.special_room)
            if pit is not None:
                return [pit]
        if self.leaving(s):
            portal = R.revealed(s, content.portal_room)
            if portal is not None:
                return [portal]
        if hp <= 4 and s.fruits and R.danger(s) >= 2:
            calm = [p for p, r in s.grid.items() if content.rooms[r].danger <= 1 and p != s.pos]
            if calm:
                return calm
        wanted = []
        for pos, room_id in s.grid.items():
            if pos == s.pos or pos in s.exhausted:
                continue
            room = content.rooms[room_id]
            if (
                (room_id == "healing-fountain" and (hp <= 6 or s.poisoned))
                or (
                    room_id == "forsaken-chapel"
                    and s.poisoned
                    and not s.fruits
                    and s.gold >= 2 + R.skulls(s)
                )
                or (
                    room.id in ("training-hall", "ancient-library")
                    and self.can_upgrade_there(s, room_id)
                )
                or (room_id == "peculiar-shop" and s.fruits < 2 and s.gold >= 2 + R.skulls(s))
            ):
                wanted.append(pos)
        if wanted:
            return wanted
        if s.room_deck:
            return R.reveal_spots(s)
        portal = R.revealed(s, content.portal_room)
        return [portal] if portal is not None and portal != s.pos else []

    def can_upgrade_there(self, s: State, room_id: str) -> bool:
        stats = ("INT",) if room_id == "ancient-library" else ("STR", "AGL")
        for stat in stats:
            current = getattr(s, stat)
            if current < R.STAT_MAX and s.content.upgrade_prices[stat][current] <= s.gold:
                return True
        return False

    def direction(self, s: State, legal: set[str]) -> str:
        goals = set(self.goals(s))
        step = self.first_step(s, goals)
        if step is not None and step in legal:
            return step
        return str(self.rng.choice(sorted(legal)))

    def first_step(self, s: State, goals: set[int]) -> str | None:
        """The first step of the cheapest path to a goal (danger makes a room dearer)."""
        if not goals:
            return None
        grid, weight = s.grid, _card_facts(s.content)[3]
        best: dict[int, float] = {s.pos: 0.0}
        frontier: list[tuple[float, int, str]] = [(0.0, s.pos, "")]
        pop, push, far = heapq.heappop, heapq.heappush, 1e9
        while frontier:
            cost, here, first = pop(frontier)
            if cost > best.get(here, far):
                continue
            if here in goals and first:
                return first
            for name, d in _STEPS:
                nxt = here + d
                room = grid.get(nxt)
                if room is None and nxt not in goals:
                    continue
                new = cost + 1.0 + weight[room]
                if new < best.get(nxt, far):
                    best[nxt] = new
                    push(frontier, (new, nxt, first or name))
        return None

    def place(self, s: State) -> Action | None:
        spots = [a.pos for a in s.options if isinstance(a, Place)]
        here = s.pos
        return Place(min(spots, key=lambda p: (abs(p - here) not in (1, 64), abs(p - here), p)))

    def teleport(self, s: State) -> Action | None:
        content = s.content
        wanted = (content.special_room,) if s.level == 8 and self.pit_possible(s) else ()
        for room_id in (*wanted, content.portal_room):
            pos = R.revealed(s, room_id)
            if pos is not None:
                return Teleport(pos)
        return None

    # -- combat -----------------------------------------------------------------------------

    def combat(self, s: State) -> Action | None:
        f = s.stack[-1]
        assert isinstance(f, CombatFrame)
        m = R.monster(s, f.slot)
        hp = len(s.hand)
        for a in s.options:  # one-off helps first
            if isinstance(a, Use):
                effect = R.part_of(s, a.card).effect
                if effect == "holy-water":
                    return a
                if effect == "weaken" and (self.in_pit(s) or m.STR >= 10):
                    return a
            if isinstance(a, Drink) and a.card in s.known:
                effect = s.content.potion[a.card].effect
                if effect == "breath" and (
                    self.in_pit(s) or best_melee(s, f.slot, f.weak)[0] < 0.4
                ):
                    return a
                if effect == "buff" and s.content.potion[a.card].stat == "STR" and self.in_pit(s):
                    return a
        if Run() not in s.options:
            return Fight()
        if self.shoot_it_out(s, f):
            return Fight()
        p, _ = best_melee(s, f.slot, f.weak)
        shot = self.best_shot(s, f)[0]
        win = 1 - (1 - shot) * (1 - p)
        need = R.run_need(s, f.slot)
        cost_run = run_cost(s, need)
        if self.in_pit(s):
            return Fight() if win >= 0.3 or hp >= 5 else Run()
        if cost_run == 0:
            # a room's combat was chosen on odds of 0.65 (see action_value): keep to them
            floor = 0.6 if self.chosen_combat(s) else 0.75
            return Fight() if win >= floor and hp >= 4 else Run()
        loss = 1.0 + (0.5 if m.has("regenerate") else 0)
        # expected cards spent fighting to the end, against running now
        fight_cost = (1.0 + (1 - p) * loss) / max(p, 0.05) - m.gold * self.style.gold_value
        if self.chosen_combat(s):
            fight_cost -= 2.0
        if hp <= 2 and cost_run < hp:
            return Run()
        return Fight() if fight_cost <= cost_run + self.style.fight_margin else Run()

    def shoot_it_out(self, s: State, f: CombatFrame) -> bool:
        """On the last card, in a combat chosen for its shot (see :meth:`last_chance`),
        with nothing to heal on afterwards: running away would only bring back the
        same turn, where every MOVE plays the last card; the shot is the chance."""
        if len(s.hand) != 1 or not self.chosen_combat(s) or self.best_shot(s, f)[0] <= 0:
            return False
        content = s.content
        heals = any(content.potion[c].effect in HEALING for c in s.known) or any(
            R.part_of(s, c).effect == "heal" for c in (*s.items, *s.specials)
        )
        return not (s.fruits or heals)

    def best_shot(self, s: State, f: CombatFrame) -> tuple[float, Action | None]:
        """The ranged attack most likely to hit (odds over the unseen cards), and its chance."""
        best: tuple[float, Action | None] = (0.0, None)
        for kind in R.arrow_kinds(s):
            p = O.shot_chance(s, f.slot, kind)
            if p > best[0] + 1e-9:
                best = (p, Shoot(kind))
        return best

    def ranged(self, s: State) -> Action | None:
        f = s.stack[-1]
        assert isinstance(f, CombatFrame)
        p, shot = self.best_shot(s, f)
        return shot if shot is not None and p > 0 else GoToMelee()

    def effort(self, s: State) -> Action | None:
        f = s.stack[-1]
        if isinstance(f, TestFrame):
            _, card = best_test(s, f.stat, f.difficulty)
        else:
            cmb = s.stack[-2]
            assert isinstance(cmb, CombatFrame)
            _, card = best_melee(s, cmb.slot, cmb.weak)
        for a in s.options:  # drink a known buff for a hard test in the Pit or the last escape
            if (
                isinstance(a, Drink)
                and a.card in s.known
                and isinstance(f, TestFrame)
                and (self.in_pit(s) or s.level >= 7)
            ):
                part = s.content.potion[a.card]
                if part.effect == "buff" and part.stat == f.stat:
                    return a
        return Effort(card) if card >= 0 else None

    def window(self, s: State) -> Action | None:
        """Optional uses between the steps of a rule."""
        hp = len(s.hand)
        prompt = s.prompt
        content = s.content
        for a in s.options:
            if isinstance(a, Drink) and a.card in s.known:
                effect = content.potion[a.card].effect
                if effect in HEALING and hp <= 4:
                    return a
            elif isinstance(a, Use):
                effect = R.part_of(s, a.card).effect
                if effect in ("weapon", "block-round", "recheck-wandering", "reroll-check"):
                    if effect == "reroll-check" and prompt == "wandering-check" and hp >= 6:
                        continue
                    return a
                if effect == "cancel-regenerate":
                    cmb = R.combat_frame(s)
                    if cmb is not None and (self.in_pit(s) or R.monster(s, cmb.slot).STR >= 10):
                        return a
            elif isinstance(a, UseSkill | SwapSkill):
                if prompt in ("round-lost", "ranged-end"):
                    return a
                if prompt == "melee-first" and a.skill == "determination":
                    cmb = R.combat_frame(s)
                    if cmb is not None and self.in_pit(s) and hp >= 6:
                        return a
                if prompt in ("test-second", "melee-second") and self.second_fails(s):
                    return a
        return Pass() if Pass() in s.options else None

    def second_fails(self, s: State) -> bool:
        """Whether the effort cards on the table lose as they are."""
        f = s.stack[-1]
        assert isinstance(f, TestFrame | MeleeFrame)
        target, total = R.effort_round(s, f)
        return total < target

    def guess(self, s: State) -> Action | None:
        """The likeliest number where a right guess helps, the least likely where it hurts."""
        return Guess(O.best_guess(s, right_is_good=not O.right_guess_hurts(s)))

    def meet(self, s: State) -> Action | None:
        return Learn() if Learn() in s.options else Decline()

    def retry(self, s: State) -> Action | None:
        return Retry() if len(s.hand) >= 4 else Stop()

    def full(self, s: State) -> Action | None:
        drops = [(a.what, a) for a in s.options if isinstance(a, Drop) and isinstance(a.what, int)]
        if not drops:
            return None
        return min(drops, key=lambda d: (self.worth(s, d[0]), d[0]))[1]

    def stolen(self, s: State) -> Action | None:
        if GiveUp("arrows") in s.options:
            return GiveUp("arrows")
        cards = [a.what for a in s.options if isinstance(a, GiveUp) and isinstance(a.what, int)]
        return GiveUp(min(cards, key=lambda c: (self.worth(s, c), c))) if cards else None

    def worth(self, s: State, card: int) -> float:
        """What an inventory card is worth to keep (its stars, more if useful)."""
        part = R.part_of(s, card)
        if card in s.potions and card not in s.known:
            return 12
        useful = {
            "key-item": 15,
            "weapon": 20,
            "heal": 12,
            "soothe": 12,
            "stat-bonus": 30,
            "slot-bonus": 25,
            "free-upgrade": 40,
            "poison": -5,
            "perfume": -5,
            "magic-arrow": 12,
            "vampiric-arrow": 12,
            "buff": 11,
            "breath": 11,
            "cancel-regenerate": 20,
            "extra-slots": 50,
        }
        return part.stars + useful.get(part.effect, 0)

    def detect(self, s: State) -> Action | None:
        return next((a for a in s.options if isinstance(a, Detect)), None)

    # -- its reasons (for the shell's hint) ---------------------------------------------------

    def explain(self, s: State, action: Action) -> str:
        """Why this bot answers ``action`` now, in a few words."""
        if self.spared is not None and self.spared[0] == action:
            return self.explain_spared(s, action, self.spared[1])
        return self.explain_chosen(s, action)

    def explain_chosen(self, s: State, action: Action) -> str:
        """Why its judgement gives ``action``."""
        content = s.content
        hp = len(s.hand)
        if isinstance(action, Rest):
            limit = R.HP_MAX - R.danger(s)
            cure = " and ends Poisoned!" if s.poisoned else ""
            return f"HP {hp}: a REST here draws up to {limit}{cure}"
        if isinstance(action, Act):
            room_action = content.rooms[s.grid[s.pos]].actions[action.position]
            first = content.steplists[room_action.steps][0] if room_action.steps >= 0 else None
            if room_action.id == "escape":
                if s.amulet:
                    return "the Amulet is yours: take it out of the dungeon"
                return "HP, Fruits and healing are running low: get out alive"
            if room_action.id == "descend":
                return f"this level is done with: on to level {s.level + 1}"
            if room_action.id == "enter":
                return "the Pit's tests are within reach: go for the Amulet"
            if first is not None and first.do == "upgrade":
                stat = first.stat or ""
                goal = " (the Pit of Darkness asks for it)" if stat in ("INT", "AGL") else ""
                return f"{stat} +1 for {E.upgrade_price(s, stat)} gold{goal}"
            if first is not None and first.do == "test":
                p, _ = best_test(s, first.stat or "AGL", R.plus(s, first.difficulty))
                return f"{first.stat} test of {R.plus(s, first.difficulty)}: {_pct(p)} to win it"
            if first is not None and first.do == "combat":
                p, _ = best_melee(s, first.monster)
                return f"a round against the {R.monster(s, first.monster).name} is won {_pct(p)}"
            return f"{room_action.name} is worth it now"
        if isinstance(action, Move):
            bonus = (
                " (a MOV card draws a bonus card)"
                if content.power_type[action.card] == "MOV"
                else ""
            )
            return f"{self.heading(s, action.direction)}{bonus}"
        if isinstance(action, Fight | Run):
            f = R.combat_frame(s)
            if f is None:
                return "no choice"
            p, _ = best_melee(s, f.slot, f.weak)
            cost = run_cost(s, R.run_need(s, f.slot))
            run = (
                "running costs nothing"
                if cost == 0
                else f"running costs {cost} card{'s' if cost > 1 else ''}"
                if cost < 99
                else "running is out of reach"
            )
            return f"a round is won {_pct(p)}; {run}"
        if isinstance(action, Effort):
            top = s.stack[-1]
            if isinstance(top, TestFrame):
                p, _ = best_test(s, top.stat, top.difficulty)
            else:
                cmb = R.combat_frame(s)
                p = best_melee(s, cmb.slot, cmb.weak)[0] if cmb is not None else 0.0
            # the answer's own label gives its odds; the reason says why it is the one
            return "no other card does better" if p > 0 else "no card can win it"
        if isinstance(action, Shoot):
            cmb = R.combat_frame(s)
            return f"the shot hits {_pct(self.best_shot(s, cmb)[0])}" if cmb is not None else ""
        if isinstance(action, Discard):
            paying = s.stack[-1] if s.stack else None
            if isinstance(paying, RunFrame) and action.card in s.hand:
                need = paying.need
                if content.power[action.card] >= need:
                    return f"the card least worth keeping that pays the {need} to run"
                return f"no card pays the {need} to run alone: the strongest goes first"
            return "the card least worth keeping"
        if isinstance(action, Guess):
            chance = _pct(O.guess_odds(s)[action.number])
            if O.right_guess_hurts(s):
                return f"the least likely number: it is right {chance} of the time"
            return f"the likeliest number: it is right {chance} of the time"
        if isinstance(action, Done):
            return "the cards left are worth keeping" if s.prompt == "blessing" else "enough"
        if isinstance(action, Learn):
            return "a skill of your own choosing costs nothing"
        if isinstance(action, Use):
            return f"the {R.part_of(s, action.card).name} helps now"
        if isinstance(action, Drink):
            if action.card in s.known:
                return f"the {content.potion[action.card].name} helps now"
            return "an unknown potion is worth the gamble now"
        if isinstance(action, Pass | Decline):
            return "nothing here is worth it now"
        if isinstance(action, GoToMelee):
            return "no arrow to shoot" if not R.arrow_kinds(s) else "no arrow can hit it"
        if isinstance(action, UseSkill):
            known = next((k for k in content.skills.values() if k.id == action.skill), None)
            if known is not None and known.effect == "heal":
                return f"HP {hp}: {known.name} heals {known.amount} HP"
            if known is not None:
                return f"{known.name} helps now"
        return "worth it now"

    def explain_spared(self, s: State, action: Action, losing: Action) -> str:
        """Why a way out was taken instead of ``losing``, a certain loss."""
        if isinstance(losing, Move):
            what = "a MOVE"
        elif isinstance(losing, Fight):
            what = "a melee"
        elif isinstance(losing, Run):
            what = "running away"
        else:
            what = "the other answer"
        lost = f"{what} would lose at once; "
        slot = -1
        if isinstance(action, Act):
            room_action = s.content.rooms[s.grid[s.pos]].actions[action.position]
            first = s.content.steplists[room_action.steps][0] if room_action.steps >= 0 else None
            slot = first.monster if first is not None and first.do == "combat" else -1
        elif isinstance(action, Fight):
            cmb = R.combat_frame(s)
            slot = cmb.slot if cmb is not None else -1
        if slot >= 0:
            shot = self.best_shot(s, CombatFrame(slot=slot))[0]
            name = R.monster(s, slot).name
            if shot > 0:
                return f"{lost}a shot at the {name} wins {_pct(shot)}"
            return f"{lost}a round against the {name} is won {_pct(self.chance_of(s, action))}"
        return lost + self.explain_chosen(s, action)

    def heading(self, s: State, direction: str) -> str:
        """Where a MOVE in ``direction`` leads the bot, in words."""
        content = s.content
        goals = set(self.goals(s))
        names = {content.rooms[s.grid[p]].name for p in goals if p in s.grid}
        if goals and all(p not in s.grid for p in goals):
            return "to explore"
        if len(names) == 1:
            return f"towards the {names.pop()}"
        if names:
            return "towards a room worth going back to"
        return "to look around"


_PROMPTS: dict[str, str] = {
    "blessing": "blessing",
    "rest-discard": "rest_discard",
    "lose-hp": "shed",
    "hp-over-max": "shed",
    "run-away": "run_away",
    "turn": "turn",
    "forced-move": "move",
    "combat": "combat",
    "ranged": "ranged",
    "test-effort": "effort",
    "melee-effort": "effort",
    "guess": "guess",
    "regenerate-guess": "guess",
    "meet": "meet",
    "retry": "retry",
    "inventory-full": "full",
    "stolen": "stolen",
    "detect": "detect",
    "reveal": "place",
    "teleport": "teleport",
    "window-end": "window",
    "round-lost": "window",
    "before-regenerate": "window",
    "melee-first": "window",
    "melee-second": "window",
    "test-second": "window",
    "wandering-check": "window",
    "ranged-miss": "window",
    "ranged-end": "window",
}
"""The method that answers each question (a subclass may override any of them)."""


# ---- the farmer ---------------------------------------------------------------------------


def repeatable_actions(content: Content) -> frozenset[tuple[str, str]]:
    """Room actions that can be taken again and again for a gain: (room, action) ids
    of actions that give gold, HP, a stat, a Fruit, a card or a combat's gold and
    never exhaust their room (read off the cards once per card set)."""
    cached = _REPEATABLE.get(id(content))
    if cached is not None and cached[0] is content:
        return cached[1]
    gains = {
        "gain-gold",
        "heal",
        "upgrade",
        "get-fruit",
        "get-item",
        "get-special-item",
        "get-potion",
        "get-arrows",
        "combat",
        "meet-character",
        "cure-poison",
    }
    out = set()
    for room in content.rooms.values():
        for action in room.actions:
            if action.automatic or action.steps < 0 or room.id == content.special_room:
                continue
            if _gives(content, action.steps, "exhaust"):
                continue
            if any(_gives(content, action.steps, gain) for gain in gains):
                out.add((room.id, action.id))
    found = frozenset(out)
    _REPEATABLE[id(content)] = (content, found)
    return found


_REPEATABLE: dict[int, tuple[Content, frozenset[tuple[str, str]]]] = {}


class Farmer(Greedy):
    """The greedy player that first milks every repeatable room it finds.

    On each level it looks for room actions that can be taken again and again
    (:func:`repeatable_actions`: an arena's purse, a shop, a training room, a
    chapel) and keeps taking the ones that pay while it is healthy: combats for
    gold while the odds are good, upgrades whenever it can pay, Fruits to REST
    on, an offering when poisoned. It rests when hurt and walks back to those
    rooms, exploring each level in full to find them, for up to ``patience``
    turns a level down to level ``deepest``; then it plays on as the greedy bot
    does. If a repeatable room gave more than it cost, the farmer would bring
    the Amulet home far more often than the greedy bot (with the Forgotten
    Arena paying every win it did: 12.7% against 4.7%, seed 1).
    """

    def __init__(
        self, seed: int = 0, style: Style | None = None, patience: int = 100, deepest: int = 3
    ) -> None:
        super().__init__(seed, style)
        self.patience = patience
        self.deepest = deepest
        """The deepest level it farms (deeper, its monsters cost more than they pay)."""
        self.arrived: dict[int, int] = {}
        """The turn the hero reached each level."""

    def farming(self, s: State) -> bool:
        """Still milking this level: within its patience, and something here still pays
        (or rooms are still to be found)."""
        if s.level > self.deepest or s.amulet or self.want_escape(s):
            return False
        start = self.arrived.setdefault(s.level, s.turn)
        if s.turn - start >= self.patience:
            return False
        return bool(s.room_deck) or bool(self.farm_rooms(s))

    def farm_rooms(self, s: State) -> list[int]:
        """Known rooms where a repeatable action would pay now."""
        return [pos for pos in s.grid if pos not in s.exhausted and self.farm_value(s, pos) > 0]

    def farm_value(self, s: State, pos: int) -> float:
        """What the best repeatable action of the room at ``pos`` is worth now."""
        content = s.content
        room = content.rooms[s.grid[pos]]
        repeatable = repeatable_actions(content)
        return max(
            (
                self.farm_action_value(s, action)
                for action in room.actions
                if (room.id, action.id) in repeatable and action.lowest <= s.level <= action.highest
            ),
            default=0.0,
        )

    def gold_goal(self, s: State) -> int:
        """The gold worth farming for: every upgrade still to buy and a few Fruits."""
        prices = s.content.upgrade_prices
        needed = sum(sum(prices[stat][getattr(s, stat) :]) for stat in R.STATS)
        return min(s.content.gold_max, needed + 3 * (2 + R.skulls(s)))

    def leaving(self, s: State) -> bool:
        return False if self.farming(s) else super().leaving(s)

    def goals(self, s: State) -> list[int]:
        if self.farming(s):
            rooms = [pos for pos in self.farm_rooms(s) if pos != s.pos]
            if rooms:
                return rooms
            if s.room_deck:
                return R.reveal_spots(s)  # look for more
        return super().goals(s)

    def turn(self, s: State) -> Action | None:
        if self.farming(s):
            hp = len(s.hand)
            if Rest() in s.options and hp <= 5 and self.want_rest(s, R.danger(s)):
                return Rest()
            if self.farm_value(s, s.pos) > 0:
                content = s.content
                room = content.rooms[s.grid[s.pos]]
                repeatable = repeatable_actions(content)
                acts = [
                    a
                    for a in s.options
                    if isinstance(a, Act) and (room.id, room.actions[a.position].id) in repeatable
                ]
                best = max(
                    acts,
                    key=lambda a: self.farm_action_value(s, room.actions[a.position]),
                    default=None,
                )
                if best is not None and self.farm_action_value(s, room.actions[best.position]) > 0:
                    return best  # the engine offers it: it is affordable and not pointless
        return super().turn(s)

    def farm_action_value(self, s: State, action: RoomAction) -> float:
        """What taking a repeatable action once more is worth (0: it does not pay now)."""
        content = s.content
        first = content.steplists[action.steps][0]
        hp = len(s.hand)
        affordable = s.gold >= action_price(s, action.price)
        if first.do == "upgrade":
            price = E.upgrade_price(s, first.stat or "")
            return 3.0 if price is not None and price <= s.gold else 0
        if first.do == "combat":
            if s.gold >= self.gold_goal(s) or hp < (5 if s.fruits else 6) or not affordable:
                return 0
            p, _ = best_melee(s, first.monster)
            free_run = run_cost(s, R.run_need(s, first.monster)) == 0
            return 1.0 + p if p >= 0.5 or free_run else 0
        if action.id == "buy-fruit":
            return 1.5 if s.fruits < 3 and affordable else 0
        if action.id == "offering":
            return 2.0 if s.poisoned and affordable else 0
        return 0

    def combat(self, s: State) -> Action | None:
        """In a room's combat fought for gold: fight while the round is likely won,
        run as soon as it is not and running is free."""
        f = s.stack[-1]
        if (
            isinstance(f, CombatFrame)
            and self.chosen_combat(s)
            and Run() in s.options
            and not self.shoot_it_out(s, f)
            and run_cost(s, R.run_need(s, f.slot)) == 0
        ):
            p, _ = best_melee(s, f.slot, f.weak)
            return Fight() if p >= 0.5 and len(s.hand) >= 4 else Run()
        return super().combat(s)


def farmer_bot(seed: int = 0, style: Style | None = None) -> Bot:
    """The farmer (see :class:`Farmer`): the greedy bot that milks repeatable rooms first."""
    return Farmer(seed, style)


# ---- hints ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """What the planner would answer now, and why, in a few words."""

    action: Action
    reason: str


def hint(s: State) -> Hint:
    """The planner's answer to the question now, with its reason (the planner answers
    the same way for the same state, so this is what ``--bot planner`` plays).

    The bot reads only what a player can see (the same test as for its games
    holds it to that), so the hint gives nothing hidden away.
    """
    bot = planner_bot(seed=s.turn)
    action = bot(s)
    reason = bot.explain(s, action)
    if loss_warning(s, action):  # the bot keeps to a certain loss only when every answer is one
        reason = f"every answer here loses at once, so none is better ({reason})"
    return Hint(action, reason)


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def greedy_bot(seed: int = 0, style: Style | None = None) -> Bot:
    """The greedy player (see the module docstring)."""
    return Greedy(seed, style)


def explorer_bot(seed: int = 0, epsilon: float = 0.3) -> Bot:
    """The greedy bot, but a random legal action a fraction ``epsilon`` of the
    time: it goes as deep as the greedy bot while trying everything on the way
    (used by the property tests)."""
    rng = random.Random(seed ^ 0x5EED)
    greedy = greedy_bot(seed)

    def choose(state: State) -> Action:
        if rng.random() < epsilon:
            return rng.choice(state.options)
        return greedy(state)

    return choose


def planner_bot(seed: int = 0) -> Greedy:
    """The planner (:mod:`~companion.games.dungeon_of_d.planner`): the greedy bot with a
    look-ahead over the unseen cards where a choice decides the game."""
    from companion.games.dungeon_of_d.planner import Planner  # it builds on this module

    return Planner(seed)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "farmer": farmer_bot,
    "explorer": explorer_bot,
    "planner": planner_bot,
}
"""Bots by name."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name, seeded."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise CompanionError(f"no bot '{name}' (bots: {', '.join(sorted(BOTS))})") from None


def play(state: State, bot: Bot, max_actions: int = 20000) -> State:
    """Let a bot play a game to its end (in place); returns the state."""
    from companion.games.dungeon_of_d.engine import step

    while state.outcome is None and state.actions < max_actions:
        step(state, bot(state))
    return state


__all__ = [
    "BOTS",
    "Bot",
    "Greedy",
    "Style",
    "action_available",
    "best_melee",
    "best_test",
    "chance_at_least",
    "explorer_bot",
    "greedy_bot",
    "make_bot",
    "play",
    "random_bot",
    "unseen",
]
