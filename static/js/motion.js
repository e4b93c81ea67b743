// Cards that travel. Every answer replaces the board (#board) or the table (#table)
// whole, so on its own a card would jump: it would vanish from one place and appear in
// another. Around each swap this script measures where every card was and where it is
// now, and plays the difference back (FLIP: first, last, invert, play) with the Web
// Animations API, which the Content Security Policy allows.
//
// It only ever animates what the answer drew: a card the server has not played yet is
// not in the page, so it cannot be shown early. Animations move `transform` and
// `opacity` only, so they never lay anything out again (no layout shift) and never hold
// up the next step: a computer's card still comes every 450 ms, and the next swap simply
// starts from wherever a card is at that moment. Cards stay pressable while they move
// (presses.js keeps a press made during a swap). Cards that leave (a removed pair, a
// gathered trick, passed cards) fly as copies in a layer of their own, which nothing can
// press or read (aria-hidden, inert). Under prefers-reduced-motion nothing travels. A
// Heart to Heart win ends with a celebration (see `celebrate`).
(function () {
  "use strict";

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const EASE = "cubic-bezier(.2, .7, .3, 1)";
  const TRAVEL = 260; // a card to its new place: done well inside the 450-ms cadence
  const SWEEP = 380; // a gathered trick to its winner
  const PASS = 420; // passed cards to their receiver, received ones into the hand
  const LEAVE = 320; // a removed pair leaves the heart
  const DEAL = 300; // one card of a new deal, each a little after the one before
  const DEAL_STAGGER = 28;
  const TOUCHABLE_SHIFT = 12; // px: a card moving further than this is not pressed on the way

  // Which seat sits where, and who receives a pass (docs/rules.md#hearts-pass).
  const PASS_TO = { left: "1", across: "2", right: "3" };
  const PASS_FROM = { left: "3", across: "2", right: "1" };
  const HUMAN = "0";

  let before = null; // what the page looked like just before the current swap
  // Every start of a move waits here until all of the new page has been measured: an
  // animation started between two measurements makes the browser work out styles and
  // layout again for the next one, once per card.
  let starts = [];

  function centre(rect) {
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }

  function baseTransform(element) {
    const transform = getComputedStyle(element).transform;
    return transform === "none" ? "" : transform;
  }

  // A card's place, and a copy of it that can fly once the card itself is gone.
  function record(element) {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      rect,
      element,
      cw: style.getPropertyValue("--cw"),
      ch: style.getPropertyValue("--ch"),
    };
  }

  function snapshot(root) {
    const cards = new Map();
    const places = new Map();
    const game = root.id === "table" ? "hearts" : "heart-to-heart";
    if (game === "hearts") {
      root.querySelectorAll("[data-card]").forEach((card) => cards.set(card.dataset.card, record(card)));
      const winner = root.querySelector(".trick-card.winner");
      const pass = root.querySelector("#pass-cards[data-pass-direction]");
      return {
        id: root.id, game, cards, places,
        phase: root.dataset.phase,
        winner: winner && winner.dataset.seat,
        passDirection: pass && pass.dataset.passDirection,
        handSize: root.querySelectorAll(".hand [data-card]").length,
      };
    }
    root.querySelectorAll(".heart [data-pos]").forEach((slot) => {
      cards.set(`pos-${slot.dataset.pos}`, { ...record(slot), state: slot.dataset.state });
    });
    root.querySelectorAll("[data-pile]").forEach((pile) => {
      places.set(pile.dataset.pile, { ...record(pile), count: Number(pile.dataset.count) });
    });
    return { id: root.id, game, cards, places };
  }

  // The layer the leaving copies fly in: fixed to the window, above the table, inert.
  function layer() {
    let found = document.getElementById("motion-layer");
    if (!found) {
      found = document.createElement("div");
      found.id = "motion-layer";
      found.className = "motion-layer";
      found.setAttribute("aria-hidden", "true");
      found.inert = true;
      document.body.appendChild(found);
    }
    return found;
  }

  // A copy of a card that has left the page, drawn where it was, ready to fly.
  function ghost(was) {
    const copy = was.element.cloneNode(true);
    copy.removeAttribute("id");
    copy.querySelectorAll("[id]").forEach((inner) => inner.removeAttribute("id"));
    // A copy is no longer the card: it keeps only what draws its face (data-rank,
    // data-card), never the hooks that say where a card is or what it does.
    [copy, ...copy.querySelectorAll("*")].forEach((part) => {
      [...part.attributes].forEach(({ name }) => {
        if (name.startsWith("data-") && name !== "data-rank" && name !== "data-card") {
          part.removeAttribute(name);
        }
      });
    });
    copy.querySelectorAll("button").forEach((button) => { button.disabled = true; });
    if (copy.tagName === "BUTTON") copy.disabled = true;
    copy.tabIndex = -1;
    copy.classList.add("motion-ghost");
    const style = copy.style;
    style.left = `${was.rect.left}px`;
    style.top = `${was.rect.top}px`;
    style.width = `${was.rect.width}px`;
    style.height = `${was.rect.height}px`;
    if (was.cw) style.setProperty("--cw", was.cw);
    if (was.ch) style.setProperty("--ch", was.ch);
    layer().appendChild(copy);
    return copy;
  }

  function fly(was, to, { duration, scale = 0.55, fade = true }) {
    const from = centre(was.rect);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    starts.push(() => {
      const copy = ghost(was);
      const animation = copy.animate([
        { transform: "none", opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: fade ? 0 : 1 },
      ], { duration, easing: EASE, fill: "both" });
      animation.finished.then(() => copy.remove(), () => copy.remove());
    });
  }

  // Play a card's move from `from` (a point) to where it now is.
  function arrive(element, from, {
    duration = TRAVEL, delay = 0, scale = 1, extra = [], passThrough = false,
  } = {}) {
    const base = baseTransform(element);
    const now = centre(element.getBoundingClientRect());
    const dx = from.x - now.x;
    const dy = from.y - now.y;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && scale === 1 && !extra.length) return;
    const first = { transform: `translate(${dx}px, ${dy}px) scale(${scale}) ${base}` };
    starts.push(() => {
      const animation = element.animate([first, ...extra, { transform: base || "none" }],
        { duration, delay, easing: EASE, fill: "backwards" });
      // The stock's card flies over the stock: a press there (the stock, tapped again
      // while its last card is on its way) belongs to the stock, not to the card passing
      // over it. (An attribute, not a class: htmx puts the swapped element's classes
      // back as it settles, which would take a class added here away at once.)
      if (passThrough && Math.hypot(dx, dy) > TOUCHABLE_SHIFT) {
        element.dataset.inFlight = "true";
        const land = () => { delete element.dataset.inFlight; };
        animation.finished.then(land, land);
      }
    });
  }

  function moved(element, was) {
    const now = element.getBoundingClientRect();
    arrive(element, centre(was.rect), { scale: was.rect.width / (now.width || 1) });
  }

  function seatPoint(root, seat) {
    const where = seat === HUMAN
      ? root.querySelector(".my-seat .hand") || root.querySelector(".my-seat")
      : root.querySelector(`.seat[data-seat-info="${seat}"] .backs`) ||
        root.querySelector(`.seat[data-seat-info="${seat}"]`);
    return where && centre(where.getBoundingClientRect());
  }

  function hearts(was, root) {
    const trick = root.querySelector("[data-trick]");
    const dealt = [];
    root.querySelectorAll("[data-card]").forEach((card) => {
      const old = was.cards.get(card.dataset.card);
      if (old) return moved(card, old);
      if (card.classList.contains("trick-card")) {
        const from = seatPoint(root, card.dataset.seat); // a computer's card, from its seat
        if (from) arrive(card, from, { scale: 0.6 });
      } else if (card.dataset.received === "true" && was.passDirection) {
        const from = seatPoint(root, PASS_FROM[was.passDirection]);
        if (from) arrive(card, from, { duration: PASS, delay: PASS / 2, scale: 0.6 });
      } else {
        dealt.push(card);
      }
    });
    // A new deal: the cards come from the middle of the table, one after another.
    if (dealt.length && was.handSize === 0 && trick) {
      const from = centre(trick.getBoundingClientRect());
      dealt.forEach((card, i) => arrive(card, from, {
        duration: DEAL, delay: i * DEAL_STAGGER, scale: 0.5,
      }));
    }
    // Cards that left: a gathered trick goes to its winner, passed cards to the receiver.
    was.cards.forEach((old, code) => {
      if (root.querySelector(`[data-card="${code}"]`)) return;
      const inTrick = old.element.classList.contains("trick-card");
      const seat = inTrick ? was.winner : was.passDirection && PASS_TO[was.passDirection];
      const to = seat && seatPoint(root, seat);
      if (to) fly(old, to, { duration: inTrick ? SWEEP : PASS, scale: inTrick ? 0.5 : 0.6 });
    });
  }

  function heartToHeart(was, root) {
    root.querySelectorAll(".heart [data-pos]").forEach((slot) => {
      const old = was.cards.get(`pos-${slot.dataset.pos}`);
      if (!old) return;
      const state = slot.dataset.state;
      if (state === "removed" && old.state !== "removed") {
        // A removed pair leaves the heart: up and away.
        const from = centre(old.rect);
        fly(old, { x: from.x, y: from.y - old.rect.height * 0.6 },
          { duration: LEAVE, scale: 0.85 });
      } else if (state !== "removed" && old.state === "removed") {
        // Undone: the pair comes back down into its place.
        const now = centre(slot.getBoundingClientRect());
        arrive(slot, { x: now.x, y: now.y - slot.offsetHeight * 0.6 }, {
          duration: LEAVE, scale: 0.85,
        });
      } else if (state === "free" && old.state === "covered") {
        // Uncovered: the card comes free with a small lift.
        starts.push(() => slot.animate([
          { transform: "none", filter: "brightness(.94)" },
          { transform: "translateY(-6px)", filter: "brightness(1.08)", offset: 0.45 },
          { transform: "none", filter: "none" },
        ], { duration: 360, delay: 120, easing: "ease-out" }));
      } else {
        moved(slot, old);
      }
    });
    piles(was, root);
  }

  function piles(was, root) {
    const stock = root.querySelector("[data-pile='stock']");
    const waste = root.querySelector("[data-pile='waste']");
    const oldStock = was.places.get("stock");
    const oldWaste = was.places.get("waste");
    if (!stock || !waste || !oldStock || !oldWaste) return;
    const stockCount = Number(stock.dataset.count);
    const wasteCount = Number(waste.dataset.count);
    if (stockCount < oldStock.count && wasteCount > oldWaste.count) {
      // The stock's card turns over onto the waste.
      const from = centre(oldStock.rect);
      const now = centre(waste.getBoundingClientRect());
      arrive(waste, from, {
        passThrough: true,
        extra: [{
          transform: `translate(${(from.x - now.x) / 2}px, ${(from.y - now.y) / 2}px) scaleX(0.05)`,
          offset: 0.45,
        }],
      });
    } else if (stockCount > oldStock.count && oldWaste.count > 0) {
      // A redeal (or an undone turn): the waste goes back into the stock.
      fly(oldWaste, centre(stock.getBoundingClientRect()),
        { duration: TRAVEL, scale: 0.95, fade: false });
    } else if (wasteCount < oldWaste.count && stockCount === oldStock.count) {
      // The waste's card left in a pair.
      const from = centre(oldWaste.rect);
      fly(oldWaste, { x: from.x, y: from.y - oldWaste.rect.height * 0.6 },
        { duration: LEAVE, scale: 0.85 });
    }
  }

  // A Heart to Heart win ends with hearts rising from where the heart was; under reduced
  // motion, calmly: the win dialog fades in and nothing moves.
  const HEARTS = 18;
  function celebrate(root) {
    const heart = root.querySelector(".heart");
    const dialog = root.querySelector("[data-dialog='won']");
    if (dialog) dialog.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 450, easing: "ease-out" });
    if (reduced.matches || !heart) return;
    const box = heart.getBoundingClientRect();
    for (let i = 0; i < HEARTS; i++) {
      const spark = document.createElement("span");
      spark.className = "celebration-heart";
      spark.textContent = "♥";
      const x = box.left + box.width * ((i + 0.5) / HEARTS);
      const y = box.top + box.height * (0.35 + 0.6 * ((i * 7) % HEARTS) / HEARTS);
      spark.style.left = `${x}px`;
      spark.style.top = `${y}px`;
      spark.style.fontSize = `${18 + ((i * 5) % 4) * 7}px`;
      layer().appendChild(spark);
      const drift = ((i * 37) % 60) - 30;
      const flight = spark.animate([
        { transform: "translate(-50%, 0) scale(.4)", opacity: 0 },
        { transform: "translate(-50%, -30px) scale(1)", opacity: 1, offset: 0.2 },
        { transform: `translate(calc(-50% + ${drift}px), -${box.height * 0.7}px) scale(.8)`, opacity: 0 },
      ], { duration: 1500, delay: (i % 6) * 90, easing: "ease-out", fill: "both" });
      flight.finished.then(() => spark.remove(), () => spark.remove());
    }
  }

  // The swapped part: the Hearts table, the Heart to Heart board, or an Examples step,
  // whose board is inside it.
  function swapped(event) {
    const target = event.detail.target;
    if (!target) return null;
    if (target.id === "example") return target.querySelector("#board");
    return target.id === "table" || target.id === "board" ? target : null;
  }

  // The moves are measured and started in the next frame, before it is painted, so the
  // card is never seen in its new place first. Measuring the new page lays it out; done
  // in the frame, that layout is the frame's own, not added to htmx's task that swapped
  // the answer in, and neither task grows long (docs/performance.md#one-task). An answer
  // swapped in before that frame first plays the moves of the one before it. A frame that
  // comes late (a tab in the background draws none) plays nothing: the page is already
  // as it should be, and a card flying in long after its move would only mislead.
  const LATE = 250; // ms
  let frame = 0;
  let inFrame = null;
  let swappedAt = 0;
  function nextFrame(run) {
    inFrame = run;
    swappedAt = performance.now();
    frame = requestAnimationFrame(playNow);
  }
  function playNow() {
    if (!inFrame) return;
    cancelAnimationFrame(frame);
    const run = inFrame;
    inFrame = null;
    if (performance.now() - swappedAt < LATE) run();
  }

  let wasPlaying = false; // the board was being played before this swap (not yet won)
  document.addEventListener("htmx:beforeSwap", (event) => {
    playNow();
    const target = swapped(event);
    wasPlaying = Boolean(target && target.id === "board" && target.dataset.status === "playing");
    before = null;
    if (reduced.matches || !event.detail.shouldSwap || !target) return;
    before = snapshot(target);
  });

  document.addEventListener("htmx:afterSwap", () => {
    const board = document.getElementById("board");
    const won = wasPlaying && board && board.dataset.status === "won";
    wasPlaying = false;
    const was = before;
    before = null;
    const moves = was && !reduced.matches;
    if (!won && !moves) return;
    nextFrame(() => {
      if (won) celebrate(board);
      const root = moves && document.getElementById(was.id);
      if (!root) return;
      starts = [];
      if (was.game === "hearts") hearts(was, root);
      else heartToHeart(was, root);
      const ready = starts;
      starts = [];
      ready.forEach((start) => start()); // measured all; now every move starts at once
    });
  });
})();
