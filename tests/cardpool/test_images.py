"""Card images: drawn faces, the image cache, the image views, uploads and the render command."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from PIL import Image

from cardpool import images
from cardpool.images import (
    CARD_SIZE,
    THUMB_SIZE,
    card_image_file,
    card_upload_set,
    render_card_face,
    validate_card_upload,
)
from cardpool.models import Card
from cardpool.services import CardRow, card_import
from tests.terminal import TerminalOutput

pytestmark = pytest.mark.django_db


# -- helpers ---------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def boundless():
    call_command("load_cardpool", game="boundless", stdout=io.StringIO())


def _card(game: str, name: str) -> Card:
    return Card.objects.select_related("game", "card_set", "rarity").get(game__slug=game, name=name)


def _fresh(card: Card) -> Card:
    return Card.objects.select_related("game", "card_set", "rarity").get(pk=card.pk)


def _png(size=(300, 420), colour=(200, 30, 160), mode="RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, format="PNG")
    return out.getvalue()


def _noise_png(size=(300, 300)) -> bytes:
    out = io.BytesIO()
    Image.effect_noise(size, 80).convert("RGB").save(out, format="PNG")
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _png_claiming(width: int, height: int) -> bytes:
    """A tiny, well-formed PNG whose IHDR declares ``width`` x ``height`` RGB pixels."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * (1 + 3 * 16) * 4)  # a few rows of zeros; the rest is "missing"
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def _upload(data: bytes, name: str = "art.png", content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


# -- drawn faces -----------------------------------------------------------------------------------

def test_drawn_face_is_poker_card_size_and_differs_between_cards(boundless):
    savior = _card("boundless", "Kuroha, Akumaiden Matriarch")
    form = _card("boundless", "Akumaiden Acolyte")
    a, b = render_card_face(savior), render_card_face(form)
    assert a.size == b.size == CARD_SIZE == (744, 1039)
    assert a.tobytes() != b.tobytes()


@pytest.mark.parametrize("game", ["boundless", "spellbound", "fellbound", "bos", "millennium_blades"])
def test_every_game_draws_every_card_type(game):
    call_command("load_cardpool", game=game, stdout=io.StringIO())
    cards = Card.objects.filter(game__slug=game).select_related("game", "card_set", "rarity")
    seen = set()
    for card in cards:
        if card.card_type in seen:
            continue
        seen.add(card.card_type)
        assert render_card_face(card).size == CARD_SIZE
    assert seen == set(Card.objects.filter(game__slug=game).values_list("card_type", flat=True))


def test_long_text_still_renders(boundless):
    long_text = " ".join(["[AUTO] When this card damages an opponent's savior: devour 1, then draw 1."] * 40)
    card_import(game_slug="boundless", rows=[CardRow("test", {
        "set": "BD01", "number": "999", "name": "An Extremely Long-Winded Golem of Many Words and Titles",
        "card_type": "form", "rarity": "C", "text": long_text, "flavor": "Words, words, words. " * 10,
        "attributes": {"level": 1, "pwr": 3, "tribe": ["Golem", "Verdant", "Ancient", "Colossal"]},
    })])
    card = _card("boundless", "An Extremely Long-Winded Golem of Many Words and Titles")
    face = render_card_face(card)
    assert face.size == CARD_SIZE


def test_text_is_shrunk_to_fit_then_cut_with_an_ellipsis():
    words = images._paragraph("lorem ipsum dolor sit amet " * 30)
    block = images._first_fit([(words, False)], 600, 280, range(30, 11, -1))
    assert block is not None and block.height <= 280 and block.size < 30
    huge = images._paragraph("lorem ipsum dolor sit amet " * 400)
    assert images._first_fit([(huge, False)], 600, 280, range(30, 11, -1)) is None
    cut = images._cut_to_fit([(huge, False)], 600, 280, 12)
    assert cut.height <= 280
    assert cut.items[-1][1][-1][0] == "…"


# -- the cache -------------------------------------------------------------------------------------

def test_cache_hit_returns_the_same_path_and_a_change_gives_a_new_one(boundless, media):
    card = _card("boundless", "Akumaiden Acolyte")
    first = card_image_file(card)
    assert first.exists() and first.is_relative_to(Path(media) / "cache" / "cards" / "boundless")
    assert first.name.startswith(f"{card.pk}-") and first.name.endswith("-full.png")
    mtime = first.stat().st_mtime_ns
    assert card_image_file(_fresh(card)) == first
    assert first.stat().st_mtime_ns == mtime  # not redrawn

    card.text = "[AUTO] When this card damages an opponent's savior: devour 2."
    card.save()
    second = card_image_file(_fresh(card))
    assert second != first and second.exists()
    assert not first.exists()  # the stale image was cleaned up
    with Image.open(second) as im:
        assert im.size == CARD_SIZE


def test_thumbnail_size(boundless):
    card = _card("boundless", "Akumaiden Acolyte")
    path = card_image_file(card, "thumb")
    with Image.open(path) as im:
        assert im.size[0] <= THUMB_SIZE[0] and im.size[1] <= THUMB_SIZE[1]
        assert im.size[0] >= THUMB_SIZE[0] - 2
    with pytest.raises(ValueError):
        card_image_file(card, "huge")


# -- views -----------------------------------------------------------------------------------------

def test_views_serve_png_with_caching_headers(boundless, client):
    card = _card("boundless", "Akumaiden Acolyte")
    for url, size in ((f"/cards/{card.pk}/image.png", CARD_SIZE), (f"/cards/{card.pk}/thumb.png", None)):
        response = client.get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "image/png"
        assert response["Cache-Control"] == "public, max-age=86400"
        etag = response["ETag"]
        assert etag.startswith('"') and etag.endswith('"')
        with Image.open(io.BytesIO(b"".join(response.streaming_content))) as im:
            if size:
                assert im.size == size
            else:
                assert im.size[0] <= THUMB_SIZE[0]
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304
        assert again["ETag"] == etag


def test_views_404_for_unknown_card(client):
    assert client.get("/cards/987654/image.png").status_code == 404
    assert client.get("/cards/987654/thumb.png").status_code == 404


# -- uploads ---------------------------------------------------------------------------------------

def test_real_png_is_accepted_and_served_instead_of_the_drawn_face(boundless, client):
    card = _card("boundless", "Akumaiden Acolyte")
    drawn = client.get(f"/cards/{card.pk}/image.png")
    drawn_etag = drawn["ETag"]
    b"".join(drawn.streaming_content)

    art = _png((600, 840), (200, 30, 160))
    validate_card_upload(_upload(art))  # no error
    card_upload_set(card=card, uploaded_file=_upload(art))
    card = _fresh(card)
    assert card.image.name.endswith(".png")

    response = client.get(f"/cards/{card.pk}/image.png")
    assert response.status_code == 200 and response["ETag"] != drawn_etag
    with Image.open(io.BytesIO(b"".join(response.streaming_content))) as im:
        assert im.size == (600, 840)
        assert im.convert("RGB").getpixel((300, 420)) == (200, 30, 160)
    thumb = client.get(f"/cards/{card.pk}/thumb.png")
    with Image.open(io.BytesIO(b"".join(thumb.streaming_content))) as im:
        assert im.size[0] <= THUMB_SIZE[0] and im.size[1] <= THUMB_SIZE[1]
        assert im.convert("RGB").getpixel((im.size[0] // 2, im.size[1] // 2)) == (200, 30, 160)


def test_upload_is_normalised_to_a_bounded_png(boundless):
    card = _card("boundless", "Akumaiden Acolyte")
    out = io.BytesIO()
    Image.new("RGB", (2000, 3000), (10, 120, 30)).save(out, format="JPEG", quality=90)
    card_upload_set(card=card, uploaded_file=_upload(out.getvalue(), "scan.jpg", "image/jpeg"))
    with _fresh(card).image.open("rb") as fh, Image.open(fh) as im:
        assert im.format == "PNG" and im.mode == "RGB"
        assert im.size[0] <= 1500 and im.size[1] <= 2100


def test_text_file_is_refused_with_a_clear_message(boundless):
    card = _card("boundless", "Akumaiden Acolyte")
    upload = _upload(b"name,text\nnot,an image\n" * 20, "cards.png", "image/png")
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(upload)
    assert "is not an image Pillow can read" in exc.value.messages[0]
    assert "cards.png" in exc.value.messages[0]
    with pytest.raises(ValidationError):
        card_upload_set(card=card, uploaded_file=upload)
    assert not _fresh(card).image


def test_oversize_file_is_refused(settings):
    settings.CARD_IMAGE_MAX_BYTES = 1000
    data = _noise_png((100, 100))
    assert len(data) > 1000
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(data))
    assert "at most" in exc.value.messages[0] and exc.value.code == "file_too_large"


def test_too_many_pixels_is_refused(settings):
    settings.CARD_IMAGE_MAX_PIXELS = 100 * 100
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(_png((200, 200))))
    assert "pixels" in exc.value.messages[0] and exc.value.code == "too_many_pixels"


def test_decompression_bomb_header_is_refused():
    data = _png_claiming(50000, 50000)
    assert len(data) < 200
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(data, "bomb.png"))
    assert exc.value.code in ("decompression_bomb", "too_many_pixels", "side_too_long")
    assert "bomb.png" in exc.value.messages[0]


