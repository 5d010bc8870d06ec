"""Table sessions on the terminal: cards as panels, the table, its decks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console

    from companion.table import DrawnCard
    from companion.table.actions import DeckStatus
    from companion.table.reports import HandReport, TableView

PILE_STYLE = {
    "held": "green",
    "in_play": "cyan",
    "removed": "red",
    "discard": "yellow",
    "draw": "blue",
    "aside": "magenta",
}
"""The colour of each pile, on card panels and their borders."""


def card_panel(card: DrawnCard, title_prefix: str = "") -> Panel:
    """One card as a panel: its class, where it went, its text and notes."""
    body = Text()
    body.append(card.card_class, style="bold")
    where = {
        "held": f"to {card.holder}",
        "in_play": "into play",
        "removed": "removed from the game",
        "discard": "to the discard pile",
        "draw": "in the draw pile",
        "aside": "set aside",
    }[card.pile]
    if card.pile == "in_play" and card.holder:
        where = f"into play for {card.holder}"
    body.append(f"  ·  {where}", style=PILE_STYLE.get(card.pile, ""))
    if card.text:
        body.append("\n" + card.text)
    for note in card.notes:
        body.append("\n• " + note, style="italic")
    title = f"{title_prefix}[bold]{card.name}[/]"
    return Panel(
        body,
        title=title,
        title_align="left",
        subtitle=f"{card.deck} · {card.card_id}",
        subtitle_align="right",
        expand=False,
        border_style=PILE_STYLE.get(card.pile, "white"),
    )


def print_cards(out: Console, cards: list[DrawnCard], *, numbered: bool = False) -> None:
    """Each card as a panel, numbered when the order matters (peek, reorder)."""
    for i, card in enumerate(cards, start=1):
        out.print(card_panel(card, f"{i}. " if numbered else ""))


def show_hand(out: Console, hand: HandReport) -> None:
    """``table hand``: the player's standing on one line (where the game keeps one), then
    their cards."""
    shown = [f"{k}: {v}" for k, v in hand.standing.items() if v not in ("", "-")]
    if shown:
        out.print(f"[bold]{hand.player}[/] · " + " · ".join(shown), highlight=False)
    playing = [c for c in hand.cards if c.kind == "playing" and c.pile == "held"]
    if playing or hand.unseen:
        # The hand first, as the cards read: rank and suit; an open card marked.
        faces = " ".join(
            _faces([c]) + (" (face up)" if c.info.get("face") == "up" else "") for c in playing
        )
        if hand.unseen:
            faces += (
                f"{'; ' if faces else ''}{_cards(hand.unseen)} face down that {hand.player} may "
                "not look at until the showdown"
            )
        out.print(f"[bold]hand[/]: {faces}", highlight=False)
    elif not hand.cards:
        out.print(f"{hand.player} holds no cards")
    print_cards(out, [c for c in hand.cards if c not in playing])


def show_table(out: Console, report: TableView) -> None:
    """``table show``: the table as the dealer's view has it (the game's lines, the board
    and the cards face up, each player's standing and the cards of theirs the table may
    see), then the decks."""
    table, view = report.table, report.view
    facts = view.facts
    options = ", ".join(k if v is True else f"{k} {v}" for k, v in table.options.items() if v)
    out.print(
        f"[bold]{table.name}[/] · {table.game} · seed {table.seed}"
        + (f" · {options}" if options else "")
    )
    if facts.victory is not None:
        out.print(f"[bold green]{escape(facts.victory.text)}[/]")
    for line in facts.lines:
        out.print(line)
    if facts.board:
        out.print(f"board: {_faces(facts.board)}", highlight=False)
    owned = [o for o in facts.open_cards if o.whose]  # the table's own (a market) are in lines
    if owned:  # each group of cards face up beside whose they are
        groups: list[tuple[str, list[DrawnCard]]] = []
        for o in owned:
            label = " ".join(x for x in (o.whose, o.where) if x)
            if groups and groups[-1][0] == label:
                groups[-1][1].append(o.card)
            else:
                groups.append((label, [o.card]))
        shown = " · ".join(f"{label} {_faces(cards)}" for label, cards in groups)
        out.print(f"face up: {shown}", highlight=False)
    if facts.targets:
        out.print(facts.targets, highlight=False)
    columns = ["seat", "player", *facts.columns]
    rows = [
        [str(seat), s.name, *(str(v) for v in s.standing.values())]
        for seat, s in enumerate(view.seats, start=1)
    ]
    cards = [_cards_shown(s.cards, s.hidden, facts.shown_decks) for s in view.seats]
    # Rich would fold a narrow last column word by word: past the console's width the
    # cards go under the table, a line a player, instead of in a column.
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(columns)]
    inline = sum(widths) + max(len("cards"), *map(len, cards)) + 3 * len(columns) + 4 <= out.width
    seats = Table(title="Players", title_justify="left")
    for i, column in enumerate(columns):
        seats.add_column(
            column, justify="right" if i == 0 else "left", style="bold" if i == 1 else None
        )
    if inline:
        seats.add_column("cards")
    for row, shown in zip(rows, cards, strict=True):
        seats.add_row(*row, *([shown] if inline else []))
    out.print(seats)
    if not inline:
        out.print("[italic]Cards[/]")  # as Rich titles the tables
        for player, shown in zip(table.players, cards, strict=True):
            out.print(f"[bold]{player}[/]: {shown}")
    if report.betting is not None:
        show_betting(out, report.betting.to_view_json())
    show_decks(out, report.decks)


def show_betting(out: Console, b: dict[str, Any]) -> None:
    """The betting of the deal: whose turn and what they may do, each player's bet and stack."""
    from companion.ui.render.words.betting import turn_line

    out.print(f"[bold]betting[/]: {escape(turn_line(b))}", highlight=False)
    folded, all_in = set(b.get("folded", [])), set(b.get("all_in", []))
    grid = Table(title_justify="left")
    for col in ("player", "bet", "behind", ""):
        grid.add_column(col, justify="right" if col in ("bet", "behind") else "left")
    for p, bet in b["bets"].items():
        mark = "folded" if p in folded else "all-in" if p in all_in else ""
        if p == b.get("to_act"):
            mark = "to act"
        grid.add_row(p, f"{bet:,}", f"{b['stacks'][p]:,}", mark)
    out.print(grid)


