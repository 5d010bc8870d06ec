"""Dungeon Poker cards: characters, monsters, encounters, treasures, levels.

Every rule a tool needs is a structured field with a fixed vocabulary, so
the table engine, the showdown adjudicator, the timer and the printer never
read prose. The vocabularies are ``Literal`` types (a typo in a card file is
a validation error naming the card and the field) and each key is described
in one of the ``*_EFFECTS`` / ``LIMITS`` dictionaries below, which
``docs/cards-dungeon-poker.md`` mirrors.

>>> from companion.cards import load_game
>>> dp = load_game("dungeon-poker")
>>> dp.total()
205
>>> barbarian = dp.get("barbarian")
>>> barbarian.soul_gems, barbarian.ability("barbarian-rage").limits
(5, ('once-per-deal', 'not-at-river'))
>>> dp.get("goblin").effect("win").effect
'steal-soul-gem-each'
>>> dp.get("full-plate").salvage
500
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, model_validator

from companion.cards.base import CardModel, Model, Rank, Slug
from companion.cards.changes import Changes
from companion.cards.common import PlayingCard

NonNegative = Annotated[int, Field(ge=0)]


class DungeonPokerCard(CardModel):
    """Fields every Dungeon Poker card model adds to :class:`CardModel` (none yet)."""


# --------------------------------------------------------------------------
# Limits on abilities and artifacts
# --------------------------------------------------------------------------

Limit = Literal[
    "once-per-deal",
    "once-per-stage",
    "not-at-river",
    "preflop-only",
    "start-of-deal",
    "start-of-game",
]
LIMITS: dict[str, str] = {
    "once-per-deal": "usable at most once in one deal, however many turns of action you get",
    "once-per-stage": "usable at most once in one stage (preflop, flop, turn or river)",
    "not-at-river": "not usable once the river card is on the table",
    "preflop-only": "usable only in the preflop stage",
    "start-of-deal": "checked or applied when a deal begins",
    "start-of-game": "applied once, when the character enters the game",
}

Duration = Literal["instant", "stage", "deal", "showdown"]
DURATIONS: dict[str, str] = {
    "instant": "resolved at once",
    "stage": "lasts until the current stage ends",
    "deal": "lasts until the current deal ends",
    "showdown": "takes effect at the showdown of the current deal",
}

# --------------------------------------------------------------------------
# Characters
# --------------------------------------------------------------------------

AbilityEffect = Literal[
    "barbarian-rage",
    "regeneration",
    "giant-club",
    "feral-growth",
    "totemic-transformation",
    "melee-mastery",
    "golem",
    "tinkery",
    "spooky-gaze",
    "obliterating-darkness",
    "holy-avenger",
    "healing-prayer",
    "divine-protection",
    "prophecy",
    "ancestral-knowledge",
    "spy",
    "ambush-and-run",
    "bigger-pouch",
    "gift-of-scrooge",
    "raise-dead",
    "wind-of-the-dead",
    "witch-curse",
    "spoil-the-treasure",
    "sleight-of-hand",
    "conjure-fire",
    "beast-mastery",
    "summon-beast",
    "dwarven-resistance",
    "stubborn-stand",
    "captivating-tune",
    "ballad-of-plenty",
]
ABILITY_EFFECTS: dict[str, str] = {
    "barbarian-rage": "bet or raise at least `min_bet_blinds` blinds, draw `draw` cards, fold `discard`; immune to other characters' abilities for the deal",
    "regeneration": "passive: below `gold_below` gold at the start of a deal and still in at the flop, take the blind from the bank, at most `gold_max`",
    "giant-club": "every player and monster swaps its whole hand for `cards` new cards (one for a one-card hand)",
    "feral-growth": "deal `cards` extra shared cards to the table",
    "totemic-transformation": "discard your hand, take `cards` new cards face down, unseen until the showdown",
    "melee-mastery": "draw `cards` extra hand card(s)",
    "golem": "passive: the Golem card (`golem` monster) plays beside the character every deal",
    "tinkery": "deal `cards` extra card(s) to the Golem; its owner may now look at its cards",
    "spooky-gaze": "other players cannot use standard abilities for the rest of the deal",
    "obliterating-darkness": "remove one card on the table (not hand or skull cards) from the game; main deck cards and the Golem only for this deal",
    "holy-avenger": "take each later burn card of this deal into your hand, at most `cards`",
    "healing-prayer": "below `gold_below` gold at the start of the deal: take `gold` from the bank",
    "divine-protection": "name a rank, a suit or the monster card; the next matching shared card is discarded without replacement",
    "prophecy": "look at the top `cards` cards of one deck and reorder them",
    "ancestral-knowledge": "as prophecy, with more cards: look at the top `cards` cards of one deck and reorder them",
    "spy": "look at one hidden card: a hand card, the Golem's, a deck's top card, the next encounter",
    "ambush-and-run": "fold, draw the top treasure and take half the pot rounded down, at most `gold_max`; the winner draws no treasure",
    "bigger-pouch": "passive: take `gold` extra gold when the character enters the game",
    "gift-of-scrooge": "for this stage, stay in the pot without paying bets or raises",
    "raise-dead": "take `cards` random graveyard cards into your hand, then fold `discard` cards",
    "wind-of-the-dead": "every player folds one random hand card without replacement; the caster chooses his own",
    "witch-curse": "name a rank; at the showdown every player's and monster's hand card of that rank is destroyed",
    "spoil-the-treasure": "if another player wins the deal, no treasure is drawn (the dragon's treasure still is)",
    "sleight-of-hand": "discard the last shared card dealt and deal a replacement",
    "conjure-fire": "discard the three flop cards and deal three replacements",
    "beast-mastery": "passive: a monster's winnings (pot and treasure) go to this character if still in the deal, unless the monster is a King or someone else's",
    "summon-beast": "bring the top monster of the monster deck into this deal",
    "dwarven-resistance": "passive: immune to abilities of monsters and other players (not those aimed at shared cards or the pot)",
    "stubborn-stand": "draw `cards` extra hand card, kept face up; you may not bet or raise again this deal",
    "captivating-tune": "one chosen player may not bet or raise during this stage",
    "ballad-of-plenty": "if you win this deal, draw `cards` extra treasure card(s)",
}


class Ability(Model):
    """One special ability printed on a character card."""

    name: str
    effect: AbilityEffect
    """What the ability does, as a key of ``ABILITY_EFFECTS``; also its stable id."""
    kind: Literal["passive", "standard"]
    cost: NonNegative = 0
    """Soul gems paid to the bank to use it; 0 for passive abilities."""
    limits: tuple[Limit, ...] = ()
    duration: Duration = "instant"
    text: str
    """What the ability does. Kind, cost and limits are not repeated here:
    they are fields, and the printer shows them on the ability's title line."""
    cards: NonNegative | None = None
    draw: NonNegative | None = None
    discard: NonNegative | None = None
    gold: NonNegative | None = None
    gold_max: NonNegative | None = None
    gold_below: NonNegative | None = None
    min_bet_blinds: NonNegative | None = None

    @model_validator(mode="after")
    def _passive_is_free(self) -> Ability:
        if self.kind == "passive" and self.cost:
            raise ValueError(f"passive ability '{self.name}' cannot cost soul gems")
        if self.kind == "standard" and self.cost < 1:
            raise ValueError(f"standard ability '{self.name}' needs a cost of at least 1 soul gem")
        return self


