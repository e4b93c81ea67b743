"""A browser over plain HTTP, for the live tests and the load benchmark.

It does what a person's browser with htmx does and nothing the pages do not offer: it
GETs a page, reads the forms on it (action, hx-post, hidden inputs such as ``version``
and the CSRF token, the buttons a person can press), and posts what the pressed button
would post, with the cookies it was given and htmx's headers. It follows redirects the
way a browser (or htmx's XHR) does and remembers where it landed, so it reads a game's
id from the final URL or from the forms, never from knowing how the site names things.

Standard library only: one keep-alive connection per browser, reopened when a server
goes away (the fault tests kill servers on purpose).
"""

from __future__ import annotations

import html
import http.client
import json
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urljoin, urlsplit

GAME_PATH = re.compile(r"/game/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/")
VERSION = re.compile(r'data-version="(\d+)"')


class ServerGone(Exception):
    """The connection failed or broke before an answer arrived (the request may or may
    not have reached the server: that is exactly what the fault tests look at)."""


@dataclass
class Form:
    action: str
    method: str
    hx_post: str | None
    hx_trigger: str | None
    attrs: dict[str, str]
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[dict[str, str]] = field(default_factory=list)

    def enabled_buttons(self, **wanted: str) -> list[dict[str, str]]:
        """Buttons a person can press (not disabled) whose attributes match ``wanted``
        (``name_``: the ``name`` attribute; ``data_action``: ``data-action``)."""
        return list(self._pressable(wanted))

    def _pressable(self, wanted: dict[str, str]):
        pairs = [(_attr(key), value) for key, value in wanted.items()]
        for button in self.buttons:
            if ("disabled" not in button and button.get("type", "submit") == "submit"
                    and all(button.get(name) == value for name, value in pairs)):
                yield button