def test_a_long_thin_strip_is_refused_by_its_side_before_decoding():
    """Production issue, part 10: a small PNG of 1 x 16,000,000 pixels passed the pixel limit
    and cost 530 MB to process; each side is bounded too."""
    out = io.BytesIO()
    Image.new("1", (1, 20000), 0).save(out, format="PNG")
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(out.getvalue(), "strip.png"))
    assert exc.value.code == "side_too_long" and "1×20000" in exc.value.messages[0]


def test_highly_compressible_huge_png_is_refused(settings):
    settings.CARD_IMAGE_MAX_PIXELS = 10**9  # let Pillow's own bomb check be the one that trips
    settings.CARD_IMAGE_MAX_SIDE = 10**6
    out = io.BytesIO()
    Image.new("1", (10000, 9500), 0).save(out, format="PNG")  # 95M pixels > Image.MAX_IMAGE_PIXELS
    data = out.getvalue()
    assert len(data) < settings.CARD_IMAGE_MAX_BYTES
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(data, "solid.png"))
    assert exc.value.code == "decompression_bomb"
    assert "decompression bomb" in exc.value.messages[0]


def test_truncated_png_is_refused():
    data = _noise_png((300, 300))
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(data[: len(data) // 2], "cut.png"))
    assert exc.value.code == "corrupt_image"
    assert "damaged or truncated" in exc.value.messages[0]


def test_other_image_formats_are_refused():
    out = io.BytesIO()
    Image.new("RGB", (50, 50), "red").save(out, format="BMP")
    with pytest.raises(ValidationError) as exc:
        validate_card_upload(_upload(out.getvalue(), "art.bmp", "image/bmp"))
    assert "PNG, JPEG, WebP or GIF" in exc.value.messages[0]


# -- the command -----------------------------------------------------------------------------------

def test_render_card_images_command(media):
    call_command("load_cardpool", game="fellbound", stdout=io.StringIO())
    stdout, stderr = io.StringIO(), TerminalOutput()  # the bar is drawn on a terminal only
    call_command("render_card_images", game="fellbound", size="full", stdout=stdout, stderr=stderr)
    count = Card.objects.filter(game__slug="fellbound").count()
    files = list((Path(media) / "cache" / "cards" / "fellbound").glob("*-full.png"))
    assert len(files) == count
    assert f"{count}/{count} cards" in stderr.getvalue() and "100%|" in stderr.getvalue()
    assert f"{count} image(s) drawn" in stdout.getvalue()
    stdout = io.StringIO()
    stderr = io.StringIO()
    call_command("render_card_images", game="fellbound", size="full", stdout=stdout, stderr=stderr)
    assert stderr.getvalue() == ""  # not a terminal: no bar
    assert f"0 image(s) drawn, {count} already cached" in stdout.getvalue()
