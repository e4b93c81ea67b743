"""Random and hostile requests for every route: one generator for the fuzz test and the bench.

``tests/web/site/test_fuzz.py`` sends a few thousand of these through Django's test client;
``bench/bench_fuzz.py`` sends ten thousand and more to a production-shaped gunicorn.
Both ask for the same things: every route of ``cardsite/urls.py`` and ``games/urls_*.py``
with every method, CSRF tokens valid, missing or forged, htmx and history-restore
headers, the visitor's own games, another visitor's games and ids that name nothing,
unknown cards and targets, huge and non-ASCII values, a wrong type in every form field,
odd query strings and cookies; and the keeping pages (passkey answers broken every way,
link codes, signing out, forgetting).

Pure Python (no Django import): the bench drives a server over HTTP with it. A request
is plain data; whoever sends it fills in the CSRF token it holds (``csrf``).
"""

from __future__ import annotations

import json
import random
import string
import uuid
from dataclasses import dataclass, field
from urllib.parse import quote, urlencode

# Mostly what browsers send (so most requests reach a view), every other method too.
METHODS = ("GET",) * 6 + ("POST",) * 10 + ("HEAD", "PUT", "PATCH", "DELETE", "OPTIONS")
# How the CSRF token travels: the runner puts its real token in the header or the form,
# or sends a forged one, or none at all.
CSRF_MODES = ("header", "field", "forged", "missing")