class CharacterCard(DungeonPokerCard):
    """A player character: starting soul gems and special abilities."""

    type: Literal["character"] = "character"
    soul_gems: Annotated[int, Field(ge=0, le=10)]
    """Soul gems the character starts with (the red number in the corner)."""
    abilities: tuple[Ability, ...]

    @model_validator(mode="after")
    def _has_abilities(self) -> CharacterCard:
        # checked here, not with min_length, so a broken ability is reported once
        if not self.abilities:
            raise ValueError("a character needs at least one ability")
        return self

    def ability(self, effect: str) -> Ability:
        """The ability with this effect key (``KeyError`` when it has none)."""
        for ability in self.abilities:
            if ability.effect == effect:
                return ability
        raise KeyError(effect)


# --------------------------------------------------------------------------
# Monsters
# --------------------------------------------------------------------------

MonsterTrigger = Literal["enter", "present", "showdown", "win", "lose", "tie", "slain"]
MONSTER_TRIGGERS: dict[str, str] = {
    "enter": "when the monster comes to the table",
    "present": "for as long as the monster is at the table this deal",
    "showdown": "at the showdown, before hands are compared",
    "win": "when the monster wins the deal (or its side pot)",
    "lose": "when the monster loses the showdown",
    "tie": "when the monster ties with a player",
    "slain": "when the monster dies: it does not win, or an effect kills it; the slayer is the deal's winner or the killer",
}