def _attr(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


# Regular expressions, not an HTML parser: the load benchmark reads thousands of pages a
# second with these, and a pure-Python parser would make the clients the bottleneck (the
# clients share the servers' cores, so what they spend weighs on every figure measured).
# A tag's attribute text is a run of anything but quotes and ">", then quoted strings
# each followed by such a run ("unrolled": no alternation tried at every character).
_TAG = re.compile(
    r"""<(/?)(form|input|button|body|select|option)\b"""
    r"""([^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*)>""", re.I)
_ATTRIBUTE = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


@lru_cache(maxsize=8192)
def tag_attributes(text: str) -> tuple[tuple[str, str], ...]:
    """One tag's attributes, read once per distinct tag text: a game's answers repeat
    most of their tags (the same cards, buttons and hidden inputs) from one answer to
    the next, so most tags are read from here, not parsed again."""
    found: dict[str, str] = {}
    for name, double, single, bare in _ATTRIBUTE.findall(text):
        value = double or single or bare
        found[name.lower()] = html.unescape(value) if "&" in value else value
    return tuple(found.items())


def _attributes(text: str) -> dict[str, str]:
    return dict(tag_attributes(text))  # a dict of its own: callers may change theirs


def _read_forms(text: str) -> tuple[list[Form], dict[str, str]]:
    forms: list[Form] = []
    hx_headers: dict[str, str] = {}
    open_form: Form | None = None
    select: str | None = None  # the name of the <select> being read
    for closing, tag, raw in _TAG.findall(text):
        tag = tag.lower()
        if closing:
            if tag == "form":
                open_form = None
            elif tag == "select":
                select = None
            continue
        if open_form is None and tag not in ("body", "form"):
            continue  # a field or button outside any form sends nothing
        attributes = _attributes(raw)
        if tag == "body":
            if "hx-headers" in attributes:
                hx_headers = json.loads(attributes["hx-headers"])
        elif tag == "form":
            open_form = Form(
                action=attributes.get("action", ""),
                method=attributes.get("method", "get").lower(),
                hx_post=attributes.get("hx-post"),
                hx_trigger=attributes.get("hx-trigger"),
                attrs=attributes,
            )
            forms.append(open_form)
        elif open_form is not None and tag == "input" and "name" in attributes:
            kind = attributes.get("type", "text")
            if kind in ("hidden", "text") or (kind in ("radio", "checkbox")
                                               and "checked" in attributes):
                open_form.fields[attributes["name"]] = attributes.get("value", "on")
        elif open_form is not None and tag == "select" and "name" in attributes:
            select = attributes["name"]
        elif open_form is not None and tag == "option" and select is not None:
            # A browser sends the selected option, else the first.
            if "selected" in attributes or select not in open_form.fields:
                open_form.fields[select] = attributes.get("value", "")
        elif open_form is not None and tag == "button":
            open_form.buttons.append(attributes)
    return forms, hx_headers


@dataclass
class Page:
    """What the browser shows: a whole page, or the fragment htmx swapped in."""

    status: int
    url: str  # the path it finally came from, after redirects
    text: str
    headers: dict[str, str]
    forms: list[Form]
    hx_headers: dict[str, str]

    @property
    def version(self) -> int | None:
        found = VERSION.search(self.text)
        return int(found.group(1)) if found else None

    @property
    def game_id(self) -> str | None:
        """The game on show: from the URL, else from the forms that act on it."""
        actions = [form.action for form in self.forms]
        actions += [form.hx_post or "" for form in self.forms]
        for place in (self.url, *actions):
            found = GAME_PATH.search(place)
            if found:
                return found.group(1)
        return None

    def attribute(self, name: str) -> str | None:
        """The value of the first ``name="..."`` in the answer (a string search, no
        pattern built per call: the players ask on every answer)."""
        marker = f'{name}="'
        start = self.text.find(marker)
        if start < 0:
            return None
        start += len(marker)
        end = self.text.find('"', start)
        return self.text[start:end] if end >= 0 else None

    def find(self, **wanted: str) -> tuple[Form, dict[str, str]] | None:
        """The first enabled button matching ``wanted``, with its form."""
        for form in self.forms:
            for button in form._pressable(wanted):
                return form, button
        return None

    def form_with(self, **attrs: str) -> Form | None:
        for form in self.forms:
            if all(form.attrs.get(_attr(key)) == value for key, value in attrs.items()):
                return form
        return None


def parse(status: int, url: str, text: str, headers: dict[str, str]) -> Page:
    forms, hx_headers = _read_forms(text)
    return Page(status, url, text, headers, forms, hx_headers)


@dataclass
class Timing:
    kind: str
    status: int  # 0: no answer (the server went away)
    ms: float


class Browser:
    """One visitor's browser: cookies, a keep-alive connection, htmx's manners."""

    def __init__(self, base: str, *, language: str = "en", timeout: float = 30.0,
                 record: list[Timing] | None = None, source: str | None = None) -> None:
        self.base = base
        self.language = language
        self.timeout = timeout
        # The address it sends from (any of 127.0.0.0/8 on loopback): nginx limits per
        # client address, so a test gives each visitor its own.
        self.source = source
        self.cookies: dict[str, str] = {}
        self.timings = record if record is not None else []
        self._connection: http.client.HTTPConnection | None = None
        self.hx_headers: dict[str, str] = {}  # the page's hx-headers (the CSRF token)

    # --- HTTP ---------------------------------------------------------------------

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _send(self, method: str, path: str, body: str | None, headers: dict[str, str]):
        if self._connection is None:
            parts = urlsplit(self.base)
            self._connection = http.client.HTTPConnection(
                parts.hostname, parts.port, timeout=self.timeout,
                source_address=(self.source, 0) if self.source else None)
        try:
            self._connection.request(method, path, body=body, headers=headers)
            response = self._connection.getresponse()
            text = response.read().decode("utf-8", errors="replace")
        except (OSError, http.client.HTTPException) as error:
            self.close()
            raise ServerGone(f"{method} {path}: {error!r}") from error
        if response.getheader("Connection", "").lower() == "close" or response.will_close:
            self.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0" or morsel.value == "":
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return response.status, text, {k.lower(): v for k, v in response.getheaders()}

    def request(self, method: str, path: str, form: dict[str, str] | None = None, *,
                htmx: bool = False, kind: str | None = None) -> Page:
        """Send, follow redirects like a browser (303-style: then GET), parse the answer."""
        body = None
        for _hop in range(6):
            headers = {"Accept-Language": self.language, "Host": urlsplit(self.base).netloc}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if method == "POST":
                body = urlencode(form or {})
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                headers["Origin"] = self.base
                headers["Referer"] = self.base + path
            if htmx:
                headers["HX-Request"] = "true"
                headers.update(self.hx_headers)
            started = time.perf_counter()
            try:
                status, text, answer_headers = self._send(method, path, body, headers)
            except ServerGone:
                if kind:
                    self.timings.append(Timing(kind, 0, (time.perf_counter() - started) * 1000))
                raise
            if kind:
                self.timings.append(Timing(kind, status, (time.perf_counter() - started) * 1000))
                kind = f"{kind} (redirected)" if status in (301, 302, 303, 307, 308) else kind
            if htmx and "hx-redirect" in answer_headers:
                method, path, htmx, body = "GET", answer_headers["hx-redirect"], False, None
                continue
            if status in (301, 302, 303) and "location" in answer_headers:
                path = urlsplit(urljoin(self.base + path, answer_headers["location"])).path
                method, body = "GET", None
                continue
            page = parse(status, path, text, answer_headers)
            if page.hx_headers:
                self.hx_headers = page.hx_headers
            return page
        raise AssertionError(f"too many redirects ending at {path}")

    def get(self, path: str, *, kind: str | None = None) -> Page:
        return self.request("GET", path, kind=kind)

    def press(self, form: Form, button: dict[str, str] | None = None, *,
              htmx: bool = True, kind: str | None = None) -> Page:
        """Submit ``form`` as pressing ``button`` would: htmx's hx-post when the form has one
        (and htmx is on), else the plain form action."""
        data = dict(form.fields)
        if button is not None and button.get("name"):
            data[button["name"]] = button.get("value", "")
        use_htmx = htmx and form.hx_post is not None
        target = (form.hx_post if use_htmx else form.action) or "."
        return self.request("POST", target, data, htmx=use_htmx, kind=kind)


class _HookReader(HTMLParser):
    """The test hooks (data-* and aria-pressed/-disabled) inside one element, in order."""

    IGNORED = frozenset({"data-elapsed", "data-running", "data-advance-delay", "data-copy"})

    def __init__(self, element_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.element_id = element_id
        self.depth = 0  # > 0 while inside the element
        self.hooks: list[tuple] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        attributes = dict(attrs)
        if self.depth == 0 and attributes.get("id") != self.element_id:
            return
        if tag not in ("input", "br", "img", "meta", "link"):
            self.depth += 1
        kept = tuple(sorted(
            (name, value) for name, value in attributes.items()
            if (name.startswith("data-") or name in ("aria-pressed", "aria-disabled", "disabled"))
            and name not in self.IGNORED
        ))
        if kept:
            self.hooks.append((tag, kept))

    def handle_endtag(self, tag: str) -> None:
        if self.depth > 0 and tag not in ("input", "br", "img", "meta", "link"):
            self.depth -= 1


def hooks(page: Page, element_id: str) -> list[tuple]:
    """What a test can see of a board or table: equal hooks, same position (the clock
    aside). The whole page and the htmx partial give the same answer for the same game."""
    reader = _HookReader(element_id)
    reader.feed(page.text)
    return reader.hooks