CARDS = [rank + suit for suit in "CDSH" for rank in
         ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
GOOD_CODES = ("HH1-N-AAAAAAM", "hh1-n-aaaaaam", "HH1-W-AAAAAAB", "HH1-N-ZZZZZZZ")

# Values no form expects: wrong types, edges of numbers, markup, paths, other scripts.
HOSTILE = (
    "", " ", "0", "-1", "1.5", "1e400", "NaN", "Infinity", "99999999999999999999999",
    "0x1F", "true", "null", "None", "[]", "{}", '{"a": 1}', "[1, 2]", "٣", "１２", "²",
    "<script>alert(1)</script>", "\"'><img src=x onerror=alert(1)>", "' OR 1=1 --",
    "../../../etc/passwd", "//evil.example/", "https://evil.example/x", "/\\evil.example",
    "\\\\evil", "javascript:alert(1)", "AH", "QS", "h2h:play", "admin:index", "/", "/?a=b",
    "/heart-to-heart/", "/no-such-page/", "/%2e%2e/", "\x00", "a\x00b", "\r\nSet-Cookie: x=1",
    "é", "😀", "\u202etxt", "ñandú", "Ωμέγα", "中文", "ᚠᛇᚻ", "\ufeff1", "\t25\n",
)


def _huge(rng: random.Random) -> str:
    kind = rng.randrange(3)
    size = rng.choice((1_000, 10_000, 100_000))
    if kind == 0:
        return "A" * size
    if kind == 1:
        return "é♥" * (size // 2)
    return "".join(rng.choice(string.printable) for _ in range(min(size, 5_000)))


@dataclass(frozen=True)
class Ids:
    """Game ids the generator may name. ``own_*`` belong to whoever sends the requests;
    ``others_*`` to another visitor, whose games must come out byte for byte unchanged."""

    own_h2h: tuple[str, ...] = ()
    own_hearts: tuple[str, ...] = ()
    others_h2h: tuple[str, ...] = ()
    others_hearts: tuple[str, ...] = ()


@dataclass
class FuzzRequest:
    method: str
    path: str  # already percent-encoded, query string included
    fields: list[tuple[str, str]] = field(default_factory=list)
    raw_body: bytes | None = None  # sent as is instead of the form (bad encodings, JSON)
    content_type: str = "application/x-www-form-urlencoded"
    headers: dict[str, str] = field(default_factory=dict)
    csrf: str = "header"

    def body(self, token: str | None) -> bytes:
        """The body with the runner's CSRF token placed as ``csrf`` says."""
        if self.raw_body is not None:
            return self.raw_body
        pairs = list(self.fields)
        if self.csrf == "field" and token:
            pairs.append(("csrfmiddlewaretoken", token))
        elif self.csrf == "forged":
            pairs.append(("csrfmiddlewaretoken", "x" * 64))
        return urlencode(pairs).encode()

    def request_headers(self, token: str | None) -> dict[str, str]:
        headers = dict(self.headers)
        if self.method not in ("GET", "HEAD", "OPTIONS"):
            headers.setdefault("Content-Type", self.content_type)
        if self.csrf == "header" and token:
            headers["X-CSRFToken"] = token
        elif self.csrf == "forged":
            headers["X-CSRFToken"] = "forged" + "Q" * 26
        return headers

    def describe(self) -> str:
        fields = ", ".join(f"{k}={v[:30]!r}" for k, v in self.fields[:8])
        return f"{self.method} {self.path[:120]} [{fields}] csrf={self.csrf} {self.headers}"


class Generator:
    """Seeded: the same seed and ids give the same requests, in the same order."""

    def __init__(self, seed: int, ids: Ids) -> None:
        self.rng = random.Random(seed)
        self.ids = ids

    # --- pieces --------------------------------------------------------------------------

    def value(self, good: tuple | list = ()) -> str:
        """Mostly something the field expects, else something it does not."""
        rng = self.rng
        roll = rng.random()
        if good and roll < 0.45:
            return str(rng.choice(good))
        if roll < 0.85:
            return rng.choice(HOSTILE)
        if roll < 0.93:
            return _huge(rng)
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(1, 40)))

    def game_id(self, own: tuple[str, ...], others: tuple[str, ...]) -> str:
        rng = self.rng
        roll = rng.random()
        if own and roll < 0.45:
            return rng.choice(own)
        if others and roll < 0.75:
            return rng.choice(others)
        if roll < 0.9:
            return str(uuid.UUID(int=rng.getrandbits(128), version=4))
        return rng.choice(("0", "not-a-uuid", "00000000-0000-0000-0000-000000000000",
                           "%00", "é", "A" * 300))

    def code(self) -> str:
        odd = ("new", "open", "game", "hearts", "HH1-X-AAAAAAA", "HH2-N-AAAAAAA", "HH1-N-AAAA",
               "HH1-N-AAAAAA1")
        return self.value((*GOOD_CODES, *odd))

    def query(self) -> str:
        rng = self.rng
        if rng.random() < 0.6:
            return ""
        keys = ("step", "code", "next", "game", "version", "page", "q", "lang", "x", "é",
                "utm_source", "step[]", "")
        pairs = [(rng.choice(keys), self.value(("0", "1", "72", "-1", "HH1-N-AAAAAAM")))
                 for _ in range(rng.randrange(1, 4))]
        text = urlencode(pairs, quote_via=quote)
        return "?" + rng.choice((text, text, "%ff%fe=%c0%af", "&&&==", "a=1&a=2&a", "%"))

    def headers(self) -> dict[str, str]:
        rng = self.rng
        headers: dict[str, str] = {}
        if rng.random() < 0.5:
            headers["HX-Request"] = rng.choice(("true", "true", "false", "1", ""))
        if rng.random() < 0.15:
            headers["HX-History-Restore-Request"] = rng.choice(("true", "false", "x"))
        if rng.random() < 0.3:
            headers["HX-Target"] = rng.choice(("board", "table", "h2h-settings", "", "x" * 200))
        if rng.random() < 0.1:
            headers["HX-Current-URL"] = rng.choice(("http://testserver/", "not a url", "//x"))
        if rng.random() < 0.3:
            headers["Accept-Language"] = rng.choice(("fr", "nb", "nb-NO,fr;q=0.5", "xx", "*",
                                                     "fr;q=abc", "zh-Hant-TW", "é"))
        if rng.random() < 0.1:
            # A cookie header of its own: a forged or broken player or session, a language,
            # a token.
            headers["Cookie"] = rng.choice((
                "sessionid=" + "".join(rng.choices(string.ascii_lowercase + string.digits, k=32)),
                "sessionid=", "sessionid=%ff; csrftoken=%00", "django_language=xx",
                "django_language=" + "A" * 500, "csrftoken=" + "B" * 64, "a=b=c; ;; =",
                f"player={rng.randint(1, 50)}", f"player={rng.randint(1, 50)}:1vXyZ:forged",
                "player=-1:abc:def", "player=%00", "player=" + "9" * 400,
                # A signed-in browser's cookie, forged (a device key is "k" and the key),
                # and the look cookie broken every way.
                "player=k" + "".join(rng.choices(string.ascii_letters, k=43)) + ":1vXyZ:forged",
                "player=k:abc:def", "look=dark.large.four.blue", "look=" + "x." * 300,
                "look=dark.large", "look=%ff%fe", "look=system.standard.two.red.extra",
            ))
        return headers

    # --- the routes -----------------------------------------------------------------------

    def request(self) -> FuzzRequest:
        rng = self.rng
        route = rng.choice(ROUTES)
        path, fields = route(self)
        method = rng.choice(METHODS)
        request = FuzzRequest(
            method=method,
            path=quote(path, safe="/%:@!$&'()*+,;=-._~?") + self.query(),
            fields=fields,
            headers=self.headers(),
            csrf=rng.choice(CSRF_MODES),
        )
        roll = rng.random()
        if method not in ("GET", "HEAD", "OPTIONS") and roll < 0.1:
            request.raw_body, request.content_type = rng.choice((
                (b"target=%ff%fe&version=%c0%80", "application/x-www-form-urlencoded"),
                (b'{"target": 25, "version": 1}', "application/json"),
                (b"\xff\xfe\x00garbage", "application/x-www-form-urlencoded; charset=latin-9"),
                (b"--x\r\nContent-Disposition: form-data; name=\"target\"\r\n\r\n25\r\n--x--",
                 "multipart/form-data; boundary=x"),
                (b"--broken", "multipart/form-data"),
                (b"a=1&" * 1500, "application/x-www-form-urlencoded"),
                (b"", "text/plain; charset=utf-\xe9"),
            ))
        elif roll < 0.15:
            # The same field twice, or a field with no value.
            if fields:
                request.fields = [*fields, (fields[0][0], self.value())]
            request.fields.append((self.value(("target", "version", "next")), ""))
        return request

    def requests(self, count: int):
        for _ in range(count):
            yield self.request()