MonsterEffectKey = Literal[
    "discard-hand-ranks",
    "next-level",
    "road-toll",
    "fold-sits-out",
    "extra-treasure",
    "soul-gem-to-slayer",
    "explode-blinds",
    "explodes",
    "steal-soul-gem-each",
    "redraw-random-each",
    "clown-circus",
    "rob-blind-each",
    "reveal-card-each",
    "gift-soul-gem",
    "gift-gold",
    "folds-with-owner",
    "hidden-from-owner",
    "winnings-to-owner",
    "returns-next-deal",
    "lose-treasure-each",
    "sell-treasure",
]
MONSTER_EFFECTS: dict[str, str] = {
    "discard-hand-ranks": "every player's hand cards of the listed `ranks` go to the graveyard (Ace is high and stays)",
    "next-level": "the table jumps to the next level, which starts fresh for its five deals",
    "road-toll": "each player pays `blinds` blinds into the pot or folds",
    "fold-sits-out": "a player who folds sits out the next deal (still paying any blind)",
    "extra-treasure": "the slayer draws `amount` extra treasure card(s)",
    "soul-gem-to-slayer": "the slayer takes `amount` soul gem(s) from the bank",
    "explode-blinds": "`blinds` blinds of gold leave the main pot for good",
    "explodes": "the monster is removed from the game instead of going back to the monster deck",
    "steal-soul-gem-each": "every player loses `amount` soul gem(s) to the bank",
    "redraw-random-each": "every player folds `amount` random hand card(s) and draws as many replacements",
    "clown-circus": "every player draws a card, gives one card to the monster and one to the left neighbour; the monster keeps at most `max_cards`",
    "rob-blind-each": "every player pays `blinds` blinds of gold to the bank, even if the monster was summoned",
    "reveal-card-each": "every player turns `amount` hand card(s) of their choice face up",
    "gift-soul-gem": "friendly: every player still in the pot takes `amount` soul gem(s) from the bank",
    "gift-gold": "friendly: every player still in the pot takes `gold` gold from the bank",
    "folds-with-owner": "the monster folds whenever its owner folds",
    "hidden-from-owner": "nobody, not even the owner, may look at the monster's cards (Tinkery lifts this for the owner)",
    "winnings-to-owner": "what the monster wins goes to its owner, never more than the owner could win",
    "returns-next-deal": "the monster comes back to its owner at the next deal",
    "lose-treasure-each": "every player still in the deal gives `amount` treasure card(s) of their choice to the bank",
    "sell-treasure": "friendly: every player still in the pot may pay `gold` to the bank for one treasure card",
}
MONSTER_EFFECT_PARAMS: dict[str, str] = {
    "discard-hand-ranks": "ranks",
    "road-toll": "blinds",
    "extra-treasure": "amount",
    "soul-gem-to-slayer": "amount",
    "explode-blinds": "blinds",
    "steal-soul-gem-each": "amount",
    "redraw-random-each": "amount",
    "rob-blind-each": "blinds",
    "reveal-card-each": "amount",
    "gift-soul-gem": "amount",
    "gift-gold": "gold",
    "lose-treasure-each": "amount",
    "sell-treasure": "gold",
}
"""The parameter each effect key needs (checked when a card is loaded)."""