def show_bet(out: Console, report: Any) -> None:
    """``table bet``: the action in words, then the turn that follows."""
    from companion.events import sentence
    from companion.ui.render.words.betting import turn_line

    out.print(escape(sentence(report.event)), highlight=False)
    out.print(escape(turn_line(report.betting.to_view_json())), highlight=False)


def _cards_shown(seen: Sequence[DrawnCard], hidden: int, decks_listed: Sequence[str] | None) -> str:
    """What a player's cards show at the table: what the view may see of them (the game
    may list only some decks beside a player), the cards in hand it may not as a count."""
    if decks_listed is not None:  # the game says which of its cards go beside a player
        shown = [
            c.name + ("" if c.pile == "held" else " (in play)")
            for c in seen
            if c.deck in decks_listed
        ]
    else:
        shown = [c.name + ("" if c.pile == "held" else " (in play)") for c in seen]
        if hidden:
            shown.append(f"{hidden} in hand")
    return ", ".join(shown) or "-"


def _faces(cards: Sequence[DrawnCard]) -> str:
    """Playing cards by their symbols (A♠), any other card by its name."""
    from companion.errors import CompanionError
    from companion.poker.cards import parse_card

    out = []
    for c in cards:
        try:
            out.append(parse_card(c.card_id).symbol)
        except CompanionError:  # not a playing card
            out.append(c.name)
    return " ".join(out)


def show_decks(out: Console, decks: Sequence[DeckStatus]) -> None:
    """How many cards of each deck lie in each pile."""
    grid = Table(title="Decks", title_justify="left")
    for col in ("deck", "draw", "discard", "in play", "held", "removed", "aside", "total"):
        grid.add_column(col, justify="left" if col == "deck" else "right")
    for d in decks:
        p = d.piles
        grid.add_row(
            d.deck,
            str(p["draw"]),
            str(p["discard"]),
            str(p["in_play"]),
            str(p["held"]),
            str(p["removed"]),
            str(p["aside"]),
            str(d.total),
        )
    out.print(grid)


