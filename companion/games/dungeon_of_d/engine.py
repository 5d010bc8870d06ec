"""The Dungeon of D rules engine: ``legal_actions(state)`` and ``apply(state, action)``.

The engine runs the rules until the player has a real choice to make, then
stops with the choices in ``state.options``. Each unfinished rule is a typed
*frame* on ``state.stack`` (a turn, a MOVE, a room action, a test, a combat,
a melee round, a LOSE 1 HP choice... see
:mod:`~companion.games.dungeon_of_d.frames`); the handler of the top frame
either advances it, pushes a sub-rule, or asks: sets ``state.options``. A
decision with a single legal action is taken at once (it is no decision), so
every ``options`` list the player sees has at least two entries.

Actions are the typed tuples of :mod:`~companion.games.dungeon_of_d.actions`:
``Rest()``, ``Act(0)`` (the room's first action), ``Move(card, "n")``,
``Effort(card)``, ``Run()``, ``Fight()``, ``Shoot("arrow")``, ``Guess(3)``,
``Discard(card)``, ``Done()``, ``Drink(card)``, ``Use(card)``,
``UseSkill(id)``, ``Pass()``... where ``card`` numbers a power card (0-39,
see :class:`~companion.games.dungeon_of_d.content.Content`). Being tuples,
they equal the plain ``("rest",)`` a save stores, and :func:`step` takes
either. What happens is recorded as typed events
(:mod:`~companion.games.dungeon_of_d.events`) when someone listens.

>>> s = new_game(seed=1)
>>> s.prompt, len(s.hand)
('blessing', 9)
>>> s, events = apply(s, ("done",))
>>> s.turn, s.level, s.prompt, s.grid[s.pos]
(1, 1, 'turn', 'steep-chasm')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from companion.errors import CompanionError
from companion.games.dungeon_of_d import effects as E
from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.actions import (
    Act,
    Action,
    Decline,
    Detect,
    Discard,
    Done,
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
    Replace,
    Rest,
    Retry,
    Run,
    Shoot,
    Stop,
    SwapSkill,
    Teleport,
    UseSkill,
)
from companion.games.dungeon_of_d.content import Content, Monster, load_content
from companion.games.dungeon_of_d.frames import (
    ActFrame,
    AutosFrame,
    BlessFrame,
    CombatFrame,
    DetectFrame,
    ForcedMoveFrame,
    Frame,
    FullFrame,
    GetFrame,
    GuessFrame,
    LoseFrame,
    LossFrame,
    MeetFrame,
    MeleeFrame,
    MoveFrame,
    OverFrame,
    PlaceFrame,
    RestFrame,
    RetryFrame,
    RunFrame,
    StartFrame,
    StealFrame,
    StepsFrame,
    TeleportFrame,
    TestFrame,
    TurnFrame,
    WindowFrame,
)
from companion.games.dungeon_of_d.invariants import check_invariants
from companion.games.dungeon_of_d.state import (
    DIRECTIONS,
    ORIGIN,
    State,
    check_seed,
    seed_rng,
)

DEBUG = os.environ.get("COMPANION_DOD_DEBUG", "") not in ("", "0")
"""Check every invariant after every action (``COMPANION_DOD_DEBUG=1``, or :func:`set_debug`)."""


def set_debug(on: bool) -> None:
    global DEBUG  # noqa: PLW0603 - one module flag, read on every action
    DEBUG = on


# ---- helpers ------------------------------------------------------------------------


def _ask(s: State, options: list[Action], prompt: str) -> None:
    s.options = options
    s.prompt = prompt


def _ret(s: State, result: str) -> None:
    """Finish the top frame and hand its result to the frame below."""
    s.stack.pop()
    if s.stack:
        s.stack[-1].result = result


def _bonus_card(s: State) -> None:
    """BONUS CARD: draw 1 into the hand."""
    card = R.draw(s)
    if card >= 0:
        s.hand.append(card)
        R.ev(s, EV.BonusCard, card)
        R.overflow(s)


def _end_window(s: State) -> bool:
    """The end of a test or combat: a moment to drink, if there is anything to use and
    the moment is not the start of the next turn under another name."""
    if not (s.potions or s.items or s.specials):
        return False
    uses = E.window_options(s, WindowFrame(window="end"), "end")
    if not uses or (s.merged_ends and _next_turn_offers(s, uses)):
        return False
    s.stack.append(WindowFrame(window="end"))
    return True


def _next_turn_offers(s: State, uses: list[Action]) -> bool:
    """Whether the rules, left to run, go straight to the next turn's question with
    nothing drawn or decided on the way (no step of the action left, no Poisoned!
    check) and that question offers every use this moment would: then it is one
    moment, asked once (the start of a turn is also the end of the one before)."""
    trial = s.copy()
    trial.ev = None
    turn = trial.turn
    _run(trial)
    return (
        trial.outcome is None
        and trial.prompt == "turn"
        and trial.turn == turn + 1
        and trial.rng == s.rng
        and trial.deck == s.deck
        and trial.hand == s.hand
        and trial.discard == s.discard
        and trial.room_deck == s.room_deck
        and all(a in trial.options for a in uses)
    )


def _move_options(s: State) -> list[Action]:
    """Every MOVE: each card of the hand towards each direction open (made without
    :class:`Move`'s own constructor, which this hot path can do without)."""
    make = tuple.__new__
    hand = s.hand
    return [make(Move, ("move", c, d)) for d, _ in R.move_targets(s) for c in hand]


def action_price(s: State, price: str | None) -> int:
    """A room action's price here: the card's ``"2+"`` with the level's skulls, less Haggle."""
    if price is None:
        return 0
    haggle = R.skill(s, "haggle")
    return max(0, R.plus(s, price) - (haggle.amount if haggle else 0))


def action_available(s: State, index: int) -> bool:
    """Whether the room's action ``index`` may be chosen now (DO ACTION)."""
    return why_unavailable(s, index) is None


def why_unavailable(s: State, index: int) -> str | None:
    """Why the room's action ``index`` is not offered now, in a few words (None: it is).

    Besides the card's own conditions (not exhausted, the level gate, the items
    it needs, its price), an action is not offered when nothing it could give
    would change anything: Fruits when you carry 4, a DETECT with no unknown
    potion, a MEET when your INT leaves no room for another skill.
    """
    room = s.content.rooms[s.grid[s.pos]]
    if not 0 <= index < len(room.actions):
        count = len(room.actions)
        return f"the {room.name} has {count} action{'s' if count > 1 else ''}"
    action = room.actions[index]
    if s.pos in s.exhausted:
        return "the room is exhausted"
    if action.automatic:
        return "it happens by itself when you come in"
    if not action.lowest <= s.level <= action.highest:
        return f"only on levels {action.lowest}-{action.highest}"
    missing = [item for item in action.requires if not R.holds_item(s, item)]
    if missing:
        names = s.content.item_names
        return f"you need {' and '.join(names.get(item, item) for item in missing)}"
    gold = s.gold - action_price(s, action.price)
    if gold < 0:
        return f"you cannot pay for it ({s.gold} gold)"
    first = s.content.steplists[action.steps][0]
    if first.do == "upgrade":
        price = E.upgrade_price(s, first.stat or "")
        if price is None:
            return f"{first.stat} is +{R.STAT_MAX} already"
        if price > gold:
            return f"you cannot pay for it ({s.gold} gold, the step costs {price})"
    return E.why_pointless(s, action.steps)


# ---- the turn -----------------------------------------------------------------------


def _h_turn(s: State, f: TurnFrame) -> None:
    if f.phase == "choose":
        opts: list[Action] = [Rest()] if s.fruits > 0 else []
        room = s.content.rooms[s.grid[s.pos]]
        make = tuple.__new__  # Act's own constructor is a Python call this hot path skips
        opts.extend(
            make(Act, ("act", a.index)) for a in room.actions if action_available(s, a.index)
        )
        opts.extend(_move_options(s))
        opts.extend(E.window_options(s, f, "turn"))
        _ask(s, opts, "turn")
        return
    if f.phase == "poison":  # the end of the turn: the poison bites after all the turn did
        f.phase = "close"
        if s.poisoned:
            result = R.check1(s, "poison")
            hurts = result in s.content.poison_hurt_on
            R.ev(s, EV.PoisonCheck, s.discard[-1], hurts)
            if hurts:
                R.lose_hp(s, 1)
                return
    if s.buffs:
        s.buffs.clear()
    R.clear_marks(s, "turn:")
    s.stack.pop()


def _a_turn(s: State, f: TurnFrame, a: Action) -> None:
    if isinstance(a, Rest):
        f.phase = "poison"
        s.fruits -= 1
        R.ev(s, EV.Rested)
        s.stack.append(RestFrame())
    elif isinstance(a, Act):
        f.phase = "poison"
        s.stack.append(ActFrame(position=a.position, pos=s.pos))
    elif isinstance(a, Move):
        f.phase = "poison"
        s.stack.append(MoveFrame(card=a.card, direction=a.direction))
    else:
        E.answer_use(s, f, a)


# ---- REST (rulebook 5.1) ----------------------------------------------------------------


def _h_rest(s: State, f: RestFrame) -> None:
    opts: list[Action] = [Discard(c) for c in s.hand] if len(s.hand) > 1 else []
    opts.append(Done())
    _ask(s, opts, "rest-discard")


def _a_rest(s: State, f: RestFrame, a: Action) -> None:
    if isinstance(a, Discard):
        s.hand.remove(a.card)
        s.discard.append(a.card)
        R.ev(s, EV.Discarded, a.card)
        return
    limit = R.HP_MAX - R.danger(s)
    for _ in range(max(0, limit - len(s.hand))):
        card = R.draw(s)
        if card < 0:
            break
        s.hand.append(card)
        R.ev(s, EV.Drew, card)
    s.deck.extend(s.discard)
    s.discard = []
    R.shuffle(s, s.deck)
    R.ev(s, EV.Reshuffled, len(s.deck))
    s.stack.pop()
    forage = R.skill(s, "forage")
    if forage is not None:
        result = R.check1(s, "forage")
        if result in forage.roll:
            E.gain_fruit(s, 1)
    if s.content.poison_rest_cures:
        R.cure_poison(s)


# ---- MOVE (rulebook 5.3) -----------------------------------------------------------------


def _h_move(s: State, f: MoveFrame) -> None:
    phase = f.phase
    content = s.content
    if phase == "go":
        card = f.card
        s.wander = card
        R.ev(s, EV.WanderCard, card)
        if not R.play_from_hand(s, card):
            return
        if content.power_type[card] == "MOV":
            _bonus_card(s)  # the hand was at most 9 before the card was played: no overflow
        target = s.pos + DIRECTIONS[f.direction]
        if target not in s.grid:
            R.place_room(s, target)
        s.pos = target
        R.ev(s, EV.Entered, target, s.grid[target])
        phase = "check"
    if phase == "check":
        if s.perfume:  # FAQ Q5: no CHECK1, the monster comes
            s.perfume = False
            R.ev(s, EV.Perfumed)
            f.meets = True
            phase = "meet"
        else:
            E.roll_wandering(s, f)
            phase = "wander"
    if phase == "wander":
        if f.roll <= R.danger(s):
            opts = E.window_options(s, f, "wander")
            if opts:
                f.phase = "wander"
                _ask(s, [*opts, Pass()], "wandering-check")
                return
            f.meets = True
        else:
            f.meets = False
        phase = "meet"
    if phase == "meet":
        card = s.wander
        s.discard.append(card)
        s.wander = -1
        if f.meets:
            f.phase = "after"
            R.ev(s, EV.WanderingMonster, card)
            E.push_combat(s, content.slot[card])
            return
        phase = "autos"
    if phase == "after":
        f.phase = "autos"
        if _end_window(s):
            return
        phase = "autos"
    if phase == "autos":
        f.phase = "done"
        if _push_autos(s, s.pos):
            return
    s.stack.pop()


def _push_autos(s: State, pos: int) -> bool:
    """Start the ((A)) actions of the room at ``pos``, if it has any now."""
    if pos in s.exhausted or not s.content.rooms[s.grid[pos]].automatic(s.level):
        return False
    s.stack.append(AutosFrame(pos=pos))
    return True


def _a_move(s: State, f: MoveFrame, a: Action) -> None:
    if isinstance(a, Pass):
        f.meets = True
        f.phase = "meet"
    else:
        E.answer_use(s, f, a)


def _h_forced_move(s: State, f: ForcedMoveFrame) -> None:
    opts = _move_options(s)
    if not opts:
        R.ev(s, EV.CannotMove)
        s.stack.pop()
        return
    _ask(s, opts, "forced-move")


def _a_forced_move(s: State, f: ForcedMoveFrame, a: Action) -> None:
    assert isinstance(a, Move)
    s.stack[-1] = MoveFrame(card=a.card, direction=a.direction)


def _h_autos(s: State, f: AutosFrame) -> None:
    pos = f.pos
    if s.pos != pos or pos in s.exhausted:
        s.stack.pop()
        return
    autos = s.content.rooms[s.grid[pos]].automatic(s.level)
    if f.next >= len(autos):
        s.stack.pop()
        return
    action = autos[f.next]
    f.next += 1
    s.stack.append(ActFrame(position=action.index, pos=pos))


# ---- DO ACTION (rulebook 5.2) ------------------------------------------------------------


def _h_act(s: State, f: ActFrame) -> None:
    if f.started:
        s.stack.pop()
        return
    f.started = True
    room = s.content.rooms[s.grid[f.pos]]
    action = room.actions[f.position]
    price = action_price(s, action.price)
    if price:
        s.gold -= price
        R.ev(s, EV.Paid, price)
    R.ev(s, EV.ActionStarts, room.id, action.id)
    E.push_steps(s, action.steps)


def _h_steps(s: State, f: StepsFrame) -> None:
    steps = s.content.steplists[f.steplist]
    if f.result is not None:
        result, f.result = f.result, None
        step = steps[f.waiting]
        branch = step.win if result in ("win", "right") else step.lose
        f.closing = step.do in ("test", "combat")
        E.push_steps(s, branch)
        return
    if f.closing:
        f.closing = False
        _end_window(s)
        return
    if f.next >= len(steps):
        s.stack.pop()
        return
    step = steps[f.next]
    f.next += 1
    E.STEPS[step.do](s, f, step)


def _h_retry(s: State, f: RetryFrame) -> None:
    _ask(s, [Retry(), Stop()], "retry")


def _a_retry(s: State, f: RetryFrame, a: Action) -> None:
    if isinstance(a, Stop):
        E.stop_action(s)
        return
    s.stack.pop()  # the retry question
    s.stack.pop()  # the lose branch it sits in
    owner = s.stack[-1]
    assert isinstance(owner, StepsFrame)
    owner.next = owner.waiting
    owner.closing = False
    R.ev(s, EV.Retried)


# ---- tests (rulebook 5.5) -------------------------------------------------------------------


def _h_test(s: State, f: TestFrame) -> None:
    phase = f.phase
    if phase == "effort":
        opts: list[Action] = [Effort(c) for c in s.hand]
        opts.extend(E.window_options(s, f, "test"))
        _ask(s, opts, "test-effort")
        return
    if phase == "draw":
        card = R.draw(s)
        if card >= 0:
            s.effort.append(card)
            R.ev(s, EV.EffortCard, card, True)
        phase = f.phase = "second"
    if phase == "second":
        opts = E.window_options(s, f, "second")
        if opts:
            _ask(s, [*opts, Pass()], "test-second")
            return
    power = s.content.power
    total = sum(power[c] for c in s.effort) + R.stat(s, f.stat)
    won = total >= f.difficulty
    R.ev(s, EV.SettledTest, f.stat, f.difficulty, total, won)
    s.discard.extend(s.effort)
    s.effort = []
    _ret(s, "win" if won else "lose")


def _a_test(s: State, f: TestFrame, a: Action) -> None:
    if isinstance(a, Effort):
        s.effort = [a.card]
        R.ev(s, EV.EffortCard, a.card, False)
        if not R.play_from_hand(s, a.card):
            return
        if s.content.power_type[a.card] == f.stat:
            _bonus_card(s)
        f.phase = "draw"
    elif isinstance(a, Pass):
        f.phase = "settle"
    else:
        E.answer_use(s, f, a)


# ---- combat (rulebook 5.4) --------------------------------------------------------------------


def _h_combat(s: State, f: CombatFrame) -> None:
    phase = f.phase
    content = s.content
    if phase == "choose":
        opts: list[Action] = []
        need = R.run_need(s, f.slot)
        if need <= 0 or sum(content.power[c] for c in s.hand) >= need:
            opts.append(Run())
        opts.append(Fight())
        opts.extend(E.window_options(s, f, "combat"))
        _ask(s, opts, "combat")
    elif phase == "ranged":
        kinds = R.arrow_kinds(s)
        if kinds:
            _ask(s, [*(Shoot(k) for k in kinds), GoToMelee()], "ranged")
        else:
            f.phase = "melee"
    elif phase == "aim":
        m = R.monster(s, f.slot)
        total = f.roll + R.ranged_bonus(s, f.slot, f.arrow_bonus)
        hit = total >= m.AGL
        if not hit:
            opts = E.window_options(s, f, "ranged")
            if opts:
                _ask(s, [*opts, Pass()], "ranged-miss")
                return
        R.ev(s, EV.SettledShot, total, m.AGL, hit)
        f.hit = hit
        f.phase = "shot"
    elif phase == "shot":
        opts = E.window_options(s, f, "ranged-end")
        if opts:
            _ask(s, [*opts, Pass()], "ranged-end")
        else:
            _after_ranged(s, f)
    elif phase == "melee":
        f.phase = "round"
        s.stack.append(MeleeFrame())
    elif phase == "round":
        f.phase = "defeat" if f.result == "win" else "choose"
        f.result = None
    elif phase == "holy":
        f.phase = "defeat" if f.result == "wrong" else "choose"
        f.result = None
    elif phase == "defeat":
        m = R.monster(s, f.slot)
        bounty = R.skill(s, "bounty")
        R.ev(s, EV.Defeated, m.name)
        R.gain_gold(s, m.gold + (bounty.amount if bounty else 0))
        if m.has("regenerate"):
            f.phase = "necklace"
        else:
            _end_combat(s, "win")
    elif phase == "necklace":
        opts = E.window_options(s, f, "regen")
        if opts:
            _ask(s, [*opts, Pass()], "before-regenerate")
        else:
            f.phase = "regenerate"
    elif phase == "regenerate":
        _ask(s, [Guess(n) for n in range(1, 6)], "regenerate-guess")
    elif phase == "won":
        _end_combat(s, "win")
    elif phase == "ran":
        R.ev(s, EV.RanAway)
        _end_combat(s, "lose")
    elif phase == "fled":
        _end_combat(s, "lose")


def _end_combat(s: State, result: str) -> None:
    R.clear_marks(s, "combat:")
    _ret(s, result)


def _after_ranged(s: State, f: CombatFrame) -> None:
    if f.hit:
        if f.arrow == "vampiric":
            R.heal(s, f.heal)
        f.phase = "defeat"
    else:
        f.phase = "melee"


def _a_combat(s: State, f: CombatFrame, a: Action) -> None:
    content = s.content
    if isinstance(a, Run):
        need = R.run_need(s, f.slot)
        f.phase = "ran"
        if need > 0:
            s.stack.append(RunFrame(need=need))
    elif isinstance(a, Fight):
        f.phase = "ranged"
    elif isinstance(a, Shoot):
        f.arrow = a.arrow
        f.arrow_bonus = 0
        if a.arrow == "arrow":
            s.arrows -= 1
        else:
            effect = "magic-arrow" if a.arrow == "magic" else "vampiric-arrow"
            card = R.held(s, "item", effect)[0]
            part = content.item[card]
            if a.arrow == "magic":
                f.arrow_bonus = part.amount
            else:
                f.heal = part.amount
            R.discard_inventory(s, card)
        R.ev(s, EV.Shot, a.arrow)
        f.roll = R.check1(s, "ranged")
        f.phase = "aim"
    elif isinstance(a, GoToMelee):
        f.phase = "melee"
    elif isinstance(a, Guess):
        result = R.check1(s, "regenerate")
        if result == a.number:
            R.ev(s, EV.Regenerates, a.number, result)
            f.phase = "choose"
        else:
            R.ev(s, EV.StaysDown, a.number, result)
            _end_combat(s, "win")
    elif isinstance(a, Pass):
        if f.phase == "aim":
            R.ev(
                s,
                EV.SettledShot,
                f.roll + R.ranged_bonus(s, f.slot, f.arrow_bonus),
                R.monster(s, f.slot).AGL,
                False,
            )
            f.hit = False
            f.phase = "shot"
        elif f.phase == "shot":
            _after_ranged(s, f)
        elif f.phase == "necklace":
            f.phase = "regenerate"
    else:
        E.answer_use(s, f, a)
        if f.phase == "shot" and isinstance(a, UseSkill | SwapSkill):
            _after_ranged(s, f)


def _h_run(s: State, f: RunFrame) -> None:
    if f.need <= 0:
        s.stack.pop()
        return
    _ask(s, [Discard(c) for c in s.hand], "run-away")


def _a_run(s: State, f: RunFrame, a: Action) -> None:
    assert isinstance(a, Discard)
    s.hand.remove(a.card)
    s.discard.append(a.card)
    R.ev(s, EV.Discarded, a.card)
    f.need -= s.content.power[a.card]
    if not s.hand:
        R.lose_game(s, "discarded the last card running away")


# ---- melee ------------------------------------------------------------------------------------


def _combat_below(s: State) -> CombatFrame:
    cmb = s.stack[-2]
    assert isinstance(cmb, CombatFrame)
    return cmb


def _h_melee(s: State, f: MeleeFrame) -> None:
    phase = f.phase
    if phase == "effort":
        opts: list[Action] = [Effort(c) for c in s.hand]
        opts.extend(E.window_options(s, f, "melee"))
        _ask(s, opts, "melee-effort")
    elif phase == "first":
        opts = E.window_options(s, f, "first")
        if opts:
            _ask(s, [*opts, Pass()], "melee-first")
        else:
            f.phase = "draw"
    elif phase == "draw":
        f.phase = "second"
        if not f.sure:
            card = R.draw(s)
            if card >= 0:
                s.effort.append(card)
                R.ev(s, EV.EffortCard, card, True)
    elif phase == "second":
        opts = [] if f.sure else E.window_options(s, f, "second")
        if opts:
            _ask(s, [*opts, Pass()], "melee-second")
        else:
            f.phase = "settle"
    elif phase == "settle":
        target, total = R.melee_round(s, _combat_below(s), f)
        if f.sure or total >= target:
            R.ev(s, EV.SettledMelee, total, target, True)
            s.discard.extend(s.effort)
            s.effort = []
            _ret(s, "win")
            return
        R.ev(s, EV.SettledMelee, total, target, False)
        f.phase = "lost"
    elif phase == "lost":
        opts = [] if f.blocked else E.window_options(s, f, "lost")
        if opts:
            _ask(s, [*opts, Pass()], "round-lost")
        else:
            f.phase = "cost"
    elif phase == "cost":
        f.phase = "close"
        if not f.blocked:
            _round_lost(s, R.monster(s, _combat_below(s).slot))
    else:
        s.discard.extend(s.effort)
        s.effort = []
        _ret(s, "lose")


LOSS_ABILITIES = ("poison", "steal", "curse")


def _round_lost(s: State, m: Monster) -> None:
    """Lose a melee round: 1 HP, or instead the monster's Poison / Steal / Curse
    (5.4.1); a monster with several applies them in printed order (FIFO)."""
    abilities = tuple(a for a in m.abilities if a in LOSS_ABILITIES)
    if not abilities:
        R.lose_hp(s, 1)
    elif len(abilities) == 1:
        _loss(s, abilities[0])
    else:
        s.stack.append(LossFrame(abilities=abilities))


def _h_loss(s: State, f: LossFrame) -> None:
    if f.next >= len(f.abilities):
        s.stack.pop()
        return
    ability = f.abilities[f.next]
    f.next += 1
    _loss(s, ability)


def _loss(s: State, ability: str) -> None:
    if ability == "poison":
        R.poison(s)
    elif ability == "steal":
        if s.items or s.specials or s.potions or s.arrows > 0:
            s.stack.append(StealFrame())
        else:
            R.lose_hp(s, 1)
    elif ability == "curse":
        cost = R.skulls(s)
        if s.gold >= cost:
            s.gold -= cost
            R.ev(s, EV.Cursed, cost)
        else:
            R.lose_hp(s, 1)


_MELEE_PASS: dict[str, Any] = {"first": "draw", "second": "settle", "lost": "cost"}


def _a_melee(s: State, f: MeleeFrame, a: Action) -> None:
    if isinstance(a, Effort):
        s.effort = [a.card]
        R.ev(s, EV.EffortCard, a.card, False)
        if not R.play_from_hand(s, a.card):  # FAQ Q3: the last card loses at once
            return
        if s.content.power_type[a.card] == "STR":
            _bonus_card(s)
        f.phase = "first"
    elif isinstance(a, Pass):
        f.phase = _MELEE_PASS[f.phase]
    else:
        E.answer_use(s, f, a)
        if f.phase == "first" and f.sure:
            f.phase = "draw"


def _h_steal(s: State, f: StealFrame) -> None:
    opts: list[Action] = [GiveUp(c) for c in (*s.items, *s.specials, *s.potions)]
    if s.arrows > 0:
        opts.append(GiveUp("arrows"))
    if not opts:
        s.stack.pop()
        R.lose_hp(s, 1)
        return
    _ask(s, opts, "stolen")


def _a_steal(s: State, f: StealFrame, a: Action) -> None:
    assert isinstance(a, GiveUp)
    s.stack.pop()
    R.ev(s, EV.Stolen, a.what)
    if a.what == "arrows":
        s.arrows -= 1  # FAQ: one Arrow, not the whole stack
    elif isinstance(a.what, int):
        R.discard_inventory(s, a.what)


# ---- small decision frames -----------------------------------------------------------------


def _h_lose(s: State, f: LoseFrame) -> None:
    if f.n <= 0:
        s.stack.pop()
        return
    if f.n >= len(s.hand):
        s.stack.pop()
        R.lose_hp(s, f.n)
        return
    _ask(s, [Discard(c) for c in s.hand], "lose-hp")


def _a_lose(s: State, f: LoseFrame, a: Action) -> None:
    assert isinstance(a, Discard)
    s.hand.remove(a.card)
    s.discard.append(a.card)
    R.ev(s, EV.LostHp, 1, a.card)
    f.n -= 1


def _h_over(s: State, f: OverFrame) -> None:
    if len(s.hand) <= R.HP_MAX:
        s.stack.pop()
        return
    _ask(s, [Discard(c) for c in s.hand], "hp-over-max")


def _a_over(s: State, f: OverFrame, a: Action) -> None:
    assert isinstance(a, Discard)
    s.hand.remove(a.card)
    s.discard.append(a.card)
    R.ev(s, EV.Discarded, a.card)


def _h_get(s: State, f: GetFrame) -> None:
    s.stack.pop()
    card = R.draw(s)
    if card < 0:
        return
    content = s.content
    what = f.what
    part = content.part(what, card)
    R.ev(s, EV.Got, what, card, part.id)
    if what == "item":
        if part.effect == "gain-arrows":
            s.discard.append(card)
            E.gain_arrows(s, part.amount)
            return
        if part.effect == "gain-fruit":
            s.discard.append(card)
            E.gain_fruit(s, part.amount)
            return
        if (
            part.effect in ("magic-arrow", "vampiric-arrow")
            and len(R.held(s, "item", part.effect)) >= content.arrow_max
        ):
            s.discard.append(card)
            R.ev(s, EV.TooMany, part.id)
            return
        s.items.append(card)
    elif what == "special":
        if part.unique and any(content.special[c].id == part.id for c in s.specials):
            s.discard.append(card)  # rulebook 3.3: a duplicate unique item goes at once
            R.ev(s, EV.Duplicate, part.id)
            return
        s.specials.append(card)
    else:
        s.potions.append(card)
        if R.skill(s, "brew-master") is not None:
            R.detect(s, card)
    R.check_capacity(s)


def _h_full(s: State, f: FullFrame) -> None:
    if R.slots_used(s) <= R.capacity(s):
        s.stack.pop()
        return
    opts: list[Action] = [Drop(c) for c in (*s.items, *s.specials, *s.potions)]
    if s.fruits:
        opts.append(Drop("fruits"))
    if s.arrows:
        opts.append(Drop("arrows"))
    opts.extend(E.window_options(s, f, "full"))
    _ask(s, opts, "inventory-full")


def _a_full(s: State, f: FullFrame, a: Action) -> None:
    if not isinstance(a, Drop):
        E.answer_use(s, f, a)
        return
    if a.what == "fruits":
        s.fruits = 0
    elif a.what == "arrows":
        s.arrows = 0
    elif isinstance(a.what, int):
        R.discard_inventory(s, a.what)
    R.ev(s, EV.Dropped, a.what)


def _h_meet(s: State, f: MeetFrame) -> None:
    if f.character is None:
        if not s.characters:
            s.stack.pop()
            return
        f.character = s.characters.pop(0)
        R.ev(s, EV.Met, f.character)
    if len(s.skills) < R.max_skills(s):
        opts: list[Action] = [Learn()]
    else:
        opts = [Replace(c) for c in s.skills[1:]]
    opts.append(Decline())
    _ask(s, opts, "meet")


def _a_meet(s: State, f: MeetFrame, a: Action) -> None:
    s.stack.pop()
    met = f.character or ""
    if isinstance(a, Decline):
        s.characters.append(met)  # to the bottom of the character deck
        R.ev(s, EV.Declined, met)
        return
    if isinstance(a, Replace):
        s.skills.remove(a.character)
        s.characters.append(a.character)
        R.ev(s, EV.Forgot, a.character)
    s.skills.append(met)
    R.ev(s, EV.Learnt, met)


def _h_detect(s: State, f: DetectFrame) -> None:
    unknown = R.unknown_potions(s)
    if f.n <= 0 or not unknown:
        s.stack.pop()
        return
    _ask(s, [Detect(c) for c in unknown], "detect")


def _a_detect(s: State, f: DetectFrame, a: Action) -> None:
    assert isinstance(a, Detect)
    R.detect(s, a.card)
    f.n -= 1


def _h_place(s: State, f: PlaceFrame) -> None:
    if not f.room:
        if f.n <= 0 or not R.reveal_spots(s):
            s.stack.pop()
            return
        f.room = s.room_deck.pop()  # rulebook 5.6: draw the card, then place it
        R.ev(s, EV.RoomDrawn, f.room)
    _ask(s, [Place(p) for p in R.empty_spots(s)], "reveal")


def _a_place(s: State, f: PlaceFrame, a: Action) -> None:
    assert isinstance(a, Place)
    R.place_room(s, a.pos, f.room)
    f.room = ""
    f.n -= 1


def _h_teleport(s: State, f: TeleportFrame) -> None:
    _ask(s, [Teleport(p) for p in s.grid], "teleport")


def _a_teleport(s: State, f: TeleportFrame, a: Action) -> None:
    assert isinstance(a, Teleport)
    R.teleport(s, a.pos)


def _h_guess(s: State, f: GuessFrame) -> None:
    _ask(s, [Guess(n) for n in range(1, 6)], "guess")


def _a_guess(s: State, f: GuessFrame, a: Action) -> None:
    assert isinstance(a, Guess)
    result = R.check1(s, "guess")
    right = result == a.number
    R.ev(s, EV.Guessed, a.number, result, right)
    _ret(s, "right" if right else "wrong")


def _h_window(s: State, f: WindowFrame) -> None:
    opts = E.window_options(s, f, f.window)
    if not opts:
        s.stack.pop()
        return
    _ask(s, [*opts, Pass()], f"window-{f.window}")


def _a_window(s: State, f: WindowFrame, a: Action) -> None:
    if isinstance(a, Pass):
        s.stack.pop()
    else:
        E.answer_use(s, f, a)


def _h_bless(s: State, f: BlessFrame) -> None:
    opts: list[Action] = [Discard(c) for c in s.hand]
    opts.append(Done())
    _ask(s, opts, "blessing")


def _a_bless(s: State, f: BlessFrame, a: Action) -> None:
    if isinstance(a, Discard):
        s.hand.remove(a.card)
        s.discard.append(a.card)
        R.ev(s, EV.Discarded, a.card)
        f.discarded += 1
        return
    s.stack.pop()
    for _ in range(f.discarded):
        card = R.draw(s)
        s.hand.append(card)
        R.ev(s, EV.Drew, card)


def _h_start(s: State, f: StartFrame) -> None:
    s.stack.pop()
    R.setup_level(s, 1)
    R.arrive(s, ORIGIN)


HANDLERS: dict[type[Frame], Callable[[State, Any], None]] = {
    TurnFrame: _h_turn,
    RestFrame: _h_rest,
    MoveFrame: _h_move,
    ForcedMoveFrame: _h_forced_move,
    AutosFrame: _h_autos,
    ActFrame: _h_act,
    StepsFrame: _h_steps,
    RetryFrame: _h_retry,
    TestFrame: _h_test,
    CombatFrame: _h_combat,
    RunFrame: _h_run,
    MeleeFrame: _h_melee,
    StealFrame: _h_steal,
    LoseFrame: _h_lose,
    OverFrame: _h_over,
    GetFrame: _h_get,
    FullFrame: _h_full,
    MeetFrame: _h_meet,
    DetectFrame: _h_detect,
    PlaceFrame: _h_place,
    TeleportFrame: _h_teleport,
    GuessFrame: _h_guess,
    WindowFrame: _h_window,
    BlessFrame: _h_bless,
    StartFrame: _h_start,
    LossFrame: _h_loss,
}
"""What each kind of frame does when it is on top of the stack."""

ANSWERS: dict[type[Frame], Callable[[State, Any, Action], None]] = {
    TurnFrame: _a_turn,
    RestFrame: _a_rest,
    MoveFrame: _a_move,
    ForcedMoveFrame: _a_forced_move,
    RetryFrame: _a_retry,
    TestFrame: _a_test,
    CombatFrame: _a_combat,
    RunFrame: _a_run,
    MeleeFrame: _a_melee,
    StealFrame: _a_steal,
    LoseFrame: _a_lose,
    OverFrame: _a_over,
    FullFrame: _a_full,
    MeetFrame: _a_meet,
    DetectFrame: _a_detect,
    PlaceFrame: _a_place,
    TeleportFrame: _a_teleport,
    GuessFrame: _a_guess,
    WindowFrame: _a_window,
    BlessFrame: _a_bless,
}
"""What each kind of frame does with the player's answer to its question."""


# ---- the loop and the public API -----------------------------------------------------------------


def _answer(s: State, action: Action) -> None:
    prompt = s.prompt
    s.options = []
    s.prompt = ""
    top = s.stack[-1]
    if E.PROMPT_WINDOWS.get(prompt) not in E.ANYTIME and E.is_anytime_use(s, action):
        # an 'any time' use at a question that is no window: used, then the question
        # comes again (every frame asks its question again when it is on top once more)
        E.answer_use(s, top, action)
        return
    ANSWERS[type(top)](s, top, action)


def _run(s: State) -> None:
    """Run the rules until the player must choose (or the game is over)."""
    handlers = HANDLERS
    while s.outcome is None:
        opts = s.options
        if opts:
            if len(opts) == 1:  # a forced step is no decision: take it
                _answer(s, opts[0])
                continue
            if len(s.known) < len(s.potions):  # FAQ Q6+: some items are used any time
                extra = E.anytime_options(s, s.prompt)
                if extra and extra[-1] != opts[-1]:  # (not when asked twice)
                    opts.extend(extra)
            return
        stack = s.stack
        if not stack:
            s.turn += 1
            R.ev(s, EV.TurnStarts, s.turn)
            stack.append(TurnFrame())
            continue
        frame = stack[-1]
        handlers[type(frame)](s, frame)


def new_game(
    seed: int,
    character: str | None = None,
    *,
    content: Content | None = None,
    events: list[EV.Event] | None = None,
    merged_ends: bool = True,
) -> State:
    """Set up a game (rulebook 4): a character, 0 gold, 2 Fruits, 9 power cards.

    The first decision is Hero's Blessing; after it level 1 is set up. With
    ``character`` (an id or a name) you choose your hero instead of drawing one.
    ``merged_ends=False`` plays the earlier rules' extra moment to drink at the end of
    a test or combat that leads straight into the next turn (for saves made then).
    """
    content = content or load_content()
    seed = check_seed(seed)
    s = State(seed=seed, rng=seed_rng(seed), merged_ends=merged_ends)
    s.content = content
    s.ev = events
    characters = list(content.characters)
    R.shuffle(s, characters)
    if character is not None:
        chosen = _find_character(content, character)
        characters.remove(chosen)
    else:
        chosen = characters.pop(0)
    s.character = chosen
    s.skills = [chosen]
    s.characters = characters
    s.fruits = 2
    deck = list(range(len(content.power)))
    R.shuffle(s, deck)
    s.deck = deck
    s.hand = [deck.pop() for _ in range(R.HP_MAX)]
    R.ev(s, EV.CharacterDrawn, chosen)
    s.stack = [StartFrame(), BlessFrame()]
    _run(s)
    s.ev = None
    if DEBUG:
        check_invariants(s)
    return s


def _find_character(content: Content, wanted: str) -> str:
    key = wanted.strip().casefold()
    for cid in content.characters:
        if cid == key or content.character_names[cid].casefold() == key:
            return cid
    known = ", ".join(content.character_names[c] for c in content.characters)
    raise CompanionError(f"no character '{wanted}' (characters: {known})")


def legal_actions(state: State) -> list[Action]:
    """The actions the player may take now (empty when the game is over)."""
    return list(state.options)


def step(state: State, action: Iterable[Any]) -> None:
    """Apply an action in place (the fast path for simulations); a typed action or the
    plain tuple (or list) it equals."""
    if state.outcome is not None:
        raise CompanionError(f"the game is over ({state.outcome})")
    wanted = tuple(action)
    options = state.options
    try:
        typed = options[options.index(wanted)]  # type: ignore[arg-type]
    except ValueError:
        raise CompanionError(f"illegal action {wanted!r:.80} ({legal_now(options)})") from None
    state.actions += 1
    _answer(state, typed)
    _run(state)
    if DEBUG:
        check_invariants(state)


def legal_now(options: list[Action], most: int = 4) -> str:
    """The answers legal now, for an error message: the first few, and how many more.

    >>> legal_now([Rest(), Done()])
    "legal now: ('rest',), ('done',)"
    >>> legal_now([Discard(n) for n in range(9)])
    "legal now: ('discard', 0), ('discard', 1), ('discard', 2), ('discard', 3) and 5 more"
    """
    shown = ", ".join(str(tuple(a)) for a in options[:most])
    more = f" and {len(options) - most} more" if len(options) > most else ""
    return f"legal now: {shown or 'none'}{more}"


def apply(state: State, action: Iterable[Any]) -> tuple[State, list[EV.Event]]:
    """Apply an action to a copy of ``state``: the new state and what happened."""
    new = state.copy()
    new.ev = []
    step(new, action)
    events, new.ev = new.ev, None
    return new, events


def loss_warning(state: State, action: Iterable[Any]) -> str:
    """``"plays your last card: you lose"`` when ``action`` loses the game at once, else "".

    At once means before any card, room or random number is drawn: the loss is
    then certain whatever the decks hold, so the warning gives nothing hidden
    away (playing the last card to MOVE or as an effort card, running away with
    it, choosing a fight or a test the last card must then be played to, a known
    potion that costs the last HP).
    """
    if state.outcome is not None or len(state.hand) > 3:
        return ""  # no rule takes more than a card or two at once
    trial, events = apply(state, action)
    if (
        trial.outcome != "lost"
        or trial.deck != state.deck
        or trial.rng != state.rng
        or trial.room_deck != state.room_deck
        or trial.characters != state.characters
    ):
        return ""
    why = next((e.why for e in events if isinstance(e, EV.GameLost)), "")
    if "last card" in why:
        return "plays your last card: you lose"
    return "costs your last HP: you lose"


def replay(
    seed: int,
    actions: Iterable[Iterable[Any]],
    character: str | None = None,
    *,
    content: Content | None = None,
    merged_ends: bool = True,
) -> State:
    """The state after playing ``actions`` from a new game with ``seed``."""
    s = new_game(seed, character, content=content, merged_ends=merged_ends)
    for action in actions:
        step(s, action)
    return s
