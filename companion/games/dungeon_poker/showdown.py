"""Dungeon Poker at the showdown: the rules that act when a deal ends.

:class:`DungeonPokerShowdown` is the showdown engine of
:mod:`companion.poker.showdown` with Dungeon Poker's rules, in the order a
dealer applies them (000, "The progression of the game", Monsters,
Treasures, "Character death and re-entering the game"):

1. read the table: the encounter, each player's character and artifacts,
   the monsters and the abilities declared during the deal;
2. as the cards turn over: the encounter's reminders, the Witch's curse and
   the Ancient Evil's discards;
3. the pots: the Treasure ship's gold, the Rogue's grab, the Gnome
   Lunatic's blast, Two front war's halves, and where a monster's winnings go;
4. after the pots: how each monster fared, what its win does, treasures
   for the winner (or waiting after a tie), the slayer's rewards, where each
   monster's card goes, the Baron's punishment, and deaths.

The table (``companion table showdown``) and ``companion showdown`` both
settle a deal through this class, so they cannot disagree.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
... monsters: [{name: Orc}]
... result: Orc > ann > ben
... ''')
>>> out = DungeonPokerShowdown(spec).run()
>>> out.payouts, out.removed, out.treasures
({'ann': 0, 'ben': 0}, 800, {})
>>> out.monsters[0].fate
'returns to the monster deck (shuffled in)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError
from companion.poker.pots import Pot
from companion.poker.showdown import Board, MonsterFate, MonsterSeat, PlayerSeat, Showdown
from companion.poker.showdown_rank import Contestant, RankRules, parse_rank


class DungeonPokerShowdown(Showdown):
    """One Dungeon Poker showdown: monsters, encounters, treasures, deaths."""

    game_fields = frozenset(
        {
            "monsters",
            "encounter",
            "declared",
            "treasures_waiting",
            "boards",
            "character",
            "artifacts",
            "soul_gems",
        }
    )
    currency = "gold"
    bank_name = "bank"

    def __init__(self, spec: Any, ranker: Any = None, data_dir: str | None = None) -> None:
        super().__init__(spec, ranker, data_dir)
        self.encounter: Any = None
        self.enc: Any = None  # the encounter's EncounterRules (plain ones without an encounter)
        self.cursed = ""

    # -------------------------------------------------------------- helpers

    def amount(self, n: int) -> str:
        return f"{n:,} gold"

    def unit_name(self) -> str:
        return f"{self.rules.unit}-gold coins"

    def blind(self, why: str) -> int:
        if self.spec.blind is None or self.spec.blind == 0:
            raise CompanionError(
                f"blind: {why} needs the blind of the level (add blind: 200, for example)"
            )
        return self.spec.blind

    def usable(self, player: PlayerSeat, effect: str) -> bool:
        return effect in player.abilities

    def immune(self, player: PlayerSeat, source: str) -> bool:
        """Immune to an ability of ``source`` (``monster`` or ``character``)?"""
        if self.usable(player, "dwarven-resistance"):
            return True
        return source == "character" and player.name in self.spec.declared.barbarian_rage

    # -------------------------------------------------------------- 1. read the table

    def prepare(self) -> None:
        self._read_table()
        self._who_is_in()

    def _read_table(self) -> None:
        blind = self.spec.blind
        if blind is not None and blind % self.rules.unit:
            raise CompanionError(
                f"blind: {blind} is not a whole number of {self.rules.unit}-gold coins "
                "(the level cards: 100, 200, 300, 500, ...)"
            )
        self._read_cards_of_the_table()

    def _read_cards_of_the_table(self) -> None:
        from companion.cards.dungeon_poker import EncounterRules, effective_cost
        from companion.cards.loader import load_game

        db = load_game("dungeon-poker", self.data_dir)
        spec = self.spec
        if spec.encounter is not None:
            self.encounter = self._card(db, "encounter", spec.encounter, "encounter")
            self.enc = self.encounter.rules
        else:
            self.enc = EncounterRules()
        enc = self.enc
        for p in self.players:
            where = f"players[{p.index}]"
            if p.spec.character is not None:
                p.character = self._card(db, "character", p.spec.character, f"{where}.character")
                usable: set[str] = set()
                for ability in p.character.abilities:
                    if (
                        ability.kind in ("passive", "standard")
                        and effective_cost(ability, enc) is not None
                    ):
                        usable.add(ability.effect)
                p.abilities = frozenset(usable)
            arts = []
            for j, name in enumerate(p.spec.artifacts):
                card = self._card(db, "treasure", name, f"{where}.artifacts[{j}]")
                if card.treasure_class == "sudden":
                    raise CompanionError(
                        f"{where}.artifacts[{j}]: {card.name} is a sudden effect, resolved when drawn, not kept"
                    )
                arts.append(card)
            p.artifacts = tuple(arts)
        self._resolve_monsters(db)
        self._resolve_declared()

    def _card(self, db: Any, kind: str, name: str, where: str, prefer: str | None = None) -> Any:
        found = [c for c in db.by_name(name) if c.kind == kind]
        if not found:
            short = db.by_short_name(name, db.of_type(kind))
            if len({c.name for c in short}) == 1:
                found = short
            elif short:
                names = ", ".join(sorted({c.name for c in short}))
                raise CompanionError(f"{where}: '{name}' could be {names}: give more of the name")
        if not found:
            known = sorted({c.name for c in db.of_type(kind)})
            sample = ", ".join(known[:6]) + (", ..." if len(known) > 6 else "")
            raise CompanionError(f"{where}: unknown {kind} '{name}' (for example: {sample})")
        exact = [c for c in found if c.id == name.strip()]
        if exact:
            return exact[0]
        if prefer is not None:
            preferred = [c for c in found if c.id == prefer]
            if preferred:
                return preferred[0]
        plain = [c for c in found if not getattr(c, "set_aside", False)]
        return (plain or found)[0]

    def _resolve_monsters(self, db: Any) -> None:
        enc = self.enc
        deal_monster = enc.deal_monster
        labels: dict[str, int] = {}
        cave = enc.showdown_monster
        for i, ms in enumerate(self.spec.monsters):
            where = f"monsters[{i}]"
            already = {m.card.id for m in self.monsters}
            card = self._card(
                db,
                "monster",
                ms.name,
                f"{where}.name",
                prefer=deal_monster if deal_monster not in already else None,
            )
            if card.friendly:
                raise CompanionError(
                    f"{where}.name: {card.name} is a friendly monster: it does not play for the pot"
                )
            label = ms.label or card.name
            key = label.casefold()
            if key in labels:
                raise CompanionError(
                    f"{where}: two monsters are called '{label}' (give one of them a label, like label: {label} 2)"
                )
            if key in self.names_seen:
                raise CompanionError(
                    f"{where}: '{label}' is already a name at the table (give the monster a label)"
                )
            labels[key] = i
            self.names_seen[key] = label
            if ms.drawn_at_showdown and cave is None:
                raise CompanionError(
                    f"{where}.drawn_at_showdown: only King's cave draws a monster at the showdown"
                )
            if ms.drawn_at_showdown and ms.killed_by:
                raise CompanionError(
                    f"{where}.killed_by: a monster drawn at the showdown comes too late to be killed"
                )
            owned = card.owner is not None
            king = (
                ms.king
                if ms.king is not None
                else bool(
                    card.king
                    or (enc.king_monsters and not owned)
                    or (ms.drawn_at_showdown and cave and cave.king)
                )
            )
            m = MonsterSeat(i, ms, card, label, king)
            if owned:
                owners = [
                    p
                    for p in self.players
                    if p.character is not None and p.character.id == card.owner
                ]
                if enc.no_passives:
                    enc_name = self.encounter.name if self.encounter else "this encounter"
                    raise CompanionError(
                        f"{where}: the {card.name} is not in the game during {enc_name}"
                    )
                if not owners:
                    owner_name = db.get(card.owner).name
                    raise CompanionError(
                        f"{where}: the {card.name} plays only beside the {owner_name} "
                        f"(give that player character: {owner_name})"
                    )
                m.owner = owners[0].name
                if ms.summoned_by or ms.controlled_by:
                    raise CompanionError(f"{where}: the {card.name} always plays for {m.owner}")
            if ms.summoned_by and ms.controlled_by:
                raise CompanionError(f"{where}: give summoned_by or controlled_by, not both")
            if ms.controlled_by and king:
                raise CompanionError(
                    f"{where}.controlled_by: {label} is a King Monster, which no player can ever control"
                )
            for attr in ("summoned_by", "controlled_by", "killed_by"):
                value = getattr(ms, attr)
                if value is not None:
                    self.player(value, f"{where}.{attr}")
            m.fights_for = ms.summoned_by or ms.controlled_by
            self.monsters.append(m)
        if deal_monster is not None and not any(m.card.id == deal_monster for m in self.monsters):
            dragon = db.get(deal_monster).name
            raise CompanionError(
                f"monsters: {self.encounter.name} brings the {dragon} to every deal; add it "
                f"(monsters: [{{name: {dragon}}}])"
            )
        if cave is not None:
            drawn = [m for m in self.monsters if m.spec.drawn_at_showdown]
            if len(drawn) != 1:
                raise CompanionError(
                    f"monsters: {self.encounter.name} draws one monster at every showdown; mark it "
                    f"drawn_at_showdown: true ({len(drawn)} marked)"
                )

    def _resolve_declared(self) -> None:
        d = self.spec.declared
        enc_name = self.encounter.name if self.encounter else ""
        checks = [
            (
                "witch_curse",
                d.witch_curse.by if d.witch_curse else None,
                "witch-curse",
                "Witch curse",
            ),
            (
                "spoil_the_treasure",
                d.spoil_the_treasure,
                "spoil-the-treasure",
                "Spoil the treasure",
            ),
            (
                "ambush_and_run",
                d.ambush_and_run.by if d.ambush_and_run else None,
                "ambush-and-run",
                "Ambush & run",
            ),
        ]
        for field_name, who, effect, title in checks:
            if who is None:
                continue
            where = f"declared.{field_name}" + ("" if field_name == "spoil_the_treasure" else ".by")
            p = self.player(who, where)
            if self.enc.no_abilities or effect in self.enc.banned_abilities:
                raise CompanionError(f"{where}: {title} cannot be used during {enc_name}")
            if p.character is not None and not any(
                a.effect == effect for a in p.character.abilities
            ):
                raise CompanionError(
                    f"{where}: {who} plays the {p.character.name}, who has no {title}"
                )
        if d.witch_curse is not None:
            try:
                self.cursed = parse_rank(d.witch_curse.rank)
            except CompanionError as exc:
                raise CompanionError(f"declared.witch_curse.rank: {exc}") from None
        for j, name in enumerate(d.barbarian_rage):
            self.player(name, f"declared.barbarian_rage[{j}]")
        if d.ambush_and_run is not None:
            rogue = self.by_name[d.ambush_and_run.by]
            if not rogue.spec.folded:
                raise CompanionError(
                    f"declared.ambush_and_run.by: {rogue.name} ran with the gold, so must be folded: true"
                )
            gold = d.ambush_and_run.gold
            cap = 3000  # Appendix A; the card data carries it as gold_max
            if rogue.character is not None:
                cap = next(
                    (
                        a.gold_max
                        for a in rogue.character.abilities
                        if a.effect == "ambush-and-run" and a.gold_max
                    ),
                    cap,
                )
            total = sum(p.spec.put_in for p in self.players) + self.spec.carried
            half = total // 2 // self.rules.unit * self.rules.unit
            if gold > min(cap, half) or gold % self.rules.unit:
                raise CompanionError(
                    f"declared.ambush_and_run.gold: {gold} is more than Ambush & run can take "
                    f"(half the pot in whole coins, at most {cap:,}: {min(cap, half):,} here)"
                    if gold % self.rules.unit == 0
                    else f"declared.ambush_and_run.gold: {gold} is not a whole number of {self.rules.unit}-gold coins"
                )

    def _who_is_in(self) -> None:
        for m in self.monsters:
            if m.spec.killed_by is not None:
                m.live = False
                m.out_reason = "killed"
                self.event(
                    f"{m.label} was killed by {m.spec.killed_by} during the deal and takes no part in the showdown."
                )
            elif m.owner is not None and self.by_name[m.owner].spec.folded:
                m.live = False
                m.out_reason = "folded"
                self.event(f"The {m.card.name} folds because {m.owner} folded.")

    # -------------------------------------------------------------- 2. as the cards turn over

    @property
    def board_count(self) -> int:
        return int(self.enc.boards)

    def why_boards(self) -> str:
        return f" during {self.encounter.name}" if self.encounter is not None else ""

    def hand_cards_needed(self) -> int | None:
        return self.enc.use_exactly if self.enc is not None else None

    def why_needed(self) -> str:
        return f"{self.encounter.name}: " if self.encounter is not None else ""

    def monster_hand_count(self, m: MonsterSeat) -> int | None:
        if not m.card.cards and m.card.max_cards:
            return None  # Happy the Clown plays the cards passed to it: the file must say
        return self._dealt(m)

    def has_floor(self, p: PlayerSeat) -> bool:
        # The Full Plate's pair counts even without a legal hand (decisions.md, Hand ranking).
        return self._full_plate(p) is not None

    def before_ranking(self) -> None:
        self._encounter_events()
        self._showdown_effects()

    def _encounter_events(self) -> None:
        enc = self.enc
        if self.encounter is not None:
            name = self.encounter.name
            if enc.use_exactly is not None:
                self.event(
                    f"{name}: every hand must use exactly {enc.use_exactly} of its hand cards, monsters' too."
                )
            if enc.use_at_most is not None:
                self.event(
                    f"{name}: every hand may use at most {enc.use_at_most} of its hand cards, monsters' too."
                )
            if enc.lowball:
                size = (
                    f" of exactly {enc.showdown_hand_size} cards" if enc.showdown_hand_size else ""
                )
                ace = "; an ace may count as one" if enc.ace_low else ""
                self.event(f"{name}: the weakest hand{size} wins{ace}.")
            if enc.boards > 1:
                self.event(
                    f"{name}: {enc.boards} boards; each board's winner takes an equal part of every pot "
                    f"and its own treasure."
                )
            if enc.pot_bonus_blinds:
                bonus = enc.pot_bonus_blinds * self.blind(
                    f"{name} (the bank adds blinds to the pot)"
                )
                self.event(f"{name}: the bank adds {self.amount(bonus)} to the main pot.")
            if enc.treasures_per_win != 1:
                self.event(
                    f"{name}: the winner of the deal draws {enc.treasures_per_win} treasures."
                )
            if enc.king_monsters:
                self.event(f"{name}: every monster counts as a King Monster.")
            if enc.no_artifacts and any(p.artifacts for p in self.players):
                self.event(f"{name}: artifacts do not work.")
            if enc.no_passives:
                self.event(f"{name}: passive abilities do not work.")
        for m in self.monsters:
            if not m.live:
                continue
            if m.spec.drawn_at_showdown:
                extra = enc.showdown_monster.extra_cards if enc.showdown_monster else 0
                self.event(
                    f"{self.encounter.name}: {m.label} was drawn at the showdown as a King Monster"
                    f"{f' with {extra} extra card' if extra == 1 else f' with {extra} extra cards' if extra else ''}."
                )
            if m.owner is not None:
                self.event(
                    f"The {m.card.name} plays for {m.owner}: it wins only what {m.owner} could, "
                    f"and its winnings are {m.owner}'s."
                )
            elif m.fights_for is not None:
                how = "summoned" if m.spec.summoned_by else "controls"
                verb = (
                    f"{m.fights_for} summoned {m.label}"
                    if how == "summoned"
                    else f"{m.fights_for} controls {m.label}"
                )
                if m.king:
                    self.event(
                        f"{verb}, but {m.label} is a King Monster: it never hands over what it wins."
                    )
                else:
                    self.event(f"{verb}: it wins for {m.fights_for}.")
            elif m.king:
                self.event(f"{m.label} is a King Monster: it never hands over what it wins.")
        for p in self.players:
            for art in p.artifacts:
                if art.effect == "full-plate" and not self.enc.no_artifacts:
                    self.event(
                        f"{art.name}: {p.name}'s hand is worth at least a pair of {_rank_word(art.min_pair)}."
                    )

    def _full_plate(self, p: PlayerSeat) -> str | None:
        if self.enc is None or self.enc.no_artifacts:
            return None
        pairs = [a.min_pair for a in p.artifacts if a.effect == "full-plate"]
        return pairs[0] if pairs else None

    def _showdown_effects(self) -> None:
        curse = self.spec.declared.witch_curse
        if curse is not None:
            rank = self.cursed
            lost: list[str] = []
            spared: list[str] = []
            for p in self.players:
                if not p.live:
                    continue
                if p.name != curse.by and self.immune(p, "character"):
                    spared.append(p.name)
                    continue
                if p.cards is not None:
                    hit = [c for c in p.cards if c[0] == rank]
                    p.cards = tuple(c for c in p.cards if c[0] != rank)
                    if hit:
                        lost.append(f"{p.name} loses {' '.join(hit)}")
            for m in self.live_monsters:
                if m.cards is not None:
                    hit = [c for c in m.cards if c[0] == rank]
                    m.cards = tuple(c for c in m.cards if c[0] != rank)
                    if hit:
                        lost.append(f"{m.label} loses {' '.join(hit)}")
            text = f"Witch curse ({curse.by} named {_rank_word(rank)}): every hand card of that number is destroyed"
            text += f" ({'; '.join(lost)})" if lost else ""
            text += (
                f"; {', '.join(spared)} {'is' if len(spared) == 1 else 'are'} immune"
                if spared
                else ""
            )
            self.event(text + ".")
        for m in self.live_monsters:
            for e in m.effects("showdown"):
                if e.effect == "discard-hand-ranks":
                    ranks = set(e.ranks or ())
                    lost = []
                    spared = []
                    for p in self.players:
                        if not p.live:
                            continue
                        if self.immune(p, "monster"):
                            spared.append(p.name)
                            continue
                        if p.cards is not None:
                            hit = [c for c in p.cards if c[0] in ranks]
                            p.cards = tuple(c for c in p.cards if c[0] not in ranks)
                            if hit:
                                lost.append(f"{p.name} loses {' '.join(hit)}")
                    span = _rank_span(e.ranks or ())
                    text = f"{m.label}: every player's hand cards {span} go to the graveyard"
                    text += f" ({'; '.join(lost)})" if lost else ""
                    text += (
                        f"; {', '.join(spared)} {'is' if len(spared) == 1 else 'are'} immune"
                        if spared
                        else ""
                    )
                    self.event(text + ".")

    def _dealt(self, m: MonsterSeat) -> int:
        extra = int(self.enc.monster_extra_cards)
        if m.spec.drawn_at_showdown and self.enc.showdown_monster is not None:
            extra += int(self.enc.showdown_monster.extra_cards)
        return int(m.card.cards) + extra

    def _rank_rules(self) -> RankRules:
        enc = self.enc
        return RankRules(
            game="dungeon-poker",
            encounter=self.encounter.id if self.encounter else None,
            use_exactly=enc.use_exactly,
            use_at_most=enc.use_at_most,
            lowball=enc.lowball,
            ace_low=enc.ace_low,
            hand_size=enc.showdown_hand_size,
        )

    def contestant(self, name: str, cards: tuple[str, ...]) -> Contestant:
        p = self.by_name.get(name)
        plate = self._full_plate(p) if p is not None else None
        return Contestant(name, cards, plate)

    # -------------------------------------------------------------- 3. the pots

    def pot_bonus(self) -> int:
        if self.enc.pot_bonus_blinds:
            return int(self.enc.pot_bonus_blinds) * self.blind(self.encounter.name)
        return 0

    def adjust_pots(self, pots: list[Pot], payouts: dict[str, int]) -> int:
        self._rogue_grab(pots, payouts)
        return self._explosions(pots)

    def _rogue_grab(self, pots: list[Pot], payouts: dict[str, int]) -> None:
        """Ambush & run: the Rogue's gold comes out of the main pot first, where the oldest gold lies."""
        ambush = self.spec.declared.ambush_and_run
        if ambush is not None and ambush.gold:
            # The oldest gold sits in the main pot: the Rogue's grab comes out of it first.
            left = ambush.gold
            for i, pot in enumerate(pots):
                take = min(pot.amount, left)
                pots[i] = Pot(pot.amount - take, pot.eligible)
                left -= take
            self.event(
                f"Ambush & run ({ambush.by}): {self.amount(ambush.gold)} left the pot with "
                f"{ambush.by}, who folded."
            )
            payouts[ambush.by] += ambush.gold

    def _explosions(self, pots: list[Pot]) -> int:
        """A monster that explodes when it loses takes blinds of the main pot with it."""
        blasted = 0
        if pots:
            for m in self.live_monsters:
                if any(m.label in b.main_winners for b in self.boards):
                    continue
                for e in m.effects("lose"):
                    if e.effect == "explode-blinds":
                        assert e.blinds is not None
                        want = e.blinds * self.blind(f"the {m.card.name}'s explosion")
                        blast = min(want, pots[0].amount)
                        pots[0] = Pot(pots[0].amount - blast, pots[0].eligible)
                        blasted += blast
                        self.event(
                            f"{m.label} loses and explodes: {self.amount(blast)} of the main pot "
                            f"goes up with it."
                        )
        return blasted

    def payees(self, board: Board) -> dict[str, str | None]:
        payee: dict[str, str | None] = {}
        fey = [p for p in self.players if p.live and self.usable(p, "beast-mastery")]
        for m in self.live_monsters:
            payee[m.label] = self._payee(m, board, fey[0] if fey else None)
        return payee

    def _payee(self, m: MonsterSeat, board: Board, fey: PlayerSeat | None) -> str | None:
        if m.king:
            return None
        if m.owner is not None:
            return m.owner
        if m.fights_for is not None:
            return m.fights_for
        if fey is not None and board.main_winners == (m.label,):
            return fey.name
        return None

    def _is_beast_mastery(self, name: str) -> bool:
        m = self.monster(name)
        return m is not None and not m.king and m.owner is None and m.fights_for is None

    def _target(self, name: str, board: Board) -> str | None:
        """Who takes what ``name`` wins: the player, or a monster's payee (None: out of the game)."""
        if name in self.by_name:
            return name
        m = self.monster(name)
        if m is None:  # pragma: no cover - names were validated
            return None
        fey = [p for p in self.players if p.live and self.usable(p, "beast-mastery")]
        return self._payee(m, board, fey[0] if fey else None)

    def goes_to(self, winner: str, amount: int, target: str | None) -> str:
        """Where a monster's winnings go, as the end of a sentence ('' for a player)."""
        if winner in self.by_name:
            return ""
        if target is None:
            return ", out of the game"
        m = self.monster(winner)
        if m is not None and (m.owner is not None or m.fights_for is not None):
            return f", for {target}"
        return f"; by Beast mastery it goes to {target}"

    # -------------------------------------------------------------- 4. after the pots

    def after_pots(self) -> None:
        self._monster_outcomes()
        self._win_effects()
        self._treasures()
        self._slain_effects()
        self._fates()
        self._present_effects()
        self._deaths()

    def _monster_outcomes(self) -> None:
        for m in self.monsters:
            if not m.live:
                self.outcome[m.label] = m.out_reason
                continue
            won = any(b.main_winners == (m.label,) for b in self.boards)
            tied = any(m.label in b.main_winners and len(b.main_winners) > 1 for b in self.boards)
            side = any(m.label in p.winners for pots in self.pot_winners for p in pots[1:])
            self.outcome[m.label] = (
                "won" if won else "tied" if tied else "side-pot" if side else "lost"
            )

    def _win_effects(self) -> None:
        for m in self.live_monsters:
            if self.outcome[m.label] != "won":
                continue
            for e in m.effects("win"):
                if e.effect == "steal-soul-gem-each":
                    amount = e.amount or 1
                    taken, spared = [], []
                    for p in self.players:
                        if self.immune(p, "monster"):
                            spared.append(p.name)
                            continue
                        lose = amount if p.spec.soul_gems is None else min(amount, p.spec.soul_gems)
                        if lose:
                            self.soul_gems[p.name] = self.soul_gems.get(p.name, 0) - lose
                            taken.append(p.name)
                    text = f"{m.label} wins: it steals {amount} soul gem{'s' if amount > 1 else ''} from each player for the bank"
                    text += f" ({', '.join(taken)})" if taken else " (nobody has one)"
                    text += f"; {', '.join(spared)} immune" if spared else ""
                    self.event(text + ".")
                elif e.effect == "rob-blind-each":
                    due = (e.blinds or 1) * self.blind(f"the {m.card.name}'s robbery")
                    paid, spared = [], []
                    for p in self.players:
                        if self.immune(p, "monster"):
                            spared.append(p.name)
                            continue
                        have = (
                            None
                            if p.spec.stack is None
                            else p.spec.stack + self.payouts.get(p.name, 0)
                        )
                        pay = due if have is None else min(due, have)
                        if pay:
                            self.bank[p.name] = self.bank.get(p.name, 0) - pay
                            paid.append(f"{p.name} {pay:,}")
                    text = f"{m.label} wins: every player pays {self.amount(due)} to the bank"
                    text += " even though it fought for a player" if m.fights_for or m.owner else ""
                    text += f" ({', '.join(paid)})" if paid else ""
                    text += f"; {', '.join(spared)} immune" if spared else ""
                    self.event(text + ".")
                elif e.effect == "next-level":
                    self.event(
                        f"{m.label} wins: the table moves on to the next level, which starts afresh "
                        f"for its five deals."
                    )
                elif e.effect == "lose-treasure-each":
                    amount = e.amount or 1
                    losers = [
                        p.name for p in self.players if p.live and not self.immune(p, "monster")
                    ]
                    for name in losers:
                        self.treasures_lost[name] = self.treasures_lost.get(name, 0) + amount
                    if losers:
                        self.event(
                            f"{m.label} wins: {', '.join(losers)} each give {amount} treasure card(s) "
                            f"of their choice to the bank."
                        )

    def _treasures(self) -> None:
        per_win = self.enc.treasures_per_win
        spoiler = self.spec.declared.spoil_the_treasure
        waiting = self.spec.treasures_waiting
        self.waiting = 0
        if waiting:
            self.event(
                f"{waiting} treasure{' waits' if waiting == 1 else 's wait'} on the table from earlier "
                f"deals for this deal's winner."
            )
        ambush = self.spec.declared.ambush_and_run
        stolen = 0
        if ambush is not None and per_win:
            # The Rogue drew the top treasure: one of this deal's treasures is gone (not the dragon's).
            stolen = 1
            self.treasures[ambush.by] = self.treasures.get(ambush.by, 0) + 1
            self.event(
                f"Ambush & run: {ambush.by} drew the top treasure during the deal; the deal's "
                f"winner draws one treasure fewer."
            )
        for board in self.boards:
            count = (
                per_win + (waiting if board.index == 0 else 0) - (stolen if board.index == 0 else 0)
            )
            if count == 0:
                continue
            which = f" of board {board.index + 1}" if len(self.boards) > 1 else ""
            winners = board.main_winners
            cards = f"{count} treasure{'s' if count != 1 else ''}"
            if not winners:
                self.waiting += count
                self.event(
                    f"Nobody can legally win the deal{which}: the pot and {cards} "
                    f"wait for the next deal."
                )
                continue
            if len(winners) > 1:
                self.waiting += count
                self.event(
                    f"{' and '.join(winners)} tie{which}: {cards} {'waits' if count == 1 else 'wait'} "
                    f"on the table; the next deal's winner draws {'it' if count == 1 else 'them'} "
                    f"with their own."
                )
                continue
            winner = winners[0]
            target = self._target(winner, board)
            if target is None:
                self.event(
                    f"{winner} wins the deal{which}: no treasure is drawn ({cards} lost with the pot)."
                )
                continue
            if spoiler is not None and target != spoiler:
                self.event(
                    f"Spoil the treasure ({spoiler}): {target} draws no treasure ({cards} spoiled)."
                )
                continue
            self.treasures[target] = self.treasures.get(target, 0) + count
            if winner == target:
                self.event(f"{target} wins the deal{which} and draws {cards}.")
            else:
                how = "by Beast mastery " if self._is_beast_mastery(winner) else ""
                self.event(f"{winner} wins the deal{which} for {target}, who {how}draws {cards}.")

    def _slain_effects(self) -> None:
        for m in self.monsters:
            outcome = self.outcome[m.label]
            if outcome not in ("lost", "side-pot", "killed"):
                continue
            if outcome == "killed":
                slayers = [m.spec.killed_by] if m.spec.killed_by else []
            else:
                slayers = []
                for board in self.boards:
                    if m.label in board.main_winners:
                        continue
                    for w in board.main_winners:
                        # A player who won, or whose own monster did; Beast mastery takes loot, not kills.
                        t = self._target(w, board)
                        if t is not None and t not in slayers and not self._is_beast_mastery(w):
                            slayers.append(t)
            for e in m.effects("slain"):
                if e.effect == "extra-treasure":
                    amount = e.amount or 1
                    cards = f"{amount} extra treasure{'s' if amount != 1 else ''}"
                    if len(slayers) == 1:
                        s = slayers[0]
                        self.treasures[s] = self.treasures.get(s, 0) + amount
                        spoil = (
                            " (Spoil the treasure does not touch it)"
                            if self.spec.declared.spoil_the_treasure
                            else ""
                        )
                        self.event(f"{s} slays the {m.card.name} and draws its {cards}{spoil}.")
                    elif slayers:
                        self.waiting += amount
                        self.event(
                            f"{' and '.join(slayers)} share the kill of the {m.card.name}: its "
                            f"{cards} wait{'s' if amount == 1 else ''} for the next deal."
                        )
                    else:
                        self.event(
                            f"No player slays the {m.card.name}: its {cards} {'is' if amount == 1 else 'are'} lost."
                        )
                elif e.effect == "soul-gem-to-slayer":
                    amount = e.amount or 1
                    for s in slayers:
                        self.soul_gems[s] = self.soul_gems.get(s, 0) + amount
                    gems = f"{amount} soul gem{'s' if amount != 1 else ''}"
                    if len(slayers) == 1:
                        self.event(
                            f"{slayers[0]} slays the {m.card.name} and takes {gems} from the bank."
                        )
                    elif slayers:
                        self.event(
                            f"{' and '.join(slayers)} slay the {m.card.name} together and take {gems} "
                            f"each from the bank."
                        )
                    else:
                        self.event(f"No player slays the {m.card.name}: nobody takes its {gems}.")

    def _fates(self) -> None:
        for m in self.monsters:
            outcome = self.outcome[m.label]
            fate = self._fate(m, outcome)
            self.fates.append(MonsterFate(m.label, m.card.id, outcome, fate))
            self.event(f"{m.label} {fate}.")

    def _fate(self, m: MonsterSeat, outcome: str) -> str:
        where = monster_destination(m.card, outcome, exploded=m.live)
        if where == "stays":
            if outcome in ("lost", "side-pot", "killed", "folded") and (
                m.has("slain", "returns-next-deal") or outcome == "folded"
            ):
                return f"is out for this deal and returns beside {m.owner} at the next one"
            return f"stays beside {m.owner}"
        if where == "exploded":
            return "explodes: removed from the game"
        if outcome == "killed":
            return (
                "was killed and goes back to the side"
                if where == "aside"
                else "was killed: removed from the game"
            )
        if where == "aside":
            return "goes back to the side, out of the monster deck"
        if where == "deck":
            return "returns to the monster deck (shuffled in)"
        if outcome == "side-pot":
            return "won only a side pot: the side pot and the monster leave the game"
        return "dies: removed from the game"

    def _present_effects(self) -> None:
        for m in self.monsters:
            for e in m.effects("present"):
                if e.effect == "fold-sits-out":
                    folded = [
                        p.name
                        for p in self.players
                        if p.spec.folded and not self.immune(p, "monster")
                    ]
                    if folded:
                        self.event(
                            f"{m.label} was at the table: {', '.join(folded)} folded and "
                            f"sit{'s' if len(folded) == 1 else ''} out the next deal (blinds still due)."
                        )

    def _deaths(self) -> None:
        """Players whose gold is known and gone: the character dies (or the Undeath Amulet acts)."""
        winners = [self._target(w, b) for b in self.boards for w in b.main_winners]
        takers = [w for w in dict.fromkeys(winners) if w is not None]
        for p in self.players:
            if p.spec.stack is None:
                continue
            gold = p.spec.stack + self.payouts.get(p.name, 0) + self.bank.get(p.name, 0)
            if gold > 0:
                continue
            amulet = [a for a in p.artifacts if a.effect == "undeath-amulet"]
            if amulet:
                # The amulet ignores encounters (Anti-magic zone, Long night name it).
                back = undeath_gold(amulet[0], self.blind(amulet[0].name))
                self.event(
                    f"{p.name} has no gold left: the {amulet[0].name} brings the character back at "
                    f"the next deal with {self.amount(back)}, gems and artifacts kept; the amulet "
                    f"leaves the game."
                )
                continue
            self.dead.append(p.name)
            pick = [t for t in takers if t != p.name]
            who = (
                f"{' and '.join(pick)} may take one of {p.name}'s treasures"
                if pick
                else f"nobody takes {p.name}'s treasures"
            )
            self.event(
                f"{p.name} has no gold left: the character dies and its soul gems go to the bank; "
                f"{who}, the rest leave the game; {p.name} may return with a new character "
                f"and a skull card."
            )


