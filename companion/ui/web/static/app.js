// companion serve: live updates for the clock, the dealer's page and a player's page.
// The first HTML already shows everything; this script keeps it current (server-sent
// events), counts the seconds down between updates, rings and flashes before and at a
// level change, keeps the screen awake, and sends the dealer's buttons without a reload.
"use strict";
(function () {
  const body = document.body;
  const page = body.dataset.page;
  const $ = (id) => document.getElementById(id);
  let doc = JSON.parse($("doc").textContent || "{}");
  let received = performance.now();
  let soundOn = false;
  let audio = null;
  let wakeLock = null;

  const clockOf = (d) => (page === "clock" ? d : d.clock || {});

  // The clock's own rounding: time left rounds up, time played rounds down.
  function clockText(seconds, countingUp) {
    if (seconds === null || seconds === undefined) return "--:--";
    const whole = Math.max(0, countingUp ? Math.floor(seconds + 1e-9) : Math.ceil(seconds - 1e-9));
    const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  }

  function setText(id, text) {
    const el = $(id);
    if (el && el.textContent !== text) el.textContent = text;
  }

  function show(id, visible) {
    const el = $(id);
    if (el) el.hidden = !visible;
  }

  function list(id, items, make) {
    const el = $(id);
    if (!el) return;
    el.replaceChildren(...items.map(make));
  }

  function li(text, cls) {
    const el = document.createElement("li");
    el.textContent = text;
    if (cls) el.className = cls;
    return el;
  }

  // -- the table's public facts: every page shows the same ones from its own view --------

  const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

  function face(card) {
    const el = document.createElement("span");
    const id = card.id || "";
    el.dataset.card = id; // which card, for a program reading the page (the tests)
    if ((card.deck === "main" || card.deck === "standard") && id.length === 2 && SUITS[id[1]]) {
      el.className = `pip ${"hd".includes(id[1]) ? "red" : "black"}`;
      const rank = id[0].toUpperCase();
      el.textContent = (rank === "T" ? "10" : rank) + SUITS[id[1]];
      el.title = card.name;
    } else {
      el.className = "pip named";
      el.textContent = card.name;
      el.title = card.text || "";
    }
    return el;
  }

  function renderFacts(v) {
    v = v || {};
    show("victory", !!v.victory);
    setText("victory", v.victory ? v.victory.text : "");
    const board = v.board || [];
    show("board-part", board.length > 0);
    const boardEl = $("board");
    if (boardEl) boardEl.replaceChildren(...board.map(face));
    const open = [];
    for (const o of v.open_cards || []) {
      const last = open[open.length - 1];
      if (last && last.whose === o.whose && last.where === o.where) last.cards.push(o.card);
      else open.push({ whose: o.whose, where: o.where, cards: [o.card] });
    }
    show("open-part", open.length > 0);
    list("open-cards", open, (o) => {
      const item = document.createElement("li");
      if (o.whose) {
        const who = document.createElement("strong");
        who.textContent = o.whose;
        item.append(who, " ");
      }
      if (o.where) {
        const where = document.createElement("span");
        where.className = "hint";
        where.textContent = o.where;
        item.append(where, " ");
      }
      item.append(...o.cards.map(face));
      return item;
    });
    show("targets", !!v.targets);
    setText("targets", v.targets || "");
  }

  function renderTable(columns, rows) {
    const head = document.querySelector("#players thead tr");
    if (head) {
      head.replaceChildren(
        ...["player", ...(columns || [])].map((name) => {
          const th = document.createElement("th");
          th.textContent = name;
          return th;
        }),
      );
    }
    const tbody = document.querySelector("#players tbody");
    if (tbody) {
      tbody.replaceChildren(
        ...(rows || []).map((row) => {
          const tr = document.createElement("tr");
          for (const v of row) {
            const td = document.createElement("td");
            td.textContent = String(v);
            tr.append(td);
          }
          return tr;
        }),
      );
    }
  }

  const seatRows = (v) => (v.seats || []).map((s) => [s.name, ...Object.values(s.standing || {})]);

  function renderClock(c) {
    show("message", !c.running);
    show("act-start-clock", !c.running);
    // a level that only deals end has no time limit: no minute to give or take
    show("act-minus-minute", !(c.running && c.counting_up));
    show("act-plus-minute", !(c.running && c.counting_up));
    show("face", !!c.face);
    setText("message", c.message || "");
    // a phone's one-line clock: the level as the table has it now (tick() runs only a clock)
    const mini = $("mini");
    if (mini && !c.running) mini.textContent = c.title || "";
    if (!c.face) return;
    // levels that only deals end (or no clock at all): the deal is the big figure
    const faceEl = $("face");
    if (faceEl) faceEl.classList.toggle("by-deals", !!c.by_deals || c.timed === false);
    show("time", c.timed !== false);
    show("state", c.timed !== false);
    setText("title", c.title + " ");
    const then = $("then");
    if (then) {
      then.textContent = c.then || "";
      $("title").appendChild(then);
    }
    setText("stakes", c.stakes || "");
    setText("state", c.over ? "game over" : c.paused ? "paused" : c.time_label || "");
    const state = $("state");
    if (state) state.classList.toggle("quiet", !(c.over || c.paused));
    setText("deals", c.deals_text || "");
    setText("next", c.next || "");
    setText("break", c.next_break || "");
    setText("bonus", c.bonus || "");
    list("notes", c.notes || [], (n) => li(n));
    show("encounter", !!c.encounter);
    if (c.encounter) {
      setText("encounter-head", c.encounter.headline);
      setText("encounter-text", c.encounter.text);
    }
    list("bar", c.bar || [], (cell) => li(cell.label, `${cell.where} ${cell.kind}`));
    const time = $("time");
    if (time) time.classList.toggle("paused", !!c.paused);
    tick();
  }

  function tick() {
    const c = clockOf(doc);
    if (!c.running) return;
    const passed = c.paused ? 0 : (performance.now() - received) / 1000;
    const text = c.counting_up
      ? clockText((c.elapsed || 0) + passed, true)
      : clockText(Math.max(0, (c.remaining || 0) - passed), false);
    setText("time", text);
    if (page === "clock") document.title = `${text} · ${c.title}`;
    const mini = $("mini");
    if (mini) mini.textContent = `${c.title} · ${c.stakes} · ${text}${c.paused ? " (paused)" : ""}`;
  }

  function renderPlayer(d) {
    setText("said", $("said").textContent);
    renderBetting(d.betting, d.my_legal || [], false);
    renderActions(d.my_actions || [], d.seen);
    renderFacts(d);
    list("lines", d.lines || [], (line) => li(line));
    renderTable(d.columns, seatRows(d));
    const standing = $("standing");
    if (standing) {
      const rows = [];
      for (const [key, value] of Object.entries(d.standing || {})) {
        if (key === "targets") continue;
        const dt = document.createElement("dt");
        dt.textContent = key.replaceAll("_", " ");
        const dd = document.createElement("dd");
        dd.textContent = value === null || value === undefined ? "-" : String(value);
        rows.push(dt, dd);
      }
      standing.replaceChildren(...rows);
    }
    show("choosing", (d.choosing || []).length > 0);
    const base = location.pathname.replace(/\/$/, "");
    list("choices", d.choosing || [], (card) => {
      const form = document.createElement("form");
      form.className = "card";
      form.method = "post";
      form.action = `${base}/choose`;
      form.append(cardBody(card));
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "character";
      input.value = card.id;
      const button = document.createElement("button");
      button.type = "submit";
      button.textContent = `Keep ${card.name}`;
      form.append(input, button);
      return form;
    });
    // the hand first, as the cards read (rank and suit), then treasures and character
    const playing = (c) => c.deck === "main" || c.deck === "standard"; // the hand's playing cards
    const hand = (d.cards || []).filter(playing);
    show("hand-part", hand.length > 0 || (d.unseen || 0) > 0);
    list("hand", hand, (card) => {
      const held = document.createElement("span");
      held.className = "held";
      held.append(face(card));
      if (card.face === "up") {
        const up = document.createElement("small");
        up.textContent = "face up";
        held.append(up);
      }
      return held;
    });
    show("unseen", (d.unseen || 0) > 0);
    setText("unseen-count", String(d.unseen || 0));
    const cards = (d.cards || []).filter((c) => !playing(c));
    if (cards.length) {
      list("cards", cards, (card) => {
        const article = document.createElement("article");
        article.className = "card";
        article.append(cardBody(card));
        return article;
      });
    } else {
      list("cards", [0], () => {
        const p = document.createElement("p");
        p.className = "hint";
        p.textContent = "You hold no cards.";
        return p;
      });
    }
  }

  function cardBody(card) {
    const frag = document.createDocumentFragment();
    const h = document.createElement("h3");
    h.textContent = card.name;
    const kind = document.createElement("p");
    kind.className = "kind";
    kind.textContent = card.class + (card.pile === "in_play" ? " · in front of you" : "");
    const text = document.createElement("p");
    text.textContent = card.text;
    const notes = document.createElement("ul");
    for (const note of card.notes || []) notes.append(li(note));
    frag.append(h, kind, text, notes);
    return frag;
  }

  // -- the betting: whose turn, the bets, and the buttons of the one to act ----------------

  const fmt = (n) => Number(n).toLocaleString("en-US");

  function betLabel(a) {
    if (a.action === "call") return `call ${fmt(a.min)}`;
    if (a.action === "all-in") return `all-in (${fmt(a.min)})`;
    return a.action;
  }

  function renderBetting(b, legal, dealer) {
    show("betting", !!b);
    if (!b) return;
    setText("turn", b.turn_text || "");
    const rows = Object.entries(b.bets || {}).map(([p, bet]) => {
      const tr = document.createElement("tr");
      if (p === b.to_act) tr.className = "to-act";
      const mark = p === b.to_act ? "to act" : (b.folded || []).includes(p) ? "folded"
        : (b.all_in || []).includes(p) ? "all-in" : "";
      for (const text of [p, fmt(bet), fmt((b.stacks || {})[p] || 0), mark]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
    const body = document.querySelector("#bets tbody");
    if (body) body.replaceChildren(...rows);
    const form = $("bet-form");
    if (!form) return;
    form.hidden = legal.length === 0;
    form.elements.step.value = String(b.step);
    if (dealer && form.elements.player) {
      form.elements.player.value = b.to_act || "";
      setText("bet-for", b.to_act ? `for ${b.to_act}` : "");
    }
    list("bet-buttons", legal, (a) => {
      const button = document.createElement("button");
      button.type = "submit";
      button.name = "action";
      button.value = a.action;
      button.textContent = betLabel(a);
      return button;
    });
    const sized = legal.find((a) => a.action === "bet" || a.action === "raise");
    show("bet-amount", !!sized);
    const amount = form.elements.amount;
    if (sized && amount) {
      const changed = amount.min !== String(sized.min) || amount.max !== String(sized.max);
      amount.min = String(sized.min);
      amount.max = String(sized.max);
      if (changed || !amount.value) amount.value = String(sized.min);
    }
  }

  // -- a player's own actions of their game (DECKO's raise, call, fold and buying) ----------

  function renderActions(actions, seen) {
    show("acting", actions.length > 0);
    const form = $("act-form");
    if (!form) return;
    form.elements.seen.value = String(seen || 0);
    list("act-buttons", actions, (a) => {
      const button = document.createElement("button");
      button.type = "submit";
      button.name = "act";
      button.value = a.action;
      button.textContent = a.label;
      return button;
    });
    const slotted = actions.some((a) => a.action === "buy" || a.action === "fold");
    show("act-slot", slotted);
    show("act-hint", slotted);
  }

  function renderDealer(d) {
    renderBetting(d.betting, d.betting ? d.betting.legal || [] : [], true);
    renderFacts(d);
    renderTable(d.columns, d.rows);
    list("lines", d.lines || [], (line) => li(line));
    list("history", d.history || [], (e) => li(`#${e.id} ${e.summary}`));
    const next = d.undo_next;
    setText("undo-next", next ? `takes back #${next.id} ${next.summary}` : "nothing to undo");
    const order = document.querySelector("#showdown input[name=result]");
    if (order) order.placeholder = (d.to_place || []).join(" > ");
  }

  function renderTv(d) {
    const v = d.view || {};
    renderBetting(v.betting, [], false);
    renderFacts(v);
    show("tv-table", (v.seats || []).length > 0);
    const grid = $("tv-grid");
    if (grid) grid.classList.toggle("with-table", (v.seats || []).length > 0);
    list("lines", v.lines || [], (line) => li(line));
    renderTable(v.columns, seatRows(v));
  }

  function render() {
    body.dataset.version = String(doc.version || 0);
    renderClock(clockOf(doc));
    if (page === "clock") renderTv(doc);
    if (page === "player") renderPlayer(doc);
    if (page === "dealer") renderDealer(doc);
  }

  // -- sound, flash and wake lock ------------------------------------------------------

  function beep(times) {
    if (!soundOn || !audio) return;
    for (let i = 0; i < times; i++) {
      const start = audio.currentTime + i * 0.35;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = times > 1 ? 880 : 660;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.32);
    }
  }

  function flash(kind) {
    body.classList.remove("flash-warning", "flash-change");
    void body.offsetWidth; // restart the animation
    body.classList.add(`flash-${kind}`);
    body.dataset.alert = kind;
    setTimeout(() => body.classList.remove(`flash-${kind}`), 3000);
  }

  function alertBetween(before, after) {
    if (!before.running || !after.running) return;
    if (JSON.stringify(before.stage) !== JSON.stringify(after.stage)) {
      flash("change");
      beep(3);
    } else if (after.warning && !before.warning) {
      flash("warning");
      beep(1);
    }
  }

  async function keepAwake() {
    try {
      if ("wakeLock" in navigator && !wakeLock) {
        wakeLock = await navigator.wakeLock.request("screen");
        wakeLock.addEventListener("release", () => (wakeLock = null));
      }
    } catch (err) {
      wakeLock = null; // not allowed here (an insecure page, a hidden tab)
    }
  }

  const sound = $("sound");
  if (sound) {
    soundOn = localStorage.getItem("companion-sound") === "on";
    const label = () => {
      sound.textContent = soundOn ? "sound on" : "sound off";
      sound.setAttribute("aria-pressed", String(soundOn));
    };
    label();
    sound.addEventListener("click", () => {
      soundOn = !soundOn;
      localStorage.setItem("companion-sound", soundOn ? "on" : "off");
      if (soundOn && !audio) audio = new (window.AudioContext || window.webkitAudioContext)();
      label();
      beep(1);
      keepAwake();
    });
  }
  document.addEventListener("click", () => {
    if (soundOn && !audio) audio = new (window.AudioContext || window.webkitAudioContext)();
    keepAwake();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") keepAwake();
  });
  keepAwake();

  // -- the dealer's buttons and a player's choice, without a reload ------------------------

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(form).entries());
    if (event.submitter && event.submitter.name) fields[event.submitter.name] = event.submitter.value;
    let text;
    try {
      // the attribute: a control named "action" (the betting's buttons) hides the property
      const answer = await fetch(form.getAttribute("action"), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(fields),
      });
      const data = await answer.json();
      text = data.ok ? data.message : `error: ${data.error}`;
    } catch (err) {
      text = "error: the server did not answer";
    }
    setText("said", text);
  });

  // -- live updates ----------------------------------------------------------------------

  function listen() {
    const source = new EventSource(body.dataset.events);
    source.onmessage = (event) => {
      const next = JSON.parse(event.data);
      alertBetween(clockOf(doc), clockOf(next));
      doc = next;
      received = performance.now();
      render();
    };
    source.onerror = () => {
      body.classList.add("offline");
      // A closed stream was refused (a deleted table, a replaced link), not cut off: the
      // page is loaded again to say why. A stopped server leaves it reconnecting instead.
      if (source.readyState === EventSource.CLOSED) setTimeout(() => location.reload(), 3000);
    };
    source.onopen = () => body.classList.remove("offline");
  }

  render();
  listen();
  setInterval(tick, 250);
})();
