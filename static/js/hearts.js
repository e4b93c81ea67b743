// Hearts: keep a keyboard player's focus on the table. After a swap, focus goes back to
// the element that had it (htmx does this by id); when that element is gone (a card just
// played), to the first card that can be played, the table's main button, or the first
// card of the hand (a sagging card is still focusable), instead of falling to <body>.
(function () {
  "use strict";
  // Tracked as focus moves: swaps follow each other fast (the computers' moves), so
  // reading it at the moment of a swap can find <body> between two of them.
  let lastId = null;
  document.addEventListener("focusin", (event) => {
    const onTable = event.target.closest && event.target.closest("#table");
    lastId = onTable ? event.target.id || null : null;
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (!lastId || (document.activeElement && document.activeElement !== document.body)) return;
    const next = document.getElementById(lastId) || document.querySelector(
      "#table .hand button[data-card]:not([aria-disabled='true']), " +
      "#table [data-action='pass']:not([disabled]), #table [data-action='next-deal']"
    ) || document.querySelector("#table .hand button[data-card]");
    if (next) next.focus();
  });
})();

// Hearts: every press counts. htmx queues a press made while a request of the table is on
// its way (a computer's timed step, or the player's own previous press) on the table that
// request will replace, and drops it when the answer lands, since its form is gone. Hold
// such a press instead, and make it again on the table the answer drew: the same card (or
// the same button), one press per answer, in order. A press whose card or button the new
// table no longer offers (the phase moved on) is let go, as a press on a greyed card is.
(function () {
  "use strict";
  const onTheWay = new Set(); // the table's requests in flight
  const held = []; // presses waiting for the table to be drawn again

  function ofTable(elt) {
    return elt && elt.closest && elt.closest("#table");
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (ofTable(event.detail.elt)) onTheWay.add(event.detail.xhr);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    onTheWay.delete(event.detail.xhr);
  });

  document.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt;
    if (!onTheWay.size || !ofTable(form) || form.classList.contains("advance")) return;
    const button = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (!button) return;
    event.preventDefault();
    held.push(button.dataset.card
      ? '#table .hand button[data-card="' + CSS.escape(button.dataset.card) + '"]'
      : '#table button[name="' + CSS.escape(button.name) + '"][value="' + CSS.escape(button.value) + '"]');
  });

  function pressAgain() {
    while (held.length && !onTheWay.size) {
      const button = document.querySelector(held.shift());
      if (button && button.type === "submit" && !button.disabled) {
        button.click();
        return; // the next one waits for this press's answer
      }
    }
  }

  // After the swap has settled and its request has ended (htmx:afterRequest comes after
  // htmx:afterSettle), so that the press goes out on the new table.
  document.addEventListener("htmx:afterSettle", () => {
    if (held.length) setTimeout(pressAgain, 0);
  });
})();
