"""Rulebook 3.1-3.5: HP, skills, the inventory, gold, upgrades and power cards."""

from __future__ import annotations

import dataclasses

from companion.games.dungeon_of_d import events as EV
from companion.games.dungeon_of_d import mechanics as R
from companion.games.dungeon_of_d.frames import GetFrame, LoseFrame, MeetFrame
from tests.games.dungeon_of_d.helpers import C, act, begin, card, covers, first, kinds, scenario


def _action(s, action_id: str) -> tuple:  # type: ignore[no-untyped-def]
    room = C.rooms[s.grid[s.pos]]
    return ("act", next(a.index for a in room.actions if a.id == action_id))


# ---- HP -----------------------------------------------------------------------------------


def test_hp_is_the_number_of_power_cards_in_hand() -> None:
    s = scenario(hand=["1 STR", "2 STR", "3 STR", "4 STR"])
    assert s.hp == 4


@covers("room:healing-fountain/drink")
def test_hp_never_above_9_you_choose_which_cards_to_discard() -> None:
    s = begin(
        scenario(
            hand=["1 STR", "2 STR", "3 STR", "4 STR", "5 STR", "1 INT", "2 INT", "3 INT", "4 INT"],
            room="healing-fountain",
            poisoned=True,
            deck=["5 INT", "5 AGL"],
        )
    )
    act(s, _action(s, "drink"))
    assert s.prompt == "hp-over-max" and s.hp == 11 and s.poisoned  # the steps go in order
    act(s, ("discard", card("1 STR")), ("discard", card("2 STR")))
    assert s.hp == 9 and card("5 INT") in s.hand and not s.poisoned and s.pos in s.exhausted


def test_lose_x_hp_discards_cards_of_your_choice() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR", "5 STR"]), LoseFrame(n=2))
    assert s.prompt == "lose-hp"
    act(s, ("discard", card("1 STR")), ("discard", card("2 STR")))
    assert s.hand == [card("5 STR")] and s.discard[-2:] == [card("1 STR"), card("2 STR")]


def test_losing_the_last_hp_loses_the_game_at_once() -> None:
    s = begin(scenario(hand=["5 STR", "4 STR"]), LoseFrame(n=2))
    assert s.outcome == "lost" and s.hp == 0 and s.options == []


def test_heal_x_hp_draws_x_cards() -> None:
    s = scenario(hand=["1 STR"], deck=["2 STR", "3 STR"])
    R.heal(s, 2)
    assert s.hand == cards_of("1 STR", "2 STR", "3 STR")


def cards_of(*labels: str) -> list[int]:
    return [card(x) for x in labels]


def test_empty_power_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    s = scenario(hand=["1 STR"])
    s.discard, s.deck = s.deck, []
    before = sorted(s.discard)
    drawn = R.draw(s)
    assert sorted(s.deck + [drawn]) == before and s.discard == []


def test_check1_puts_the_card_on_the_discard_pile_and_reads_its_power() -> None:
    s = scenario(hand=["1 STR"], deck=["4 AGL"])
    assert R.check1(s, "room") == 4 and s.discard[-1] == card("4 AGL")


# ---- skills (3.1) ---------------------------------------------------------------------------


def test_skills_int_0_allows_only_your_own_skill() -> None:
    s = scenario(hand=["1 STR", "2 STR"], INT=0)
    top = s.characters[0]
    begin(s, MeetFrame())  # declining is the only choice: taken at once
    assert s.skills == ["merchant"] and s.characters[-1] == top and len(s.characters) == 17


def test_skills_int_plus_1_you_may_learn_a_skill_from_someone_you_meet() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], INT=1), MeetFrame())
    top = s.stack[-1].character
    assert s.prompt == "meet" and set(s.options) == {("learn",), ("decline",)}
    act(s, ("learn",))
    assert s.skills == ["merchant", top]


def test_skills_declined_character_goes_to_the_bottom_of_the_deck() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], INT=1), MeetFrame())
    top = s.stack[-1].character
    act(s, ("decline",))
    assert s.characters[-1] == top and s.skills == ["merchant"]


def test_skills_when_full_a_learned_skill_may_be_replaced_never_your_own() -> None:
    s = begin(scenario(hand=["1 STR", "2 STR"], INT=1, skills=["elf"]), MeetFrame())
    top = s.stack[-1].character
    assert set(s.options) == {("replace", "elf"), ("decline",)}
    act(s, ("replace", "elf"))
    assert s.skills == ["merchant", top] and s.characters[-1] == "elf"


# ---- inventory (3.4) -------------------------------------------------------------------------


def _eight() -> list[str]:
    return ["lantern", "rope", "dagger", "shield", "bandages", "war-axe", "smoke-bomb", "elf-boots"]


def test_inventory_has_8_slots_the_ninth_thing_makes_you_drop_one() -> None:
    s = begin(scenario(hand=["3 MOV", "4 INT"], room="peculiar-shop", items=_eight(), gold=10))
    act(s, _action(s, "buy-potion"))
    assert s.prompt == "inventory-full"
    new = s.potions[0]
    assert ("drop", new) in s.options and ("drop", s.items[0]) in s.options
    act(s, ("drop", s.items[0]))
    assert R.slots_used(s) == 8 and s.prompt == "turn"


