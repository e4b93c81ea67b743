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
