// finis phone page: one seat's hand and moves, over a WebSocket to the table's own server.
// Plain script, no framework, no outside requests. Every text goes in as text (never HTML).
// The cards are finis's own pictures, drawn by the table and fetched from /art/<secret>/.
"use strict";
(function () {
  const secret = location.pathname.split("/").filter(Boolean).pop() || "";
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const address = scheme + "//" + location.host + "/ws/" + secret;
  const $ = (id) => document.getElementById(id);
  const SAFE_ID = /^[A-Za-z0-9._-]{1,80}$/;  // piece ids that may name a picture
  const TRIES = 10;  // a picture not drawn yet is asked for again, a little later each time
  let socket = null;
  let wait = 500;  // ms before the next try after a drop; doubles up to 5 s
  let last = null; // the newest view message
  let busy = false; // a tap was sent: wait for the table's answer
  let wasMine = false; // the seat had a move in the view before

  function connect() {
    socket = new WebSocket(address);
    socket.onopen = () => { wait = 500; setLink(true); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "view") { last = message; busy = false; render(message); }
      else if (message.type === "refused" || message.type === "error") {
        showRefusal(message.reason || "Refused.");
        busy = false;
        setBusy(false);
      }
    };
    socket.onclose = () => {
      setLink(false);
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 5000);
    };
  }

  function setLink(up) {
    const link = $("link");
    link.textContent = up ? "joined" : "offline: joining again…";
    link.classList.toggle("down", !up);
  }

  function showRefusal(text) { const r = $("refusal"); r.textContent = text; r.hidden = false; }
  function hideRefusal() { $("refusal").hidden = true; }
  function setBusy(on) {
    for (const b of document.querySelectorAll("#actions button, #hand button, #sheet-actions button")) {
      b.disabled = on;
    }
  }

  function send(action) {
    if (busy || !socket || socket.readyState !== WebSocket.OPEN || !last) return false;
    socket.send(JSON.stringify({ type: "act", action: action, turn: last.turn }));
    busy = true;
    hideRefusal();
    closeSheet();
    setBusy(true);
    return true;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // -- pictures -------------------------------------------------------------------------

  function pieceLabel(piece) {
    return String(piece).replace(/\.\d+$/, "").replace(/-/g, " ");
  }

  function picture(piece, art, alt) {
    if (!art.has(piece) || !SAFE_ID.test(piece)) return null;
    const img = el("img", "loading");
    img.alt = alt || pieceLabel(piece);
    img.draggable = false;
    const url = "/art/" + secret + "/" + piece + ".png";
    let tries = 0;
    img.onload = () => {
      img.classList.remove("loading");
      if (img.parentNode) img.parentNode.classList.add("drawn");
    };
    img.onerror = () => {  // not drawn yet: the table draws a few pictures a frame
      if (++tries > TRIES || !img.isConnected) return;
      setTimeout(() => { img.src = url + "?try=" + tries; }, 150 * tries);
    };
    img.src = url;
    return img;
  }

  function card(tag, piece, art, square, alt) {
    const node = el(tag, "card" + (square ? " square" : ""));
    node.dataset.piece = piece;
    if (piece === "?") { node.classList.add("back"); return node; }
    node.appendChild(el("span", "label", pieceLabel(piece)));
    const img = picture(piece, art, alt);
    if (img) node.appendChild(img);
    return node;
  }

  // -- the top of the table, per game, from the view's own keys (docs/views.md) ---------------

  function others(m, counts) {
    const names = m.view.names || [];
    return (counts || []).map((n, s) => (s === m.seat ? null : (names[s] || "Seat " + (s + 1)) + " " + n))
      .filter((x) => x !== null).join(" · ");
  }

  function facts(m) {
    const v = m.view || {};
    const seat = m.seat;
    const out = [];  // [label, value, big]
    const tops = [];
    const discard = (v.zones || {}).discard || [];
    if (m.game === "finita") {
      if (discard.length) tops.push(discard[discard.length - 1]);
      if (v.demand_text) out.push(["Demand", v.demand_text, true]);
      if (v.force_text) out.push(["Lay", v.force_text, !v.demand_text]);
      if (v.chain > 0) out.push(["Running draw", "+" + v.chain, true]);
      if (v.hand_counts) out.push(["Cards", others(m, v.hand_counts)]);
    } else if (m.game === "flag-finish") {
      if (v.last_discard) tops.push(v.last_discard);
      const need = (v.next_needed || [])[seat];
      if (need !== undefined) {
        out.push(["You need", need === "flag" ? "a flag" : (need === "done" ? "finished" : need), true]);
      }
      if (v.race_name) out.push(["Race", v.race_name]);
      if (v.draw_count !== undefined) out.push(["Draw pile", v.draw_count]);
      if (v.match_scores) out.push(["Your points", v.match_scores[seat]]);
    } else if (m.game === "finale") {
      const teams = v.teams || [];
      if (v.goals) out.push(["Score", (teams[0] || "") + " " + v.goals[0] + " : " + v.goals[1] + " " + (teams[1] || ""), true]);
      if (v.period) out.push(["Period", v.period + " of " + v.last_period + " (to " + v.minute + "')"]);
      if (v.attacker !== null && v.attacker !== undefined) out.push(["Attacking", teams[v.attacker] || ""]);
      if (v.hand_counts) out.push(["Cards", others(m, v.hand_counts)]);
    } else if (m.game === "finito") {
      if (v.roll !== undefined) out.push(["Roll", v.roll, true]);
      if (v.round) out.push(["Round", v.round]);
      if (v.max_rolls) out.push(["Rolls", v.rolls + " of " + v.max_rolls]);
      if (v.scores) out.push(["Your points", v.scores[seat]]);
    }
    return { out: out, tops: tops };
  }

  function renderBoard(m, art) {
    const found = facts(m);
    const top = $("top");
    const list = $("facts");
    clear(top);
    clear(list);
    for (const piece of found.tops) {
      if (art.has(piece)) top.appendChild(card("div", piece, art, false));
    }
    for (const [label, value, big] of found.out) {
      list.appendChild(el("dt", "", label));
      list.appendChild(el("dd", big ? "big" : "", value));
    }
    const grid = $("grid");
    clear(grid);
    grid.hidden = true;
    const v = m.view || {};
    if (m.game === "finito" && Array.isArray(v.layout) && v.columns) {
      // the seat's own board: each square's printed number, its counter, and (on its move)
      // the squares it may use now, as the view names them (`targets`)
      const board = (v.boards || [])[m.seat] || [];
      const targets = new Set((v.targets || [])[m.seat] || []);
      grid.style.setProperty("--columns", String(v.columns));
      v.layout.forEach((number, i) => {
        const cell = el("div", "square");
        const counter = board[i];
        if (counter) {
          cell.classList.add("taken");
          cell.appendChild(el("span", "counter", String(counter).split("-").pop()));
        } else cell.appendChild(el("span", "number", number));
        if (targets.has(i)) cell.classList.add("target");
        grid.appendChild(cell);
      });
      grid.hidden = false;
    }
    $("board").hidden = found.out.length === 0 && top.childElementCount === 0 && grid.hidden;
  }

  // -- moves ----------------------------------------------------------------------------

  function button(item, art) {
    const b = el("button");
    b.type = "button";
    b.dataset.action = item.action;
    if (item.piece && art.has(item.piece)) {
      const img = picture(item.piece, art, "");
      if (img) b.appendChild(img);
    }
    b.appendChild(el("span", "", item.words));
    b.addEventListener("click", () => send(item.action));
    return b;
  }

  // the words the moves of one piece share ("Paul Walze on for"), from the engine's words
  function shared(items) {
    let words = String(items[0].words).split(" ");
    for (const item of items.slice(1)) {
      const other = String(item.words).split(" ");
      let n = 0;
      while (n < words.length && n < other.length && words[n] === other[n]) n++;
      words = words.slice(0, n);
    }
    return words.join(" ");
  }

  // a long row of one kind split by the first word of the engine's words, when that makes a
  // few readable rows (Petra's "Higher than ..." apart from her "Lower than ...")
  function split(buttons) {
    if (buttons.length <= 8) return [buttons];
    const parts = new Map();
    for (const b of buttons) {
      const first = b.textContent.trim().split(" ")[0];
      if (!parts.has(first)) parts.set(first, []);
      parts.get(first).push(b);
    }
    return parts.size >= 2 && parts.size <= 6 ? [...parts.values()] : [buttons];
  }

  function chooser(items, art, square) {
    const piece = items[0].piece;
    const b = el("button", "chooser");
    b.type = "button";
    b.dataset.piece = piece;
    if (art.has(piece)) {
      const img = picture(piece, art, "");
      if (img) b.appendChild(img);
    }
    b.appendChild(el("span", "", (shared(items) || pieceLabel(piece)) + " …"));
    b.addEventListener("click", () => { if (!busy) openSheet(piece, items, art, square); });
    return b;
  }

  function openSheet(piece, items, art, square) {
    const sheet = $("sheet");
    const spot = $("sheet-card");
    clear(spot);
    if (art.has(piece)) spot.appendChild(card("div", piece, art, square));
    const list = $("sheet-actions");
    clear(list);
    for (const item of items) {
      const b = el("button", "", item.words);
      b.type = "button";
      b.dataset.action = item.action;
      b.addEventListener("click", () => send(item.action));
      list.appendChild(b);
    }
    sheet.hidden = false;
  }
  function closeSheet() { $("sheet").hidden = true; }

  function render(m) {
    const view = m.view || {};
    const names = view.names || [];
    const art = new Set(m.art || []);
    const square = m.game === "finito";
    closeSheet();
    $("who").textContent = m.name || names[m.seat] || ("Seat " + (m.seat + 1));
    $("status").textContent = view.status || "";
    const toAct = m.to_act || [];
    const mine = toAct.includes(m.seat) && (m.legal || []).length > 0;
    const acting = toAct.map((s) => (s === m.seat ? "you" : (names[s] || "Seat " + (s + 1))));
    const turn = $("turn");
    turn.textContent = m.over ? "The game is over." :
      m.hands_down ? "Cards face down: wait for the start." :
      (mine && toAct.length === 1 ? "Your move" : (acting.length ? "To act: " + acting.join(", ") : ""));
    turn.classList.toggle("mine", mine && !m.over);
    if (mine && !wasMine && navigator.vibrate) navigator.vibrate(60);  // your move: a nudge
    wasMine = mine;
    renderBoard(m, art);

    // the hand, each card tappable when a legal action moves it
    const handZone = m.hand || ("hand" + m.seat);
    const hand = (view.zones || {})[handZone] || [];
    const byPiece = new Map();
    const loose = [];
    for (const item of m.legal || []) {
      if (item.piece && item.from === handZone && hand.includes(item.piece)) {
        if (!byPiece.has(item.piece)) byPiece.set(item.piece, []);
        byPiece.get(item.piece).push(item);
      } else loose.push(item);
    }
    $("hand-title").hidden = hand.length === 0;
    $("hand-title").textContent = square ? "Your counters" : "Your hand";
    const tiles = $("hand");
    clear(tiles);
    // as large as the width allows: a few cards in one row, many in rows of five or more
    const room = tiles.clientWidth || 336;
    tiles.style.setProperty("--per", String(Math.min(Math.max(hand.length, 3), Math.max(5, Math.floor(room / 120)))));
    for (const piece of hand) {
      const items = byPiece.get(piece);
      if (items) {
        const words = items.map((i) => i.words).join(" / ");
        const node = card("button", piece, art, square, words);
        node.type = "button";
        node.classList.add("playable");
        // Finita's strict table takes any card at a price: those that do not fit stay unlit
        if ((view.misfits || []).includes(piece)) node.classList.add("misfit");
        node.setAttribute("aria-label", words);
        node.addEventListener("click", () => {
          if (busy) return;
          if (items.length === 1) send(items[0].action);
          else openSheet(piece, items, art, square);
        });
        tiles.appendChild(node);
      } else {
        const node = card("div", piece, art, square);
        if (piece !== "?" && mine) node.classList.add("idle");  // dimmed only on one's move
        node.setAttribute("aria-disabled", "true");
        tiles.appendChild(node);
      }
    }

    $("main").classList.toggle("cards-first", byPiece.size > 0);

    // the other moves, as big buttons: the moves of one piece (a player coming on for one
    // of several) behind one button that asks which; the rest grouped by their kind (verb)
    const actions = $("actions");
    clear(actions);
    const groups = new Map();
    for (const item of loose) {
      const key = item.piece ? "piece " + item.piece : "verb " + (String(item.action).split(" ")[1] || "");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(item);
    }
    const rows = new Map();  // a row of buttons per kind of key
    for (const [key, items] of groups) {
      const row = key.startsWith("piece ") ? "pieces " + String(items[0].action).split(" ")[1] : key;
      if (!rows.has(row)) rows.set(row, []);
      if (key.startsWith("piece ") && items.length > 1) rows.get(row).push(chooser(items, art, square));
      else for (const item of items) rows.get(row).push(button(item, art));
    }
    for (const buttons of rows.values()) {
      for (const part of split(buttons)) {
        const short = part.every((b) => b.textContent.length <= 16);  // three a row fit
        const group = el("div", "group" + (part.length > 6 && short ? " many" : ""));
        for (const b of part) group.appendChild(b);
        actions.appendChild(group);
      }
    }

    const said = $("said");
    clear(said);
    for (const line of (m.said || []).slice(-5)) said.appendChild(el("li", "", line));
  }

  $("sheet-back").addEventListener("click", closeSheet);
  $("sheet").addEventListener("click", (event) => { if (event.target === $("sheet")) closeSheet(); });
  connect();
})();
