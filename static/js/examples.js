// The Examples page: the arrow keys step through the won game (never inside a text
// field), and the move list keeps its place when htmx swaps the step in.
(function () {
  "use strict";

  var KEYS = { ArrowRight: "forward", ArrowLeft: "back" };

  document.addEventListener("keydown", function (event) {
    var which = KEYS[event.key];
    if (!which || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    var link = document.querySelector('#example [data-step="' + which + '"]');
    if (!link || link.getAttribute("aria-disabled") === "true") return;
    event.preventDefault();
    link.click();
  });

  var listTop = 0;

  function moveList() {
    return document.querySelector("#example .move-list ol");
  }

  document.addEventListener("htmx:beforeSwap", function () {
    var list = moveList();
    listTop = list ? list.scrollTop : 0;
  });

  document.addEventListener("htmx:afterSwap", function () {
    var list = moveList();
    if (!list) return;
    list.scrollTop = listTop;
    var now = list.querySelector('[aria-current="step"]');
    if (!now) return;
    if (now.offsetTop < list.scrollTop) {
      list.scrollTop = now.offsetTop;
    } else if (now.offsetTop + now.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = now.offsetTop + now.offsetHeight - list.clientHeight;
    }
  });
})();
