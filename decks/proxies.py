"""Print-and-play proxy sheets: card pictures at real size (63 x 88 mm), 3 x 3 per page, as PDF.

Pages are drawn with Pillow at 300 dpi, one at a time, and each goes into the PDF as one JPEG
image filling the page (fpdf2 writes the PDF; a page's picture is dropped once it is encoded,
so only the compressed pages are held). A4 or US Letter; optional cut marks at the card
corners, in the margin outside the grid.

A sheet is bounded and kept (issue 25, item 4: a 60,939-copy deck ran the worker past its 120 s,
and a 45-card sheet took 11 s cold every time): at most ``MAX_PROXY_CARDS`` copies a sheet, and
each sheet built is kept under ``MEDIA_ROOT/proxy-sheets/`` by what it shows (the cards, their
pictures' versions, paper, cut marks: ``cached_proxy_pdf``), so asking again costs a file read.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from fpdf import FPDF
from PIL import Image, ImageDraw

DPI = 300
MM = DPI / 25.4
CARD_PX = (round(63 * MM), round(88 * MM))  # 744 x 1039
PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PER_PAGE = 9
MARK_PX = round(4 * MM)  # cut mark length
#: most copies one sheet prints (13 pages): far above any format's deck with its sideboard
MAX_PROXY_CARDS = 120
GAP_PX = 0  # cards touch, so one cut separates neighbours


def page_count(cards: int) -> int:
    return math.ceil(cards / PER_PAGE)


def page_size_points(paper: str) -> tuple[float, float]:
    w, h = PAPERS_MM[paper]
    return w * 72 / 25.4, h * 72 / 25.4


def _page_px(paper: str) -> tuple[int, int]:
    w, h = PAPERS_MM[paper]
    return round(w * MM), round(h * MM)


def _card_picture(path: Path) -> Image.Image:
    """A card picture flattened on white at exactly card size."""
    with Image.open(path) as im:
        im.load()
        picture = im.convert("RGBA")
    if picture.size != CARD_PX:
        picture = picture.resize(CARD_PX, Image.Resampling.LANCZOS)
    flat = Image.new("RGB", CARD_PX, "white")
    flat.paste(picture, (0, 0), picture)
    return flat


def _render_page(pictures: list[Image.Image], paper: str, cut_marks: bool) -> Image.Image:
    width, height = _page_px(paper)
    grid_w = 3 * CARD_PX[0] + 2 * GAP_PX
    grid_h = 3 * CARD_PX[1] + 2 * GAP_PX
    left, top = (width - grid_w) // 2, (height - grid_h) // 2
    page = Image.new("RGB", (width, height), "white")
    for i, picture in enumerate(pictures):
        row, col = divmod(i, 3)
        page.paste(picture, (left + col * (CARD_PX[0] + GAP_PX), top + row * (CARD_PX[1] + GAP_PX)))
    if cut_marks:
        draw = ImageDraw.Draw(page)
        xs = [left + c * (CARD_PX[0] + GAP_PX) for c in range(4)]
        ys = [top + r * (CARD_PX[1] + GAP_PX) for r in range(4)]
        gap = round(1 * MM)
        for x in xs:  # marks above and below the grid
            draw.line([(x, max(top - gap - MARK_PX, 0)), (x, top - gap)], fill="black", width=2)
            draw.line([(x, top + grid_h + gap), (x, min(top + grid_h + gap + MARK_PX, height - 1))], fill="black", width=2)
        for y in ys:  # marks left and right of the grid
            draw.line([(max(left - gap - MARK_PX, 0), y), (left - gap, y)], fill="black", width=2)
            draw.line([(left + grid_w + gap, y), (min(left + grid_w + gap + MARK_PX, width - 1), y)], fill="black", width=2)
    return page


def _pages_as_jpeg(paths: list[Path], paper: str, cut_marks: bool) -> Iterator[tuple[bytes, int, int]]:
    cache: dict[Path, Image.Image] = {}
    for start in range(0, len(paths), PER_PAGE):
        chunk = paths[start:start + PER_PAGE]
        pictures = []
        for path in chunk:
            if path not in cache:
                cache[path] = _card_picture(path)
            pictures.append(cache[path])
        page = _render_page(pictures, paper, cut_marks)
        out = io.BytesIO()
        page.save(out, "JPEG", quality=90, dpi=(DPI, DPI))
        yield out.getvalue(), page.width, page.height


def proxy_pdf(picture_paths: Iterable[Path], *, paper: str = "a4", cut_marks: bool = True) -> bytes:
    """A PDF with one picture per card copy (repeat a path for each copy), 9 per page."""
    if paper not in PAPERS_MM:
        raise ValueError(f"paper must be one of {', '.join(PAPERS_MM)}, not {paper!r}")
    paths = list(picture_paths)
    if not paths:
        raise ValueError("the deck has no cards to print")
    width_pt, height_pt = page_size_points(paper)
    pdf = FPDF(unit="pt", format=(width_pt, height_pt))
    pdf.set_creator("Card Workshop")
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    for jpeg, _, _ in _pages_as_jpeg(paths, paper, cut_marks):
        pdf.add_page()
        pdf.image(io.BytesIO(jpeg), x=0, y=0, w=width_pt, h=height_pt)
    return bytes(pdf.output())


def sheet_key(parts: Iterable, *, paper: str, cut_marks: bool) -> str:
    """A name for a sheet from everything it shows (cards and their pictures' versions, paper,
    marks) and the secret key, so nobody can guess another deck's file."""
    from django.conf import settings

    digest = hashlib.sha256(f"{settings.SECRET_KEY}|{paper}|{int(cut_marks)}".encode())
    for part in parts:
        digest.update(f"|{part}".encode())
    return digest.hexdigest()[:40]


def cached_proxy_pdf(key: str, picture_paths, *, paper: str = "a4", cut_marks: bool = True) -> Path:
    """The file of the sheet named ``key``, built once (``picture_paths``: a callable giving the
    paths, only called when the sheet is not kept yet). Written atomically: two requests at once
    at worst build it twice."""
    from django.conf import settings

    folder = Path(settings.MEDIA_ROOT) / "proxy-sheets"
    path = folder / f"{key}.pdf"
    if path.exists():
        return path
    data = proxy_pdf(picture_paths(), paper=paper, cut_marks=cut_marks)
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, path)
    return path
