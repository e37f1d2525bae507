// finis phone page: one seat's hand and moves, over a WebSocket to the table's own server.
// Plain script, no framework, no outside requests. Every text goes in as text (never HTML).
"use strict";
(function () {
  const secret = location.pathname.split("/").filter(Boolean).pop() || "";
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const address = scheme + "//" + location.host + "/ws/" + secret;
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let wait = 500;  // ms before the next try after a drop; doubles up to 5 s
  let last = null; // the newest view message

  function connect() {
    socket = new WebSocket(address);
    socket.onopen = () => { wait = 500; setLink(true); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "view") { last = message; render(message); }
      else if (message.type === "refused" || message.type === "error") {
        showRefusal(message.reason || "Refused.");
        enableButtons();
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
  function enableButtons() {
    for (const b of $("actions").querySelectorAll("button")) b.disabled = false;
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last) return false;
    socket.send(JSON.stringify({ type: "act", action: action, turn: last.turn }));
    return true;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function render(m) {
    const view = m.view || {};
    const names = view.names || [];
    $("who").textContent = m.name || names[m.seat] || ("Seat " + (m.seat + 1));
    $("status").textContent = view.status || "";
    const acting = (m.to_act || []).map((s) => (s === m.seat ? "you" : (names[s] || "Seat " + (s + 1))));
    $("turn").textContent = m.over ? "The game is over." :
      (acting.length ? "To act: " + acting.join(", ") : "");
    const actions = $("actions");
    clear(actions);
    for (const item of m.legal || []) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = item.words;
      button.dataset.action = item.action;
      button.addEventListener("click", () => {
        if (send(item.action)) {
          hideRefusal();
          for (const b of actions.querySelectorAll("button")) b.disabled = true;
        }
      });
      actions.appendChild(button);
    }
    const zones = view.zones || {};
    const hand = zones["hand" + m.seat] || [];
    $("hand-title").hidden = hand.length === 0;
    const tiles = $("hand");
    clear(tiles);
    for (const piece of hand) {
      const tile = document.createElement("div");
      tile.className = "tile";
      if (piece === "?") tile.classList.add("back");
      else {
        const colour = String(piece).split("-")[0];
        if (["red", "yellow", "green", "blue"].includes(colour)) tile.classList.add(colour);
        tile.textContent = String(piece).replace(/\.\d+$/, "").replace(/-/g, " ");
      }
      tile.dataset.piece = piece;
      tiles.appendChild(tile);
    }
    const said = $("said");
    clear(said);
    for (const line of (m.said || []).slice(-5)) {
      const li = document.createElement("li");
      li.textContent = line;
      said.appendChild(li);
    }
  }

  connect();
})();
