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
//
// A form beside the container whose answer redraws it (Heart to Heart's settings) takes
// part too: its request holds the board's presses, and a change made while the board's
// request is on its way is sent once that answer is drawn. Otherwise the later answer
// was drawn on a board the earlier one had already replaced, and never showed.
//
// A mouse press that spans an answer (the button goes down on the board, the answer
// redraws it, the button comes up on the new one) fires no click: the button it went down
// on is gone. The same button on the new board is clicked instead. A finger's tap needs
// nothing: the browser clicks what is under the finger when it lifts.
(function () {
  "use strict";
  const onTheWay = new Set(); // requests of a container, or redrawing one, in flight
  const held = []; // what to do again on the next board: each returns true if it sent

  function containerOf(elt) {
    return elt && elt.closest ? elt.closest("[data-hold-presses]") : null;
  }

  function redrawsContainer(target) {
    return Boolean(target && target.hasAttribute && target.hasAttribute("data-hold-presses"));
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (containerOf(event.detail.elt) || redrawsContainer(event.detail.target)) {
      onTheWay.add(event.detail.xhr);
    }
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

  // The button on the board now that stands where `button` stood on an earlier one.
  function sameButtonNow(container, button) {
    const selector = button.id
      ? "#" + CSS.escape(button.id)
      : "#" + CSS.escape(container.id) + ' button[name="' + CSS.escape(button.name) +
        '"][value="' + CSS.escape(button.value) + '"]';
    const again = document.querySelector(selector);
    if (!again || again.type !== "submit" || again.disabled || !containerOf(again)) return null;
    return again;
  }

  function pressOnTheNextBoard(container, button) {
    return () => {
      const again = sameButtonNow(container, button);
      if (!again) return false;
      again.click();
      return true;
    };
  }

  const heldForms = new Set(); // a form sends what it holds when it goes: once is enough

  function sendWhenDrawn(form, eventType) {
    heldForms.add(form);
    return () => {
      heldForms.delete(form);
      if (!document.body.contains(form)) return false;
      htmx.trigger(form, eventType);
      return true;
    };
  }

  document.addEventListener("htmx:confirm", (event) => {
    const elt = event.detail.elt;
    const container = containerOf(elt);
    if (!container && !redrawsContainer(event.detail.target)) return;
    if (elt.classList.contains("advance") || !busy()) return;
    const triggering = event.detail.triggeringEvent;
    if (container) {
      const button = triggering && triggering.submitter;
      if (!button) return;
      event.preventDefault();
      held.push(pressOnTheNextBoard(container, button));
    } else if (triggering) {
      event.preventDefault();
      if (!heldForms.has(elt)) held.push(sendWhenDrawn(elt, triggering.type));
    }
  });

  function pressAgain() {
    while (held.length && !busy()) {
      if (held.shift()()) return; // the next one waits for this one's answer
    }
  }

  // htmx:afterRequest comes after htmx:afterSettle: press on the next turn of the event
  // loop, once the answer's request has ended, so that the press goes out on the new board.
  document.addEventListener("htmx:afterSettle", () => {
    if (held.length) setTimeout(pressAgain, 0);
  });

  let pressedOn = null; // the button a mouse (or pen) went down on, and its board
  let owed = null; // the new board's button, if the browser does not click it itself
  const buttonAt = (event) => (event.target.closest ? event.target.closest("button") : null);
  document.addEventListener("pointerdown", (event) => {
    const button = event.pointerType === "touch" ? null : buttonAt(event);
    const container = containerOf(button);
    pressedOn = container ? { button, container } : null;
  }, true);
  document.addEventListener("pointerup", (event) => {
    const was = pressedOn;
    pressedOn = null;
    if (!was || was.button.isConnected || event.pointerType === "touch") return;
    const now = buttonAt(event);
    if (!now || now !== sameButtonNow(was.container, was.button)) return;
    owed = now;
    setTimeout(() => {
      if (owed === now) now.click();
      owed = null;
    }, 0);
  }, true);
  document.addEventListener("click", (event) => {
    if (owed && owed.contains(event.target)) owed = null; // the browser clicked it after all
  }, true);
})();
