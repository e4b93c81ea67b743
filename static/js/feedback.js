// A press shows at once, in the frame it is made, before the server answers: a card
// rises (or sinks back, if it was the chosen one), a pile dips. The server's answer then
// draws the board as it is, which settles the card where it belongs; a refused or stale
// press visibly goes back, since the answer draws it unpressed. Cards the rules leave
// inert respond to nothing here either: a covered Heart to Heart card, a Hearts card
// that cannot be played now (it is not even a submit button). Under reduced motion the
// change is instant, with no travel. The CSP allows the Web Animations API.
(function () {
  "use strict";

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const RESPONSIVE = "#board .card[type='submit'], #table .hand-card[type='submit']";

  function lifted(card) {
    return card.getAttribute("aria-pressed") === "true";
  }

  function respond(card) {
    if (card.disabled || card.dataset.state === "covered" || card.dataset.state === "removed") {
      return;
    }
    const pile = card.hasAttribute("data-pile") && card.dataset.pile === "stock";
    const from = getComputedStyle(card).transform;
    const start = from === "none" ? "translateY(0)" : from;
    let end = "translateY(-8px)"; // chosen, or lifted
    if (pile) end = "translateY(3px) scale(0.97)"; // the stock turns a card
    else if (card.name === "play") end = "translateY(-28px)"; // on its way to the trick
    else if (lifted(card)) end = "translateY(0)"; // put back
    card.dataset.pressing = "true";
    card.animate([{ transform: start }, { transform: end }], {
      duration: reduced.matches ? 0 : 90, easing: "ease-out", fill: "forwards",
    });
  }

  // Capture: before htmx (or presses.js, which may hold the press) handles the click.
  document.addEventListener("click", (event) => {
    const card = event.target.closest && event.target.closest(RESPONSIVE);
    if (card) respond(card);
  }, true);
})();
