"""The Dungeon of D rules engine: ``legal_actions(state)`` and ``apply(state, action)``.

The engine runs the rules until the player has a real choice to make, then
stops with the choices in ``state.options``. Each unfinished rule is a
*frame* on ``state.stack`` (a turn, a MOVE, a room action, a test, a
combat, a melee round, a LOSE 1 HP choice...), a dict of plain values with
a ``"k"`` naming its handler. Handlers either advance their frame, push a
sub-rule, or ask: set ``state.options``. A decision with a single legal
action is taken at once (it is no decision), so every ``options`` list the
player sees has at least two entries.

Actions are tuples: ``("rest",)``, ``("act", 0)`` (the room's first
action), ``("move", card, "n")``, ``("effort", card)``, ``("run",)``,
``("fight",)``, ``("shoot", "arrow")``, ``("melee",)``, ``("guess", 3)``,
``("discard", card)``, ``("done",)``, ``("drink", card)``, ``("use", card)``,
``("skill", id)``, ``("pass",)``... where ``card`` numbers a power card
(0-39, see :class:`~companion.games.dungeon_of_d.content.Content`).

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
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.content import Content, Monster, load_content
from companion.games.dungeon_of_d.state import (
    DIRECTIONS,
    ORIGIN,
    Action,
    State,
    check_seed,
    seed_rng,
)

Frame = dict[str, Any]

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
        s.stack[-1]["r"] = result


def _bonus_card(s: State) -> None:
    """BONUS CARD: draw 1 into the hand."""
    card = R.draw(s)
    if card >= 0:
        s.hand.append(card)
        R.ev(s, "bonus", card)
        R.overflow(s)


def _end_window(s: State) -> bool:
    """The end of a test or combat: a moment to drink, if there is anything to use."""
    if (s.potions or s.items or s.specials) and E.window_options(
        s, {"k": "win", "w": "end"}, "end"
    ):
        s.stack.append({"k": "win", "w": "end"})
        return True
    return False


def _move_options(s: State) -> list[Action]:
    targets = R.move_targets(s)
    return [("move", c, d) for d, _ in targets for c in s.hand]


def _price(s: State, price: str | None) -> int:
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
        return f"the {room.name} has {len(room.actions)} action(s)"
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
    gold = s.gold - _price(s, action.price)
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


def _h_turn(s: State, f: Frame) -> None:
    ph = f["ph"]
    if ph == 0:
        opts: list[Action] = [("rest",)] if s.fruits > 0 else []
        room = s.content.rooms[s.grid[s.pos]]
        opts.extend(("act", a.index) for a in room.actions if action_available(s, a.index))
        opts.extend(_move_options(s))
        opts.extend(E.window_options(s, f, "turn"))
        _ask(s, opts, "turn")
    else:
        if ph == 1:  # the end of the turn: the poison bites after all the turn did
            f["ph"] = 2
            if s.poisoned:
                result = R.check1(s)
                if result in s.content.poison_hurt_on:
                    R.ev(s, "poison-hurts", result)
                    R.lose_hp(s, 1)
                    return
        if s.buffs:
            s.buffs.clear()
        R.clear_marks(s, "turn:")
        s.stack.pop()


def _a_turn(s: State, f: Frame, a: Action) -> None:
    kind = a[0]
    if kind == "rest":
        f["ph"] = 1
        s.fruits -= 1
        R.ev(s, "rest")
        s.stack.append({"k": "rest"})
    elif kind == "act":
        f["ph"] = 1
        s.stack.append({"k": "act", "a": a[1], "p": s.pos})
    elif kind == "move":
        f["ph"] = 1
        s.stack.append({"k": "move", "c": a[1], "d": a[2], "ph": 0})
    else:
        E.answer_use(s, f, a)


# ---- REST (rulebook 5.1) ----------------------------------------------------------------


def _h_rest(s: State, f: Frame) -> None:
    opts: list[Action] = [("discard", c) for c in s.hand] if len(s.hand) > 1 else []
    opts.append(("done",))
    _ask(s, opts, "rest-discard")


def _a_rest(s: State, f: Frame, a: Action) -> None:
    if a[0] == "discard":
        s.hand.remove(a[1])
        s.discard.append(a[1])
        R.ev(s, "discard", a[1])
        return
    limit = R.HP_MAX - R.danger(s)
    for _ in range(max(0, limit - len(s.hand))):
        card = R.draw(s)
        if card < 0:
            break
        s.hand.append(card)
        R.ev(s, "draw", card)
    s.deck.extend(s.discard)
    s.discard = []
    R.shuffle(s, s.deck)
    R.ev(s, "reshuffle", len(s.deck))
    s.stack.pop()
    forage = R.skill(s, "forage")
    if forage is not None:
        result = R.check1(s)
        if result in forage.roll:
            E.gain_fruit(s, 1)
    if s.content.poison_rest_cures:
        R.cure_poison(s)


# ---- MOVE (rulebook 5.3) -----------------------------------------------------------------


def _h_move(s: State, f: Frame) -> None:
    ph = f["ph"]
    content = s.content
    if ph == 0:
        card = f["c"]
        s.wander = card
        R.ev(s, "wander-card", card)
        if not R.play_from_hand(s, card):
            return
        if content.power_type[card] == "MOV":
            _bonus_card(s)  # the hand was at most 9 before the card was played: no overflow
        target = s.pos + DIRECTIONS[f["d"]]
        if target not in s.grid:
            R.place_room(s, target)
        s.pos = target
        R.ev(s, "enter", target, s.grid[target])
        ph = 1
    if ph == 1:
        if s.perfume:  # FAQ Q5: no CHECK1, the monster comes
            s.perfume = False
            R.ev(s, "perfume")
            f["meet"] = 1
            ph = 3
        else:
            f["roll"] = R.check1(s) + E.wary_bonus(s)
            ph = 2
    if ph == 2:
        if f["roll"] <= R.danger(s):
            opts = E.window_options(s, f, "wander")
            if opts:
                f["ph"] = 2
                _ask(s, [*opts, ("pass",)], "wandering-check")
                return
            f["meet"] = 1
        else:
            f["meet"] = 0
        ph = 3
    if ph == 3:
        card = s.wander
        s.discard.append(card)
        s.wander = -1
        if f["meet"]:
            f["ph"] = 4
            R.ev(s, "wandering-monster", card)
            E.push_combat(s, content.slot[card])
            return
        ph = 5
    if ph == 4:
        f["ph"] = 5
        if _end_window(s):
            return
        ph = 5
    if ph == 5:
        f["ph"] = 6
        if _push_autos(s, s.pos):
            return
    s.stack.pop()


def _push_autos(s: State, pos: int) -> bool:
    """Start the ((A)) actions of the room at ``pos``, if it has any now."""
    if pos in s.exhausted or not s.content.rooms[s.grid[pos]].automatic(s.level):
        return False
    s.stack.append({"k": "autos", "p": pos, "i": 0})
    return True


def _a_move(s: State, f: Frame, a: Action) -> None:
    if a[0] == "pass":
        f["meet"] = 1
        f["ph"] = 3
    else:
        E.answer_use(s, f, a)


def _h_fmove(s: State, f: Frame) -> None:
    opts = _move_options(s)
    if not opts:
        R.ev(s, "cannot-move")
        s.stack.pop()
        return
    _ask(s, opts, "forced-move")


def _a_fmove(s: State, f: Frame, a: Action) -> None:
    s.stack[-1] = {"k": "move", "c": a[1], "d": a[2], "ph": 0}


def _h_autos(s: State, f: Frame) -> None:
    pos = f["p"]
    if s.pos != pos or pos in s.exhausted:
        s.stack.pop()
        return
    autos = s.content.rooms[s.grid[pos]].automatic(s.level)
    i = f["i"]
    if i >= len(autos):
        s.stack.pop()
        return
    f["i"] = i + 1
    s.stack.append({"k": "act", "a": autos[i].index, "p": pos})


# ---- DO ACTION (rulebook 5.2) ------------------------------------------------------------


def _h_act(s: State, f: Frame) -> None:
    if f.get("go"):
        s.stack.pop()
        return
    f["go"] = 1
    room = s.content.rooms[s.grid[f["p"]]]
    action = room.actions[f["a"]]
    price = _price(s, action.price)
    if price:
        s.gold -= price
        R.ev(s, "pay", price)
    R.ev(s, "action", room.id, action.id)
    E.push_seq(s, action.steps)


def _h_seq(s: State, f: Frame) -> None:
    steps = s.content.steplists[f["sl"]]
    if "r" in f:
        result = f.pop("r")
        step = steps[f["w"]]
        branch = step.win if result in ("win", "right") else step.lose
        f["end"] = 1 if step.do in ("test", "combat") else 0
        E.push_seq(s, branch)
        return
    if f.get("end"):
        f["end"] = 0
        _end_window(s)
        return
    i = f["i"]
    if i >= len(steps):
        s.stack.pop()
        return
    f["i"] = i + 1
    step = steps[i]
    E.STEPS[step.do](s, f, step)


def _h_retry(s: State, f: Frame) -> None:
    _ask(s, [("retry",), ("stop",)], "retry")


def _a_retry(s: State, f: Frame, a: Action) -> None:
    if a[0] == "stop":
        E.stop_action(s)
        return
    s.stack.pop()  # the retry question
    s.stack.pop()  # the lose branch it sits in
    owner = s.stack[-1]
    owner["i"] = owner["w"]
    owner["end"] = 0
    R.ev(s, "retry")


# ---- tests (rulebook 5.5) -------------------------------------------------------------------


def _h_test(s: State, f: Frame) -> None:
    ph = f["ph"]
    if ph == 0:
        opts: list[Action] = [("effort", c) for c in s.hand]
        opts.extend(E.window_options(s, f, "test"))
        _ask(s, opts, "test-effort")
        return
    if ph == 1:
        card = R.draw(s)
        if card >= 0:
            s.effort.append(card)
            R.ev(s, "effort", card)
        ph = f["ph"] = 2
    if ph == 2:
        opts = E.window_options(s, f, "second")
        if opts:
            _ask(s, [*opts, ("pass",)], "test-second")
            return
    power = s.content.power
    total = sum(power[c] for c in s.effort) + R.stat(s, f["st"])
    won = total >= f["d"]
    R.ev(s, "test", f["st"], f["d"], total, won)
    s.discard.extend(s.effort)
    s.effort = []
    _ret(s, "win" if won else "lose")


def _a_test(s: State, f: Frame, a: Action) -> None:
    kind = a[0]
    if kind == "effort":
        card = a[1]
        s.effort = [card]
        R.ev(s, "effort", card)
        if not R.play_from_hand(s, card):
            return
        if s.content.power_type[card] == f["st"]:
            _bonus_card(s)
        f["ph"] = 1
    elif kind == "pass":
        f["ph"] = 3
    else:
        E.answer_use(s, f, a)


# ---- combat (rulebook 5.4) --------------------------------------------------------------------


def _arrow_kinds(s: State) -> list[str]:
    kinds = ["arrow"] if s.arrows > 0 else []
    item = s.content.item
    effects = {item[c].effect for c in s.items}
    if "magic-arrow" in effects:
        kinds.append("magic")
    if "vampiric-arrow" in effects:
        kinds.append("vampiric")
    return kinds


def _ranged_total(s: State, f: Frame) -> int:
    m = R.monster(s, f["slot"])
    total: int = f["roll"] + R.stat(s, "AGL") + f.get("mb", 0)
    hawk = R.skill(s, "sharpshooter")
    if hawk is not None:
        total += hawk.amount + (hawk.extra if m.has(hawk.against) else 0)
    return total


def _h_cmb(s: State, f: Frame) -> None:
    ph = f["ph"]
    content = s.content
    if ph == "choose":
        opts: list[Action] = []
        need = R.run_need(s, f["slot"])
        if need <= 0 or sum(content.power[c] for c in s.hand) >= need:
            opts.append(("run",))
        opts.append(("fight",))
        opts.extend(E.window_options(s, f, "combat"))
        _ask(s, opts, "combat")
    elif ph == "ranged":
        kinds = _arrow_kinds(s)
        if kinds:
            _ask(s, [*(("shoot", k) for k in kinds), ("melee",)], "ranged")
        else:
            f["ph"] = "melee"
    elif ph == "rcheck":
        m = R.monster(s, f["slot"])
        total = _ranged_total(s, f)
        hit = total >= m.AGL
        if not hit:
            opts = E.window_options(s, f, "ranged")
            if opts:
                _ask(s, [*opts, ("pass",)], "ranged-miss")
                return
        R.ev(s, "ranged", total, m.AGL, hit)
        f["hit"] = int(hit)
        f["ph"] = "rend"
    elif ph == "rend":
        opts = E.window_options(s, f, "ranged-end")
        if opts:
            _ask(s, [*opts, ("pass",)], "ranged-end")
        else:
            _after_ranged(s, f)
    elif ph == "melee":
        f["ph"] = "mres"
        s.stack.append({"k": "melee", "ph": 0})
    elif ph == "mres":
        f["ph"] = "defeat" if f.pop("r") == "win" else "choose"
    elif ph == "holy":
        result = f.pop("r")
        f["ph"] = "defeat" if result == "wrong" else "choose"
    elif ph == "defeat":
        m = R.monster(s, f["slot"])
        bounty = R.skill(s, "bounty")
        R.ev(s, "defeat", m.name)
        R.gain_gold(s, m.gold + (bounty.amount if bounty else 0))
        if m.has("regenerate"):
            f["ph"] = "necklace"
        else:
            _end_combat(s, "win")
    elif ph == "necklace":
        opts = E.window_options(s, f, "regen")
        if opts:
            _ask(s, [*opts, ("pass",)], "before-regenerate")
        else:
            f["ph"] = "regen"
    elif ph == "regen":
        _ask(s, [("guess", n) for n in range(1, 6)], "regenerate-guess")
    elif ph == "won":
        _end_combat(s, "win")
    elif ph == "ran":
        R.ev(s, "ran-away")
        _end_combat(s, "lose")
    elif ph == "fled":
        _end_combat(s, "lose")


def _end_combat(s: State, result: str) -> None:
    R.clear_marks(s, "combat:")
    _ret(s, result)


def _after_ranged(s: State, f: Frame) -> None:
    if f["hit"]:
        if f.get("kind") == "vampiric":
            R.heal(s, f.get("heal", 1))
        f["ph"] = "defeat"
    else:
        f["ph"] = "melee"


def _a_cmb(s: State, f: Frame, a: Action) -> None:
    kind = a[0]
    content = s.content
    if kind == "run":
        need = R.run_need(s, f["slot"])
        f["ph"] = "ran"
        if need > 0:
            s.stack.append({"k": "run", "need": need})
    elif kind == "fight":
        f["ph"] = "ranged"
    elif kind == "shoot":
        arrow = a[1]
        f["kind"] = arrow
        f["mb"] = 0
        if arrow == "arrow":
            s.arrows -= 1
        else:
            effect = "magic-arrow" if arrow == "magic" else "vampiric-arrow"
            card = R.held(s, "item", effect)[0]
            part = content.item[card]
            if arrow == "magic":
                f["mb"] = part.amount
            else:
                f["heal"] = part.amount
            R.discard_inventory(s, card)
        R.ev(s, "shoot", arrow)
        f["roll"] = R.check1(s)
        f["ph"] = "rcheck"
    elif kind == "melee":
        f["ph"] = "melee"
    elif kind == "guess":
        result = R.check1(s)
        if result == a[1]:
            R.ev(s, "regenerates", a[1], result)
            f["ph"] = "choose"
        else:
            R.ev(s, "stays-down", a[1], result)
            _end_combat(s, "win")
    elif kind == "pass":
        if f["ph"] == "rcheck":
            R.ev(s, "ranged", _ranged_total(s, f), R.monster(s, f["slot"]).AGL, False)
            f["hit"] = 0
            f["ph"] = "rend"
        elif f["ph"] == "rend":
            _after_ranged(s, f)
        elif f["ph"] == "necklace":
            f["ph"] = "regen"
    else:
        E.answer_use(s, f, a)
        if f["ph"] == "rend" and a[0] == "skill":
            _after_ranged(s, f)


def _h_run(s: State, f: Frame) -> None:
    if f["need"] <= 0:
        s.stack.pop()
        return
    _ask(s, [("discard", c) for c in s.hand], "run-away")


def _a_run(s: State, f: Frame, a: Action) -> None:
    card = a[1]
    s.hand.remove(card)
    s.discard.append(card)
    R.ev(s, "discard", card)
    f["need"] -= s.content.power[card]
    if not s.hand:
        R.lose_game(s, "discarded the last card running away")


# ---- melee ------------------------------------------------------------------------------------


def _h_melee(s: State, f: Frame) -> None:
    ph = f["ph"]
    if ph == 0:
        opts: list[Action] = [("effort", c) for c in s.hand]
        opts.extend(E.window_options(s, f, "melee"))
        _ask(s, opts, "melee-effort")
    elif ph == 1:
        opts = E.window_options(s, f, "first")
        if opts:
            _ask(s, [*opts, ("pass",)], "melee-first")
        else:
            f["ph"] = 2
    elif ph == 2:
        f["ph"] = 3
        if not f.get("aw"):
            card = R.draw(s)
            if card >= 0:
                s.effort.append(card)
                R.ev(s, "effort", card)
    elif ph == 3:
        opts = [] if f.get("aw") else E.window_options(s, f, "second")
        if opts:
            _ask(s, [*opts, ("pass",)], "melee-second")
        else:
            f["ph"] = 4
    elif ph == 4:
        target, total = R.melee_round(s, s.stack[-2], f)
        if f.get("aw") or total >= target:
            R.ev(s, "melee", total, target, True)
            s.discard.extend(s.effort)
            s.effort = []
            _ret(s, "win")
            return
        R.ev(s, "melee", total, target, False)
        f["ph"] = 5
    elif ph == 5:
        opts = [] if f.get("blk") else E.window_options(s, f, "lost")
        if opts:
            _ask(s, [*opts, ("pass",)], "round-lost")
        else:
            f["ph"] = 6
    elif ph == 6:
        f["ph"] = 7
        if not f.get("blk"):
            _round_lost(s, R.monster(s, s.stack[-2]["slot"]))
    else:
        s.discard.extend(s.effort)
        s.effort = []
        _ret(s, "lose")


LOSS_ABILITIES = ("poison", "steal", "curse")


def _round_lost(s: State, m: Monster) -> None:
    """Lose a melee round: 1 HP, or instead the monster's Poison / Steal / Curse
    (5.4.1); a monster with several applies them in printed order (FIFO)."""
    abilities = [a for a in m.abilities if a in LOSS_ABILITIES]
    if not abilities:
        R.lose_hp(s, 1)
    elif len(abilities) == 1:
        _loss(s, abilities[0])
    else:
        s.stack.append({"k": "loss", "ab": abilities, "i": 0})


def _h_loss(s: State, f: Frame) -> None:
    i = f["i"]
    if i >= len(f["ab"]):
        s.stack.pop()
        return
    f["i"] = i + 1
    _loss(s, f["ab"][i])


def _loss(s: State, ability: str) -> None:
    if ability == "poison":
        R.poison(s)
    elif ability == "steal":
        if s.items or s.specials or s.potions or s.arrows > 0:
            s.stack.append({"k": "steal"})
        else:
            R.lose_hp(s, 1)
    elif ability == "curse":
        cost = R.skulls(s)
        if s.gold >= cost:
            s.gold -= cost
            R.ev(s, "cursed", cost)
        else:
            R.lose_hp(s, 1)


def _a_melee(s: State, f: Frame, a: Action) -> None:
    kind = a[0]
    if kind == "effort":
        card = a[1]
        s.effort = [card]
        R.ev(s, "effort", card)
        if not R.play_from_hand(s, card):  # FAQ Q3: the last card loses at once
            return
        if s.content.power_type[card] == "STR":
            _bonus_card(s)
        f["ph"] = 1
    elif kind == "pass":
        f["ph"] = {1: 2, 3: 4, 5: 6}[f["ph"]]
    else:
        E.answer_use(s, f, a)
        if f["ph"] == 1 and f.get("aw"):
            f["ph"] = 2


def _h_steal(s: State, f: Frame) -> None:
    opts: list[Action] = [("lose", c) for c in (*s.items, *s.specials, *s.potions)]
    if s.arrows > 0:
        opts.append(("lose", "arrows"))
    if not opts:
        s.stack.pop()
        R.lose_hp(s, 1)
        return
    _ask(s, opts, "stolen")


def _a_steal(s: State, f: Frame, a: Action) -> None:
    s.stack.pop()
    R.ev(s, "stolen", a[1])
    if a[1] == "arrows":
        s.arrows -= 1  # FAQ: one Arrow, not the whole stack
    else:
        R.discard_inventory(s, a[1])


# ---- small decision frames -----------------------------------------------------------------


def _h_lose(s: State, f: Frame) -> None:
    n = f["n"]
    if n <= 0:
        s.stack.pop()
        return
    if n >= len(s.hand):
        s.stack.pop()
        R.lose_hp(s, n)
        return
    _ask(s, [("discard", c) for c in s.hand], "lose-hp")


def _a_lose(s: State, f: Frame, a: Action) -> None:
    s.hand.remove(a[1])
    s.discard.append(a[1])
    R.ev(s, "lose-hp", 1, a[1])
    f["n"] -= 1


def _h_over(s: State, f: Frame) -> None:
    if len(s.hand) <= R.HP_MAX:
        s.stack.pop()
        return
    _ask(s, [("discard", c) for c in s.hand], "hp-over-max")


def _a_over(s: State, f: Frame, a: Action) -> None:
    s.hand.remove(a[1])
    s.discard.append(a[1])
    R.ev(s, "discard", a[1])


def _h_get(s: State, f: Frame) -> None:
    s.stack.pop()
    card = R.draw(s)
    if card < 0:
        return
    content = s.content
    kind = f["kind"]
    part = content.part(kind, card)
    R.ev(s, "get", kind, card, part.id)
    if kind == "item":
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
            R.ev(s, "too-many", part.id)
            return
        s.items.append(card)
    elif kind == "special":
        if part.unique and any(content.special[c].id == part.id for c in s.specials):
            s.discard.append(card)  # rulebook 3.3: a duplicate unique item goes at once
            R.ev(s, "duplicate", part.id)
            return
        s.specials.append(card)
    else:
        s.potions.append(card)
        if R.skill(s, "brew-master") is not None:
            R.detect(s, card)
    R.check_capacity(s)


def _h_full(s: State, f: Frame) -> None:
    if R.slots_used(s) <= R.capacity(s):
        s.stack.pop()
        return
    opts: list[Action] = [("drop", c) for c in (*s.items, *s.specials, *s.potions)]
    if s.fruits:
        opts.append(("drop", "fruits"))
    if s.arrows:
        opts.append(("drop", "arrows"))
    opts.extend(E.window_options(s, f, "full"))
    _ask(s, opts, "inventory-full")


def _a_full(s: State, f: Frame, a: Action) -> None:
    if a[0] != "drop":
        E.answer_use(s, f, a)
        return
    what = a[1]
    if what == "fruits":
        s.fruits = 0
    elif what == "arrows":
        s.arrows = 0
    else:
        R.discard_inventory(s, what)
    R.ev(s, "drop", what)


def _h_meet(s: State, f: Frame) -> None:
    if "c" not in f:
        if not s.characters:
            s.stack.pop()
            return
        f["c"] = s.characters.pop(0)
        R.ev(s, "meet", f["c"])
    if len(s.skills) < R.max_skills(s):
        opts: list[Action] = [("learn",)]
    else:
        opts = [("replace", c) for c in s.skills[1:]]
    opts.append(("decline",))
    _ask(s, opts, "meet")


def _a_meet(s: State, f: Frame, a: Action) -> None:
    s.stack.pop()
    met = f["c"]
    if a[0] == "decline":
        s.characters.append(met)  # to the bottom of the character deck
        R.ev(s, "decline", met)
        return
    if a[0] == "replace":
        s.skills.remove(a[1])
        s.characters.append(a[1])
        R.ev(s, "forget", a[1])
    s.skills.append(met)
    R.ev(s, "learn", met)


def _h_det(s: State, f: Frame) -> None:
    unknown = R.unknown_potions(s)
    if f["n"] <= 0 or not unknown:
        s.stack.pop()
        return
    _ask(s, [("detect", c) for c in unknown], "detect")


def _a_det(s: State, f: Frame, a: Action) -> None:
    R.detect(s, a[1])
    f["n"] -= 1


def _h_place(s: State, f: Frame) -> None:
    spots = R.reveal_spots(s)
    if f["n"] <= 0 or not spots:
        s.stack.pop()
        return
    _ask(s, [("place", p) for p in spots], "reveal")


def _a_place(s: State, f: Frame, a: Action) -> None:
    R.place_room(s, a[1])
    f["n"] -= 1


def _h_tpc(s: State, f: Frame) -> None:
    _ask(s, [("teleport", p) for p in s.grid], "teleport")


def _a_tpc(s: State, f: Frame, a: Action) -> None:
    R.teleport(s, a[1])


def _h_guess(s: State, f: Frame) -> None:
    _ask(s, [("guess", n) for n in range(1, 6)], "guess")


def _a_guess(s: State, f: Frame, a: Action) -> None:
    result = R.check1(s)
    right = result == a[1]
    R.ev(s, "guess", a[1], result, right)
    _ret(s, "right" if right else "wrong")


def _h_win(s: State, f: Frame) -> None:
    opts = E.window_options(s, f, f["w"])
    if not opts:
        s.stack.pop()
        return
    _ask(s, [*opts, ("pass",)], f"window-{f['w']}")


def _a_win(s: State, f: Frame, a: Action) -> None:
    if a[0] == "pass":
        s.stack.pop()
    else:
        E.answer_use(s, f, a)


def _h_bless(s: State, f: Frame) -> None:
    opts: list[Action] = [("discard", c) for c in s.hand]
    opts.append(("done",))
    _ask(s, opts, "blessing")


def _a_bless(s: State, f: Frame, a: Action) -> None:
    if a[0] == "discard":
        s.hand.remove(a[1])
        s.discard.append(a[1])
        R.ev(s, "discard", a[1])
        f["n"] += 1
        return
    s.stack.pop()
    for _ in range(f["n"]):
        card = R.draw(s)
        s.hand.append(card)
        R.ev(s, "draw", card)


def _h_start(s: State, f: Frame) -> None:
    s.stack.pop()
    R.setup_level(s, 1)
    R.arrive(s, ORIGIN)


HANDLERS: dict[str, Callable[[State, Frame], None]] = {
    "turn": _h_turn,
    "rest": _h_rest,
    "move": _h_move,
    "fmove": _h_fmove,
    "autos": _h_autos,
    "act": _h_act,
    "seq": _h_seq,
    "retry": _h_retry,
    "test": _h_test,
    "cmb": _h_cmb,
    "run": _h_run,
    "melee": _h_melee,
    "steal": _h_steal,
    "lose": _h_lose,
    "over": _h_over,
    "get": _h_get,
    "full": _h_full,
    "meet": _h_meet,
    "det": _h_det,
    "place": _h_place,
    "tpc": _h_tpc,
    "guess": _h_guess,
    "win": _h_win,
    "bless": _h_bless,
    "start": _h_start,
    "loss": _h_loss,
}
ANSWERS: dict[str, Callable[[State, Frame, Action], None]] = {
    "turn": _a_turn,
    "rest": _a_rest,
    "move": _a_move,
    "fmove": _a_fmove,
    "retry": _a_retry,
    "test": _a_test,
    "cmb": _a_cmb,
    "run": _a_run,
    "melee": _a_melee,
    "steal": _a_steal,
    "lose": _a_lose,
    "over": _a_over,
    "full": _a_full,
    "meet": _a_meet,
    "det": _a_det,
    "place": _a_place,
    "tpc": _a_tpc,
    "guess": _a_guess,
    "win": _a_win,
    "bless": _a_bless,
}


# ---- the loop and the public API -----------------------------------------------------------------


def _answer(s: State, action: Action) -> None:
    s.options = []
    s.prompt = ""
    ANSWERS[s.stack[-1]["k"]](s, s.stack[-1], action)


def _run(s: State) -> None:
    """Run the rules until the player must choose (or the game is over)."""
    handlers = HANDLERS
    while s.outcome is None:
        opts = s.options
        if opts:
            if len(opts) == 1:  # a forced step is no decision: take it
                _answer(s, opts[0])
                continue
            return
        stack = s.stack
        if not stack:
            s.turn += 1
            R.ev(s, "turn", s.turn)
            stack.append({"k": "turn", "ph": 0})
            continue
        frame = stack[-1]
        handlers[frame["k"]](s, frame)


def new_game(
    seed: int,
    character: str | None = None,
    *,
    content: Content | None = None,
    events: list[tuple[Any, ...]] | None = None,
) -> State:
    """Set up a game (rulebook 4): a character, 0 gold, 2 Fruits, 9 power cards.

    The first decision is Hero's Blessing; after it level 1 is set up. With
    ``character`` (an id or a name) you choose your hero instead of drawing one.
    """
    content = content or load_content()
    seed = check_seed(seed)
    s = State(seed=seed, rng=seed_rng(seed))
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
    R.ev(s, "character", chosen)
    s.stack = [{"k": "start"}, {"k": "bless", "n": 0}]
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
    """Apply an action in place (the fast path for simulations)."""
    if state.outcome is not None:
        raise CompanionError(f"the game is over ({state.outcome})")
    action = tuple(action)
    if action not in state.options:
        raise CompanionError(
            f"illegal action {action!r} (legal now: {', '.join(map(str, state.options))})"
        )
    state.actions += 1
    _answer(state, action)
    _run(state)
    if DEBUG:
        check_invariants(state)


def apply(state: State, action: Iterable[Any]) -> tuple[State, list[tuple[Any, ...]]]:
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
    why = next((e[1] for e in events if e[0] == "lost"), "")
    if "last card" in why:
        return "plays your last card: you lose"
    return "costs your last HP: you lose"


def replay(
    seed: int,
    actions: Iterable[Iterable[Any]],
    character: str | None = None,
    *,
    content: Content | None = None,
) -> State:
    """The state after playing ``actions`` from a new game with ``seed``."""
    s = new_game(seed, character, content=content)
    for action in actions:
        step(s, action)
    return s


from companion.games.dungeon_of_d.invariants import check_invariants  # noqa: E402  (needs the engine's names)