def _home(g: Generator):
    return "/", []


def _h2h_play(g: Generator):
    return g.rng.choice(("/heart-to-heart/", "/heart-to-heart/new/")), []


def _h2h_static(g: Generator):
    return g.rng.choice(("/heart-to-heart/rules/", "/heart-to-heart/examples/",
                         "/hearts/help/", "/heart-to-heart/open/")), []


def _h2h_open(g: Generator):
    return f"/heart-to-heart/open/?{urlencode({'code': g.code()}, quote_via=quote)}", []


def _h2h_deal(g: Generator):
    return f"/heart-to-heart/{g.code()}/", [("target", g.value(("25", "stock")))]


def _h2h_fields(g: Generator) -> list[tuple[str, str]]:
    targets = [str(n) for n in range(0, 27)] + ["stock", "waste", "STOCK", " 25"]
    fields = [("target", g.value(targets)), ("version", g.value(("1", "2", "3", "0")))]
    roll = g.rng.random()
    if roll < 0.25:
        fields.append(("action", g.value(("undo", "tap", "restart"))))
    if roll > 0.6:
        fields.append(("code", g.code()))
    return fields


def _h2h_game(g: Generator):
    game = g.game_id(g.ids.own_h2h, g.ids.others_h2h)
    suffix = "restart/" if g.rng.random() < 0.2 else ""
    return f"/heart-to-heart/game/{game}/{suffix}", _h2h_fields(g)


def _h2h_settings(g: Generator):
    fields = [
        (name, g.value(("on", "off", "true", "1", "")))
        for name in ("h2h_winnable_only", "h2h_move_errors", "h2h_placement_help")
        if g.rng.random() < 0.7
    ]
    if g.rng.random() < 0.8:
        fields.append(("game", g.value(g.ids.own_h2h + g.ids.others_h2h)))
    if g.rng.random() < 0.8:
        fields.append(("next", g.value(("/heart-to-heart/", "/hearts/", "/heart-to-heart/rules/",
                                         "/heart-to-heart/HH1-N-AAAAAAM/", "AH", "/AH"))))
    return "/heart-to-heart/settings/", fields


def _hearts_play(g: Generator):
    return g.rng.choice(("/hearts/", "/hearts/new/")), []


def _hearts_options(g: Generator):
    fields = [
        ("level", g.value(("easy", "medium", "hard", "shooter", "random", "human"))),
        ("target", g.value(("100", "75", "50"))),
        ("pass_order", g.value(("LRAN", "LARN", "NONE"))),
        ("tie_rule", g.value(("draw", "last-deal"))),
        ("next", g.value(("/hearts/", "/heart-to-heart/", "AH", "/AH", "hearts:play"))),
    ]
    fields = [pair for pair in fields if g.rng.random() < 0.85]
    if g.rng.random() < 0.4:
        fields.append(("start", g.value(("1", "0", "yes"))))
    return "/hearts/options/", fields


