// Two pages change the address bar with a move (htmx's replace-url): a deal's first tap
// moves it from the deal code to the game, so a reload resumes the game, and each step of
// the Examples names its step. Chromium's first History API call on a page costs up to
// 40 ms of the main thread (docs/performance.md#first-move); a replaceState that changes
// nothing, once the page is idle after loading, pays that before the player's first move
// instead of in it.
(function () {
  "use strict";

  var idle = window.requestIdleCallback || function (run) { return window.setTimeout(run, 200); };

  window.addEventListener("load", function () {
    idle(function () {
      history.replaceState(history.state, "", location.href);
    });
  });
})();
