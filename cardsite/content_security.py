"""The one inline style the Content Security Policy lets through: the 500 page's.

The 500 page carries its own small <style> because it must look right even when the
static files are what broke; a policy without 'unsafe-inline' would drop it. Its hash
is worked out from the page as rendered and added to that response's policy only
(django-csp's per-response update), so no other page may carry an inline style.
"""

from __future__ import annotations

import base64
import hashlib
import re

from django.http import HttpResponse

_STYLE = re.compile(rb"<style>(.*?)</style>", re.DOTALL)


def allow_own_inline_styles(response: HttpResponse) -> HttpResponse:
    """Let this response's own <style> elements, and nothing else inline, apply."""
    hashes = [
        "'sha256-{}'".format(base64.b64encode(hashlib.sha256(css).digest()).decode("ascii"))
        for css in _STYLE.findall(response.content)
    ]
    if hashes:
        response._csp_update = {"style-src": hashes}
    return response