def test_fruits_fill_one_slot_up_to_4() -> None:
    s = scenario(hand=["3 MOV"], items=_eight()[:7], fruits=3)
    assert R.slots_used(s) == 8
    from companion.games.dungeon_of_d.effects import gain_fruit

    gain_fruit(s, 3)
    assert s.fruits == 4 and R.slots_used(s) == 8


def test_each_arrow_kind_stacks_in_one_slot_up_to_4() -> None:
    s = scenario(
        hand=["3 MOV"],
        items=["magic-arrow", "magic-arrow", "vampiric-arrow", "vampiric-arrow"],
        arrows=4,
    )
    assert R.slots_used(s) == 3  # 4 Arrows, 2 Magic Arrows, 2 Vampiric Arrows


def test_an_arrow_kind_beyond_its_maximum_is_not_kept() -> None:
    # The cards hold only 3 Magic Arrows, so check the limit with a maximum of 2.
    magic = [c for c in range(40) if C.item[c].id == "magic-arrow"]
    s = scenario(hand=["3 MOV", "4 INT"], items=["magic-arrow", "magic-arrow"], deck=[magic[2]])
    s.content = dataclasses.replace(C, arrow_max=2)
    events = begin(s, GetFrame(what="item")).ev
    assert len(s.items) == 2 and s.discard[-1] == magic[2] and EV.TooMany("magic-arrow") in events


def test_fruit_and_arrows_on_the_item_part_go_to_their_counters() -> None:
    fruit = next(c for c in range(40) if C.item[c].id == "fruit")
    arrows = next(c for c in range(40) if C.item[c].id == "arrows")
    s = begin(
        scenario(hand=["3 MOV", "4 INT"], deck=[fruit, arrows], fruits=1),
        GetFrame(what="item"),
        GetFrame(what="item"),
    )
    assert s.fruits == 2 and s.arrows == 2 and s.items == []
    assert fruit in s.discard and arrows in s.discard


def test_unique_special_item_a_second_copy_is_discarded_at_once() -> None:
    necklaces = [c for c in range(40) if C.special[c].id == "silver-necklace"]
    s = scenario(hand=["3 MOV", "4 INT"], deck=[necklaces[1]])
    s.specials = [necklaces[0]]
    s.deck.remove(necklaces[0])
    events = begin(s, GetFrame(what="special")).ev
    assert s.specials == [necklaces[0]] and s.discard[-1] == necklaces[1]
    assert EV.Duplicate("silver-necklace") in events


def test_special_items_that_are_not_unique_may_be_held_twice() -> None:
    s = scenario(hand=["3 MOV"], specials=["gold-idol", "gold-idol"])
    assert len(s.specials) == 2 and not C.special[s.specials[0]].unique


# ---- gold and upgrades (3.2, 3.5) -------------------------------------------------------------


def test_gold_never_above_79() -> None:
    s = scenario(hand=["3 MOV"], gold=75)
    R.gain_gold(s, 9)
    assert s.gold == 79


@covers("room:training-hall/train-agl", "room:ancient-library/study")
def test_upgrades_go_one_step_at_a_time_up_to_4() -> None:
    s = begin(scenario(hand=["3 MOV", "4 INT"], room="training-hall", gold=79, AGL=3))
    train_agl = _action(s, "train-agl")
    act(s, train_agl)
    assert s.AGL == 4 and s.gold == 79 - C.upgrade_prices["AGL"][3]
    assert train_agl not in s.options  # +4 is the top
    s = begin(
        scenario(hand=["3 MOV", "4 INT"], room="ancient-library", gold=C.upgrade_prices["INT"][0])
    )
    events = act(s, _action(s, "study"))
    assert (
        s.INT == 1
        and s.gold == 0
        and (first(events, "upgrade").stat, first(events, "upgrade").value) == ("INT", 1)
    )


def test_faq_q10_str_2_to_4_costs_18_then_27() -> None:
    s = begin(scenario(hand=["3 MOV", "4 INT"], room="training-hall", gold=50, STR=2))
    act(s, _action(s, "train-str"))
    assert s.STR == 3 and s.gold == 32
    act(s, _action(s, "train-str"))
    assert s.STR == 4 and s.gold == 5


def test_upgrades_you_cannot_afford_are_not_offered() -> None:
    s = begin(
        scenario(
            hand=["3 MOV", "4 INT"],
            room="training-hall",
            gold=min(C.upgrade_prices["STR"][0], C.upgrade_prices["AGL"][0]) - 1,
        )
    )
    assert not any(a[0] == "act" for a in s.options)


def test_upgrade_prices_are_those_of_the_upgrade_cards() -> None:
    assert C.upgrade_prices["STR"] == (6, 12, 18, 27)  # 18 and 27: FAQ Q10; 6 and 12 designed
    assert (
        C.upgrade_prices["INT"] == C.upgrade_prices["AGL"] == (3, 6, 9, 12)
    )  # designed for the Pit


def test_kinds_helper_lists_event_names() -> None:
    assert kinds([EV.Rested(), EV.Drew(3)]) == ["rest", "draw"]
