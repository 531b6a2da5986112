"""Print-and-play proxies (issue part 7): a valid PDF, card pictures at 63 x 88 mm, 3 x 3 per page."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image
from pypdf import PdfReader

from cardpool.images import card_image_file
from decks import proxies, selectors
from decks.models import Deck
from tests.decks.conftest import sample_text  # noqa: F401


def parse_pdf(data: bytes) -> dict:
    """Read the PDF back with an independent reader (pypdf, strict): pages, page boxes in points
    and each page's images (decoded with Pillow)."""
    assert data.startswith(b"%PDF-1.") and data.rstrip().endswith(b"%%EOF")
    reader = PdfReader(io.BytesIO(data), strict=True)
    boxes = {tuple(round(float(v), 1) for v in page.mediabox) for page in reader.pages}
    images = [[image.image.convert("RGB") for image in page.images] for page in reader.pages]
    return {"pages": len(reader.pages), "count": len(reader.pages), "boxes": boxes,
            "images": [page[0].size for page in images if len(page) == 1], "pictures": images}


def cell_centre(page: Image.Image, row: int, col: int) -> tuple[int, int]:
    """The centre of the grid cell (row, col) on a rendered page."""
    left = (page.width - 3 * proxies.CARD_PX[0]) // 2
    top = (page.height - 3 * proxies.CARD_PX[1]) // 2
    return left + col * proxies.CARD_PX[0] + proxies.CARD_PX[0] // 2, top + row * proxies.CARD_PX[1] + proxies.CARD_PX[1] // 2


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    """Colours equal within JPEG's error."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


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
    assert info["boxes"] == {(0.0, 0.0, round(width, 1), round(height, 1))}
    expected_px = {"a4": (2480, 3508), "letter": (2550, 3300)}[paper]
    assert info["images"] == [expected_px] * info["pages"]  # one 300 dpi picture filling each page
    colours = [(255, 0, 0), (0, 128, 0), (0, 0, 255)]
    for n in range(copies):  # every copy in its cell, in order, page after page
        page, cell = divmod(n, proxies.PER_PAGE)
        picture = info["pictures"][page][0]
        assert near(picture.getpixel(cell_centre(picture, *divmod(cell, 3))), colours[n % 3]), n
    if copies % proxies.PER_PAGE:  # the last page's empty cells stay white
        last = info["pictures"][-1][0]
        assert near(last.getpixel(cell_centre(last, 2, 2)), (255, 255, 255))


def test_cards_are_real_size_at_300_dpi():
    """63 x 88 mm at 300 dpi, so a printed page at 100% gives cards of the real size."""
    width_mm = proxies.CARD_PX[0] / proxies.DPI * 25.4
    height_mm = proxies.CARD_PX[1] / proxies.DPI * 25.4
    assert abs(width_mm - 63) < 0.1 and abs(height_mm - 88) < 0.1
    for paper, (w, h) in proxies.PAPERS_MM.items():
        assert w > 3 * 63 and h > 3 * 88, paper  # a 3 x 3 grid fits both papers


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
    # the first card of the deck (in display order) is drawn in the first cell, at card size
    first = selectors.deck_sections_for_display(deck)[0]["cards"][0]["card"]
    expected = proxies._card_picture(card_image_file(first, "full"))
    page = info["pictures"][0][0]
    x, y = cell_centre(page, 0, 0)
    inside = (x - proxies.CARD_PX[0] // 2, y - proxies.CARD_PX[1] // 2)
    for point in [(100, 100), (372, 200), (600, 900), (372, 519)]:
        on_page = page.getpixel((inside[0] + point[0], inside[1] + point[1]))
        assert near(on_page, expected.getpixel(point), tolerance=40), point
    assert client.get(f"/decks/{deck.pk}/proxies.pdf", {"paper": "a0"}).status_code == 400


# -- bounded and kept (issue 25, item 4) ----------------------------------------------------------------
@pytest.mark.django_db
def test_a_sheet_is_built_once_and_kept_until_the_deck_changes(client, alice, import_sample, monkeypatch):
    """A 45-card sheet took 11 s cold on every request."""
    from decks import services

    deck = import_sample(alice, "fellbound-dawnwardens.txt", visibility=Deck.PUBLIC)
    built = []
    real = proxies.proxy_pdf
    monkeypatch.setattr(proxies, "proxy_pdf", lambda *a, **k: built.append(1) or real(*a, **k))
    first = client.get(f"/decks/{deck.pk}/proxies.pdf")
    again = client.get(f"/decks/{deck.pk}/proxies.pdf")
    assert first.status_code == again.status_code == 200 and first.content == again.content and len(built) == 1
    assert client.get(f"/decks/{deck.pk}/proxies.pdf", {"paper": "letter"}).status_code == 200 and len(built) == 2
    rows = [(row.card_id, row.quantity) for row in deck.cards.all()]
    services.deck_set_cards(actor=alice, deck=deck, sections={"deck": rows[1:]})
    changed = client.get(f"/decks/{deck.pk}/proxies.pdf")
    assert changed.status_code == 200 and len(built) == 3 and parse_pdf(changed.content)["pages"] == 1


@pytest.mark.django_db
def test_a_sheet_past_the_bound_is_refused_before_anything_is_drawn(client, alice, card_pool, monkeypatch):
    from decks import services

    monkeypatch.setattr(proxies, "proxy_pdf", lambda *a, **k: pytest.fail("drawn"))
    sections = {"deck": [{"name": "Hearthward Mender", "qty": proxies.MAX_PROXY_CARDS + 1}]}
    deck = services.deck_create(owner=alice, game="fellbound", name="Big", visibility=Deck.PUBLIC, sections=sections)
    response = client.get(f"/decks/{deck.pk}/proxies.pdf")
    assert response.status_code == 400 and str(proxies.MAX_PROXY_CARDS) in response.content.decode()
