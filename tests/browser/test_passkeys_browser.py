"""Keeping progress on other devices, in Chromium with its virtual authenticator.

Real WebAuthn ceremonies: Chromium's virtual authenticator (over Playwright's CDP session)
creates the passkey in one browser context; its credential is carried to a second context
(``WebAuthn.getCredentials`` / ``addCredential``), as a synced passkey would be, and signs
in there. The live server's host is ``localhost`` (a secure context over http, and the
relying party's id). The link code is played between two contexts without any passkey;
merging, signing out and forgetting follow, each page checked by axe (every impact, minor
ones included) and under the Content Security Policy (any violation is a console error
here). The link code is also played with JavaScript off in both contexts, and /keep/ is
walked with the keyboard alone.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.engine.heart_to_heart import EXAMPLE_CODE
from games.models import HeartsStats, Passkey, Player
from tests.web.heart_to_heart.helpers import winning_line

from .conftest import ARTIFACTS, every_axe_violation, picture
from .game_states import show_h2h_game

pytestmark = pytest.mark.django_db(transaction=True)

# Each keeping state at 1280 and 390 px: test-artifacts/keeping/ by default; `make
# screenshots` sets CARDSITE_KEEPING_PICTURES to docs/img/keeping.
PICTURES = Path(os.environ.get("CARDSITE_KEEPING_PICTURES") or ARTIFACTS / "keeping")
WIDTHS = ((1280, 900), (390, 844))
OTHER_CODE = "HH1-N-AAAAAAC"

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


class Device:
    """A browser context with its page, its console errors and, if asked, an authenticator."""

    def __init__(
        self, browser: Browser, base: str, *, authenticator: bool = True, javascript: bool = True
    ) -> None:
        self.base = base
        self.context: BrowserContext = browser.new_context(
            locale="en-GB", viewport={"width": 1280, "height": 900}, java_script_enabled=javascript
        )
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.cdp = self.authenticator = None
        if authenticator:
            self.cdp = self.context.new_cdp_session(self.page)
            self.cdp.send("WebAuthn.enable")
            self.authenticator = self.cdp.send(
                "WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR}
            )["authenticatorId"]

    def credentials(self) -> list[dict]:
        return self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.authenticator})[
            "credentials"
        ]

    def add_credential(self, credential: dict) -> None:
        self.cdp.send(
            "WebAuthn.addCredential",
            {"authenticatorId": self.authenticator, "credential": credential},
        )

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)

    def message(self):
        return self.page.locator("[data-keeping-message]")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def devices(live_server, browser: Browser):
    assert urlsplit(live_server.url).hostname == "localhost"  # the relying party's id
    made: list[Device] = []

    def make(**kwargs) -> Device:
        made.append(Device(browser, live_server.url, **kwargs))
        return made[-1]

    yield make
    for device in made:
        device.close()


def _pictured(device: Device, name: str) -> None:
    """The page as it stands, whole, at each of WIDTHS (then back to the first)."""
    for width, height in WIDTHS:
        device.page.set_viewport_size({"width": width, "height": height})
        picture(device.page, f"{name}-{width}", folder=PICTURES, full_page=True)
    device.page.set_viewport_size({"width": WIDTHS[0][0], "height": WIDTHS[0][1]})


def _play_heart_to_heart(device: Device, taps: int, code: str = EXAMPLE_CODE) -> str:
    """A game of ``code`` (the example deal's winning line) ``taps`` taps in, or one turn
    of the stock on another deal, this device's player's (written in the database: what is
    carried is the game, not the taps), opened; the game's address."""
    line = winning_line()[:taps] if code == EXAMPLE_CODE else ("stock",) * taps
    show_h2h_game(device.page, device.base, code, line)
    expect(device.page).to_have_url(re.compile(r"/heart-to-heart/game/[^/]+/$"))
    return urlsplit(device.page.url).path


def _board(page: Page) -> dict:
    """What the board shows: its version, each place's state, the waste and the figures."""
    return {
        "version": page.locator("#board").get_attribute("data-version"),
        "places": page.locator("[data-pos]").evaluate_all(
            "els => els.map(el => [el.dataset.pos, el.dataset.state, el.textContent.trim()])"
        ),
        "stats": page.locator("#h2h-stats dd").all_inner_texts(),
        "moves": page.locator("[data-stat='moves']").inner_text(),
    }


def _start_hearts(device: Device) -> str:
    device.goto("/hearts/")
    device.page.locator("[data-action='start']").click()
    expect(device.page).to_have_url(re.compile(r"/hearts/game/[^/]+/$"))
    return urlsplit(device.page.url).path


def _create_passkey(device: Device, label: str) -> None:
    device.goto("/keep/")
    form = device.page.locator("form[data-passkey-ceremony='create']")
    expect(form).to_be_visible()  # passkeys.js found a browser that can
    form.locator("input[name='label']").fill(label)
    form.locator("[data-action='create-passkey']").click()
    expect(device.message()).to_contain_text("Passkey created")


def _sign_in(device: Device, *, choosing: bool = False) -> None:
    """Sign in with the passkey; ``choosing``: both have a game in progress of one kind,
    and the page that joins them (asked first) goes on with the one ticked."""
    device.goto("/keep/")
    button = device.page.locator("[data-action='sign-in']")
    button.focus()  # reached and pressed from the keyboard
    device.page.keyboard.press("Enter")
    if choosing:
        expect(device.page.locator("[data-page='join']")).to_be_visible()
        return
    expect(device.message().first).to_contain_text("Signed in")
    expect(device.page.locator("[data-keeping-state='signed-in']")).to_be_visible()


def test_a_passkey_carries_statistics_and_games_in_progress_to_another_device_pictured(
    devices,
):
    laptop = devices()
    game = _play_heart_to_heart(laptop, 8)
    hearts = _start_hearts(laptop)
    _create_passkey(laptop, "Laptop")
    assert every_axe_violation(laptop.page) == []
    expect(laptop.page.locator("[data-passkey]")).to_contain_text("Laptop")
    # The passkey just made: what comes next is another device, not a second passkey.
    expect(laptop.page.locator("[data-action='create-passkey']")).not_to_have_class(
        re.compile(r"\bprimary\b"))
    expect(laptop.page.locator("[data-action='sign-in']")).to_have_count(0)
    _pictured(laptop, "passkey")
    credentials = laptop.credentials()
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
    assert Passkey.objects.get().label == "Laptop"
    laptop.goto(game)
    before = _board(laptop.page)

    phone = devices()
    phone.add_credential(credentials[0])  # a synced passkey reaches the phone
    _sign_in(phone)
    phone.goto("/heart-to-heart/")
    expect(phone.page).to_have_url(re.compile(re.escape(game) + "$"))  # the game in progress
    assert _board(phone.page) == before  # exactly as the laptop left it
    phone.goto("/hearts/")
    expect(phone.page).to_have_url(re.compile(re.escape(hearts) + "$"))
    expect(phone.page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text(
        "1"
    )
    assert Player.objects.count() == 1
    assert laptop.errors == [] and phone.errors == []


def test_a_link_code_makes_a_device_without_the_passkey_the_same_player_pictured(devices):
    """The laptop plays 20 moves; the phone turns its stock once on another deal; the
    laptop shows a code and the phone enters it: the page that joins them asks which game
    goes on, the laptop's ticked, and both devices then go on with it."""
    stranger = devices(authenticator=False)
    stranger.goto("/keep/")
    expect(stranger.page.locator("[data-keeping-state='stranger']")).to_be_visible()
    # Not signed in: a code as prominent as a passkey, and both game links in the header.
    ways = stranger.page.locator(".keeping-ways .button.primary")
    expect(ways).to_have_count(2)
    expect(stranger.page.locator(".site-nav a")).to_have_count(2)
    _pictured(stranger, "stranger")

    laptop = devices(authenticator=False)
    game = _play_heart_to_heart(laptop, 20)
    laptop.goto("/keep/")
    _pictured(laptop, "player")
    laptop.page.locator("[data-action='link-device']").click()
    code = laptop.page.locator("[data-link-code]").inner_text()
    expect(laptop.page.locator("figure.qr svg")).to_be_visible()
    assert every_axe_violation(laptop.page) == []
    _pictured(laptop, "link-code")
    address = urlsplit(laptop.page.locator("[data-link-url]").inner_text()).path
    assert address == f"/keep/code/{code}/"
    laptop.goto("/keep/")
    # Signed in: the next thing is another device, and signing in again is not offered.
    expect(laptop.page.locator(".button.primary")).to_have_count(1)
    expect(laptop.page.locator(".button.primary")).to_have_attribute(
        "data-action", "link-device")
    again = laptop.page.locator("[data-action='sign-in'], [data-action='use-code']")
    expect(again).to_have_count(0)
    _pictured(laptop, "signed-in")

    phone = devices(authenticator=False)
    _play_heart_to_heart(phone, 1, OTHER_CODE)
    phone.goto(address)  # what the QR code opens: the box filled in
    expect(phone.page.locator("input[name='code']")).to_have_value(code)
    _pictured(phone, "code")
    phone.page.locator("[data-action='use-code']").click()
    kept = phone.page.locator("[data-join-kind='heart-to-heart'] input[data-join-game='kept']")
    expect(kept).to_be_checked()  # 20 moves: more progress than the phone's one
    expect(phone.page.locator("[data-page='join']")).to_contain_text(f"Deal {OTHER_CODE}: 1 move")
    assert every_axe_violation(phone.page) == []
    _pictured(phone, "join")
    phone.page.locator("[data-action='join']").click()
    expect(phone.message().first).to_contain_text("Signed in")
    said = f"Heart to Heart: you go on with the game of deal {EXAMPLE_CODE}"
    expect(phone.message().nth(1)).to_contain_text(said)
    _pictured(phone, "joined")
    for device in (phone, laptop):
        device.goto("/heart-to-heart/")
        expect(device.page).to_have_url(re.compile(re.escape(game) + "$"))

    # The same code again, on a third device: it says so plainly.
    third = devices(authenticator=False)
    third.goto("/keep/code/")
    third.page.locator("input[name='code']").fill(code)
    third.page.locator("[data-action='use-code']").click()
    expect(third.page.locator("[data-keeping-problem]")).to_contain_text("used already")
    assert laptop.errors == [] and phone.errors == []


def test_merge_then_sign_out_then_forget_me(devices):
    laptop = devices()
    _start_hearts(laptop)
    _create_passkey(laptop, "Laptop")
    phone = devices()
    phone.add_credential(laptop.credentials()[0])
    _start_hearts(phone)  # the phone's own progress, before it signs in
    assert Player.objects.count() == 2
    _sign_in(phone, choosing=True)
    # Both have a Hearts game in progress: the page that joins them asks which goes on.
    choices = phone.page.locator("[data-page='join'] [data-join-kind='hearts'] input")
    expect(choices).to_have_count(2)
    phone.page.locator("[data-action='join']").click()
    expect(phone.message().first).to_contain_text("are now part of your progress")
    assert Player.objects.count() == 1
    assert list(HeartsStats.objects.values_list("level", "games_played")) == [("medium", 2)]
    phone.goto("/hearts/")
    expect(phone.page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text(
        "2"
    )

    # Sign out on the phone: a stranger again; the laptop keeps everything.
    phone.goto("/keep/")
    phone.page.locator("[data-action='sign-out']").click()
    expect(phone.message()).to_contain_text("Signed out")
    expect(phone.page.locator("[data-keeping-state='stranger']")).to_be_visible()
    laptop.goto("/hearts/")
    expect(laptop.page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text(
        "2"
    )

    # Forget me on the laptop, after the confirmation.
    laptop.goto("/keep/")
    laptop.page.locator("[data-action='forget']").click()
    expect(laptop.page.locator("[data-page='forget']")).to_be_visible()
    assert every_axe_violation(laptop.page) == []
    laptop.page.locator("input[name='confirm']").check()
    laptop.page.locator("button[data-action='forget']").click()
    expect(laptop.message()).to_contain_text("Forgotten")
    assert Player.objects.count() == 0 and Passkey.objects.count() == 0
    # The passkey still in the phone's authenticator signs in nobody now.
    phone.goto("/keep/")
    phone.page.locator("[data-action='sign-in']").click()
    expect(phone.page.locator("[data-keeping-problem]")).to_contain_text("could not be checked")
    assert laptop.errors == []


@pytest.mark.parametrize("language", ["fr", "nb"])
def test_the_keeping_page_is_translated_and_axe_clean(devices, language):
    device = devices(authenticator=False)
    device.page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": device.base}]
    )
    _play_heart_to_heart(device, 2)
    device.goto("/keep/")
    expect(device.page.locator("html")).to_have_attribute("lang", language)
    heading = {"fr": "Garder ma progression", "nb": "Ta med fremgangen min"}[language]
    expect(device.page.locator("h1")).to_contain_text(heading)
    assert every_axe_violation(device.page) == []
    assert device.errors == []


LOOK = {"table": "dark", "print": "large", "colours": "four", "back": "blue"}


def _body_look(page: Page) -> dict:
    body = page.locator("body")
    return {name: body.get_attribute(f"data-{name}") for name in LOOK}


def test_a_link_code_works_with_javascript_off_on_both_devices_and_brings_the_look(devices):
    laptop = devices(authenticator=False, javascript=False)
    phone = devices(authenticator=False, javascript=False)
    hearts = _start_hearts(laptop)  # a plain form: post, redirect, get
    laptop.goto("/look/")
    for name, value in LOOK.items():
        laptop.page.locator(f"input[name='look_{name}'][value='{value}']").check()
    laptop.page.locator("form[action='/look/'] button[type='submit']").click()
    assert _body_look(laptop.page) == LOOK
    laptop.goto("/keep/")
    expect(laptop.page.locator("noscript").first).to_be_attached()
    laptop.page.locator("[data-action='link-device']").click()
    code = laptop.page.locator("[data-link-code]").inner_text()
    expect(laptop.page.locator("figure.qr svg")).to_be_visible()
    expect(laptop.page.locator("[data-page='link-code']")).to_contain_text(
        "It works once, for 10 minutes."
    )
    # (No axe here: it is JavaScript, and this context runs none. The same pages are
    # checked with it in the tests above.)

    _start_hearts(phone)  # the phone's own progress, merged when it signs in
    assert _body_look(phone.page)["table"] == "system"
    phone.goto("/keep/")
    phone.page.locator("input[name='code']").fill(code.lower().replace("-", " "))
    phone.page.locator("[data-action='use-code']").click()
    # Without JavaScript too: a plain form asks which Hearts game goes on.
    phone.page.locator("[data-join-game='kept']").check()
    phone.page.locator("[data-action='join']").click()
    expect(phone.message().first).to_contain_text("are now part of your progress")
    expect(phone.page.locator("[data-keeping-message]").nth(1)).to_contain_text("Hearts: you go on")
    assert _body_look(phone.page) == LOOK  # the laptop's look, from the first paint
    phone.goto("/hearts/")
    expect(phone.page).to_have_url(re.compile(r"/hearts/game/[^/]+/$"))
    assert phone.page.url.endswith(hearts) or Player.objects.count() == 1
    expect(phone.page.locator("[data-stat-level='medium'][data-stat-kind='played']")).to_have_text(
        "2"
    )

    # Signing out takes the look away with the player: the phone is a stranger again.
    phone.goto("/keep/")
    phone.page.locator("[data-action='sign-out']").click()
    expect(phone.message()).to_contain_text("Signed out")
    assert _body_look(phone.page)["table"] == "system"
    assert _body_look(laptop.page) == LOOK
    assert laptop.errors == [] and phone.errors == []


def _tab_to(page: Page, selector: str, walked: list[str], limit: int = 80) -> None:
    """Press Tab until the focus is on ``selector``; every stop is noted in ``walked``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate("""() => {
            const el = document.activeElement;
            return el.dataset.action || el.name || el.getAttribute('href') || el.tagName;
        }""")
        walked.append(stop)
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            assert page.locator(selector).first.is_visible()
            return
    raise AssertionError(f"Tab never reached {selector}: {walked[-limit:]}")


def _from_the_top(device: Device, path: str) -> list[str]:
    device.goto(path)
    device.page.locator("body").focus()
    return []


def test_keep_is_used_with_the_keyboard_alone(devices):
    """Tab reaches every control of /keep/ in reading order, and Enter or Space does what
    a click does: create a passkey, show a code, remove the last passkey (after ticking
    the box), sign out (after ticking the box), with no mouse at all."""
    laptop = devices()
    _start_hearts(laptop)
    page = laptop.page

    walked = _from_the_top(laptop, "/keep/")
    _tab_to(page, "form[data-passkey-ceremony='create'] input[name='label']", walked)
    page.keyboard.type("Laptop")
    _tab_to(page, "[data-action='create-passkey']", walked)
    page.keyboard.press("Enter")
    expect(laptop.message()).to_contain_text("Passkey created")
    assert every_axe_violation(page) == []

    # Every control, in the order it reads.
    walked = _from_the_top(laptop, "/keep/")
    _tab_to(page, "footer [data-keeping-entry='footer']", walked)
    order = [  # signed in: another device first, then the passkeys; no sign-in offered
        "link-device",
        "confirm",
        "remove-passkey",
        "label",
        "create-passkey",
        "sign-out",
        "forget",
    ]
    reached = [stop for stop in walked if stop in order]
    assert [stop for i, stop in enumerate(reached) if stop not in reached[:i]] == order

    # Space on a button: a link code is shown; Enter on a link: back.
    walked = _from_the_top(laptop, "/keep/")
    _tab_to(page, "[data-action='link-device']", walked)
    page.keyboard.press("Space")
    expect(page.locator("[data-link-code]")).to_be_visible()
    _tab_to(page, "a.button[href='/keep/']", walked)
    page.keyboard.press("Enter")
    expect(page.locator("[data-page='keeping']")).to_be_visible()

    # The last passkey asks first: Enter alone is refused, Space ticks, Enter removes.
    walked = _from_the_top(laptop, "/keep/")
    _tab_to(page, "[data-action='remove-passkey']", walked)
    page.keyboard.press("Enter")
    expect(page.locator("[data-keeping-problem]")).to_contain_text("This is your last passkey")
    assert every_axe_violation(page) == []
    assert Passkey.objects.count() == 1
    # The refusal is a 400 page, which Chromium notes in the console: that one only.
    assert laptop.errors == [
        "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    ]
    laptop.errors.clear()
    walked = []
    _tab_to(page, ".passkey-list input[name='confirm']", walked)
    page.keyboard.press("Space")
    expect(page.locator(".passkey-list input[name='confirm']")).to_be_checked()
    _tab_to(page, "[data-action='remove-passkey']", walked)
    page.keyboard.press("Enter")
    expect(laptop.message()).to_contain_text("Passkey removed")
    assert Passkey.objects.count() == 0

    # Signing out with nothing else keeping the progress: tick, then sign out.
    walked = _from_the_top(laptop, "/keep/")
    _tab_to(page, "[data-keeping='leave'] input[name='confirm']", walked)
    page.keyboard.press("Space")
    _tab_to(page, "[data-action='sign-out']", walked)
    page.keyboard.press("Enter")
    expect(laptop.message()).to_contain_text("Signed out")
    expect(page.locator("[data-keeping-state='stranger']")).to_be_visible()
    assert every_axe_violation(page) == []
    assert laptop.errors == []
