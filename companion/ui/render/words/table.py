"""The table engine's events in words: set-up, draws, card moves, shuffles, undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.render.words import say, words
from companion.ui.render.words.common import card_names

if TYPE_CHECKING:
    from companion.table import events as T

_WENT = {
    "discard": "went to the discard pile",
    "removed": "was removed from the game",
    "top": "went back on top of the deck",
    "bottom": "went to the bottom of the deck",
    "shuffle": "was shuffled back into the deck",
}


@words("new")
def _new(e: T.TableSetUp) -> str:
    return f"table set up for {e.game_name} with {', '.join(e.players)} (seed {e.seed})"


@words("draw")
def _draw(e: T.CardsDrawn) -> str:
    drew = card_names([c.name for c in e.cards], e.hidden)
    return f"{e.player or 'the table'} drew {drew} from {e.deck_name}"


@words("discard", "remove", "return")
def _moved(e: T.CardMoved) -> str:
    card = e.card.name or (f"a card from {e.holder}'s hand" if e.holder else "a card")
    return f"{card} ({e.deck_name}) {_WENT[e.to]}"


@words("shuffle")
def _shuffled(e: T.DeckShuffled) -> str:
    extra = f" with {e.gathered} card(s) from the discard pile" if e.with_discard else ""
    return f"{e.deck_name} shuffled{extra} ({e.size} cards)"


@words("peek")
def _peek(e: T.TopLooked) -> str:
    return f"{e.player or 'someone'} looked at the top {e.count} of {e.deck_name}"


@words("reorder")
def _reorder(e: T.TopReordered) -> str:
    return f"{e.player or 'someone'} reordered the top {max(e.order, default=0)} of {e.deck_name}"


@words("shuffle-top")
def _shuffle_top(e: T.TopShuffled) -> str:
    return f"{e.player or 'someone'} shuffled the top {e.count} of {e.deck_name}"


@words("level")
def _level(e: T.LevelOpened) -> str:
    if e.blind is None:
        return f"level {e.level}"
    encounter = f", encounter {e.encounter.name}" if e.encounter else ", no encounter"
    return f"level {e.level}: blind {e.blind}{encounter}"


@words("timer-start")
def _clock(e: T.ClockStarted) -> str:
    return f"clock started: {e.structure_name}, {e.where}"


@words("undo")
def _undo(e: T.Undone) -> str:
    return f"undid #{e.undid}: {say(e.undone)}"


@words("recorded")
def _recorded(e: T.Recorded) -> str:
    if e.summary is not None:
        return e.summary
    return f"{e.actor}: {e.action}" if e.actor else e.action


_BET_VERBS = {
    "check": "checks",
    "fold": "folds",
    "call": "calls",
    "bet": "bets",
    "raise": "raises to",
    "all-in": "goes all-in to",
}


@words("bet")
def _bet(e: T.BetMade) -> str:
    verb = _BET_VERBS.get(e.action, e.action)
    amount = "" if e.amount is None else f" {e.amount:,}"
    said = f"{e.player} {verb}{amount} ({e.street})"
    if e.toll:
        said = f"{e.player} pays {e.toll_rule} ({e.toll:,}) and {said[len(e.player) + 1 :]}"
    elif e.toll_rule:
        said += f" rather than pay {e.toll_rule}"
    if e.penalty:
        said += f", paying {e.penalty:,} into the pot for folding"
    said += f" · pot {e.pot:,}"
    if e.ended == "over" and e.winner:
        return f"{said} · everyone else folded: {e.winner} wins"
    if e.ended == "showdown":
        return f"{said} · the betting is over: showdown"
    if e.ended == "closed":
        return f"{said} · the {e.street} betting is over"
    return f"{said} · {e.to_act} to act" if e.to_act else said