def show_deal_started(out: Console, started: object) -> None:
    """``table deal``: a Dungeon Poker deal's level and gathering, or a Dragon Kings event."""
    from companion.games.dungeon_poker.deal import DealStart

    if not isinstance(started, DealStart):
        from companion.games.dragon_kings.table_rules import TableEvent
        from companion.ui.render.dragon_kings import show_event

        assert isinstance(started, TableEvent)
        show_event(out, started)
        return
    level = started.level
    out.print(
        f"[bold]deal {started.number}[/] of level {level.level} · blind {level.blind}"
        + (f" · {level.encounter.name}" if level.encounter else "")
        + f" · {_cards(started.gathered)} gathered, main deck shuffled"
    )
    for note in started.notes:
        out.print(f"• {note}")
    if started.opened and level.encounter is not None:
        # The dealer reads the new encounter aloud: its text, as 'table level' shows it.
        print_cards(out, [level.encounter])
    for player, held in started.hands.items():
        # the hand counted; the M card that reached it and the monster it brought shown
        mine = [c for c in held if c.deck == "main" and c.pile == "held" and c.holder == player]
        out.print(f"{player}: {_cards(len(mine))} dealt ('companion table hand {player}')")
        print_cards(out, [c for c in held if c not in mine])


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def show_board(out: Console, dealt: Any) -> None:
    """``table board``: the board in one line; a card panel only for what is more than a
    playing card on the board (the M card, its monster and the monster's cards)."""
    print_cards(out, [c for c in dealt.cards if c.pile != "in_play" or c.deck != "main"])
    for note in dealt.notes:
        out.print(f"• {note}")
    from companion.poker.cards import parse_card

    shown = " ".join(parse_card(c.card_id).symbol for c in dealt.board)
    out.print(f"[bold]{dealt.street}[/] · board {shown}", highlight=False)


def show_settled(out: Console, settled: Any) -> None:
    """``table showdown``: the showdown as ``companion showdown`` shows it, then the table."""
    from companion.ui.render.showdown import show_showdown

    show_showdown(out, settled.result)
    if settled.notes or settled.cards:
        out.print("[bold]At the table[/]")
    print_cards(out, list(settled.cards))
    for note in settled.notes:
        out.print(f"• {note}")


def show_gold_moved(out: Console, moved: Any) -> None:
    """``table ability``, ``table gold`` and ``table gems``: what moved, what the player has
    now, what the ability did to the cards (as the whole table may see it), notes."""
    out.print(moved.text, markup=False)
    cards = getattr(moved, "cards", None)
    if cards:
        _show_cards_moved(out, moved.player, cards)
    for note in moved.notes:
        out.print(f"• {note}")


def show_hand_cards_moved(out: Console, player: str, moved: Any) -> None:
    """``table discard`` / ``table reveal``: what the player folded or turned face up."""
    _show_cards_moved(out, player, moved)
    for owed in moved.owed:
        out.print(f"• {owed.words()}")


def _show_cards_moved(out: Console, player: str, moved: Any) -> None:
    """Cards a rule moved, as the terminal every player can read may say them: a card in
    a hand face down only counted (its holder reads it with 'table hand'), a board card,
    a card face up and a card folded face up by their faces."""
    to_hands: dict[str, int] = {}
    for c in moved.dealt:
        if c.deck == "main" and c.pile == "held" and not c.holder.startswith("monster:"):
            to_hands[c.holder] = to_hands.get(c.holder, 0) + 1
    for holder, n in to_hands.items():
        out.print(f"{holder}: {_cards(n)} dealt ('companion table hand {holder}')")
    board = [c for c in moved.dealt if c.deck == "main" and c.pile == "in_play"]
    if board:
        out.print(f"to the board: {_faces(board)}", highlight=False)
    print_cards(out, [c for c in moved.dealt if c.deck != "main"])
    if moved.folded:
        out.print(f"{_cards(len(moved.folded))} folded to the graveyard")
    if moved.turned:
        out.print(f"{player} turns face up: {_faces(moved.turned)}", highlight=False)
    if moved.looked:
        out.print(f"{player} looks at {_cards(len(moved.looked))} on their own page")
