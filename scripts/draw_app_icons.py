"""Draws the web app's icons into static/img/ (run once; the PNGs are committed).

    .venv/bin/python scripts/draw_app_icons.py

"any" icons: a card with a red heart on a rounded square of the table's felt.
"maskable" icons and the apple-touch-icon: the felt fills the square (the phone cuts its
own shape) and the card stays inside the central 60 %, the safe zone of the spec.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "img"
FONT = ROOT / "games" / "drawing" / "fonts" / "DejaVuSerif-Bold.ttf"
FELT, FELT_LIGHT, PAPER, PAPER_EDGE, RED = "#0f5132", "#1a6b45", "#fffdf8", "#d9cfbf", "#c8102e"
SCALE = 4  # drawn larger, then scaled down for smooth edges


def icon(size: int, *, maskable: bool) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if maskable:
        pen.rectangle((0, 0, big, big), fill=FELT)
        card_h = big * 0.56
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.22, fill=FELT)
        card_h = big * 0.74
    pen.ellipse((big * 0.1, -big * 0.3, big * 0.9, big * 0.5), fill=FELT_LIGHT)  # the lamp
    if not maskable:  # keep the lamp inside the rounded square
        mask = Image.new("L", (big, big), 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.22,
                                               fill=255)
        image.putalpha(mask)
    card_w = card_h / 1.4
    left, top = (big - card_w) / 2, (big - card_h) / 2
    pen.rounded_rectangle(
        (left, top, left + card_w, top + card_h), radius=card_w * 0.1, fill=PAPER,
        outline=PAPER_EDGE, width=max(1, big // 128),
    )
    font = ImageFont.truetype(str(FONT), round(card_w * 0.8))
    pen.text((big / 2, big / 2 + card_h * 0.02), "♥", font=font, fill=RED, anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size, maskable=False).save(OUT / f"icon-{size}.png", optimize=True)
        icon(size, maskable=True).save(OUT / f"icon-maskable-{size}.png", optimize=True)
    # iOS draws its own rounded corners and ignores transparency: the full-bleed design.
    icon(180, maskable=True).convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
