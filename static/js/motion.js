// Cards that travel. Every answer replaces a game's region (its board or table) whole, so
// on its own a card would jump: it would vanish from one place and appear in another.
// Around each swap this script measures where every card was and where it is now, and
// plays the difference back (FLIP: first, last, invert, play) with the Web Animations API,
// which the Content Security Policy allows.
//
// The server says, the script plays: it knows no game, only the hooks the markup carries
// (docs/rules.md#hooks-site): [data-motion-root], [data-place], [data-from] and [data-to]
// (a place, and the move's pace), [data-celebrate], a card's [data-state], a pile's
// [data-count].
//
// It only ever animates what the answer drew: a card the server has not played yet is
// not in the page, so it cannot be shown early. Animations move `transform` and
// `opacity` only, so they never lay anything out again (no layout shift) and never hold
// up the next step: a computer's card still comes every 450 ms, and the next swap simply
// starts from wherever a card is at that moment. Cards stay pressable while they move
// (presses.js keeps a press made during a swap). Cards that leave (a removed pair, a
// gathered trick, passed cards) fly as copies in a layer of their own, which nothing can
// press or read (aria-hidden, inert). Under prefers-reduced-motion nothing travels. A
// win ends with a celebration (see `celebrate`). On a slow phone a move still travels,
// shorter (see `paced`): it never pops.
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

  // The paces a move may name after its place (data-from="PLACE PACE"); none: "travel".
  // An arrival waits `wait` (the received cards, while the passed ones leave); the cards
  // of a pace with a `stagger` come one after another.
  const PACES = {
    travel: { duration: TRAVEL, scale: 0.6 },
    pass: { duration: PASS, scale: 0.6, wait: PASS / 2 },
    deal: { duration: DEAL, scale: 0.5, stagger: DEAL_STAGGER },
    sweep: { duration: SWEEP, scale: 0.5 },
  };

  // "PLACE PACE" -> the place's name and its pace.
  function move(value) {
    const [place, pace] = value.split(" ");
    return { place, pace: PACES[pace] || PACES.travel };
  }

  // How late the frame that starts the current moves came after its swap (ms), and the
  // shortest a move may then become: long enough to be seen going.
  let late = 0;
  const FLOOR = 120;

  // A move in a frame that came late plays its wait and its travel shorter together, so it
  // ends as much sooner as its frame came later (a computer's card every 450 ms keeps its
  // beat, and cards dealt one after another keep their order), its travel never under FLOOR.
  function paced(duration, delay = 0) {
    const f = Math.min(1, Math.max(FLOOR / duration, 1 - late / (delay + duration)));
    return { duration: duration * f, delay: delay * f };
  }

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

  // The cards (by the attribute the root names), with their state and where each goes
  // if it leaves; the piles (places that count their cards), with their counts.
  function snapshot(root) {
    const key = root.dataset.motionRoot;
    const cards = new Map();
    const places = new Map();
    root.querySelectorAll(`[data-${key}]`).forEach((card) => {
      cards.set(card.dataset[key], { ...record(card), state: card.dataset.state, to: card.dataset.to });
    });
    root.querySelectorAll("[data-place][data-count]").forEach((pile) => {
      places.set(pile.dataset.place, { ...record(pile), count: Number(pile.dataset.count) });
    });
    return { id: root.id, cards, places };
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
    // A copy is no longer the card: it keeps only what draws its face (the card codes,
    // data-rank and data-card: docs/rules.md#hooks-card-codes), never the hooks that say
    // where a card is or what it does.
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
      ], { ...paced(duration), easing: EASE, fill: "both" });
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
        { ...paced(duration, delay), easing: EASE, fill: "backwards" });
      // A pile's card flies over the pile it came from: a press there (the stock, tapped
      // again while its last card is on its way) belongs to that pile, not to the card
      // passing over it. (An attribute, not a class: htmx puts the swapped element's
      // classes back as it settles, which would take a class added here away at once.)
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

  // The middle of a place of the new page, by its name.
  function placePoint(root, name) {
    const where = root.querySelector(`[data-place="${CSS.escape(name)}"]`);
    return where && centre(where.getBoundingClientRect());
  }

  // A card that leaves goes up and away (a removed pair); undone, it comes back down.
  function rise(was) {
    const from = centre(was.rect);
    fly(was, { x: from.x, y: from.y - was.rect.height * 0.6 }, { duration: LEAVE, scale: 0.85 });
  }

  // A card still in the page: its state changed (data-state), or it moved.
  function changed(card, old) {
    const state = card.dataset.state;
    if (state === "removed" && old.state !== "removed") {
      rise(old);
    } else if (state !== "removed" && old.state === "removed") {
      const now = centre(card.getBoundingClientRect());
      arrive(card, { x: now.x, y: now.y - card.offsetHeight * 0.6 }, {
        duration: LEAVE, scale: 0.85,
      });
    } else if (state === "free" && old.state === "covered") {
      // Uncovered: the card comes free with a small lift.
      starts.push(() => card.animate([
        { transform: "none", filter: "brightness(.94)" },
        { transform: "translateY(-6px)", filter: "brightness(1.08)", offset: 0.45 },
        { transform: "none", filter: "none" },
      ], { ...paced(360, 120), easing: "ease-out" }));
    } else {
      moved(card, old);
    }
  }

  function cards(was, root) {
    const key = root.dataset.motionRoot;
    const here = new Set();
    const staggered = new Map(); // pace -> how many of its cards have started
    root.querySelectorAll(`[data-${key}]`).forEach((card) => {
      here.add(card.dataset[key]);
      const old = was.cards.get(card.dataset[key]);
      if (old) return changed(card, old);
      // New to the page: from the place it (or what holds it) says it came from.
      const source = card.closest("[data-from]");
      if (!source) return;
      const { place, pace } = move(source.dataset.from);
      const from = placePoint(root, place);
      if (!from) return;
      let delay = pace.wait || 0;
      if (pace.stagger) {
        const n = staggered.get(pace) || 0;
        staggered.set(pace, n + 1);
        delay += n * pace.stagger;
      }
      arrive(card, from, { duration: pace.duration, delay, scale: pace.scale });
    });
    // Cards that left go where they said they would (a trick to its winner, a pass to
    // its receiver).
    was.cards.forEach((old, id) => {
      if (here.has(id) || !old.to) return;
      const { place, pace } = move(old.to);
      const to = placePoint(root, place);
      if (to) fly(old, to, { duration: pace.duration, scale: pace.scale });
    });
  }

  // A pile fed from another place (data-from with data-count): its new card turns over
  // from there; it goes back there when that place fills again (a redeal, an undone
  // turn); it leaves the game (rises) when it loses a card the other place did not gain.
  function piles(was, root) {
    root.querySelectorAll("[data-place][data-count][data-from]").forEach((pile) => {
      const feeder = root.querySelector(`[data-place="${CSS.escape(pile.dataset.from)}"]`);
      const oldPile = was.places.get(pile.dataset.place);
      const oldFeeder = feeder && was.places.get(feeder.dataset.place);
      if (!feeder || !oldPile || !oldFeeder) return;
      const count = Number(pile.dataset.count);
      const feederCount = Number(feeder.dataset.count);
      if (feederCount < oldFeeder.count && count > oldPile.count) {
        const from = centre(oldFeeder.rect);
        const now = centre(pile.getBoundingClientRect());
        arrive(pile, from, {
          passThrough: true,
          extra: [{
            transform: `translate(${(from.x - now.x) / 2}px, ${(from.y - now.y) / 2}px) scaleX(0.05)`,
            offset: 0.45,
          }],
        });
      } else if (feederCount > oldFeeder.count && oldPile.count > 0) {
        fly(oldPile, centre(feeder.getBoundingClientRect()),
          { duration: TRAVEL, scale: 0.95, fade: false });
      } else if (count < oldPile.count && feederCount === oldFeeder.count) {
        rise(oldPile);
      }
    });
  }

  // A win the player feels: the cards of the heart come back to it, filling it from its
  // tip up, it beats once, and they leap away as hearts rise and the dialog rises. They
  // are copies of the cards [data-celebrate] holds: a won heart is empty, but each
  // removed card keeps its place and its card code, from which the stylesheet draws its
  // face. About 3 s; any press (a pointer or a key) puts everything at its end at once
  // and goes on to what it pressed (the layer never takes a press). Under reduced
  // motion, calmly: the dialog fades in and nothing moves.
  const CELEBRATION = 2700; // ms: every card's whole part, from its return to its fall
  const RETURN = 380; // one card coming back to its place
  const WAVE = 600; // the heart fills from its tip to its top in this long
  const BEAT = 1200; // when the heart beats (all the cards are back)
  const BURST = 1450; // when the first card leaps away
  const LEAVING = 400; // the last one leaves this long after the first
  const FLIGHT = 800; // one card's leap, fading as it falls
  const DIALOG = 1700; // when the dialog rises: most cards have faded by then
  const HEARTS = 18;
  let party = null; // ends the celebration that plays, if one does
  function celebrate(root) {
    const heart = root.querySelector("[data-celebrate]");
    const dialog = root.querySelector("[role='dialog']");
    if (reduced.matches || !heart) {
      if (dialog) {
        dialog.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 450, easing: "ease-out" });
      }
      return;
    }
    const played = [];
    // Everything is measured before the first copy is drawn: a box read after a copy is
    // added lays the page out again, once per card (25 of them: a long task).
    const box = heart.getBoundingClientRect();
    const middle = centre(box);
    const at = (ms) => ms / CELEBRATION;
    const every = [...heart.querySelectorAll(`[data-${root.dataset.motionRoot}]`)]
      .map((card) => [card, card.getBoundingClientRect()]);
    const place = dialog && dialog.getBoundingClientRect();
    every.forEach(([card, rect], i) => {
      const copy = document.createElement("span");
      copy.className = "celebration-card";
      // Only what draws its face: never the hooks that say where a card is or what it does.
      if (card.dataset.rank) copy.dataset.rank = card.dataset.rank;
      if (card.dataset.card) copy.dataset.card = card.dataset.card;
      const style = copy.style;
      style.left = `${rect.left}px`;
      style.top = `${rect.top}px`;
      style.width = `${rect.width}px`;
      style.height = `${rect.height}px`;
      layer().appendChild(copy); // in the page's order: the lower rows lie over the upper
      const here = centre(rect);
      // Where the card sits in the heart, -1…1 each way, and a fixed scatter of its own
      // (the same win celebrates the same way).
      const across = (here.x - middle.x) / (box.width / 2 || 1);
      const down = (here.y - middle.y) / (box.height / 2 || 1);
      const scatter = ((i * 37) % 17) / 16 - 0.5;
      const back = 150 + WAVE * (box.bottom - here.y) / (box.height || 1) + (i % 3) * 12;
      const tilt = `${Math.round(scatter * 24)}deg`;
      // The leap: a hop up and away to its own side of the heart, then down, turning and
      // fading as it falls. The cards leave one after another, in a fixed shuffle (leaving
      // together, they made a heap), and go about a heart's width (across a whole laptop
      // screen, they went over everything on it).
      const side = Math.abs(across) > 0.05 ? Math.sign(across) : (i % 2) * 2 - 1;
      const x = side * (0.35 + 0.5 * Math.abs(across) + 0.3 * (scatter + 0.5)) * box.width;
      const hop = -Math.min(rect.height * (0.5 + 0.8 * (scatter + 0.5)), here.y);
      const fall = box.height * (0.35 + 0.35 * (scatter + 0.5));
      const spin = Math.round(scatter * 420);
      const leave = BURST + ((i * 7) % every.length) * (LEAVING / every.length);
      const leap = at(leave + FLIGHT * 0.3);
      const away = `translate(${x}px, ${fall}px) rotate(${spin}deg)`;
      played.push(copy.animate([
        { offset: 0, opacity: 0, transform: `translateY(24px) scale(.5) rotate(${tilt})` },
        { offset: at(back), opacity: 0, transform: `translateY(24px) scale(.5) rotate(${tilt})`,
          easing: "ease-out" },
        { offset: at(back + RETURN * 0.6), opacity: 1, transform: "translateY(-6px) scale(1.06)" },
        { offset: at(back + RETURN), transform: "none" },
        { offset: at(BEAT), transform: "none", easing: "ease-out" },
        { offset: at(BEAT + 120), transform: `translate(${across * box.width * 0.04}px, ${
          down * box.height * 0.04}px) scale(1.07)` },
        { offset: at(leave), transform: "none", easing: "cubic-bezier(.2, .6, .4, 1)" },
        { offset: leap, opacity: 1,
          transform: `translate(${x * 0.3}px, ${hop}px) rotate(${spin * 0.3}deg)`,
          easing: "cubic-bezier(.5, 0, .8, .6)" },
        { offset: at(leave + FLIGHT), opacity: 0, transform: away },
        { offset: 1, opacity: 0, transform: away },
      ], { duration: CELEBRATION, fill: "both" }));
    });
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
      played.push(spark.animate([
        { transform: "translate(-50%, 0) scale(.4)", opacity: 0 },
        { transform: "translate(-50%, -30px) scale(1)", opacity: 1, offset: 0.2 },
        { transform: `translate(calc(-50% + ${drift}px), -${box.height * 0.7}px) scale(.8)`, opacity: 0 },
      ], { duration: 1200, delay: BURST - 100 + (i % 6) * 60, easing: "ease-out", fill: "both" }));
    }
    if (dialog) {
      // A dialog over the heart (a laptop's, in the middle) waits until the cards have
      // left it; one beside it (a phone's, at the foot of the screen) rises at once.
      const span = (a0, a1, b0, b1) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
      const covered = span(place.left, place.right, box.left, box.right) *
        span(place.top, place.bottom, box.top, box.bottom);
      played.push(dialog.animate([
        { opacity: 0, transform: "translateY(18px) scale(.96)" }, { opacity: 1, transform: "none" },
      ], {
        duration: 450, delay: covered > box.width * box.height / 4 ? DIALOG : 0,
        easing: "ease-out", fill: "backwards",
      }));
    }
    const gone = (animation) => animation.effect.target.closest("#motion-layer") &&
      animation.effect.target.remove();
    played.forEach((animation) => {
      animation.finished.then(() => gone(animation), () => gone(animation));
    });
    // A press ends it: every part at its end (the last pair's copies too), at once.
    const over = () => {
      removeEventListener("pointerdown", end, true);
      removeEventListener("keydown", end, true);
      if (party === end) party = null;
    };
    const end = () => {
      over();
      played.forEach((animation) => animation.finish());
      layer().getAnimations({ subtree: true }).forEach((animation) => animation.finish());
    };
    if (party) party();
    party = end;
    addEventListener("pointerdown", end, true);
    addEventListener("keydown", end, true);
    Promise.all(played.map((animation) => animation.finished)).then(over, over);
  }

  // The swapped part: a motion root, or what holds one (an Examples step holds its board).
  function swapped(event) {
    const target = event.detail.target;
    if (!target || !target.matches) return null;
    return target.matches("[data-motion-root]") ? target : target.querySelector("[data-motion-root]");
  }

  // The moves are measured and started in the next frame, before it is painted, so the
  // card is never seen in its new place first. Measuring the new page lays it out; done
  // in the frame, that layout is the frame's own, not added to htmx's task that swapped
  // the answer in, and neither task grows long (docs/performance.md#one-task). An answer
  // swapped in before that frame first plays the moves of the one before it.
  // On a slow phone that frame often comes late (the main thread is still busy with the
  // answer): nothing of the new page has been painted before it, so its moves still
  // play, from where the cards were, only shorter by its lateness (`paced`). Dropped,
  // as they once were after 250 ms, a card just appeared in its new place (a quarter of
  // the computers' cards on a slow phone: docs/performance.md#no-pops). Only a frame
  // that comes after the page was hidden plays nothing: a tab in the background draws no
  // frames, so its frame comes seconds later, once the tab is shown again; the player saw
  // neither page, and a card flying in long after its move would only mislead.
  let frame = 0;
  let inFrame = null;
  let swappedAt = 0;
  let hidden = 0; // how many times the page has been hidden
  let hiddenAtSwap = 0;
  document.addEventListener("visibilitychange", () => { if (document.hidden) hidden += 1; });
  function nextFrame(run) {
    inFrame = run;
    swappedAt = performance.now();
    hiddenAtSwap = document.hidden ? -1 : hidden;
    frame = requestAnimationFrame(playNow);
  }
  function playNow() {
    if (!inFrame) return;
    cancelAnimationFrame(frame);
    const run = inFrame;
    inFrame = null;
    if (document.hidden || hiddenAtSwap !== hidden) return;
    late = performance.now() - swappedAt;
    run();
    late = 0;
  }

  let unwon = null; // the id of a root swapped before its win (nothing to celebrate yet)
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (party) party(); // a new page: the celebration is over
    playNow();
    const target = swapped(event);
    unwon = target && !target.querySelector("[data-celebrate]") ? target.id : null;
    before = null;
    if (reduced.matches || !event.detail.shouldSwap || !target) return;
    before = snapshot(target);
  });

  document.addEventListener("htmx:afterSwap", () => {
    const party = unwon && document.getElementById(unwon);
    const won = party && party.querySelector("[data-celebrate]") ? party : null;
    unwon = null;
    const was = before;
    before = null;
    const moves = was && !reduced.matches;
    if (!won && !moves) return;
    nextFrame(() => {
      const root = moves && document.getElementById(was.id);
      starts = [];
      if (root) {
        cards(was, root);
        piles(was, root);
      }
      if (won) celebrate(won); // it measures too, before it draws
      const ready = starts;
      starts = [];
      ready.forEach((start) => start()); // measured all; now every move starts at once
    });
  });
})();
