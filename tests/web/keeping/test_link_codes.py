"""Link codes: shown once, used once, for ten minutes; without JavaScript; a wrong code
never says whether a code exists (docs/passkeys.md#link-codes)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Device, HeartsGame, LinkCode, Player
from games.services import link_codes
from games.visitors import COOKIE_NAME
from tests.web.hearts.helpers import start as start_hearts

pytestmark = pytest.mark.django_db

WRONG = "That is not a code we can use"


def show_code(client: Client) -> str:
    response = client.post("/keep/link/")
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("max-age=0")
    return re.search(r"data-link-code>([^<]+)<", response.content.decode()).group(1)


def test_a_code_makes_another_device_the_same_player_without_javascript():
    laptop = Client()
    game = start_hearts(laptop)
    page = laptop.post("/keep/link/").content.decode()
    code = re.search(r"data-link-code>([^<]+)<", page).group(1)
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}", code)
    assert f"http://testserver/keep/code/{code}/" in page  # the same as an address
    assert '<svg' in page and 'class="qr-code"' in page and "style=" not in page  # the QR code
    assert "<script" not in page.split("</header>")[1].split("<footer")[0]
    # The device that showed it now has its own key (its cookie was rotated).
    assert Device.objects.filter(player=game.player).count() == 1

    phone = Client()
    response = phone.post("/keep/code/", {"code": code.lower().replace("-", " ")})
    assert response.status_code == 302
    assert phone.get(f"/hearts/game/{game.pk}/").status_code == 200
    assert Player.objects.count() == 1 and Device.objects.count() == 2


def test_the_qr_address_fills_in_the_box_and_spends_nothing():
    laptop = Client()
    start_hearts(laptop)
    code = show_code(laptop)
    phone = Client()
    page = phone.get(f"/keep/code/{code}/")
    assert page.status_code == 200 and f'value="{code}"' in page.content.decode()
    assert COOKIE_NAME not in page.cookies
    assert LinkCode.objects.get().used_at is None
    assert phone.post("/keep/code/", {"code": code}).status_code == 302


def test_a_used_code_says_so_plainly():
    laptop = Client()
    start_hearts(laptop)
    code = show_code(laptop)
    assert Client().post("/keep/code/", {"code": code}).status_code == 302
    again = Client().post("/keep/code/", {"code": code})
    assert again.status_code == 400 and "used already" in again.content.decode()


def test_an_expired_code_says_so_plainly():
    laptop = Client()
    start_hearts(laptop)
    code = show_code(laptop)
    LinkCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    response = Client().post("/keep/code/", {"code": code})
    assert response.status_code == 400 and "expired" in response.content.decode()
    assert Player.objects.count() == 1


def test_a_new_code_ends_the_last_one():
    laptop = Client()
    start_hearts(laptop)
    first = show_code(laptop)
    second = show_code(laptop)
    assert "expired" in Client().post("/keep/code/", {"code": first}).content.decode()
    assert Client().post("/keep/code/", {"code": second}).status_code == 302


def test_a_wrong_code_never_tells_whether_a_code_exists():
    laptop = Client()
    start_hearts(laptop)
    code = show_code(laptop).replace("-", "")
    wrong_secret = code[:5] + ("0000000" if code[5:] != "0000000" else "1111111")
    nobody = ("Z" if code[0] != "Z" else "Y") + code[1:]
    answers = []
    for text in (wrong_secret, nobody):
        response = Client().post("/keep/code/", {"code": text})
        assert response.status_code == 400
        body = response.content.decode()
        answers.append(re.search(r"data-keeping-problem>([^<]+)<", body).group(1))
    assert answers[0] == answers[1] and WRONG in answers[0]


def test_five_wrong_tries_at_a_code_end_it():
    laptop = Client()
    start_hearts(laptop)
    code = show_code(laptop).replace("-", "")
    for n in range(link_codes.MAX_FAILURES):
        secret = f"{n:07d}"
        if secret == code[5:]:
            secret = "ZZZZZZZ"
        Client().post("/keep/code/", {"code": code[:5] + secret})
    response = Client().post("/keep/code/", {"code": code})
    assert response.status_code == 400 and "too often" in response.content.decode()
    assert Player.objects.count() == 1 and Device.objects.count() == 1


@pytest.mark.parametrize("text", ["", "ABC", "7K3M-Q9TX-4WB", "7K3M-Q9TX-4WBA-X", "UUUU-UUUU-UUUU",
                                  "<script>", "é" * 12, "1" * 65])
def test_what_cannot_be_a_code_is_told_what_a_code_looks_like(text):
    response = Client().post("/keep/code/", {"code": text})
    assert response.status_code == 400
    assert "field-error" in response.content.decode()


def test_a_stranger_has_nothing_to_link():
    client = Client()
    response = client.post("/keep/link/")
    assert response.status_code == 400 and LinkCode.objects.count() == 0
    assert Player.objects.count() == 0


def test_code_entry_is_limited_per_address(settings):
    settings.KEEPING_LIMITS = {**settings.KEEPING_LIMITS, "code": (3, 600)}
    client = Client()
    statuses = [client.post("/keep/code/", {"code": "0000-0000-0000"}).status_code
                for _ in range(4)]
    assert statuses == [400, 400, 400, 429]
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post("/keep/code/", {"code": "0000-0000-0000"}).status_code == 400


def test_the_codes_are_normalised_as_people_type_them():
    assert link_codes.normalise(" o1il-ABCD-efgh ") == "0111ABCDEFGH"
    assert link_codes.normalise("U" * 12) is None


def test_only_the_code_holder_merges_their_progress():
    laptop, phone = Client(), Client()
    start_hearts(laptop)
    start_hearts(phone)
    code = show_code(laptop)
    assert phone.post("/keep/code/", {"code": code})["Location"] == "/keep/join/"
    seen = re.search(r'name="seen" value="([^"]*)"', phone.get("/keep/join/").content.decode())
    assert phone.post("/keep/join/", {"hearts": HeartsGame.objects.first().pk,
                                      "seen": seen.group(1)}).status_code == 302
    assert Player.objects.count() == 1
    assert HeartsGame.objects.values("player").distinct().count() == 1


def _redeem_work(text: str, monkeypatch) -> tuple[list[str], int, link_codes.Problem]:
    """What ``redeem`` does for ``text``: its statements (values left out) and how many
    HMACs of a secret it computes."""
    hmacs = []
    real = link_codes._secret_digest

    def counted(code):
        hmacs.append(code)
        return real(code)

    monkeypatch.setattr(link_codes, "_secret_digest", counted)
    with CaptureQueriesContext(connection) as queries:
        answer = link_codes.redeem(text=text)
    monkeypatch.setattr(link_codes, "_secret_digest", real)
    shapes = [re.sub(r"'[^']*'|\b\d+\b|\"s\d+_x\d+\"", "?", query["sql"])
              for query in queries.captured_queries]
    return shapes, len(hmacs), answer.problem


def test_a_missing_code_and_a_wrong_secret_cost_the_same_work(monkeypatch):
    """No timing tells a stranger a selector exists: a selector no row has and a wrong
    secret each compute one HMAC and run the same statements (the wrong try counted by
    the same UPDATE, which changes no row when there is none)."""
    player = Player.objects.create()
    code = link_codes.make_code(player=player).code.replace("-", "")
    wrong_secret = code[:5] + ("0000000" if code[5:] != "0000000" else "1111111")
    nobody = ("Z" if code[0] != "Z" else "Y") + code[1:]
    missing = _redeem_work(nobody, monkeypatch)
    wrong = _redeem_work(wrong_secret, monkeypatch)
    assert missing == wrong
    assert missing[1] == 1 and missing[2] == link_codes.Problem.WRONG
    assert any(shape.startswith("UPDATE") for shape in missing[0])
    # The wrong secret counted against the code; the missing one against nothing.
    assert LinkCode.objects.get().failures == 1


def test_the_code_page_says_how_long_the_code_lasts_not_a_clock_time():
    """A clock time in UTC was misread by players in other time zones; how long the code
    stays valid is true wherever they are."""
    laptop = Client()
    start_hearts(laptop)
    page = laptop.post("/keep/link/").content.decode()
    assert "It works once, for 10 minutes." in page
    assert "UTC" not in page and "expires at" not in page
    assert not re.search(r"\b\d{1,2}:\d{2}\b", page.split("<main")[1])


@pytest.mark.parametrize(("first", "second", "same"), [
    ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:fffe", True),  # one /64: one home
    ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
    ("192.0.2.1", "::ffff:192.0.2.1", True),  # IPv4, mapped or not
    ("192.0.2.1", "192.0.2.2", False),
])
def test_code_entry_is_limited_per_ipv6_network_of_64_addresses(settings, first, second, same):
    settings.KEEPING_LIMITS = {**settings.KEEPING_LIMITS, "code": (2, 600)}
    for _ in range(2):
        Client(REMOTE_ADDR=first).post("/keep/code/", {"code": "0000-0000-0000"})
    status = Client(REMOTE_ADDR=second).post("/keep/code/", {"code": "0000-0000-0000"}).status_code
    assert status == (429 if same else 400)