def undeath_gold(amulet: Any, blind: int) -> int:
    """The gold the Undeath Amulet brings a dead character back with: its blinds at this level.

    >>> from types import SimpleNamespace as N
    >>> undeath_gold(N(blinds=3), 400)
    1200
    """
    return int(amulet.blinds or 0) * blind


def monster_destination(card: Any, outcome: str, *, exploded: bool = True) -> str:
    """Where a monster's card goes after the deal (000, Monsters): one rule for both paths.

    ``stays`` (a player's own monster, the Golem), ``exploded`` (the Gnome
    Lunatic, win or lose, when it played), ``aside`` (a card kept out of the
    monster deck, Dragon age's dragon), ``deck`` (it won or tied: shuffled
    back) or ``removed`` (it lost, won only a side pot, or was killed).

    >>> from types import SimpleNamespace as N
    >>> orc = N(owner=None, set_aside=False, effects=[])
    >>> [monster_destination(orc, o) for o in ("won", "tied", "side-pot", "lost")]
    ['deck', 'deck', 'removed', 'removed']
    """
    if card.owner is not None:
        return "stays"
    if exploded and any(e.when == "showdown" and e.effect == "explodes" for e in card.effects):
        return "exploded"
    if card.set_aside:
        return "aside"
    if outcome in ("won", "tied"):
        return "deck"
    return "removed"


def _rank_word(rank: str) -> str:
    """``8`` -> ``eights``, ``A`` -> ``aces``."""
    from companion.poker.cards import RANK_PLURALS
    from companion.poker.cards import parse_rank as rank_value

    return RANK_PLURALS[rank_value(rank)]


def _rank_span(ranks: Sequence[str]) -> str:
    from companion.poker.cards import RANK_CHARS as order

    idx = sorted(order.index(r) for r in ranks)
    if idx and idx == list(range(idx[0], idx[-1] + 1)) and len(idx) > 2:
        return f"{order[idx[0]]}-{order[idx[-1]]}"
    return ", ".join(order[i] for i in idx)
