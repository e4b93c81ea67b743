// Heart to Heart's small helpers: the banner's clock, the copy-link and share buttons,
// putting the end-of-game dialog aside to look at the cards (and bringing it back).
// The server measures time; this only ticks the display between requests.
(function () {
  "use strict";
  const base = new WeakMap(); // clock element -> [elapsed at render, Date.now() at render]

  function format(total) {
    const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    const pad = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  }

  function tick() {
    document.querySelectorAll('[data-stat="time"][data-running="true"]').forEach((el) => {
      if (!base.has(el)) base.set(el, [Number(el.dataset.elapsed) || 0, Date.now()]);
      const [elapsed, since] = base.get(el);
      el.textContent = format(elapsed + Math.floor((Date.now() - since) / 1000));
    });
  }
  setInterval(tick, 1000);

  // The stalemate and win dialogs lie over the board (on a phone, a bar at its foot); a
  // player wants to see the final position, or tap on. "Look at the cards" hides the
  // dialog and shows a button that brings it back; Escape does the same. Without
  // JavaScript both buttons stay hidden (they could do nothing), and the dialog stays as
  // it is. Only the dialog's own button: other parts of the page may say data-action="look".
  const LOOK = '#h2h-dialog [data-action="look"]';

  function revealLookButtons(root) {
    root.querySelectorAll(LOOK).forEach((button) => { button.hidden = false; });
  }
  revealLookButtons(document);
  document.addEventListener("htmx:load", (event) => revealLookButtons(event.target));

  function putDialogAside() {
    const backdrop = document.getElementById("h2h-dialog");
    const back = document.getElementById("show-dialog");
    if (!backdrop || backdrop.hidden || !back) return;
    backdrop.hidden = true;
    back.hidden = false;
    back.focus();
  }

  function bringDialogBack() {
    const backdrop = document.getElementById("h2h-dialog");
    const back = document.getElementById("show-dialog");
    if (!backdrop) return;
    backdrop.hidden = false;
    if (back) back.hidden = true;
    const look = document.getElementById("look-at-board");
    if (look) look.focus({ preventScroll: true });
    keepTheCardsAboveTheBar();
  }

  // On a phone an end dialog is a bar at the foot of the screen (site.css), drawn to
  // leave the heart, the stock and the waste above it. When the page above them is
  // taller than planned (a longer header, larger text), the bar would hide the piles:
  // scroll them up into the room above the bar, as far as the heart's top stays on the
  // screen. A dialog that is a card in the middle of the screen (wider screens) is left
  // alone, and so is a page the player has already scrolled far enough.
  function keepTheCardsAboveTheBar() {
    const backdrop = document.getElementById("h2h-dialog");
    const dialog = backdrop && !backdrop.hidden && backdrop.querySelector("[role='dialog']");
    const heart = document.getElementById("heart");
    const piles = document.getElementById("piles");
    if (!dialog || !heart || !piles) return;
    const bar = dialog.getBoundingClientRect();
    if (Math.abs(bar.bottom - window.innerHeight) > 2) return; // not a bar at the foot
    const heartBox = heart.getBoundingClientRect();
    const cardsBottom = Math.max(heartBox.bottom, piles.getBoundingClientRect().bottom);
    const by = Math.min(cardsBottom + 8 - bar.top, heartBox.top - 4);
    if (by > 0) window.scrollBy(0, by);
  }
  keepTheCardsAboveTheBar(); // deferred: the page is parsed and styled
  window.addEventListener("load", keepTheCardsAboveTheBar); // again once the fonts are in
  document.addEventListener("htmx:afterSettle", keepTheCardsAboveTheBar);

  document.addEventListener("click", (event) => {
    if (event.target.closest(LOOK)) putDialogAside();
    else if (event.target.closest('[data-action="show-dialog"]')) bringDialogBack();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && event.target.closest && event.target.closest("#h2h-dialog")) {
      putDialogAside();
    }
  });

  // Back and Forward may show this page from the browser's memory (the back/forward
  // cache) exactly as it was left, although the game may have been replaced or moved on
  // since. The server holds the game: ask it again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && document.querySelector("#board[data-version]")) window.location.reload();
  });

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy]");
    if (!button) return;
    const done = () => {
      const label = button.textContent;
      button.textContent = button.dataset.copied;
      setTimeout(() => { button.textContent = label; }, 1500);
    };
    copyText(button.dataset.copy, done);
  });

  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => window.prompt("", text));
    } else {
      window.prompt("", text);
    }
  }

  // Share buttons: the system's share sheet where there is one (phones), else copy the
  // link (or, in the win dialog, the result and the link). Each says what happened in its
  // role="status" element. They are hidden in the HTML: without JavaScript the deal's
  // plain link beside them is the way to share.
  function revealShareButtons() {
    document.querySelectorAll("[data-share][hidden]").forEach((button) => { button.hidden = false; });
  }
  revealShareButtons();
  document.addEventListener("htmx:afterSettle", revealShareButtons);

  const confirmations = new WeakMap(); // status element -> timer that clears it

  function confirm(button, message) {
    const status = document.getElementById(button.dataset.shareStatus);
    if (!status) return;
    status.textContent = message;
    clearTimeout(confirmations.get(status));
    confirmations.set(status, setTimeout(() => { status.textContent = ""; }, 4000));
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-share]");
    if (!button) return;
    const url = button.dataset.shareUrl;
    const data = { title: button.dataset.shareTitle, text: button.dataset.shareText, url };
    const copy = () => copyText(button.dataset.shareCopy || url, () => confirm(button, button.dataset.copied));
    if (typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).then(
        () => confirm(button, button.dataset.shared),
        (error) => { if (error && error.name !== "AbortError") copy(); }, // closed by the visitor: nothing to say
      );
    } else {
      copy();
    }
  });
})();
