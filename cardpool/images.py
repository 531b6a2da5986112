"""Card images: drawn card faces, the on-disk image cache and uploaded art.

Nothing here knows a game by name. A card face is drawn from the card's data and its
game's declarations (``card.spec``: card types and their frame colours, attributes and
their labels and kinds):

- the frame takes the card type's colour, or the colour family of a colour attribute
  (an enum attribute whose every value is a colour name, such as a ``color`` of red/yellow/blue);
- the cost sits in the top-right corner: integer attributes whose name contains "cost" or
  is "star", and map attributes whose name contains "cost" (shown as "2 Dream 1 Hollow");
- the type line shows the type label, then the card's enum, list and tag values;
- the text box holds the printed text, long free-text attributes with their labels and the
  flavor text, in the largest font that fits;
- the stats line shows the remaining numbers, the true flags and short free-text values;
- set code, collector number and rarity run along the bottom.

Images are cached as PNG files under ``MEDIA_ROOT/cache/cards/<game>/`` and named after a
hash of everything that affects the drawing, so a changed card gets a new file (and ETag).

Uploads (``validate_card_upload``, ``card_upload_set``) accept only real PNG, JPEG, WebP and
GIF images within ``settings.CARD_IMAGE_MAX_BYTES``, ``settings.CARD_IMAGE_MAX_PIXELS`` and
``settings.CARD_IMAGE_MAX_SIDE`` (each side).
"""

from __future__ import annotations

import colorsys
import contextlib
import hashlib
import io
import json
import logging
import os
import struct
import tempfile
import warnings
import zlib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from PIL import (
    Image,
    ImageColor,
    ImageDraw,
    ImageFont,
    ImageOps,
    UnidentifiedImageError,
)

from cardpool.card_art import generated_art
from rules.core.schema import BOOL, ENUM, INT, LIST, MAP, STR, TAGS, Attribute, X

if TYPE_CHECKING:  # pragma: no cover
    from cardpool.models import Card

log = logging.getLogger(__name__)

#: Bump when the drawing changes, so every cached face is redrawn.
RENDER_VERSION = 6  # 5: generated art instead of initials (card_art.py); 6: six compositions

CARD_SIZE = (744, 1039)  # 2.5 x 3.5 in at ~300 dpi
THUMB_SIZE = (248, 346)
SIZES = ("full", "thumb")

#: Uploaded art is normalised to a PNG no larger than this.
UPLOAD_MAX_SIZE = (1500, 2100)
#: Pillow format name -> how we name it in messages.
UPLOAD_FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WebP", "GIF": "GIF"}

# ---------------------------------------------------------------------------------------------
# Fonts
# ---------------------------------------------------------------------------------------------

_FONT_FILES = {
    "regular": ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf", "arial.ttf"),
    "bold": ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf"),
    "title": ("DejaVuSansCondensed-Bold.ttf", "LiberationSansNarrow-Bold.ttf", "DejaVuSans-Bold.ttf",
              "LiberationSans-Bold.ttf", "arialbd.ttf"),
    "italic": ("DejaVuSerif-Italic.ttf", "LiberationSerif-Italic.ttf", "DejaVuSans-Oblique.ttf",
               "Georgia Italic.ttf", "georgiai.ttf"),
}
_FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", os.path.expanduser("~/.fonts"),
              os.path.expanduser("~/.local/share/fonts"), "/Library/Fonts", "/System/Library/Fonts",
              "C:\\Windows\\Fonts")


@lru_cache(maxsize=1)
def _font_index() -> dict[str, str]:
    """File name -> path of every TrueType font in the usual system folders."""
    found: dict[str, str] = {}
    for root in _FONT_DIRS:
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                if name.lower().endswith((".ttf", ".otf")):
                    found.setdefault(name, os.path.join(dirpath, name))
    return found