class MonsterEffect(Model):
    """One triggered effect of a monster."""

    when: MonsterTrigger
    effect: MonsterEffectKey
    amount: Annotated[int, Field(ge=1)] | None = None
    blinds: Annotated[int, Field(ge=1)] | None = None
    gold: Annotated[int, Field(ge=1)] | None = None
    ranks: tuple[Rank, ...] | None = None
    text: str = ""

    @model_validator(mode="after")
    def _needs_its_parameter(self) -> MonsterEffect:
        needed = MONSTER_EFFECT_PARAMS.get(self.effect)
        if needed and getattr(self, needed) is None:
            raise ValueError(f"effect '{self.effect}' needs '{needed}'")
        return self


class MonsterCard(DungeonPokerCard):
    """A monster: plays as an all-in extra hand, or helps the table (friendly)."""

    type: Literal["monster"] = "monster"
    cards: NonNegative
    """Cards the dealer gives it from the main deck."""
    open_cards: NonNegative = 0
    """How many of those lie face up."""
    max_cards: Annotated[int, Field(ge=1)] | None = None
    """A cap on its hand where it gets cards in other ways (Happy the Clown)."""
    king: bool = False
    """King Monster: never controlled, never hands its winnings to anyone."""
    friendly: bool = False
    """Does not play for the pot; resolves its gift and leaves the game."""
    set_aside: bool = False
    """Taken out of the monster deck at setup (the Golem, the extra Fire Dragon)."""
    owner: Slug | None = None
    """Character id whose card this monster belongs to (the Golem: ``gnome-artificer``)."""
    effects: tuple[MonsterEffect, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> MonsterCard:
        if self.open_cards > self.cards:
            raise ValueError(f"open_cards ({self.open_cards}) cannot exceed cards ({self.cards})")
        if self.friendly and (self.cards or self.king):
            raise ValueError("a friendly monster plays no cards and is never a King")
        return self

    def effect(self, when: str) -> MonsterEffect:
        """The first effect with this trigger (``KeyError`` when none)."""
        for effect in self.effects:
            if effect.when == when:
                return effect
        raise KeyError(when)

    @property
    def hidden_cards(self) -> int:
        return self.cards - self.open_cards


class MonsterMarker(DungeonPokerCard):
    """The monster card (M) shuffled into the main deck: draws a monster when seen."""

    type: Literal["monster-marker"] = "monster-marker"


# --------------------------------------------------------------------------
# Encounters
# --------------------------------------------------------------------------


class ShowdownMonster(Model):
    """A monster drawn at every showdown (King's cave)."""

    king: bool = False
    extra_cards: NonNegative = 0


DeckRef = Literal["main", "monsters", "treasures", "encounters", "levels", "characters"]


class EncounterRules(Changes):
    """How an encounter changes the game for its level; every key optional.

    Hand-card limits (``use_exactly``, ``use_at_most``) bind monsters too.
    Dumps keep only the keys an encounter changes:

    >>> EncounterRules(use_at_most=1).model_dump()
    {'use_at_most': 1}
    >>> EncounterRules(use_at_most=1).treasures_per_win
    1
    """

    hand_cards: Annotated[int, Field(ge=1)] | None = None
    """Hand cards each player is dealt at the start of a deal (normally 2)."""
    dealt_open: NonNegative = 0
    """Of those, how many are dealt face up (Armory)."""
    dealt_unseen: NonNegative = 0
    """Of those, how many the owner may not look at until the showdown (Dense fog)."""
    peek_penalty: NonNegative = 0
    """Gold paid to the bank for looking at an unseen card (Dense fog)."""
    keep_open: NonNegative = 0
    """Hand cards each player must always keep face up (Time of justice)."""
    discard_before_flop: NonNegative = 0
    """Hand cards each player discards before the flop is dealt."""
    use_exactly: Annotated[int, Field(ge=0)] | None = None
    use_at_most: Annotated[int, Field(ge=0)] | None = None
    lowball: bool = False
    """The weakest five-card hand wins (Utter Horror)."""
    ace_low: bool = False
    """An ace may count as one, below the two."""
    showdown_hand_size: Annotated[int, Field(ge=1, le=7)] | None = None
    """The showdown hand must hold exactly this many cards (normally a
    player may show a hand of fewer than five)."""
    boards: Annotated[int, Field(ge=1)] = 1
    """Shared boards dealt side by side; each wins half the pot and a treasure."""
    treasures_per_win: NonNegative = 1
    pot_bonus_blinds: NonNegative = 0
    """Blinds of gold the bank adds to every pot."""
    showdown_monster: ShowdownMonster | None = None
    deal_monster: Slug | None = None
    """Id of a set-aside monster placed at the table every deal (Dragon age)."""
    king_monsters: bool = False
    """Every monster counts as a King Monster."""
    extra_monster_cards: NonNegative = 0
    """Extra monster cards (M) shuffled into the main deck for the encounter."""
    monster_extra_cards: NonNegative = 0
    """Every monster plays with this many more cards."""
    no_abilities: bool = False
    """Standard abilities of characters cannot be used."""
    no_passives: bool = False
    """Passive abilities (the Golem, Regeneration, ...) are switched off."""
    no_artifacts: bool = False
    """Artifacts do not work (the Undeath Amulet still does)."""
    ability_cost_delta: int = 0
    """Added to the cost of every standard ability."""
    banned_abilities: tuple[AbilityEffect, ...] = ()
    max_raise_blinds: Annotated[int, Field(ge=1)] | None = None
    """A bet or raise may not exceed this many blinds."""
    no_check: bool = False
    fold_penalty: NonNegative = 0
    """Gold a folding player pays into the pot."""
    buy_card_price: NonNegative | None = None
    """Preflop, a player may buy one extra hand card for this much gold (a special action)."""
    bonus_soul_gems: NonNegative = 0
    """Soul gems each player receives for the encounter; unused ones go back at its end."""
    open_graveyard: bool = False
    """Cards going to the graveyard, burn cards included, lie face up."""
    shuffle_hands: bool = False
    """Hands are dealt face up, gathered, shuffled and dealt again face down (Paranoia)."""
    min_players: Annotated[int, Field(ge=2)] | None = None
    """With fewer players the encounter is discarded and another drawn."""
    open_top_cards: tuple[DeckRef, ...] = ()
    """Decks whose top card always lies face up (True seeing)."""


class EncounterCard(DungeonPokerCard):
    """An encounter: the special rule in force for one level (five deals)."""

    type: Literal["encounter"] = "encounter"
    rules: EncounterRules = EncounterRules()


# --------------------------------------------------------------------------
# Treasures
# --------------------------------------------------------------------------

TreasureClass = Literal["sudden", "minor", "artifact", "major", "legendary"]
TREASURE_CLASSES: dict[str, str] = {
    "sudden": "sudden effect: resolved at once, then removed from the game; no salvage price",
    "minor": "minor artifact; salvage 0 unless the card says otherwise",
    "artifact": "ordinary artifact; salvage 0 unless the card says otherwise",
    "major": "major artifact; salvage 500 unless the card says otherwise",
    "legendary": "legendary artifact; salvage 1000; its owner may keep only one minor artifact beside it",
}
DEFAULT_SALVAGE: dict[str, int] = {
    "sudden": 0,
    "minor": 0,
    "artifact": 0,
    "major": 500,
    "legendary": 1000,
}

Activation = Literal["sudden", "special-action", "passive", "automatic", "none"]
ACTIVATIONS: dict[str, str] = {
    "sudden": "resolves the moment it is drawn",
    "special-action": "used on your own turn of action as your special action",
    "passive": "always working while you hold it",
    "automatic": "triggers by itself when its condition happens",
    "none": "does nothing; it only counts as a treasure",
}

TreasureEffect = Literal[
    "chest-monster",
    "pit-trap",
    "soul-cave",
    "teleport",
    "empty-chest",
    "cash",
    "draw-then-discard",
    "discard-then-draw",
    "draw-then-reveal",
    "replace-hand",
    "destroy-pot-gold",
    "crystal-dagger",
    "destroy-artifact",
    "summon-monster",
    "peek-shuffle-top",
    "antimagic",
    "reveal-each-other",
    "full-plate",
    "spyglass",
    "undeath-amulet",
    "demons-bargain",
    "mushroooms",
    "gain-blinds",
    "smoke-bomb",
]
TREASURE_EFFECTS: dict[str, str] = {
    "chest-monster": "the finder pays `blinds` blinds of gold to the bank",
    "pit-trap": "the finder sits out the next deal (blinds still due, no cards, untouchable)",
    "soul-cave": "the finder takes `soul_gems` soul gems from the bank",
    "teleport": "the current level ends at once: open the next level and a new encounter",
    "empty-chest": "nothing; kept only as a treasure for the treasure victory",
    "cash": "exchange for `cash` at the bank: free right after winning the pot, later as a special action",
    "draw-then-discard": "draw `draw` cards from the main deck, then fold `discard` hand cards",
    "discard-then-draw": "fold `discard` hand card(s), then draw `draw` replacement(s)",
    "draw-then-reveal": "draw `draw` cards from the main deck, then turn `reveal` hand cards face up",
    "replace-hand": "fold all hand cards and draw `draw` new ones (as many as folded when `draw` is empty); keep them",
    "destroy-pot-gold": "`gold` gold leaves the pot for good",
    "crystal-dagger": "kill one monster at the table (the Golem only for this deal)",
    "destroy-artifact": "destroy one artifact on the table, Empty Chests and legendary ones included",
    "summon-monster": "draw a monster that fights for you: its winnings are yours and it stays if you fold (Kings keep theirs)",
    "peek-shuffle-top": "look at the top `look` cards of the main deck, shuffle them and put them back on top",
    "antimagic": "no standard ability or artifact may be used this deal; passives keep working",
    "reveal-each-other": "every other player and every monster turns `reveal` hand card(s) face up",
    "full-plate": "at the showdown your hand is worth at least a pair of `min_pair`s (virtual cards, never combined)",
    "spyglass": "pay `gold` gold into the pot to look at one hidden card that is not a player's hand card",
    "undeath-amulet": "when you run out of gold you return next deal with `blinds` blinds of gold, keeping gems and artifacts",
    "demons-bargain": "take `gold` gold and `soul_gems` soul gem(s); the next pot you win brings `monster` (a King with one extra card), which you must beat to keep that pot",
    "mushroooms": "play the next deal with one hand card unseen; the `deals` deals after it, get `draw` extra hand card",
    "gain-blinds": "take `blinds` blinds of gold from the bank",
    "smoke-bomb": "fold and take back the gold you put in the pot during this stage",
}
TREASURE_EFFECT_PARAMS: dict[str, tuple[str, ...]] = {
    "chest-monster": ("blinds",),
    "soul-cave": ("soul_gems",),
    "cash": ("cash",),
    "draw-then-discard": ("draw", "discard"),
    "discard-then-draw": ("discard", "draw"),
    "draw-then-reveal": ("draw", "reveal"),
    "destroy-pot-gold": ("gold",),
    "peek-shuffle-top": ("look",),
    "reveal-each-other": ("reveal",),
    "full-plate": ("min_pair",),
    "spyglass": ("gold",),
    "undeath-amulet": ("blinds",),
    "demons-bargain": ("gold", "soul_gems", "monster"),
    "mushroooms": ("deals", "draw"),
    "gain-blinds": ("blinds",),
}
"""The parameters each treasure effect key needs (checked when a card is loaded)."""


class Cash(Model):
    """What a gold or soul-gem treasure is exchanged for at the bank."""

    gold: NonNegative = 0
    soul_gems: NonNegative = 0


class TreasureCard(DungeonPokerCard):
    """A treasure: a sudden effect, or an artifact a player keeps or uses."""

    type: Literal["treasure"] = "treasure"
    treasure_class: TreasureClass
    salvage: NonNegative
    """Gold the bank pays when it claims or buys the artifact."""
    one_use: bool = False
    """Sacrificed (removed from the game) when used."""
    activation: Activation
    effect: TreasureEffect
    limits: tuple[Limit, ...] = ()
    cash: Cash | None = None
    gold: NonNegative | None = None
    soul_gems: NonNegative | None = None
    blinds: NonNegative | None = None
    draw: NonNegative | None = None
    discard: NonNegative | None = None
    reveal: NonNegative | None = None
    look: NonNegative | None = None
    deals: NonNegative | None = None
    min_pair: Rank | None = None
    monster: ShowdownMonster | None = None
    """The monster the effect brings later (Demon's Bargain: a King with one extra card)."""

    @property
    def card_class(self) -> str:
        """``sudden effect``, ``artifact`` or ``major artifact`` (its class, in words)."""
        if self.treasure_class == "sudden":
            return "sudden effect"
        return (
            "artifact" if self.treasure_class == "artifact" else f"{self.treasure_class} artifact"
        )

    @model_validator(mode="after")
    def _consistent(self) -> TreasureCard:
        for needed in TREASURE_EFFECT_PARAMS.get(self.effect, ()):
            if getattr(self, needed) is None:
                raise ValueError(f"effect '{self.effect}' needs '{needed}'")
        if self.treasure_class == "sudden":
            if self.salvage:
                raise ValueError("sudden effects have no salvage price (salvage must be 0)")
            if self.activation != "sudden":
                raise ValueError("a sudden effect needs activation 'sudden'")
        elif self.activation == "sudden":
            raise ValueError("only the sudden class resolves on drawing (activation 'sudden')")
        return self


# --------------------------------------------------------------------------
# Levels, skulls, markers
# --------------------------------------------------------------------------


class LevelCard(DungeonPokerCard):
    """A blind level: the blind both blind players pay, and bonus soul gems."""

    type: Literal["level"] = "level"
    blind: Annotated[int, Field(ge=1)]
    soul_gems: NonNegative = 0
    """Soul gems every player takes at the first deal of this level."""
    order: Annotated[int, Field(ge=1, le=10)]
    """Place in the level deck, 1 (100) to 10 (1500). The extra First Edition
    level card carries the place it takes when added; the later ones then
    move one place down (sort by ``blind`` to build the structure)."""
    extra: bool = False
    """An optional extra level card (not in the standard ten)."""
    in_shorter_game: bool = True
    """Kept in the level deck of the shorter game (000, "Shorter game" takes out
    200, 600, 800 and 900)."""
    blind_rise_after: NonNegative = 0
    """On the last card of the level deck: what every level after it adds to the
    blind (000, "Blind bet levels": 500 a level after level 10; "Shorter game" too)."""


class SkullCard(DungeonPokerCard):
    """Given to a player whose character died and who re-enters the game."""

    type: Literal["skull"] = "skull"
    extra_gold_to_win: NonNegative
    """Added to the gold the player needs for the gold victory, per skull."""
    out_at: Annotated[int, Field(ge=1)]
    """A player holding this many skulls is out of the game."""


class DealerCard(DungeonPokerCard):
    """The Dealer card, or the First Dealer card that marks the start of a level."""

    type: Literal["dealer"] = "dealer"
    role: Literal["dealer", "first-dealer"]


class ReferenceCard(DungeonPokerCard):
    """A quick-reference card for the table; no rules of its own."""

    type: Literal["reference"] = "reference"
    topic: Slug


Card = Annotated[
    PlayingCard
    | MonsterMarker
    | CharacterCard
    | MonsterCard
    | EncounterCard
    | TreasureCard
    | LevelCard
    | SkullCard
    | DealerCard
    | ReferenceCard,
    Field(discriminator="type"),
]
"""Any Dungeon Poker card, told apart by its ``type``."""

VOCABULARIES: dict[str, tuple[object, dict[str, str]]] = {
    "limits": (Limit, LIMITS),
    "durations": (Duration, DURATIONS),
    "ability effects": (AbilityEffect, ABILITY_EFFECTS),
    "monster triggers": (MonsterTrigger, MONSTER_TRIGGERS),
    "monster effects": (MonsterEffectKey, MONSTER_EFFECTS),
    "treasure classes": (TreasureClass, TREASURE_CLASSES),
    "activations": (Activation, ACTIVATIONS),
    "treasure effects": (TreasureEffect, TREASURE_EFFECTS),
}
"""Each fixed vocabulary with its description table (kept in step by a test)."""


def vocabulary(name: str) -> tuple[str, ...]:
    """The allowed keys of one vocabulary.

    >>> vocabulary("treasure classes")
    ('sudden', 'minor', 'artifact', 'major', 'legendary')
    """
    return tuple(get_args(VOCABULARIES[name][0]))


def effective_cost(ability: Ability, rules: EncounterRules | None = None) -> int | None:
    """Soul gems the ability costs under an encounter, or ``None`` if it cannot be used.

    >>> rage = Ability(name="Rage", effect="barbarian-rage", kind="standard", cost=1, text="x")
    >>> effective_cost(rage), effective_cost(rage, EncounterRules(ability_cost_delta=1))
    (1, 2)
    >>> effective_cost(rage, EncounterRules(banned_abilities=("barbarian-rage",))) is None
    True
    """
    if rules is None:
        return ability.cost
    if ability.effect in rules.banned_abilities:
        return None
    if ability.kind == "passive":
        return None if rules.no_passives else 0
    if rules.no_abilities:
        return None
    return max(ability.cost + rules.ability_cost_delta, 0)


def level_ladder(
    levels: Iterable[LevelCard], *, extra: bool = False, short: bool = False
) -> list[LevelCard]:
    """Level cards in play order: by blind, leaving out extra cards unless asked,
    and for the shorter game the cards it takes out.

    >>> cards = [
    ...     LevelCard(id="b", name="B", deck="levels", blind=200, order=2, in_shorter_game=False),
    ...     LevelCard(id="a", name="A", deck="levels", blind=100, order=1),
    ...     LevelCard(id="x", name="X", deck="extras", blind=150, order=2, extra=True)]
    >>> [c.blind for c in level_ladder(cards)], [c.blind for c in level_ladder(cards, extra=True)]
    ([100, 200], [100, 150, 200])
    >>> [c.blind for c in level_ladder(cards, short=True)]
    [100]
    """
    return sorted(
        (c for c in levels if (extra or not c.extra) and (c.in_shorter_game or not short)),
        key=lambda c: (c.blind, c.order),
    )


LADDERS = ("standard", "short", "extra")
"""The level decks a game can be played with: the ten cards, the shorter game's
six, the ten with the First Edition extra card."""


def ladder_blinds(cards: Iterable[Any], which: str) -> list[tuple[int, int]]:
    """(blind, soul gems) of each level card of the ``which`` ladder, in play order.

    >>> from companion.cards import load_game
    >>> [b for b, _ in ladder_blinds(load_game("dungeon-poker").of_type("level"), "short")]
    [100, 300, 500, 700, 1000, 1500]
    """
    if which not in LADDERS:
        raise ValueError(f"unknown level deck '{which}' (one of: {', '.join(LADDERS)})")
    levels = [c for c in cards if isinstance(c, LevelCard)]
    ladder = level_ladder(levels, extra=which == "extra", short=which == "short")
    return [(c.blind, c.soul_gems) for c in ladder]


def ladder_rise(cards: Iterable[Any], which: str) -> int:
    """What each level past the last card of the ``which`` ladder adds to the blind:
    the last card says (0: the ladder does not go on).

    >>> from companion.cards import load_game
    >>> levels = load_game("dungeon-poker").of_type("level")
    >>> [ladder_rise(levels, which) for which in LADDERS]
    [500, 500, 500]
    """
    if which not in LADDERS:
        raise ValueError(f"unknown level deck '{which}' (one of: {', '.join(LADDERS)})")
    levels = [c for c in cards if isinstance(c, LevelCard)]
    ladder = level_ladder(levels, extra=which == "extra", short=which == "short")
    return ladder[-1].blind_rise_after if ladder else 0


def monster_deck(monsters: Iterable[MonsterCard]) -> list[MonsterCard]:
    """The monsters shuffled into the monster deck at setup (set-aside ones left out)."""
    return [m for m in monsters if not m.set_aside]


def soul_gems(count: int) -> str:
    """A count of soul gems in words, as every message writes it.

    >>> soul_gems(1), soul_gems(3)
    ('1 soul gem', '3 soul gems')
    """
    return f"{count} soul gem{'' if count == 1 else 's'}"
