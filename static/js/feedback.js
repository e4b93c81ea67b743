// A press shows at once, before the server answers: the pressed card is ringed in the
// very frame of the press, and it rises (or sinks back, if it was the chosen one), or the
// stock dips. The ring is instant and the travel a short CSS transition, which reduced
// motion makes instant (site.css): see the `[data-pressing]` rules. The server's answer
// then draws the board as it is, which settles the card where it belongs; a refused or
// stale press visibly goes back, since the answer draws it unpressed. Cards the rules
// leave inert respond to nothing here either: a covered Heart to Heart card, a Hearts
// card that cannot be played now (it is not even a submit button).
(function () {
  "use strict";

  // Cards that submit (a button's default type) in a game's region (data-hold-presses);
  // a sagging card says type="button".
  const RESPONSIVE = "[data-hold-presses] button.card:not([type])";

  // What the press will do, which is how the card moves until the answer comes: what the
  // card says (data-press: a pile that turns a card "dip"s, a lifted card "play"s on its
  // way to the trick), else put back if it is pressed, else chosen or lifted.
  function kind(card) {
    if (card.dataset.press) return card.dataset.press;
    if (card.getAttribute("aria-pressed") === "true") return "drop"; // put back
    return "lift"; // chosen, or lifted
  }

  function respond(card) {
    if (card.disabled || card.dataset.state === "covered" || card.dataset.state === "removed") {
      return;
    }
    card.dataset.pressing = kind(card);
  }

  // An answer that draws nothing (the network failed, or the server did) leaves the board
  // as it was, so the pressed card goes back by itself.
  function goBack() {
    document.querySelectorAll("[data-pressing]").forEach((card) => {
      delete card.dataset.pressing;
    });
  }
  document.addEventListener("htmx:sendError", goBack);
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.failed) goBack();
  });

  // Capture: before htmx (or presses.js, which may hold the press) handles the click.
  document.addEventListener("click", (event) => {
    const card = event.target.closest && event.target.closest(RESPONSIVE);
    if (card) respond(card);
  }, true);
})();
