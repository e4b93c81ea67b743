"""The link-code service itself, without a page: made, redeemed once, and each reason
for no (docs/passkeys.md#link-codes; the pages are in tests/web/keeping/)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import LinkCode, Player
from games.services import keeping, link_codes

pytestmark = pytest.mark.django_db


def test_a_code_names_its_player_once():
    player = Player.objects.create()
    issued = link_codes.make_code(player=player)
    assert issued.expires_at - timezone.now() <= link_codes.LIFETIME
    found = link_codes.redeem(text=issued.code.lower())
    assert found.problem is None and found.value == player
    assert link_codes.redeem(text=issued.code).problem == keeping.Problem.USED


def test_each_reason_for_no_is_its_own_problem():
    player = Player.objects.create()
    assert link_codes.redeem(text="nope").problem == keeping.Problem.MALFORMED
    code = link_codes.make_code(player=player).code
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    assert link_codes.redeem(text=wrong).problem == keeping.Problem.WRONG
    LinkCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert link_codes.redeem(text=code).problem == keeping.Problem.CODE_EXPIRED
    locked = link_codes.make_code(player=player).code
    bad = locked[:-1] + ("0" if locked[-1] != "0" else "1")
    for _try in range(link_codes.MAX_FAILURES):
        assert link_codes.redeem(text=bad).problem == keeping.Problem.WRONG
    assert link_codes.redeem(text=locked).problem == keeping.Problem.LOCKED


def test_a_new_code_ends_the_last():
    player = Player.objects.create()
    first = link_codes.make_code(player=player).code
    link_codes.make_code(player=player)
    assert link_codes.redeem(text=first).problem == keeping.Problem.CODE_EXPIRED
