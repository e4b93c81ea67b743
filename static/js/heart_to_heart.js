// Heart to Heart's small helpers: the banner's clock, the copy-link button, putting the
// end-of-game dialog aside to look at the cards (and bringing it back).
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

  // The stalemate and win dialogs cover the heart; a player wants to see the final
  // position. "Look at the cards" hides the dialog and shows a button that brings it
  // back; Escape does the same. Without JavaScript both buttons stay hidden (they could
  // do nothing), and the dialog stays as it is.
  function revealLookButtons(root) {
    root.querySelectorAll('[data-action="look"]').forEach((button) => { button.hidden = false; });
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
    if (look) look.focus();
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest('[data-action="look"]')) putDialogAside();
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
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(button.dataset.copy).then(done, () => window.prompt("", button.dataset.copy));
    } else {
      window.prompt("", button.dataset.copy);
    }
  });
})();
