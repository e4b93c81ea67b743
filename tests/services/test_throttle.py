"""The limit per address itself (games/services/throttle.py; the pages' 429 is in
tests/web/keeping/test_safety.py)."""

from __future__ import annotations

import pytest
from django.test import override_settings

from games.services import throttle

pytestmark = pytest.mark.django_db


@override_settings(KEEPING_LIMITS={"code": (3, 600), "link": (1, 600)})
def test_each_scope_allows_its_attempts_per_address_then_refuses():
    assert [throttle.allow(scope="code", address="192.0.2.1") for _ in range(4)] == [
        True, True, True, False]
    assert throttle.allow(scope="code", address="192.0.2.2")  # another address
    assert throttle.allow(scope="link", address="192.0.2.1")  # another scope
    assert not throttle.allow(scope="link", address="192.0.2.1")


@override_settings(KEEPING_LIMITS={"code": (1, 600)})
def test_an_ipv6_network_counts_as_one_address_and_mapped_ipv4_as_itself():
    assert throttle.allow(scope="code", address="2001:db8:1:2::1")
    assert not throttle.allow(scope="code", address="2001:db8:1:2:ffff::9")
    assert throttle.allow(scope="code", address="2001:db8:1:3::1")
    assert throttle.counted_as("::ffff:192.0.2.7") == "192.0.2.7"
    assert throttle.counted_as("not an address") == "not an address"
