// Every press counts, in both games. A game's board or table is swapped whole by each
// answer, and requests made from it queue behind the one on its way (hx-sync). htmx drops
// a queued request when the answer it waited for removes the form it came from, which
// every answer does: a card tapped during a Hearts computer's step, or the second card of
// a quick Heart to Heart pair, was lost. So a press made while a request of the container
// (marked data-hold-presses) is on its way is held instead, and made again on the board
// the answer drew: the same button (by id, else by name and value), one press per answer,
// in order. A press the new board no longer offers (the phase moved on, the card is gone)
// is let go, as a press on a greyed card would be. Timed steps (form.advance) are never
// held: the new board carries its own.
(function () {
  "use strict";
  const onTheWay = new Set(); // requests of a container, in flight
  const held = []; // selectors of the presses waiting for the next board

  function containerOf(elt) {
    return elt && elt.closest ? elt.closest("[data-hold-presses]") : null;
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (containerOf(event.detail.elt)) onTheWay.add(event.detail.xhr);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    onTheWay.delete(event.detail.xhr);
  });

  // Also forgets a request whose htmx:afterRequest never reached the document (its form
  // and every parent gone, an error while swapping): a request that never ended here
  // would hold every later press for good.
  function busy() {
    for (const xhr of onTheWay) {
      if (xhr.readyState === XMLHttpRequest.DONE || xhr.readyState === XMLHttpRequest.UNSENT) {
        onTheWay.delete(xhr);
      }
    }
    return onTheWay.size > 0;
  }

  document.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt;
    const container = containerOf(form);
    if (!container || form.classList.contains("advance") || !busy()) return;
    const button = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (!button) return;
    event.preventDefault();
    held.push(button.id
      ? "#" + CSS.escape(button.id)
      : "#" + CSS.escape(container.id) + ' button[name="' + CSS.escape(button.name) +
        '"][value="' + CSS.escape(button.value) + '"]');
  });

  function pressAgain() {
    while (held.length && !busy()) {
      const button = document.querySelector(held.shift());
      if (button && button.type === "submit" && !button.disabled && containerOf(button)) {
        button.click();
        return; // the next one waits for this press's answer
      }
    }
  }

  // htmx:afterRequest comes after htmx:afterSettle: press on the next turn of the event
  // loop, once the answer's request has ended, so that the press goes out on the new board.
  document.addEventListener("htmx:afterSettle", () => {
    if (held.length) setTimeout(pressAgain, 0);
  });
})();
