"""Print-and-play proxies (issue part 7): a valid PDF, card pictures at 63 x 88 mm, 3 x 3 per page."""

from __future__ import annotations

import io
import math
import re

import pytest
from PIL import Image

from decks import proxies
from decks.models import Deck
from tests.decks.conftest import sample_text  # noqa: F401


def parse_pdf(data: bytes) -> dict:
    """Check the structure (header, xref offsets, trailer) and return pages, boxes and images."""
    assert data.startswith(b"%PDF-1.") and data.rstrip().endswith(b"%%EOF")
    startxref = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data).group(1))
    assert data[startxref:startxref + 4] == b"xref"
    head = re.match(rb"xref\s+0 (\d+)\s+", data[startxref:])
    count = int(head.group(1))
    rows = re.findall(rb"(\d{10}) (\d{5}) ([nf]) ", data[startxref:])[:count]
    for number, (offset, _, kind) in enumerate(rows):
        if kind == b"n":
            assert data[int(offset):].startswith(b"%d 0 obj" % number), number
    pages = re.findall(rb"/Type /Page /Parent", data)
    total = int(re.search(rb"/Type /Pages /Kids \[[^\]]*\] /Count (\d+)", data).group(1))
    boxes = {tuple(map(float, b.split())) for b in re.findall(rb"/MediaBox \[([\d. ]+)\]", data)}
    images = []
    for match in re.finditer(rb"/Filter /DCTDecode /Length (\d+) >>\nstream\n", data):
        length = int(match.group(1))
        with Image.open(io.BytesIO(data[match.end():match.end() + length])) as im:
            images.append(im.size)
    return {"pages": len(pages), "count": total, "boxes": boxes, "images": images}


@pytest.fixture
def pictures(tmp_path):
    paths = []
    for i, colour in enumerate(["red", "green", "blue"]):
        path = tmp_path / f"{i}.png"
        Image.new("RGBA", proxies.CARD_PX, colour).save(path)
        paths.append(path)
    return paths


@pytest.mark.parametrize("copies, paper", [(1, "a4"), (9, "a4"), (10, "letter"), (19, "a4")])
def test_page_count_and_size(pictures, copies, paper):
    data = proxies.proxy_pdf([pictures[i % 3] for i in range(copies)], paper=paper)
    info = parse_pdf(data)
    assert info["pages"] == info["count"] == math.ceil(copies / 9)
    width, height = proxies.page_size_points(paper)
    assert info["boxes"] == {(0.0, 0.0, round(width, 3), round(height, 3))}
    expected_px = {"a4": (2480, 3508), "letter": (2550, 3300)}[paper]
    assert info["images"] == [expected_px] * info["pages"]


def test_cards_are_real_size_at_300_dpi():
    """63 x 88 mm at 300 dpi, so a printed page at 100% gives cards of the real size."""
    width_mm = proxies.CARD_PX[0] / proxies.DPI * 25.4
    height_mm = proxies.CARD_PX[1] / proxies.DPI * 25.4
    assert abs(width_mm - 63) < 0.1 and abs(height_mm - 88) < 0.1
    for paper, (w, h) in proxies.PAPERS_MM.items():
        assert 3 * 63 < w and 3 * 88 < h, paper  # a 3 x 3 grid fits both papers


def test_cards_land_in_a_3x3_grid_with_cut_marks(pictures):
    page = proxies._render_page([proxies._card_picture(p) for p in pictures * 3], "a4", cut_marks=True)
    w, h = page.size
    left = (w - 3 * proxies.CARD_PX[0]) // 2
    top = (h - 3 * proxies.CARD_PX[1]) // 2
    centre = lambda r, c: (left + c * proxies.CARD_PX[0] + 300, top + r * proxies.CARD_PX[1] + 500)  # noqa: E731
    assert page.getpixel(centre(0, 0)) == (255, 0, 0)
    assert page.getpixel(centre(0, 1))[1] > 100  # green
    assert page.getpixel(centre(2, 2)) == (0, 0, 255)
    assert page.getpixel((left, top - 20)) == (0, 0, 0)  # a cut mark above the first column
    plain = proxies._render_page([proxies._card_picture(pictures[0])], "a4", cut_marks=False)
    assert plain.getpixel((left, top - 20)) == (255, 255, 255)


def test_empty_or_bad_paper_is_refused(pictures):
    with pytest.raises(ValueError):
        proxies.proxy_pdf([], paper="a4")
    with pytest.raises(ValueError):
        proxies.proxy_pdf(pictures, paper="a3")


@pytest.mark.django_db
def test_proxy_page_for_a_deck(client, alice, import_sample):
    deck = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    response = client.get(f"/decks/{deck.pk}/proxies.pdf", {"paper": "letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    info = parse_pdf(response.content)
    assert info["pages"] == 2  # ten cards
    assert info["images"] == [(2550, 3300)] * 2
    assert client.get(f"/decks/{deck.pk}/proxies.pdf", {"paper": "a0"}).status_code == 400
