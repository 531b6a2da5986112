"""Generated art for a card without an uploaded picture: a small scene that differs per card.

The scene is drawn from a seed taken from the card's name (the same card always gets the same
picture, every printing alike) in the card's own colours (its frame and type colours): one of
six compositions (hills under a sky body, a radiant emblem, waves under a moon, a cluster of
crystals, a ringed planet among moons, rows of trees), with every shape, count and position
drawn from the seed. It replaces the initials the card face used to
show where art would go (player experience issue, part 9).
"""

from __future__ import annotations

import hashlib
import math
import random

from PIL import Image, ImageDraw, ImageFilter

RGB = tuple[int, int, int]
SUPERSAMPLE = 2  # drawn twice as large, then scaled down: smooth edges without per-shape antialiasing


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def seed_for(text: str) -> int:
    """A stable seed for a card (Python's own hash changes between runs)."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _sky(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    small = Image.new("RGB", (1, 64))
    for y in range(64):
        small.putpixel((0, y), _mix(top, bottom, y / 63))
    return small.resize(size, Image.Resampling.BICUBIC)


def _ridge(rng: random.Random, width: int, base: float, height: float, roughness: float) -> list[tuple[float, float]]:
    """A hill line across the picture: a few random sine waves added together."""
    waves = [(rng.uniform(0.5, 3.5), rng.uniform(0, math.tau), rng.uniform(0.3, 1.0)) for _ in range(3)]
    points = []
    steps = 48
    for i in range(steps + 1):
        x = width * i / steps
        y = base - height * sum(a * math.sin(f * math.tau * i / steps + p) for f, p, a in waves) / 3
        y += rng.uniform(-roughness, roughness)
        points.append((x, y))
    return points


def _sun(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, accent: RGB, *, size: tuple[float, float],
         across: tuple[float, float], down: tuple[float, float], paleness: float) -> None:
    """A pale disc in the card's accent: radius ``size`` of the width, centre within ``across``
    and ``down`` (fractions of the picture)."""
    radius = rng.uniform(*size) * w
    x, y = rng.uniform(*across) * w, rng.uniform(*down) * h
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=_mix(accent, (255, 255, 255), paleness))


def _hills(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, light: RGB, dark: RGB, accent: RGB) -> None:
    _sun(draw, rng, w, h, accent, size=(0.08, 0.16), across=(0.2, 0.8), down=(0.15, 0.4), paleness=0.45)
    layers = rng.randint(3, 5)
    for i in range(layers):
        t = (i + 1) / layers
        ridge = _ridge(rng, w, h * (0.45 + 0.45 * t), h * rng.uniform(0.08, 0.2), h * 0.01)
        draw.polygon([*ridge, (w, h), (0, h)], fill=_mix(light, dark, 0.25 + 0.75 * t))


def _emblem(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, light: RGB, dark: RGB, accent: RGB) -> None:
    cx, cy = w / 2, h / 2
    points = rng.randint(5, 12)
    rings = rng.randint(2, 4)
    turn = rng.uniform(0, math.tau)
    for ring in range(rings, 0, -1):
        outer = min(w, h) * 0.46 * ring / rings
        inner = outer * rng.uniform(0.35, 0.7)
        star = []
        for k in range(points * 2):
            r = outer if k % 2 == 0 else inner
            a = turn + math.pi * k / points
            star.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        draw.polygon(star, fill=_mix(dark, accent, ring / rings * 0.8), outline=_mix(light, (255, 255, 255), 0.5))
    core = min(w, h) * rng.uniform(0.05, 0.1)
    draw.ellipse([cx - core, cy - core, cx + core, cy + core], fill=_mix(light, (255, 255, 255), 0.6))


def _waves(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, light: RGB, dark: RGB, accent: RGB) -> None:
    moon_r = rng.uniform(0.07, 0.13) * w
    moon = (rng.uniform(0.15, 0.85) * w, rng.uniform(0.12, 0.3) * h)
    draw.ellipse([moon[0] - moon_r, moon[1] - moon_r, moon[0] + moon_r, moon[1] + moon_r], fill=_mix(light, (255, 255, 255), 0.7))
    for _ in range(rng.randint(6, 14)):  # stars
        x, y, r = rng.uniform(0, w), rng.uniform(0, h * 0.4), rng.uniform(1.5, 3.5) * SUPERSAMPLE
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(255, 255, 255))
    bands = rng.randint(4, 7)
    for i in range(bands):
        t = (i + 1) / bands
        base = h * (0.5 + 0.48 * t)
        amplitude = h * rng.uniform(0.02, 0.06)
        frequency = rng.uniform(1.5, 4.0)
        phase = rng.uniform(0, math.tau)
        line = [(w * k / 60, base - amplitude * math.sin(frequency * math.tau * k / 60 + phase)) for k in range(61)]
        draw.polygon([*line, (w, h), (0, h)], fill=_mix(_mix(light, accent, 0.4), dark, t))


def _shards(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, light: RGB, dark: RGB, accent: RGB) -> None:
    """A cluster of crystals rising from the ground, lit on one side."""
    glow_r = rng.uniform(0.25, 0.4) * w
    gx = rng.uniform(0.3, 0.7) * w
    draw.ellipse([gx - glow_r, h * 0.55 - glow_r, gx + glow_r, h * 0.55 + glow_r], fill=_mix(light, (255, 255, 255), 0.35))
    ground = h * rng.uniform(0.78, 0.88)
    crystals = sorted(((rng.gauss(gx, w * 0.16), rng.uniform(0.25, 0.6) * h, rng.uniform(0.05, 0.11) * w,
                        rng.uniform(-0.35, 0.35)) for _ in range(rng.randint(4, 8))), key=lambda c: -c[1])
    for x, height, half, lean in crystals:
        top = (x + lean * height * 0.4, ground - height)
        left, right, base = (x - half, ground - height * 0.15), (x + half, ground - height * 0.15), (x, ground + h * 0.02)
        draw.polygon([top, left, base], fill=_mix(dark, accent, 0.55))
        draw.polygon([top, right, base], fill=_mix(_mix(light, accent, 0.5), (255, 255, 255), 0.2))
    draw.rectangle([0, ground, w, h], fill=_mix(dark, (0, 0, 0), 0.15))


def _orbits(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, light: RGB, dark: RGB, accent: RGB) -> None:
    """A night sky with a planet and its rings, moons on tilted orbits."""
    draw.rectangle([0, 0, w, h], fill=_mix(dark, (0, 0, 0), 0.35))
    for _ in range(rng.randint(20, 45)):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.8, 2.4) * SUPERSAMPLE
        draw.ellipse([x - r, y - r, x + r, y + r], fill=_mix(light, (255, 255, 255), rng.uniform(0.3, 0.9)))
    cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.35, 0.65) * h
    radius = min(w, h) * rng.uniform(0.18, 0.3)
    for k in range(rng.randint(2, 4), 0, -1):  # rings behind and around
        rx, ry = radius * (1.3 + 0.35 * k), radius * (0.35 + 0.08 * k)
        draw.ellipse([cx - rx, cy - ry, cx + rx, cy + ry], outline=_mix(accent, light, 0.3 + 0.15 * k), width=SUPERSAMPLE * 2)
    draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=_mix(accent, light, 0.35))
    draw.chord([cx - radius, cy - radius, cx + radius, cy + radius], rng.uniform(200, 250), rng.uniform(20, 70),
               fill=_mix(accent, dark, 0.45))
    for _ in range(rng.randint(1, 3)):
        a, d, r = rng.uniform(0, math.tau), radius * rng.uniform(1.6, 2.6), radius * rng.uniform(0.08, 0.16)
        x, y = cx + d * math.cos(a), cy + d * 0.45 * math.sin(a)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=_mix(light, (255, 255, 255), 0.5))


def _forest(draw: ImageDraw.ImageDraw, rng: random.Random, w: int, h: int, light: RGB, dark: RGB, accent: RGB) -> None:
    """Rows of pointed trees on rolling ground, the far rows paler, under a low sun."""
    _sun(draw, rng, w, h, accent, size=(0.1, 0.2), across=(0.15, 0.85), down=(0.3, 0.5), paleness=0.55)
    rows = rng.randint(2, 4)
    for i in range(rows):
        t = (i + 1) / rows
        colour = _mix(_mix(light, accent, 0.3), dark, 0.2 + 0.8 * t)
        base = h * (0.55 + 0.4 * t)
        ridge = _ridge(rng, w, base, h * 0.04, h * 0.005)
        draw.polygon([*ridge, (w, h), (0, h)], fill=colour)
        x = rng.uniform(-0.05, 0.05) * w
        while x < w * 1.05:
            tree_h = h * rng.uniform(0.12, 0.22) * (0.6 + 0.6 * t)
            half = tree_h * rng.uniform(0.18, 0.28)
            foot = base + rng.uniform(-0.01, 0.02) * h
            draw.polygon([(x, foot - tree_h), (x - half, foot), (x + half, foot)], fill=colour)
            x += half * rng.uniform(1.1, 2.4)


COMPOSITIONS = (_hills, _emblem, _waves, _shards, _orbits, _forest)


def generated_art(size: tuple[int, int], seed_text: str, frame: RGB, accent: RGB) -> Image.Image:
    """An RGB picture of ``size`` for the card named by ``seed_text``, in its ``frame`` and
    ``accent`` (type) colours; the same inputs always give the same picture."""
    rng = random.Random(seed_for(seed_text))
    w, h = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    light = _mix(frame, (255, 255, 255), rng.uniform(0.45, 0.7))
    dark = _mix(frame, (0, 0, 0), rng.uniform(0.3, 0.55))
    hue_shift = _mix(accent, frame, rng.uniform(0.0, 0.5))
    image = _sky((w, h), _mix(light, hue_shift, rng.uniform(0.1, 0.4)), _mix(light, (255, 255, 255), 0.3))
    draw = ImageDraw.Draw(image)
    rng.choice(COMPOSITIONS)(draw, rng, w, h, light, dark, hue_shift)
    image = image.filter(ImageFilter.GaussianBlur(SUPERSAMPLE * 0.6))
    return image.resize(size, Image.Resampling.LANCZOS)
