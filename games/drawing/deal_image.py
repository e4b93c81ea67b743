"""The link-preview picture of a Heart to Heart deal: a 1200×630 PNG drawn with Pillow.

It shows the deal as the game page does when it opens: the heart of 25 cards, the stock
face down with its count, the waste's top card, the code and the site's name, on the
table's felt (colours from static/css/site.css; the card faces from
games/drawing/card_faces.py, the geometry static/cards/faces/ is written from).

Speed: the parts every picture shares (the felt, each rank's card face, the back) are
drawn once per process at 3× and scaled down (smooth edges); a picture is then 27
pastes, a few lines of text and the PNG encoding. bench/bench_deal_image.py measures it.

Determinism: the same deal and words give the same bytes (no timestamp or other
metadata chunk is written), which lets every app server answer the same ETag.
The fonts are DejaVu files vendored under games/drawing/fonts/ (see its LICENSE), never a
system path: the picture looks the same wherever the site runs.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from games.drawing import card_faces

WIDTH, HEIGHT = 1200, 630  # what link previews (Open Graph, Twitter's large card) show
FONTS = Path(__file__).resolve().parent / "fonts"
SUPERSAMPLE = 3  # card sprites are drawn this much larger, then scaled down

# static/css/site.css
FELT, FELT_DARK, FELT_LIGHT = (15, 81, 50), (10, 59, 36), (26, 107, 69)
PAPER, PAPER_EDGE = (255, 253, 248), (217, 207, 191)
GOLD, BRAND_HEART, LABEL = (242, 193, 78), (255, 77, 106), (185, 211, 194)
TEXT, LEDE = (255, 255, 255), (217, 231, 222)

# The heart's geometry, as .h2h-board draws it: a card 1.4 times as tall as wide, each
# row covering the lower half of the one above (--row-step: 0.52 of a card's height).
CARD_W = 92
CARD_H = round(CARD_W * 1.4)
ROW_STEP = round(CARD_H * 0.52)
SHADOW = 8  # room around a sprite for its shadow
BOARD = (24, 24, 664, 606)  # the dark panel the heart sits in (left, top, right, bottom)


@dataclass(frozen=True, slots=True)
class DealPicture:
    """What the picture shows; the view fills it from the engine's board of a fresh deal."""

    code: str
    places: tuple[tuple[int, int], ...]  # (row, x in half cards) of positions 1–25
    ranks: tuple[str, ...]  # positions 1–25
    free: frozenset[int]  # positions nothing covers
    stock_count: int
    waste_rank: str | None


@dataclass(frozen=True, slots=True)
class PictureWords:
    """The words on the picture, already in the visitor's language."""

    title: str
    tagline: str
    deal: str
    stock: str
    waste: str
    site: str = "cardsite"


@lru_cache(maxsize=16)
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / f"{name}.ttf"), size)


def _serif(size: int) -> ImageFont.FreeTypeFont:
    return _font("DejaVuSerif-Bold", size)


def _sans(size: int) -> ImageFont.FreeTypeFont:
    return _font("DejaVuSans-Bold", size)


def _mono(size: int) -> ImageFont.FreeTypeFont:
    return _font("DejaVuSansMono-Bold", size)


def _vertical_gradient(size: tuple[int, int], top: tuple, bottom: tuple) -> Image.Image:
    """A top-to-bottom blend (the cards' 160° gradients, near enough at this size)."""
    mask = Image.linear_gradient("L").resize(size)
    return Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), mask)