@lru_cache(maxsize=512)
def _font(style: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A system TrueType font of ``style`` (DejaVu first), else Pillow's built-in scalable font."""
    index = _font_index()
    for name in _FONT_FILES[style]:
        path = index.get(name)
        if path:
            try:
                return ImageFont.truetype(path, size)
            except OSError:  # unreadable font file: try the next
                continue
    return ImageFont.load_default(size=size)


# ---------------------------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------------------------

RGB = tuple[int, int, int]


def _rgb(colour: str) -> RGB:
    return ImageColor.getrgb(colour)[:3]


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way towards ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _luminance(c: RGB) -> float:
    def channel(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    return (24, 20, 16) if _luminance(background) > 0.33 else (255, 255, 255)


def _is_colour_name(value: Any) -> bool:
    if not isinstance(value, str) or not value or value.startswith("#"):
        return False
    try:
        ImageColor.getrgb(value)
    except ValueError:
        return False
    return True


def _colour_attribute(spec) -> Attribute | None:
    """An enum attribute whose values are all colour names (a card's colour), if the game has one."""
    for attr in spec.attributes:
        if attr.kind == ENUM and attr.values and all(_is_colour_name(v) for v in attr.values):
            return attr
    return None


def _colour_family(name: str) -> RGB:
    """A frame colour with the hue of a named colour, deep enough to carry white text."""
    r, g, b = (v / 255 for v in _rgb(name))
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    if s < 0.15:  # white, black, grey: keep it grey
        grey = 0.45 if v > 0.5 else 0.25
        return (round(grey * 255),) * 3  # type: ignore[return-value]
    # Yellows look muddy when darkened: let warm hues stay brighter (gold rather than olive).
    value = 0.80 if 0.09 <= h <= 0.20 else 0.68
    hue = min(h, 0.125) if 0.09 <= h <= 0.20 else h
    return tuple(round(c * 255) for c in colorsys.hsv_to_rgb(hue, 0.80, value))  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# What goes where: card data -> the parts of a face (no drawing yet)
# ---------------------------------------------------------------------------------------------

def _words(value: str) -> str:
    return str(value).replace("_", " ").strip()


def _title(value: str) -> str:
    text = _words(value)
    return text[:1].upper() + text[1:] if text else text


def _is_cost(attr: Attribute) -> bool:
    name = attr.name.lower()
    if attr.kind == INT:
        return "cost" in name or name == "star"
    if attr.kind == MAP:
        return "cost" in name
    return False


def _short_label(attr: Attribute) -> str:
    """"Vim cost" -> "VIM", "Star rating" -> "STAR", "Buy cost" -> "BUY"."""
    words = [w for w in attr.label.split() if w.lower() not in {"cost", "rating", "value"}]
    return (" ".join(words) or attr.label).upper()


def _map_text(value: dict) -> str:
    if not value:
        return "0"
    return " ".join(f"{count} {_title(key)}" for key, count in value.items())


def _is_long_text(value: str) -> bool:
    return len(value) > 32 or value.rstrip().endswith((".", "!", "?", ":"))


class FaceParts:
    """The text of each part of a card face, worked out from the card and its game's spec."""

    def __init__(self, card: Card):
        spec = card.spec
        attrs = card.attributes or {}
        card_type = spec.card_type(card.card_type)
        self.type_colour: RGB = _rgb(card_type.color) if card_type else _rgb(spec.accent)
        self.type_label = card_type.label if card_type else _title(card.card_type)
        colour_attr = _colour_attribute(spec)
        if colour_attr and _is_colour_name(attrs.get(colour_attr.name)):
            self.frame: RGB = _colour_family(attrs[colour_attr.name])
        else:
            self.frame = self.type_colour
        self.accent: RGB = _rgb(spec.accent)
        self.name = card.name
        self.game_name = spec.name

        self.costs: list[tuple[str, str, bool]] = []  # (value, caption, is_map)
        self.subtypes: list[str] = []
        self.stats: list[str] = []
        self.notes: list[tuple[str, str]] = []  # (label, long text) for the text box
        text = card.text or ""
        shown_strings = [text.lower()]
        long_strings = [str(attrs[a.name]) for a in spec.attributes
                        if a.kind == STR and a.name in attrs and _is_long_text(str(attrs[a.name]))]
        for attr in spec.attributes:
            if attr.name not in attrs:
                continue
            value = attrs[attr.name]
            if _is_cost(attr) and len(self.costs) < 2:
                if attr.kind == MAP:
                    self.costs.append((_map_text(value), _short_label(attr), True))
                else:
                    self.costs.append((str(value), _short_label(attr), False))
                continue
            kind = attr.kind
            if kind == ENUM:
                shown = _title(value)
                if shown.lower() != self.type_label.lower():
                    self.subtypes.append(shown)
            elif kind in (LIST, TAGS):
                self.subtypes.extend(_title(v) for v in value if _title(v).lower() != self.type_label.lower())
            elif kind == INT:
                self.stats.append(f"{attr.label} {'X' if value == X else value}")
            elif kind == MAP:
                self.stats.append(f"{attr.label} {_map_text(value)}")
            elif kind == BOOL:
                if value:
                    self.stats.append(attr.label)
            elif kind == STR:
                value = str(value).strip()
                lowered = value.lower()
                if not value or any(lowered in s.lower() for s in shown_strings) \
                        or any(lowered in s.lower() and s != value for s in long_strings):
                    continue  # already printed elsewhere on the card
                if _is_long_text(value):
                    self.notes.append((attr.label, value))
                else:
                    self.stats.append(f"{attr.label}: {value}")
                shown_strings.append(value)
        self.text = text
        self.flavor = (card.flavor or "").strip()
        rarity = card.rarity.name if card.rarity_id and card.rarity else ""
        self.footer_left = " · ".join(p for p in (card.card_set.code, card.number, rarity) if p)


# ---------------------------------------------------------------------------------------------
# Text layout: words with styles, wrapped and shrunk until they fit a box
# ---------------------------------------------------------------------------------------------

Token = tuple[str, str]  # (word, style)


def _paragraph(text: str, style: str = "regular") -> list[Token]:
    return [(w, style) for w in text.split()]


def _ability_paragraph(line: str) -> list[Token]:
    """A printed-text line; an ability name before " — " (or "Name:") is set in bold."""
    for sep in (" — ", " - "):
        head, found, tail = line.partition(sep)
        if found and 0 < len(head) <= 40:
            return _paragraph(head + sep.rstrip(), "bold") + _paragraph(tail)
    return _paragraph(line)


def _split_long_word(word: str, font, width: int) -> list[str]:
    """A word wider than the box, cut into pieces that fit (URLs, very long names)."""
    pieces, piece = [], ""
    for ch in word:
        if piece and font.getlength(piece + ch) > width:
            pieces.append(piece)
            piece = ""
        piece += ch
    return pieces + [piece] if piece else pieces


def _wrap(tokens: list[Token], width: int, size: int) -> list[list[Token]]:
    lines: list[list[Token]] = []
    line: list[Token] = []
    line_width = 0.0
    space = _font("regular", size).getlength(" ")
    for word, style in tokens:
        font = _font(style, size)
        for piece in _split_long_word(word, font, width) if font.getlength(word) > width else [word]:
            w = font.getlength(piece)
            extra = (space if line else 0) + w
            if line and line_width + extra > width:
                lines.append(line)
                line, line_width, extra = [], 0.0, w
            line.append((piece, style))
            line_width += extra
    if line:
        lines.append(line)
    return lines


class TextBlock:
    """Paragraphs laid out at one font size; ``height`` tells whether it fits."""

    def __init__(self, paragraphs: list[tuple[list[Token], bool]], width: int, size: int):
        # paragraphs: (tokens, rule_before); a rule draws a thin line above the paragraph.
        self.size = size
        self.line_height = round(size * 1.28)
        self.gap = round(size * 0.55)
        self.items: list[tuple[str, Any]] = []  # ("rule", None) | ("gap", px) | ("line", tokens)
        height = 0
        for i, (tokens, rule) in enumerate(paragraphs):
            if i:
                if rule:
                    self.items.append(("rule", self.gap * 2))
                    height += self.gap * 2
                else:
                    self.items.append(("gap", self.gap))
                    height += self.gap
            for line in _wrap(tokens, width, size) if tokens else [[]]:
                self.items.append(("line", line))
                height += self.line_height
        self.height = height

    def draw(self, draw: ImageDraw.ImageDraw, x: int, y: int, width: int, ink: RGB, rule_colour: RGB) -> None:
        space = _font("regular", self.size).getlength(" ")
        for kind, value in self.items:
            if kind == "gap":
                y += value
            elif kind == "rule":
                mid = y + value // 2
                draw.line([(x + width * 0.2, mid), (x + width * 0.8, mid)], fill=rule_colour, width=2)
                y += value
            else:
                cx = float(x)
                for word, style in value:
                    font = _font(style, self.size)
                    colour = ink if style != "italic" else _mix(ink, (110, 100, 90), 0.6)
                    draw.text((cx, y + self.line_height * 0.12), word, font=font, fill=colour)
                    cx += font.getlength(word) + space
                y += self.line_height


def _first_fit(paragraphs: list[tuple[list[Token], bool]], width: int, height: int,
               sizes: Iterable[int]) -> TextBlock | None:
    """The block at the largest of ``sizes`` that fits ``height``, or None."""
    for size in sizes:
        block = TextBlock(paragraphs, width, size)
        if block.height <= height:
            return block
    return None


def _cut_to_fit(paragraphs: list[tuple[list[Token], bool]], width: int, height: int, size: int) -> TextBlock:
    """Last resort: the block at ``size``, cut after the last line that fits, ending in "…"."""
    block = TextBlock(paragraphs, width, size)
    kept, used = [], 0
    for item in block.items:
        step = block.line_height if item[0] == "line" else item[1]
        if used + step > height:
            break
        kept.append(item)
        used += step
    while kept and kept[-1][0] != "line":
        used -= kept[-1][1]
        kept.pop()
    if kept:
        kept[-1] = ("line", list(kept[-1][1]) + [("…", "regular")])
    block.items, block.height = kept, used
    return block


def _fit_line(text: str, style: str, width: int, start: int, smallest: int) -> ImageFont.ImageFont:
    for size in range(start, smallest - 1, -1):
        font = _font(style, size)
        if font.getlength(text) <= width:
            return font
    return _font(style, smallest)


def _ellipsize(text: str, font, width: int) -> str:
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------

W, H = CARD_SIZE
BORDER = 30
MARGIN = 44  # bars inside the frame
BOX = 58  # art and text boxes


def _centered_text(draw, box, text, font, fill) -> None:
    """``text`` centred in ``box`` (by the font's ascender/descender, so lines line up)."""
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font, fill=fill, anchor="mm")


def _art_placeholder(img: Image.Image, box, parts: FaceParts) -> None:
    """Where art would go: a picture generated from the card's name in its colours (card_art.py)."""
    x0, y0, x1, y1 = box
    img.paste(generated_art((x1 - x0, y1 - y0), parts.name, parts.frame, parts.type_colour), (x0, y0))


def _layout_stats(stats: list[str], width: int) -> tuple[list[str], Any]:
    """Stats joined by " · ", never split inside one stat: one line if it fits at a readable
    size, else as few lines as fit, in the largest font that allows it."""
    if not stats:
        return [], _font("bold", 26)
    joined = "  ·  ".join(stats)
    for size in range(28, 19, -1):
        font = _font("bold", size)
        if font.getlength(joined) <= width:
            return [joined], font
    for max_lines in (2, 3):
        for size in range(28, 13, -1):
            font = _font("bold", size)
            lines: list[str] = []
            for stat in stats:
                candidate = f"{lines[-1]}  ·  {stat}" if lines else stat
                if lines and font.getlength(candidate) <= width:
                    lines[-1] = candidate
                else:
                    lines.append(stat)
            if len(lines) <= max_lines and all(font.getlength(line) <= width for line in lines):
                return lines, font
    font = _font("bold", 14)
    return [_ellipsize(joined, font, width)], font


def _cost_badges(parts: FaceParts) -> list[tuple[str, str, int]]:
    """(value, caption, width) of each cost badge, widest first decided by content."""
    badges = []
    for value, caption, is_map in parts.costs:
        if is_map or len(value) > 2:
            font = _fit_line(value, "bold", 300, 34, 20)
            width = max(110, int(font.getlength(value)) + 44)
        else:
            width = 96
        badges.append((value, caption, width))
    return badges


def _draw_badge(draw, box, value: str, caption: str, fill: RGB, outline: RGB) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if abs(w - h) < 4:
        draw.ellipse(box, fill=fill, outline=outline, width=5)
    else:
        draw.rounded_rectangle(box, radius=h // 2, fill=fill, outline=outline, width=5)
    ink = _ink(fill)
    value_font = _fit_line(value, "bold", w - 30, 46 if w == h else 34, 18)
    caption_font = _fit_line(caption, "bold", w - 24, 15, 10)
    _centered_text(draw, (x0, y0 + 6, x1, y1 - 20), value, value_font, ink)
    _centered_text(draw, (x0, y1 - 34, x1, y1 - 12), caption, caption_font, _mix(ink, fill, 0.25))


def render_card_face(card: Card) -> Image.Image:
    """Draw ``card``'s face (744x1039 RGBA, transparent rounded corners) from its data alone."""
    parts = FaceParts(card)
    white = (255, 255, 255)
    frame = parts.frame
    frame_dark = _mix(frame, (0, 0, 0), 0.4)
    panel = _mix(frame, white, 0.86)
    bar = _mix(frame, white, 0.72)

    img = Image.new("RGBA", CARD_SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle([0, 0, W - 1, H - 1], radius=38, fill=frame_dark)
    draw.rounded_rectangle([5, 5, W - 6, H - 6], radius=34, fill=frame)
    footer_top = H - 66
    draw.rounded_rectangle([BORDER, BORDER, W - BORDER, footer_top], radius=18, fill=panel,
                           outline=frame_dark, width=3)

    # -- name bar, with the cost in the top-right corner -------------------------------------
    name_box = [MARGIN, MARGIN, W - MARGIN, MARGIN + 92]
    badges = _cost_badges(parts)
    badge_width = sum(b[2] for b in badges) + 10 * max(0, len(badges) - 1)
    name_room = name_box[2] - name_box[0] - 42 - (badge_width + 8 if badges else 0)
    badges_in_bar = not badges or name_room >= min(_font("title", 34).getlength(parts.name), 320)
    name_right = name_box[2] - 20 - (badge_width + 8 if badges_in_bar and badges else 0)
    draw.rounded_rectangle(name_box, radius=20, fill=bar, outline=frame_dark, width=3)
    name_width = name_right - (name_box[0] + 22)
    name_font = _fit_line(parts.name, "title", name_width, 50, 20)
    name_text = _ellipsize(parts.name, name_font, name_width)
    nb = draw.textbbox((0, 0), name_text, font=name_font)
    draw.text((name_box[0] + 22 - nb[0], (name_box[1] + name_box[3]) / 2 - (nb[1] + nb[3]) / 2),
              name_text, font=name_font, fill=_ink(bar))

    badge_fill = _mix(parts.type_colour, (0, 0, 0), 0.1)
    badge_outline = _mix(panel, white, 0.6)
    if badges_in_bar:
        x = name_box[2] - 6
        for value, caption, width in reversed(badges):
            box = [x - width, name_box[1] - 4, x, name_box[1] - 4 + 96] if width == 96 else \
                [x - width, name_box[1] - 2, x, name_box[3] + 2]
            _draw_badge(draw, box, value, caption, badge_fill, badge_outline)
            x -= width + 10

    # -- art ----------------------------------------------------------------------------------
    art_box = [BOX, name_box[3] + 14, W - BOX, name_box[3] + 14 + 380]
    _art_placeholder(img, art_box, parts)
    draw.rectangle(art_box, outline=frame_dark, width=3)
    if badges and not badges_in_bar:  # wide costs: a row of pills over the art's top-right corner
        x = art_box[2] - 12
        for value, caption, width in reversed(badges):
            width = min(width, art_box[2] - art_box[0] - 24)
            box = [x - width, art_box[1] + 12, x, art_box[1] + 12 + 88]
            _draw_badge(draw, box, value, caption, badge_fill, badge_outline)
            x -= width + 10

    # -- type line ----------------------------------------------------------------------------
    type_box = [MARGIN, art_box[3] + 12, W - MARGIN, art_box[3] + 12 + 58]
    type_fill = parts.type_colour
    draw.rounded_rectangle(type_box, radius=14, fill=type_fill, outline=frame_dark, width=3)
    type_text = parts.type_label + (" — " + " · ".join(parts.subtypes) if parts.subtypes else "")
    type_width = type_box[2] - type_box[0] - 36
    type_font = _fit_line(type_text, "title", type_width, 32, 18)
    type_text = _ellipsize(type_text, type_font, type_width)
    tb = draw.textbbox((0, 0), type_text, font=type_font)
    draw.text((type_box[0] + 18 - tb[0], (type_box[1] + type_box[3]) / 2 - (tb[1] + tb[3]) / 2),
              type_text, font=type_font, fill=_ink(type_fill))

    # -- stats line (bottom of the panel), sized first so the text box can take the rest -----
    stats_bottom = footer_top - 12
    stats_lines, stats_font = _layout_stats(parts.stats, W - 2 * MARGIN - 40)
    stats_line_height = round(stats_font.size * 1.3) if stats_lines else 0
    stats_top = stats_bottom - len(stats_lines) * stats_line_height - 18
    stats_box = [MARGIN, stats_top, W - MARGIN, stats_bottom]

    # -- text box -----------------------------------------------------------------------------
    text_box = [BOX, type_box[3] + 12, W - BOX, stats_box[1] - 12 if stats_lines else stats_bottom]
    text_fill = _mix(panel, white, 0.75)
    draw.rectangle(text_box, fill=text_fill, outline=_mix(frame, white, 0.35), width=2)
    pad = 18
    inner_w = text_box[2] - text_box[0] - 2 * pad
    inner_h = text_box[3] - text_box[1] - 2 * pad
    body: list[tuple[list[Token], bool]] = [(_ability_paragraph(line), False)
                                            for line in parts.text.splitlines() if line.strip()]
    for label, value in parts.notes:
        body.append((_paragraph(label + ":", "bold") + _paragraph(value), False))
    with_flavor = body + [(_paragraph(parts.flavor, "italic"), bool(body))] if parts.flavor else body
    block = _first_fit(with_flavor, inner_w, inner_h, range(30, 17, -1)) if parts.flavor else None
    if block is None:  # drop the flavor text before going below a comfortable size
        body = body or [([], False)]
        block = _first_fit(body, inner_w, inner_h, range(30, 11, -1)) or _cut_to_fit(body, inner_w, inner_h, 12)
    # Short text sits a little lower than the top, like printed cards; long text starts at the top.
    top = text_box[1] + pad + max(0, min(inner_h - block.height, block.line_height) // 3)
    block.draw(draw, text_box[0] + pad, top, inner_w, (28, 24, 20), _mix(frame, white, 0.4))

    # -- stats --------------------------------------------------------------------------------
    if stats_lines:
        draw.rounded_rectangle(stats_box, radius=14, fill=bar, outline=frame_dark, width=3)
        ink = _ink(bar)
        y = stats_box[1] + 9
        for line in stats_lines:
            _centered_text(draw, (stats_box[0], y, stats_box[2], y + stats_line_height), line, stats_font, ink)
            y += stats_line_height

    # -- footer: set, number, rarity; game ----------------------------------------------------
    footer_ink = _ink(frame)
    foot_font = _font("bold", 22)
    game_font = _font("regular", 20)
    fy = (footer_top + H - 6) / 2
    lb = draw.textbbox((0, 0), parts.footer_left, font=foot_font)
    draw.text((BORDER + 14 - lb[0], fy - (lb[1] + lb[3]) / 2), parts.footer_left, font=foot_font, fill=footer_ink)
    game_text = _ellipsize(parts.game_name, game_font, W // 2 - 60)
    gb = draw.textbbox((0, 0), game_text, font=game_font)
    draw.text((W - BORDER - 14 - gb[2], fy - (gb[1] + gb[3]) / 2), game_text, font=game_font,
              fill=_mix(footer_ink, frame, 0.2))
    return img


# ---------------------------------------------------------------------------------------------
# The image cache
# ---------------------------------------------------------------------------------------------

def _has_upload(card: Card) -> bool:
    if not card.image:
        return False
    try:
        return card.image.storage.exists(card.image.name)
    except Exception:  # a broken storage means: draw the face
        return False


def card_image_key(card: Card) -> str:
    """A short hash of everything that changes how ``card`` looks (data, upload, ``updated``)."""
    rarity = card.rarity if card.rarity_id else None
    data = {
        "v": RENDER_VERSION,
        "game": card.game.slug,
        "set": card.card_set.code,
        "number": card.number,
        "name": card.name,
        "type": card.card_type,
        "rarity": [rarity.code, rarity.name] if rarity else None,
        "text": card.text,
        "flavor": card.flavor,
        "attributes": card.attributes,
        "image": card.image.name if _has_upload(card) else "",
        "updated": card.updated.isoformat() if card.updated else "",
    }
    blob = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def _cache_dir(card: Card) -> Path:
    return Path(settings.MEDIA_ROOT) / "cache" / "cards" / card.game.slug


def card_image_cache_path(card: Card, size: str = "full") -> Path:
    """Where ``card``'s image of ``size`` is (or will be) cached; the file may not exist yet."""
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    return _cache_dir(card) / f"{card.pk}-{card_image_key(card)}-{size}.png"


def _write_png_atomic(image: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            image.save(fh, format="PNG", optimize=False, compress_level=6)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _remove_stale(path: Path, pk: int, size: str) -> None:
    for old in path.parent.glob(f"{pk}-*-{size}.png"):
        if old != path:
            with contextlib.suppress(FileNotFoundError):
                old.unlink()


def _source_image(card: Card) -> Image.Image:
    """The uploaded art when there is a readable one, else the drawn face."""
    if _has_upload(card):
        try:
            with card.image.storage.open(card.image.name, "rb") as fh, Image.open(fh) as im:
                im.load()
                upright = ImageOps.exif_transpose(im)
                return upright.convert("RGBA" if _has_alpha(upright) else "RGB")
        except Exception:
            log.warning("card %s: uploaded image %s is unreadable; drawing the face", card.pk, card.image.name,
                        exc_info=True)
    return render_card_face(card)


def _thumbnail(image: Image.Image) -> Image.Image:
    thumb = image.copy()
    thumb.thumbnail(THUMB_SIZE, Image.Resampling.LANCZOS)
    return thumb


def card_image_file(card: Card, size: str = "full", *, force: bool = False) -> Path:
    """The path of a cached PNG of ``card`` (``size`` "full" or "thumb"), drawing it if needed.

    Uploaded art wins over the drawn face. Files are written atomically, so concurrent
    requests at worst draw the same card twice; older files of the same card are removed.
    """
    path = card_image_cache_path(card, size)
    if path.exists() and not force:
        return path
    if size == "thumb":
        full = card_image_cache_path(card, "full")
        source = None
        if full.exists() and not force:
            try:
                with Image.open(full) as im:
                    im.load()
                    source = im.copy()
            except OSError:
                source = None
        if source is None:
            source = _source_image(card)
            _write_png_atomic(source, full)
            _remove_stale(full, card.pk, "full")
        image = _thumbnail(source)
    else:
        image = _source_image(card)
    _write_png_atomic(image, path)
    _remove_stale(path, card.pk, size)
    return path


# ---------------------------------------------------------------------------------------------
# Uploads
# ---------------------------------------------------------------------------------------------

def _has_alpha(im: Image.Image) -> bool:
    return im.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (im.mode == "P" and "transparency" in im.info)


def _upload_name(uploaded_file) -> str:
    return os.path.basename(getattr(uploaded_file, "name", "") or "") or "the file"


def _human_bytes(n: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} bytes"  # pragma: no cover


def _read_upload(uploaded_file) -> bytes:
    """The upload's bytes, refusing files over ``CARD_IMAGE_MAX_BYTES`` without reading them all."""
    limit = settings.CARD_IMAGE_MAX_BYTES
    name = _upload_name(uploaded_file)
    size = getattr(uploaded_file, "size", None)
    if isinstance(size, int) and size > limit:
        raise ValidationError(f"“{name}” is {_human_bytes(size)}; card images may be at most {_human_bytes(limit)}.",
                              code="file_too_large")
    with contextlib.suppress(AttributeError, OSError, ValueError):
        uploaded_file.seek(0)
    data = uploaded_file.read(limit + 1)
    with contextlib.suppress(AttributeError, OSError, ValueError):
        uploaded_file.seek(0)
    if isinstance(data, str):
        data = data.encode()
    if len(data) > limit:
        raise ValidationError(f"“{name}” is larger than {_human_bytes(limit)}, the limit for card images.",
                              code="file_too_large")
    if not data:
        raise ValidationError(f"“{name}” is empty.", code="empty")
    return data


def _decode_upload(data: bytes, name: str) -> Image.Image:
    """Open, verify and fully decode an upload; every fault becomes a ValidationError."""
    max_pixels = settings.CARD_IMAGE_MAX_PIXELS
    formats = list(UPLOAD_FORMATS)
    accepted = "PNG, JPEG, WebP or GIF"
    with warnings.catch_warnings():
        # A decompression bomb warning (over Image.MAX_IMAGE_PIXELS) is treated as an error too.
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data), formats=formats) as probe:
                width, height = probe.size
                max_side = settings.CARD_IMAGE_MAX_SIDE
                if max(width, height) > max_side:
                    raise ValidationError(
                        f"“{name}” is {width}×{height} pixels; each side of a card image may be at most "
                        f"{max_side:,} pixels.", code="side_too_long")
                if width * height > max_pixels:
                    raise ValidationError(
                        f"“{name}” is {width}×{height} pixels ({width * height:,}); card images may have "
                        f"at most {max_pixels:,} pixels.", code="too_many_pixels")
                probe.verify()
            image = Image.open(io.BytesIO(data), formats=formats)
            image.load()
        except ValidationError:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise ValidationError(f"“{name}” was refused as a possible decompression bomb: {exc}",
                                  code="decompression_bomb") from None
        except UnidentifiedImageError:
            raise ValidationError(f"“{name}” is not an image Pillow can read ({accepted} expected).",
                                  code="not_an_image") from None
        except (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError, KeyError,
                struct.error, zlib.error) as exc:
            raise ValidationError(f"“{name}” is a damaged or truncated image ({exc}).",
                                  code="corrupt_image") from None
    if image.format not in UPLOAD_FORMATS:  # pragma: no cover - open(formats=...) guarantees it
        raise ValidationError(f"“{name}” is a {image.format} image; only {accepted} images are accepted.",
                              code="bad_format")
    return image


def validate_card_upload(uploaded_file) -> None:
    """Django validator for card art uploads (a form field's or the admin's).

    Accepts only real PNG, JPEG, WebP and GIF images that Pillow can fully decode, within
    ``settings.CARD_IMAGE_MAX_BYTES`` and ``settings.CARD_IMAGE_MAX_PIXELS``; refuses other
    files, truncated or corrupt images and decompression bombs with a ``ValidationError``.
    The file is left at position 0.
    """
    image = _decode_upload(_read_upload(uploaded_file), _upload_name(uploaded_file))
    image.close()


def normalise_card_upload(uploaded_file) -> bytes:
    """Validate an upload and return it as PNG bytes: EXIF orientation applied, RGB or RGBA,
    at most ``UPLOAD_MAX_SIZE``."""
    image = _decode_upload(_read_upload(uploaded_file), _upload_name(uploaded_file))
    with image:
        with contextlib.suppress(EOFError):  # pragma: no cover
            image.seek(0)  # first frame of an animation
        upright = ImageOps.exif_transpose(image)
        converted = upright.convert("RGBA" if _has_alpha(upright) else "RGB")
    converted.thumbnail(UPLOAD_MAX_SIZE, Image.Resampling.LANCZOS)
    out = io.BytesIO()
    converted.save(out, format="PNG", optimize=True)
    return out.getvalue()


def card_upload_set(*, card: Card, uploaded_file) -> Card:
    """Validate ``uploaded_file``, store it as ``card``'s art (a normalised PNG) and save the card.

    Raises ``ValidationError`` (nothing changed) when the file is refused. The previous
    upload is deleted once the transaction commits; cached images follow automatically
    (their names hash the upload and ``card.updated``).
    """
    png = normalise_card_upload(uploaded_file)
    old_name = card.image.name if card.image else ""
    storage = card.image.storage
    with transaction.atomic():
        card.image.save("art.png", ContentFile(png), save=False)
        card.save()
        new_name = card.image.name
        if old_name and old_name != new_name:
            transaction.on_commit(lambda: storage.delete(old_name))
    return card
