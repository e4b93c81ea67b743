"""Attempts per address, counted in the database so every app server shares the count.

Sign-in, code entry and the passkey ceremonies write rows and check secrets: each kind
(``scope``) allows a number of attempts per address in a fixed window
(``settings.KEEPING_LIMITS``: attempts, seconds). nginx limits the same paths before the
app sees them (deploy/nginx/); this is the limit that holds whatever is in front. The
address is kept only as a digest, and ``manage.py purge`` deletes past windows.

An IPv6 address is counted by its /64 network: one home or phone is given a whole /64
and may pick any address in it, so counting full addresses would give it 2^64
allowances. An IPv4 address (and an IPv4-mapped IPv6 one) is counted as itself.
"""

from __future__ import annotations

import hashlib
import ipaddress
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from games.models import Throttle


def _window_start(now: datetime, seconds: int) -> datetime:
    epoch = int(now.timestamp())
    return datetime.fromtimestamp(epoch - epoch % seconds, tz=now.tzinfo)


def counted_as(address: str) -> str:
    """What an address is counted as: its /64 network for IPv6, else itself (an address
    that does not parse, as it came)."""
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(parsed) >> 64 << 64, 64)))
    return str(parsed)


def allow(*, scope: str, address: str) -> bool:
    """Count one attempt of ``scope`` from ``address``; False once the window's allowance
    is spent (that attempt is not counted)."""
    attempts, seconds = settings.KEEPING_LIMITS[scope]
    counted = f"{scope}\n{counted_as(address)}"
    digest = hashlib.sha256(counted.encode("utf-8", "replace")).hexdigest()
    start = _window_start(timezone.now(), seconds)
    with transaction.atomic():
        row, _created = Throttle.objects.select_for_update().get_or_create(
            scope=scope, key_digest=digest, window_start=start
        )
        if row.count >= attempts:
            return False
        Throttle.objects.filter(pk=row.pk).update(count=F("count") + 1)
    return True


def past_windows(now: datetime) -> QuerySet[Throttle]:
    """Windows no limit reads any more (the longest window is a day at most)."""
    return Throttle.objects.filter(window_start__lt=now - timedelta(days=1))
