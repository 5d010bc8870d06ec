"""Rules a player looks for in the printed books, read back from the PDF.

Each test reads the text of the printed pages (the contents left out) and
checks that a rule is where a player would look for it, in this edition's
words and with its mark where the ruling is ours.
"""

from __future__ import annotations

from companion.cards import load_game
from companion.printing.rulebook_rulings import MARK
from companion.timer.structure import load_structure
from tests.rulebook.conftest import build, norm


def body(game: str) -> str:
    """The printed text after the cover and the contents."""
    pdf = build(game)
    pages = pdf.page_texts()[1:]
    kept = [text for text, page in zip(pages, pdf.layout, strict=True) if page.header != "Contents"]
    return norm(" ".join(kept))


def between(text: str, start: str, end: str) -> str:
    """The text from the heading ``start`` to the next heading ``end``."""
    i = text.index(start)
    return text[i : text.index(end, i + len(start))]


# Dungeon of D


def test_dungeon_of_d_rules_chapters_say_how_to_win_the_amulet() -> None:
    text = body("dungeon-of-d")
    rules = text[: text.index("Clarifications")]
    mission = between(rules, "Your mission", "Components")
    pit = load_game("dungeon-of-d").deck("rooms")
    steps = next(r for r in pit if r.special).actions[0].steps
    for part in (mission, between(rules, "The end", "Your score")):
        assert "Pit of Darkness" in part and "Ice Dragon" in part, part
        assert f"the Amulet of D'eugor is yours{MARK}" in part
    assert f"INT {steps[0].difficulty} and AGL {steps[1].difficulty} tests" in mission


def test_dungeon_of_d_faq_q3_the_last_card_loses_before_any_bonus_card() -> None:
    clarifications = between(body("dungeon-of-d"), "Clarifications", "Quick reference")
    answer = between(
        clarifications, "Can I play my last card as first effort card?", "Determination"
    )
    assert "before any bonus card could be drawn" in answer
    assert "you draw a bonus card" not in answer


def test_dungeon_of_d_tests_are_explained_before_a_turn_uses_them() -> None:
    text = body("dungeon-of-d")
    explained = text.index("Tests Tests check INT or AGL")
    assert explained < text.index("Playing a turn")
    assert explained < text.index("you try the INT 7+ test")


def test_dungeon_of_d_steal_and_the_way_out_are_marked() -> None:
    text = body("dungeon-of-d")
    assert f"special item of your choice instead of 1 HP{MARK}" in text
    assert f"teleporting out through the Mystic Portal{MARK}" in text
    assert f"Winning the test is the escape that ends the game{MARK}" in text


# Dungeon Poker


def test_dungeon_poker_two_players_have_a_gold_target_and_an_order_of_play() -> None:
    text = body("dungeon-poker")
    two = between(text, "Two players Dungeon Poker is made", "Simplified rules")
    assert f"two players also play to 15,000 gold{MARK}" in two
    assert (
        f"the dealer acts first before the flop and the other player first from the flop on, as in heads-up poker{MARK}"
        in two
    )
    assert f"two players also play to 15,000 gold{MARK}" in between(
        text, "How you win", "Words used"
    )


def test_dungeon_poker_first_edition_treasures_keep_their_class() -> None:
    appendix = between(body("dungeon-poker"), "Appendix F: First Edition", "Fey Teratologist · ")
    assert "Demon's Bargain Treasure: artifact, one use, salvage 0" in appendix
    assert "Mushroooms Treasure: minor artifact, one use, salvage 0" in appendix


def test_dungeon_poker_rulings_of_the_rules_chapters_are_marked() -> None:
    text = body("dungeon-poker")
    for words in (
        "the first player to reach any of them wins at once",
        "counting the gold you must first put in to call",
        "shuffles the other back into the character deck",
        "Once a deal",
    ):
        assert f"{words}{MARK}" in text, words
    happy = next(line for line in build("dungeon-poker").page_texts() if "Happy the Clown" in line)
    assert f"Happy the Clown 1{MARK} 0{MARK}" in norm(happy)


# DECKO


def test_decko_holdem_lets_your_own_cards_work_on_the_market_cards() -> None:
    clarifications = between(body("decko"), "Clarifications", "Tips for players")
    holdem = between(clarifications, "Hold'em.", "Clown car.")
    assert "your own cards' reveal effects may work on them too" in holdem


def test_decko_quick_reference_names_the_wildcard_and_refresh_rounds_and_the_last_player() -> None:
    track = load_structure("decko").levels
    red, blue = (next(r.number for r in track if r.wildcard == c) for c in ("red", "blue"))
    refresh = [r.number for r in track if r.refresh]
    quick = between(body("decko"), "Quick reference", "Appendix A")
    assert f"Rounds {red} and {blue}{MARK}: wildcard round" in quick
    assert f"Entering round {refresh[0]} or {refresh[1]}{MARK}: refresh the mat" in quick
    assert "All but one folded: the last player takes the bets and alone goes on to buy" in quick


def test_decko_round_step_one_speaks_of_refresh_rounds_not_trash_cans() -> None:
    text = body("decko")
    assert "trash" not in text.lower()
    step = between(text, "Step 1", "Step 2")
    assert "refresh round" in step


def test_decko_has_a_player_aid_page_that_setup_hands_out() -> None:
    pdf = build("decko")
    aid = [page for page in pdf.layout if page.header == "Player aid"]
    assert len(aid) == 1 and aid[0].chapters == ("Player aid",)
    text = body("decko")
    assert "takes a player aid (the Player aid page" in between(
        text, "Setting up", "Playing a round"
    )
    page = norm(pdf.page_texts()[aid[0].number - 1])
    for move in ("Raise", "Call", "Fold", "burn", "Everyone else folded", "Buying"):
        assert move in page, move


def test_decko_card_rulings_of_this_edition_are_marked() -> None:
    text = body("decko")
    assert f"the single richest player{MARK}" in text
    assert f"Jacks, queens and kings{MARK}" in text


# Dungeon Master


def test_dungeon_master_treasure_phase_claims_magic_items_once() -> None:
    phase = between(body("dungeon-master"), "Treasure In this order", "The fight")
    claim = between(phase, "Claim treasure.", "Prisoner.")
    assert "Magic Items" not in claim.replace("Magic Items wait for step 4", "")
    assert phase.count("claim a Magic Items card") == 1
    assert f"adds no points to it{MARK}" in between(phase, "Experience and Magic Items", "Roll")


def test_dungeon_master_obstacles_rulings_are_marked() -> None:
    variant = between(body("dungeon-master"), "Variant: Obstacles", "Clarifications")
    assert f"a room may add to it{MARK}" in variant
    assert f"no attribute card earns a bonus against it{MARK}" in variant


# Dragon Kings


def test_dragon_kings_swords_joker_is_marked_where_the_book_lists_it() -> None:
    joker = load_game("dragon-kings").get("swords-joker")
    assert joker.designed
    text = body("dragon-kings")
    components = between(text, "Components", "Before the first deal")
    assert f"the {joker.name}{MARK}, which stays in the box" in components
    assert f"The Swords joker{MARK}" in text


def test_dragon_kings_stakes_and_the_permanent_card_rulings_are_marked() -> None:
    text = body("dragon-kings")
    assert f"may leave now, but not later{MARK}" in text
    assert f"straight after the deal{MARK}" in text
    assert f"Sleight of Hand{MARK} lets each guest pay" in text
