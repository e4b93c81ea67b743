// A deal's first tap moves the address bar from the deal code to the game, so a reload
// resumes the game. The answer names the address in an event (HX-Trigger-After-Settle:
// cardsite:address); this replaces the address in a task of its own, after the swap.
// Chromium's History API is slow, and htmx's own replace-url makes two such calls inside
// the swap, which made the first tap the one long task of a whole game (the figures:
// docs/performance.md#first-move). Without JavaScript the tap is a post, and its redirect
// moves the address.
(function () {
  "use strict";

  document.addEventListener("cardsite:address", function (event) {
    var url = event.detail && event.detail.url;
    if (typeof url !== "string" || !/^\/(?!\/)/.test(url)) return; // a path of this site only
    window.setTimeout(function () {
      history.replaceState(history.state, "", url);
    }, 0);
  });
})();