def _hearts_game(g: Generator):
    game = g.game_id(g.ids.own_hearts, g.ids.others_hearts)
    if g.rng.random() < 0.3:
        return f"/hearts/game/{game}/advance/", [("version", g.value(("1", "2", "5", "40")))]
    action = g.rng.choice(("choose", "unchoose", "lift", "play", "action", "other", "none"))
    fields: list[tuple[str, str]] = []
    if action == "action":
        fields.append(("action", g.value(("pass", "next-deal", "advance", "undo"))))
    elif action == "other":
        fields.append((g.value(("card", "move", "seat")), g.value(CARDS)))
    elif action != "none":
        fields.append((action, g.value([*CARDS, "1C", "ZZ", "10", "QS,KS"])))
    if g.rng.random() < 0.4:
        fields.append(("version", g.value(("1", "2", "3"))))
    return f"/hearts/game/{game}/", fields


def _i18n(g: Generator):
    return "/i18n/setlang/", [("language", g.value(("fr", "nb", "en", "de"))),
                              ("next", g.value(("/", "/hearts/", "//evil.example/", "AH")))]


def _admin(g: Generator):
    path = g.rng.choice((
        "/admin/", "/admin/login/", "/admin/logout/", "/admin/games/heartsstats/",
        "/admin/games/player/", "/admin/games/player/1/change/",
        f"/admin/games/heartsgame/{g.game_id(g.ids.own_hearts, g.ids.others_hearts)}/change/",
        "/admin/games/heart_to_heart/", "/admin/jsi18n/", "/admin/r/1/1/", "/admin/x/",
    ))
    fields = []
    # Rarely: each login post runs the password hasher once, on purpose slow.
    if path == "/admin/login/" and g.rng.random() < 0.2:
        fields = [("username", g.value(("admin",))), ("password", g.value()),
                  ("next", g.value(("/admin/", "//evil.example/")))]
    return path, fields


def _credential(g: Generator) -> str:
    """What a browser's WebAuthn answer looks like, broken in every way: not JSON, the
    wrong shape, fields of the wrong type, bytes that are not base64url or not CBOR."""
    rng = g.rng
    roll = rng.random()
    if roll < 0.3:
        return g.value(('{}', '[]', 'null', '{"id": 1}'))
    blob = rng.choice(("", "AAAA", "%%%", "e30", "o2NmbXRkbm9uZQ", "_-_-", g.value()))
    response = {"clientDataJSON": blob, "attestationObject": blob, "authenticatorData": blob,
                "signature": blob, "userHandle": rng.choice((blob, None, 7))}
    for key in list(response):
        if rng.random() < 0.3:
            del response[key]
    credential = {"id": blob, "rawId": rng.choice((blob, 1, None)),
                  "type": rng.choice(("public-key", "password", None)), "response": response,
                  "authenticatorAttachment": rng.choice(("platform", "x", None))}
    return json.dumps(credential)


def _keeping(g: Generator):
    """The keeping pages (docs/passkeys.md): passkey ceremonies, link codes, leaving."""
    rng = g.rng
    codes = ("7K3M-Q9TX-4WBA", "0000-0000-0000", "oooo-iiii-llll", "UUUU-UUUU-UUUU", "ABC")
    path, fields = rng.choice((
        ("/keep/", []),
        ("/keep/passkeys/options/", [("label", g.value(("Laptop", "")))]),
        ("/keep/passkeys/", [("credential", _credential(g)), ("label", g.value(("Phone",)))]),
        ("/keep/passkeys/remove/", [("passkey", g.value(("1", "2", "0", "-1")))]),
        ("/keep/sign-in/options/", []),
        ("/keep/sign-in/", [("credential", _credential(g))]),
        ("/keep/link/", []),
        ("/keep/code/", [("code", g.value(codes))]),
        (f"/keep/code/{g.value(codes)}/", []),
        ("/keep/sign-out/", [("confirm", g.value(("on", "")))]),
        ("/keep/forget/", [("confirm", g.value(("on", "", "off")))] if rng.random() < 0.1
         else []),
    ))
    return path, fields


def _unknown(g: Generator):
    return g.rng.choice((
        "/nope/", "/hearts/game/", "/hearts/game/x/advance/", "/heart-to-heart/game/",
        "/heart-to-heart/a/b/", "/%ff/", "/heart-to-heart/%00/", "/static/../settings.py",
        "/heart-to-heart/" + "A" * 2000 + "/", "/hearts//", "//", "/heart-to-heart/é/",
    )), []


# Each route once, the game pages (where the work is) several times.
ROUTES = (
    _home, _h2h_play, _h2h_static, _h2h_open, _h2h_deal, _h2h_deal,
    _h2h_game, _h2h_game, _h2h_game, _h2h_game, _h2h_settings, _h2h_settings,
    _hearts_play, _hearts_options, _hearts_options,
    _hearts_game, _hearts_game, _hearts_game, _hearts_game,
    _i18n, _admin, _unknown, _keeping, _keeping,
)
