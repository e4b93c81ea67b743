"""The passkey service itself, without a page: registration, sign-in, removal, each
answering an ``Outcome`` (docs/passkeys.md; the pages are in tests/web/keeping/)."""

from __future__ import annotations

import json

import pytest

from games import look as looks
from games.models import Challenge, Passkey, Player
from games.services import keeping, passkeys
from tests.web.keeping.authenticator import ORIGIN, RP_ID, SoftAuthenticator

pytestmark = pytest.mark.django_db

RP = passkeys.RelyingParty(id=RP_ID, name="cardsite", origins=(ORIGIN,))
DARK = looks.Look(table="dark")


def _register(key: SoftAuthenticator, *, player: Player | None = None, label: str = "Phone",
              look: looks.Look = looks.DEFAULT):
    options = passkeys.registration_options(rp=RP, player=player, label=label)
    return passkeys.register(
        rp=RP, challenge=options.challenge, credential=key.create(json.loads(options.json)),
        label=label, player_id=player.pk if player else None, look=look)


def _authenticate(key: SoftAuthenticator):
    options = passkeys.sign_in_options(rp=RP)
    return passkeys.authenticate(rp=RP, challenge=options.challenge,
                                 credential=key.get(json.loads(options.json)))


def test_a_passkey_made_for_nobody_makes_its_player_wearing_the_browsers_look():
    made = _register(SoftAuthenticator(), look=DARK, label="  My   phone " + "x" * 80)
    assert made.problem is None and isinstance(made.value, Player)
    assert looks.of_player(made.value) == DARK
    passkey = Passkey.objects.get()
    assert passkey.transports == ["internal", "hybrid"]  # read by py_webauthn's parser
    assert passkey.label == ("My phone " + "x" * 80)[:passkeys.LABEL_LENGTH]
    assert not Challenge.objects.exists()  # the challenge served once


def test_a_player_keeps_their_own_look_when_they_add_a_passkey():
    player = Player.objects.create()
    made = _register(SoftAuthenticator(), player=player, look=DARK)
    assert made.value == player and looks.of_player(Player.objects.get()) == looks.DEFAULT


def test_every_no_is_an_outcome_with_a_problem():
    key = SoftAuthenticator()
    assert _register(key).problem is None
    assert _register(key).problem == keeping.Problem.ALREADY
    spent = passkeys.register(rp=RP, challenge="", credential="{}", label="", player_id=None)
    assert spent.problem == keeping.Problem.PAGE_EXPIRED and spent.value is None
    options = passkeys.registration_options(rp=RP, player=None, label="")
    garbage = passkeys.register(rp=RP, challenge=options.challenge, credential="not json",
                                label="", player_id=None)
    assert garbage.problem == keeping.Problem.REFUSED
    assert _authenticate(SoftAuthenticator()).problem == keeping.Problem.REFUSED


def test_a_sign_in_finds_the_player_and_moves_the_counter_once():
    key = SoftAuthenticator()
    player = _register(key).value
    assert _authenticate(key).value == player
    assert Passkey.objects.get().sign_count == key.counter
    key.counter -= 1  # an authenticator whose counter went back: a cloned key
    assert _authenticate(key).problem == keeping.Problem.REFUSED


def test_removing_says_whose_and_asks_before_the_last():
    player = _register(SoftAuthenticator()).value
    other = _register(SoftAuthenticator()).value
    mine, theirs = (Passkey.objects.get(player=p).pk for p in (player, other))
    assert passkeys.remove(player=player, passkey_id=theirs).problem == keeping.Problem.NOT_YOURS
    assert passkeys.remove(player=None, passkey_id=mine).problem == keeping.Problem.NOT_YOURS
    assert passkeys.remove(player=player, passkey_id=mine).problem == keeping.Problem.LAST
    removed = passkeys.remove(player=player, passkey_id=mine, last_confirmed=True)
    assert removed.problem is None and removed.value == mine
    assert list(Passkey.objects.values_list("pk", flat=True)) == [theirs]
