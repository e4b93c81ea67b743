// Playing by keyboard, in both games (the WAI-ARIA roving tabindex pattern).
//
// - A group (the heart, the stock and waste, the hand, a dialog's buttons: marked
//   data-roving) is one Tab stop; the arrow keys move inside it to the nearest item in
//   that direction on the screen, Home and End to its first and last item.
// - Focus is never lost: after every answer, focus goes back to the element that had it
//   (by id); when that element is gone (a pair removed, a card played) or no longer
//   responds while another item of its group does (a card that cannot be played when
//   the turn comes), to the group's pressed item or first available one (not covered,
//   not aria-disabled; a group may name another with data-roving-prefer), else to the
//   first control of the board. A page starts on its main group (data-roving="main").
// - A dialog keeps Tab inside it.
// - Shortcuts: a control's one-letter aria-keyshortcuts ("S"), pressed with no modifier,
//   never inside a text field.
// - The focus ring is the keyboard's: focus this script moves shows its ring only when the
//   player's last input was a key. Chromium rings a script's focus on a page nobody has
//   touched yet, which on a phone read as a card chosen or hinted.
// Without JavaScript none of this runs and every control is an ordinary Tab stop.
(function () {
  "use strict";

  // A group's items: its buttons (or what its data-roving-items selector names).
  function itemSelector(group) {
    return group.dataset.rovingItems || "button";
  }
  const remembered = new Map(); // group key -> id of its current item

  // The last input: a key or a pointer. Kept for the tab's next page too, so that a page
  // reached by a key (Enter on New game, the N shortcut) opens with its ring, and one
  // reached by a tap without.
  const MODALITY = "cardsite-last-input";
  let last = null;
  try { last = window.sessionStorage.getItem(MODALITY); } catch (error) { /* no storage */ }
  function remember(modality) {
    if (last === modality) return;
    last = modality;
    try { window.sessionStorage.setItem(MODALITY, modality); } catch (error) { /* no storage */ }
  }
  document.addEventListener("keydown", () => remember("key"), true);
  document.addEventListener("pointerdown", () => remember("pointer"), true);

  // A focus the script moves: ringed for the keyboard only (focusVisible; a browser
  // without it rings as it always has).
  function focusOn(element) {
    element.focus({ preventScroll: true, focusVisible: last === "key" });
  }

  // After a swap htmx gives the focus to the new element of the focused one's id with a
  // plain focus(), which Chromium rings when the focus before was the script's (a card
  // focused on load, then tapped): unless the last input was a key, the ring comes off.
  // Only a button of the swapped region: a text field is always ringed, and a select
  // that lost the focus would close.
  function unring(element, root) {
    if (last === "key" || !root.contains(element) || !element.matches("button:focus-visible")) return;
    element.blur();
    focusOn(element);
  }

  function groupKey(group) {
    return group.id || group.dataset.roving;
  }

  function items(group) {
    return Array.from(group.querySelectorAll(itemSelector(group))).filter(
      (item) => !item.hidden && !item.disabled && item.getClientRects().length,
    );
  }

  const AVAILABLE = ":not([aria-disabled='true']):not([data-state='covered'])";

  function preferred(group, list) {
    const prefer = group.dataset.rovingPrefer || AVAILABLE;
    return list.find((item) => item.matches(prefer)) || list[0] || null;
  }

  // An item focus may rest on: one that responds, or any when none of the group does (the
  // hand while the computers play). Focus never stays on a sagging card when the turn
  // comes back with a playable one beside it.
  function usable(item, list) {
    return item.matches(AVAILABLE) || !list.some((other) => other.matches(AVAILABLE));
  }

  function current(group, list) {
    const id = remembered.get(groupKey(group));
    const kept = id && list.find((item) => item.id === id && usable(item, list));
    return kept || list.find((item) => item.getAttribute("aria-pressed") === "true") ||
      preferred(group, list);
  }

  function arrange(group) {
    const list = items(group);
    const chosen = list.includes(document.activeElement) ? document.activeElement : current(group, list);
    group.querySelectorAll(itemSelector(group)).forEach((item) => {
      const index = item === chosen ? 0 : -1;
      if (item.tabIndex !== index) item.tabIndex = index; // a write restyles, even a same one
    });
    return chosen;
  }

  function arrangeAll(root) {
    (root.matches && root.matches("[data-roving]") ? [root] : [])
      .concat(Array.from(root.querySelectorAll("[data-roving]")))
      .forEach(arrange);
  }

  function moveTo(group, item) {
    if (!item) return;
    remembered.set(groupKey(group), item.id);
    group.querySelectorAll(itemSelector(group)).forEach((other) => {
      other.tabIndex = other === item ? 0 : -1;
    });
    item.focus();
  }

  // Where an item sits in the layout, leaving out transforms: while cards travel
  // (motion.js plays each move as a transform) an arrow key goes to the neighbour of
  // the settled table, not to wherever a card happens to be on its way. (Measured from
  // the page's box, a received card still flying in from its giver's seat looked to be
  // off the row, and the arrow jumped past it to the end of the hand.)
  function centre(item) {
    let x = item.offsetWidth / 2, y = item.offsetHeight / 2;
    for (let el = item; el; el = el.offsetParent) {
      x += el.offsetLeft;
      y += el.offsetTop;
    }
    return { x, y };
  }

  // The nearest item in a direction: along that direction first, then as straight as can be.
  // In a group read as a line (data-roving-line: the hand, which a phone lays out in two
  // rows), left and right go to the item before and after, from one row's end to the
  // next row's start.
  function nearest(from, list, key) {
    const group = from.closest("[data-roving]");
    if (group && group.hasAttribute("data-roving-line") && (key === "ArrowRight" || key === "ArrowLeft")) {
      const index = list.indexOf(from);
      return index < 0 ? null : list[index + (key === "ArrowRight" ? 1 : -1)] || null;
    }
    const here = centre(from);
    let best = null, bestScore = Infinity;
    for (const item of list) {
      if (item === from) continue;
      const there = centre(item);
      const dx = there.x - here.x, dy = there.y - here.y;
      let along, across;
      if (key === "ArrowRight") { along = dx; across = dy; }
      else if (key === "ArrowLeft") { along = -dx; across = dy; }
      else if (key === "ArrowDown") { along = dy; across = dx; }
      else { along = -dy; across = dx; }
      if (along <= 1) continue;
      const score = along + 2 * Math.abs(across);
      if (score < bestScore) { best = item; bestScore = score; }
    }
    return best;
  }

  // Where an arrow key goes from an item, read-only (the keyboard tests plan their
  // route with it, then press the real keys).
  window.cardsiteKeyboard = {
    neighbour(item, key) {
      const group = item.closest("[data-roving]");
      return group ? nearest(item, items(group), key) : null;
    },
  };

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const group = event.target.closest && event.target.closest("[data-roving]");
    if (!group || !event.target.matches(itemSelector(group))) return;
    const list = items(group);
    let next = null;
    if (event.key === "Home") next = list[0];
    else if (event.key === "End") next = list[list.length - 1];
    else if (event.key.startsWith("Arrow")) next = nearest(event.target, list, event.key);
    else return;
    event.preventDefault();
    moveTo(group, next);
  });

  document.addEventListener("focusin", (event) => {
    const group = event.target.closest && event.target.closest("[data-roving]");
    if (group && event.target.matches(itemSelector(group))) {
      remembered.set(groupKey(group), event.target.id);
      group.querySelectorAll(itemSelector(group)).forEach((other) => {
        other.tabIndex = other === event.target ? 0 : -1;
      });
    }
  });

  // Focus never falls to <body>. Tracked as focus moves: answers follow each other fast
  // (the computers' steps), so reading it at the moment of a swap can find <body>.
  let lastId = null;
  document.addEventListener("focusin", (event) => {
    lastId = event.target.id || null;
  });

  function board() {
    return document.querySelector("#board[data-hold-presses], #table");
  }

  function mainGroup(root) {
    return root.querySelector("[role='dialog'] [data-roving]") ||
      root.querySelector("[data-roving='main'], [data-roving-main]");
  }

  // Can take the focus: a control, not disabled, not hidden (an empty waste is a <span>).
  function focusable(el) {
    return Boolean(el) && el.matches("button, a[href], input, select, textarea") &&
      !el.disabled && !el.hidden && el.getClientRects().length > 0;
  }

  function openDialog(root) {
    const dialog = root.querySelector("[role='dialog']");
    return dialog && !dialog.closest("[hidden]") ? dialog : null;
  }

  function restoreFocus() {
    const active = document.activeElement;
    const root = board();
    if (!root) return;
    const dialog = openDialog(root);
    if (dialog) { // a dialog that has just opened takes the focus, as a modal one does
      if (dialog.contains(active)) { unring(active, root); return; }
      const first = dialog.querySelector("[autofocus]:not([disabled])") ||
        dialog.querySelector("button:not([disabled]):not([hidden])");
      if (first) focusOn(first);
      return;
    }
    const group = active && active.closest && active.closest("[data-roving]");
    if (active && active !== document.body && document.contains(active) &&
        !(group && !usable(active, items(group)))) {
      unring(active, root);
      return;
    }
    let target = lastId && document.getElementById(lastId);
    const its = target && target.closest("[data-roving]");
    // (htmx itself may have focused the new element of that id: hence current, not
    // arrange, which keeps the focused item.)
    if (its && !usable(target, items(its))) target = current(its, items(its));
    if (!focusable(target)) {
      const group = mainGroup(root);
      target = group ? arrange(group) : null;
    }
    if (!target) target = root.querySelector("button:not([disabled]):not([hidden])");
    if (target) focusOn(target);
  }

  document.addEventListener("htmx:load", (event) => arrangeAll(event.target));
  // Right after the swap, so focus spends no time on <body>; again once settled (htmx
  // moves focus to an autofocus element then). Not for an answer's out-of-band parts
  // outside the board (the announcer, the statistics): they come before the board, and
  // arranging the whole page for each of them doubled or tripled this work on a move.
  const settle = (event) => {
    const root = board();
    if (root && !root.contains(event.target) && !event.target.contains(root)) return;
    arrangeAll(document);
    restoreFocus();
  };
  document.addEventListener("htmx:afterSwap", settle);
  document.addEventListener("htmx:afterSettle", settle);

  document.addEventListener("DOMContentLoaded", () => {
    arrangeAll(document);
    // A page drawn after an action (a new game, a deal-code box) starts on its main
    // group, not on <body>; a dialog's autofocus button wins.
    if (document.activeElement === document.body) restoreFocus();
    // The browser may have focused a dialog's autofocus button already, ringed.
    else unring(document.activeElement, document.body);
  });

  // A dialog keeps Tab inside it: its buttons are one stop, so Tab stays there.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = event.target.closest && event.target.closest("[role='dialog']");
    if (!dialog || dialog.closest("[hidden]")) return;
    const stops = Array.from(dialog.querySelectorAll("a[href], button, input, select, textarea"))
      .filter((el) => !el.disabled && !el.hidden && el.tabIndex >= 0 && el.getClientRects().length);
    if (!stops.length) return;
    const at = stops.indexOf(event.target);
    const next = stops[(at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length];
    event.preventDefault();
    next.focus();
  });

  // Shortcuts: the stock, undo, new game; in Hearts, play the lifted card.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (event.key.length !== 1) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    const button = Array.from(document.querySelectorAll("[aria-keyshortcuts]")).find(
      (el) => el.getAttribute("aria-keyshortcuts").toLowerCase() === key && !el.disabled &&
        !el.hidden && el.getClientRects().length &&
        !el.closest("[hidden]"),
    );
    if (!button) return;
    event.preventDefault();
    button.focus({ preventScroll: true });
    button.click();
  });
})();
