"""Sharing a Heart to Heart deal in a real Chromium: the Share buttons' fallback (copy) and
native path, their confirmation, the win dialog's result text, the page without JavaScript,
the deal's preview picture, and another player's game address (its shared-deal line,
pictured at 1280 and 390 px: test-artifacts/heart-to-heart-dialogs/ by default, and
docs/img/heart-to-heart-dialogs/ with `make screenshots`, which sets
CARDSITE_H2H_DIALOG_PICTURES)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from tests.web.heart_to_heart.helpers import winning_line

from .conftest import ARTIFACTS, picture, wait_until_settled
from .heart_to_heart_line import play_line

pytestmark = pytest.mark.django_db(transaction=True)

PICTURES = os.environ.get("CARDSITE_H2H_DIALOG_PICTURES")
PICTURES_OUT = Path(PICTURES) if PICTURES else ARTIFACTS / "heart-to-heart-dialogs"

# Headless Chromium on Linux has no share sheet today; remove it anyway, so that the test
# keeps checking the fallback if a later Chromium grows one.
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
# A share sheet that records what it was given and reports success, as a phone's does.
RECORDING_SHARE_SHEET = """
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: function (data) { window.sharedData = data; return Promise.resolve(); },
});
"""


def _open(page: Page, live_server, code: str = EXAMPLE_CODE) -> str:
    page.goto(f"{live_server.url}/heart-to-heart/{code}/")
    expect(page.locator("#board")).to_be_visible()
    return f"{live_server.url}/heart-to-heart/{code}/"


def _win(page: Page, live_server) -> None:
    """The deal's known winning line played through the page's session and the service
    (.heart_to_heart_line), then the game's own address opened: the win dialog is what is
    under test here, not the taps (test_heart_to_heart_browser plays a win tap by tap)."""
    play_line(page, live_server.url, EXAMPLE_CODE, winning_line())


def test_share_without_a_share_sheet_copies_the_link_and_says_so(
    live_server, page: Page, console_errors, screenshot
):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_SHARE_SHEET)
    deal_url = _open(page, live_server)
    assert page.evaluate("typeof navigator.share") == "undefined"
    share = page.locator("#share-deal")
    expect(share).to_be_visible()  # shown by the script
    expect(share).to_have_text("Share")
    status = page.locator("#share-status")
    expect(status).to_have_attribute("role", "status")
    expect(status).to_have_text("")
    share.click()
    expect(status).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == deal_url
    screenshot("h2h-share-copied")
    expect(status).to_have_text("", timeout=8000)  # the confirmation goes away by itself
    assert console_errors == []


def test_share_uses_the_share_sheet_where_there_is_one_and_survives_a_move(
    live_server, page: Page, console_errors
):
    """The share sheet gets the deal's address, title and text. The banner is swapped by
    htmx on every tap: the new Share button must show and share too."""
    page.add_init_script(RECORDING_SHARE_SHEET)
    deal_url = _open(page, live_server)
    page.locator("#share-deal").click()
    expect(page.locator("#share-status")).to_have_text("Shared")
    shared = page.evaluate("window.sharedData")
    assert shared["url"] == deal_url
    assert EXAMPLE_CODE in shared["title"] and EXAMPLE_CODE in shared["text"]
    page.evaluate("window.sharedData = null")
    version = page.locator("#board").get_attribute("data-version")
    page.locator("#stock").click()
    expect(page.locator("#board")).not_to_have_attribute("data-version", version)
    expect(page.locator("#share-deal")).to_be_visible()
    page.locator("#share-deal").click()
    expect(page.locator("#share-status")).to_have_text("Shared")
    assert page.evaluate("window.sharedData")["url"] == deal_url
    assert console_errors == []


def test_the_win_dialog_shares_the_result_in_french(live_server, browser, screenshot):
    context = browser.new_context(locale="fr-FR", permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(NO_SHARE_SHEET)
    page = context.new_page()
    deal_url = f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/"
    _win(page, live_server)
    dialog = page.locator("[role='dialog'][data-dialog='won']")
    expect(dialog).to_be_visible()
    moves = dialog.locator("[data-won='moves']").inner_text()
    time = dialog.locator("[data-won='time']").inner_text()
    share = dialog.locator("#share-result")
    expect(share).to_have_text("Partager mon résultat")
    share.click()
    expect(dialog.locator("#won-share-status")).to_have_text("Résultat et lien copiés")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == (
        f"J’ai vidé le cœur de la donne {EXAMPLE_CODE} de Heart to Heart en {moves} coups, "
        f"{time}. À vous ! {deal_url}"
    )
    screenshot("h2h-won-share-fr", page)
    context.close()


def test_without_javascript_the_deal_link_stands_in_for_share(live_server, browser, screenshot):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/heart-to-heart/{EXAMPLE_CODE}/")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#share-deal")).to_be_hidden()
    link = page.locator("[data-stat='code']")
    expect(link).to_be_visible()
    assert link.get_attribute("href") == f"/heart-to-heart/{EXAMPLE_CODE}/"
    screenshot("h2h-share-no-js", page)
    _win(page, live_server)
    dialog = page.locator("[role='dialog'][data-dialog='won']")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#share-result")).to_be_hidden()
    expect(dialog.locator("[data-won='code']")).to_be_visible()
    screenshot("h2h-won-no-js", page)
    context.close()


def test_the_preview_picture_opens_in_the_browser_in_each_language(
    live_server, page: Page, screenshot
):
    _open(page, live_server)
    english = page.locator("meta[property='og:image']").get_attribute("content")
    for language in ("en", "fr", "nb"):
        image = english.replace("-en-", f"-{language}-")
        answer = page.goto(image)
        assert answer.status == 200 and answer.headers["content-type"] == "image/png", language
        size = page.evaluate("[document.images[0].naturalWidth, document.images[0].naturalHeight]")
        assert size == [1200, 630], language
        # The picture itself, byte for byte, for a person to look at.
        artifacts = screenshot(f"h2h-preview-{language}").parent
        (artifacts / f"h2h-preview-picture-{language}.png").write_bytes(answer.body())


def test_the_address_bar_and_the_share_link_can_be_shared(live_server, page: Page, browser):
    """What the address bar says after the first tap is what people share: a friend in a
    fresh browser gets the deal, fresh, and a line saying it is shared (at 1280 x 720
    beside Undo and New game, all three in the first screen); the owner still resumes the
    game there. The Share link (the deal's code) opened elsewhere is a fresh game of the
    same deal too."""
    _open(page, live_server)
    page.locator("#stock").click()
    expect(page).to_have_url(re.compile(r"/heart-to-heart/game/[0-9a-f-]{36}/$"))
    expect(page.locator("[data-stat='moves']")).to_have_text("1")
    address = page.url
    share = page.locator("[data-copy]").first.get_attribute("data-copy")
    assert share.endswith(f"/heart-to-heart/{EXAMPLE_CODE}/")

    friend = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    theirs = friend.new_page()
    theirs.goto(share)
    expect(theirs.locator("[data-stat='code']")).to_have_text(EXAMPLE_CODE)
    expect(theirs.locator("[data-stat='moves']")).to_have_text("0")
    for pos in (1, 13, 25):
        mine = page.locator(f"[data-pos='{pos}']").get_attribute("data-rank")
        expect(theirs.locator(f"[data-pos='{pos}']")).to_have_attribute("data-rank", mine)
    assert theirs.url != page.url  # another game, not mine
    theirs.goto(address)
    expect(theirs.locator("[data-message='shared-deal']")).to_contain_text("A shared deal")
    expect(theirs.locator("[data-stat='moves']")).to_have_text("0")
    expect(theirs.locator("[data-stat='code']")).to_have_text(EXAMPLE_CODE)
    wait_until_settled(theirs)
    picture(theirs, "shared-deal-390", folder=PICTURES_OUT)
    # At 1280 x 720 the line sits beside Undo and New game, which stay in the first screen,
    # and the heart is where the friend's own game has it: nothing moves at the first tap.
    theirs.set_viewport_size({"width": 1280, "height": 720})
    theirs.evaluate("window.scrollTo(0, 0)")
    wait_until_settled(theirs)
    picture(theirs, "shared-deal-1280", folder=PICTURES_OUT)
    for control in ("#undo", "#new-game", "[data-message='shared-deal']"):
        box = theirs.locator(control).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 720, (control, box)
    heart = theirs.locator("#heart").bounding_box()
    theirs.locator("#stock").click()  # their own game begins, under an address of its own
    expect(theirs.locator("[data-stat='moves']")).to_have_text("1")
    expect(theirs.locator("[data-message='shared-deal']")).to_have_count(0)
    assert theirs.locator("#heart").bounding_box() == heart
    expect(theirs).to_have_url(re.compile(r"/heart-to-heart/game/[0-9a-f-]{36}/$"))
    assert theirs.url != address
    friend.close()

    page.reload()
    expect(page.locator("[data-message='shared-deal']")).to_have_count(0)
    expect(page.locator("[data-stat='moves']")).to_have_text("1")