@lru_cache(maxsize=1)
def _felt() -> Image.Image:
    """body's background: an ellipse 120% × 80% at the top centre, light to dark."""
    # Image.radial_gradient is 256×256, 0 at the centre and 255 at radius 128 (and beyond).
    # Past the ellipse's edge (the bottom fifth of the picture) CSS keeps the last stop: 255.
    radial = Image.radial_gradient("L").resize((round(WIDTH * 2.4), round(HEIGHT * 1.6)))
    left = (radial.width - WIDTH) // 2
    distance = Image.new("L", (WIDTH, HEIGHT), 255)
    distance.paste(radial.crop((left, radial.height // 2, left + WIDTH, radial.height)), (0, 0))

    def stop(channel: int) -> list[int]:
        # 0 → felt-light, 45% → felt, 100% → felt-dark (the CSS colour stops)
        out = []
        for value in range(256):
            t = value / 255
            if t < 0.45:
                a, b, f = FELT_LIGHT[channel], FELT[channel], t / 0.45
            else:
                a, b, f = FELT[channel], FELT_DARK[channel], (t - 0.45) / 0.55
            out.append(round(a + (b - a) * f))
        return out

    felt = Image.merge("RGB", [distance.point(stop(c)) for c in range(3)])
    felt = felt.convert("RGBA")
    panel = Image.new("RGBA", felt.size, (0, 0, 0, 0))
    ImageDraw.Draw(panel).rounded_rectangle(
        BOARD, radius=18, fill=(0, 0, 0, 46), outline=(255, 255, 255, 20), width=1
    )
    return Image.alpha_composite(felt, panel)


def _card_shape(s: int) -> tuple[Image.Image, tuple[int, int, int, int], int]:
    """A transparent canvas at scale ``s`` with a card's shadow on it; the card's box; radius."""
    margin = SHADOW * s
    size = (CARD_W * s + 2 * margin, CARD_H * s + 2 * margin)
    box = (margin, margin, margin + CARD_W * s - 1, margin + CARD_H * s - 1)
    radius = round(CARD_W * s * 0.1)
    shadow = Image.new("L", size, 0)
    ImageDraw.Draw(shadow).rounded_rectangle(
        (box[0], box[1] + 3 * s, box[2], box[3] + 3 * s), radius=radius, fill=95
    )
    shadow = shadow.filter(ImageFilter.GaussianBlur(4 * s))
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    canvas.putalpha(shadow)
    return canvas, box, radius


def _paint(canvas: Image.Image, box, radius: int, fill: Image.Image, outline, width: int) -> None:
    """Lays ``fill`` inside the rounded card box of ``canvas``, then its border."""
    mask = Image.new("L", canvas.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=radius, fill=255)
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    layer.paste(fill, (box[0], box[1]))
    canvas.paste(layer, (0, 0), mask)
    ImageDraw.Draw(canvas).rounded_rectangle(box, radius=radius, outline=outline, width=width)


def _shrink(sprite: Image.Image) -> Image.Image:
    return sprite.resize(
        (sprite.width // SUPERSAMPLE, sprite.height // SUPERSAMPLE), Image.Resampling.LANCZOS
    )


def _rgb(colour: str, alpha: int = 255) -> tuple[int, int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), alpha)


def _draw_parts(pen: ImageDraw.ImageDraw, parts, left: float, top: float, k: float) -> None:
    """card_faces' parts, in card units, drawn at ``k`` pixels a unit from (left, top)."""
    def at(point):
        return (left + point[0] * k, top + point[1] * k)

    for part in parts:
        width = round(part.stroke * k)
        if part.kind == "polygon":
            pen.polygon([at(p) for p in part.points], fill=_rgb(part.fill) if part.fill else None,
                        outline=_rgb(card_faces.INK) if width else None, width=max(width, 1))
        elif part.kind == "line":
            pen.line([at(p) for p in part.points], width=max(width, 1),
                     fill=_rgb(part.fill or card_faces.INK), joint="curve")
        else:
            (x, y), r = at(part.points[0]), part.radius * k
            box = (x - r, y - r, x + r, y + r)
            if part.kind == "ring":
                pen.ellipse(box, outline=_rgb(part.fill, 115), width=max(width, 1))
            else:
                pen.ellipse(box, fill=_rgb(part.fill) if part.fill else None,
                            outline=_rgb(card_faces.INK) if width else None, width=max(width, 1))


def _index(code: str, size: tuple[int, int], k: float) -> Image.Image:
    """The top-left corner index (the rank over a small pip) on a card-sized layer."""
    rank, suit = code[:-1], code[-1]
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer, "RGBA")
    colour = _rgb(card_faces.SUIT_COLOURS[suit])
    font = _serif(round(card_faces.INDEX_FONT * k))
    x, baseline = card_faces.INDEX_X * k, card_faces.INDEX_BASELINE * k
    if len(rank) > 1:  # "10", squeezed to the width the sprite gives it (textLength)
        box = font.getbbox(rank, anchor="ls")
        text = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (0, 0, 0, 0))
        ImageDraw.Draw(text).text((-box[0], -box[1]), rank, font=font, fill=colour, anchor="ls")
        text = text.resize((round(card_faces.TEN_WIDTH * k), text.height),
                           Image.Resampling.LANCZOS)
        layer.alpha_composite(text, (round(x - text.width / 2), round(baseline + box[1])))
    else:
        pen.text((x, baseline), rank, font=font, fill=colour, anchor="ms")
    _draw_parts(pen, card_faces.index_pip_parts(suit), 0, 0, k)
    return layer


@lru_cache(maxsize=32)
def _face(rank: str, covered: bool) -> Image.Image:
    """One card face as the site shows it: the heart of that rank, drawn from the same
    geometry as static/cards/faces/ (games/drawing/card_faces.py)."""
    s = SUPERSAMPLE
    canvas, box, radius = _card_shape(s)
    card_w, card_h = CARD_W * s, CARD_H * s
    face = _vertical_gradient((card_w, card_h), (255, 255, 255), (243, 236, 223))
    _paint(canvas, box, radius, face, PAPER_EDGE, s)

    code = f"{rank}H"
    k = card_w / card_faces.WIDTH
    _draw_parts(ImageDraw.Draw(canvas, "RGBA"), card_faces.pillow_parts(code), box[0], box[1], k)
    index = _index(code, (card_w, card_h), k)
    canvas.alpha_composite(index, (box[0], box[1]))
    canvas.alpha_composite(index.rotate(180), (box[0], box[1]))
    sprite = _shrink(canvas)
    if covered:  # .card[data-state="covered"]: filter brightness(.94) saturate(.9)
        alpha = sprite.getchannel("A")
        rgb = ImageEnhance.Color(sprite.convert("RGB")).enhance(0.9)
        sprite = ImageEnhance.Brightness(rgb).enhance(0.94).convert("RGBA")
        sprite.putalpha(alpha)
    return sprite


@lru_cache(maxsize=1)
def _back() -> Image.Image:
    """.card.back: a dark red gradient under thin white diagonal stripes, a white border."""
    s = SUPERSAMPLE
    canvas, box, radius = _card_shape(s)
    size = (CARD_W * s, CARD_H * s)
    back = _vertical_gradient(size, (179, 18, 46), (125, 10, 31)).convert("RGBA")
    stripes = Image.new("RGBA", size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(stripes)
    period, thick = 9 * s, 4 * s
    for start in range(-size[1], size[0], period):
        pen.polygon(
            [(start, size[1]), (start + thick, size[1]),
             (start + thick + size[1], 0), (start + size[1], 0)],
            fill=(255, 255, 255, 33),
        )
    _paint(canvas, box, radius, Image.alpha_composite(back, stripes), (255, 255, 255), 3 * s)
    return _shrink(canvas)


@lru_cache(maxsize=1)
def _empty_pile() -> Image.Image:
    canvas = Image.new("RGBA", (CARD_W + 2 * SHADOW, CARD_H + 2 * SHADOW), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).rounded_rectangle(
        (SHADOW, SHADOW, SHADOW + CARD_W - 1, SHADOW + CARD_H - 1),
        radius=round(CARD_W * 0.1), fill=(0, 0, 0, 46), outline=(255, 255, 255, 90), width=2,
    )
    return canvas


def _place(canvas: Image.Image, sprite: Image.Image, left: int, top: int) -> None:
    canvas.alpha_composite(sprite, (left - SHADOW, top - SHADOW))


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fit(text: str, make, size: int, width: int) -> ImageFont.FreeTypeFont:
    """The largest font up to ``size`` in which ``text`` fits ``width`` on one line."""
    font = make(size)
    while size > 12 and font.getlength(text) > width:
        size -= 2
        font = make(size)
    return font


def draw(picture: DealPicture, words: PictureWords) -> bytes:
    """The PNG bytes of one deal's preview picture."""
    canvas = _felt().copy()
    pen = ImageDraw.Draw(canvas)

    # The heart, row by row so that each row lies over the one above (z-index: row).
    heart_w, heart_h = CARD_W * 6, ROW_STEP * 6 + CARD_H
    heart_left = (BOARD[0] + BOARD[2] - heart_w) // 2
    heart_top = (BOARD[1] + BOARD[3] - heart_h) // 2
    for pos, ((row, x), rank) in enumerate(zip(picture.places, picture.ranks, strict=True), 1):
        left = heart_left + (x + 5) * CARD_W // 2
        top = heart_top + (row - 1) * ROW_STEP
        _place(canvas, _face(rank, covered=pos not in picture.free), left, top)

    # The right-hand column: the site, the game, the code, the piles.
    column, column_w = 712, WIDTH - 712 - 40
    brand_font = _sans(34)
    pen.text((column, 58), "♥", font=brand_font, fill=BRAND_HEART, anchor="ls")
    pen.text((column + 44, 58), words.site, font=brand_font, fill=TEXT, anchor="ls")
    title_font = _fit(words.title, _serif, 64, column_w)
    pen.text((column, 140), words.title, font=title_font, fill=TEXT, anchor="ls")
    tagline_font = _sans(24)
    y = 184
    for line in _wrap(words.tagline, tagline_font, column_w)[:3]:
        pen.text((column, y), line, font=tagline_font, fill=LEDE, anchor="ls")
        y += 34

    code_top = max(y + 4, 262)
    pen.rounded_rectangle(
        (column, code_top, column + column_w, code_top + 104), radius=14, fill=(6, 40, 24)
    )
    pen.text(
        (column + 22, code_top + 34), words.deal.upper(), font=_sans(20), fill=LABEL, anchor="ls"
    )
    code_font = _fit(picture.code, _mono, 46, column_w - 44)
    pen.text((column + 22, code_top + 86), picture.code, font=code_font, fill=GOLD, anchor="ls")

    piles_top = code_top + 136
    stock_left, waste_left = column + 8, column + 8 + CARD_W + 56
    if picture.stock_count:
        _place(canvas, _back(), stock_left, piles_top)
        count = str(picture.stock_count)
        count_font = _sans(20)
        badge_w = round(count_font.getlength(count)) + 18
        right, bottom = stock_left + CARD_W - 7, piles_top + CARD_H - 6
        pen.rounded_rectangle(
            (right - badge_w, bottom - 28, right, bottom), radius=14, fill=(60, 8, 18)
        )
        pen.text((right - badge_w / 2, bottom - 14), count, font=count_font, fill=TEXT,
                 anchor="mm")
    else:
        _place(canvas, _empty_pile(), stock_left, piles_top)
    if picture.waste_rank:
        _place(canvas, _face(picture.waste_rank, covered=False), waste_left, piles_top)
    else:
        _place(canvas, _empty_pile(), waste_left, piles_top)
    label_font = _sans(19)
    labels_y = piles_top + CARD_H + 30
    for left, label in ((stock_left, words.stock), (waste_left, words.waste)):
        font = _fit(label.upper(), _sans, 19, CARD_W + 48) if label else label_font
        pen.text((left + CARD_W / 2, labels_y), label.upper(), font=font, fill=LABEL,
                 anchor="ms")

    out = io.BytesIO()
    # RGB without metadata: no tIME chunk, so the same picture is always the same bytes.
    # zlib level 1: the encoding is most of a drawing's time, and a higher level costs far
    # more time than it saves bytes (docs/performance.md#in-the-code). A palette would be
    # smaller still, but it bands the felt and the cards' gradients.
    canvas.convert("RGB").save(out, format="PNG", compress_level=1)
    return out.getvalue()
