"""Generated card art (player experience issue, part 9): a card without an uploaded picture
gets a picture that differs per card, seeded from the card, in the card's colours."""

from PIL import ImageChops, ImageStat

from cardpool.card_art import generated_art, seed_for

FRAME, ACCENT = (178, 38, 30), (31, 95, 174)


def test_the_same_card_always_gets_the_same_picture():
    a = generated_art((300, 200), "Emeraldefender Golem", FRAME, ACCENT)
    b = generated_art((300, 200), "Emeraldefender Golem", FRAME, ACCENT)
    assert a.size == (300, 200) and ImageChops.difference(a, b).getbbox() is None
    assert seed_for("Emeraldefender Golem") == seed_for("Emeraldefender Golem")


def test_different_cards_get_different_pictures():
    names = ["Emeraldefender Golem", "Akumaiden Acolyte", "Cobble Whelp", "Protect Spirit", "Tidewarden Naga",
             "Ashveil Imp", "Coral Oracle", "Cindermaw Hound"]
    pictures = [generated_art((120, 80), name, FRAME, ACCENT).tobytes() for name in names]
    assert len(set(pictures)) == len(names)


def test_the_picture_is_in_the_cards_colours():
    red = ImageStat.Stat(generated_art((120, 80), "Some Card", (200, 30, 30), (200, 30, 30))).mean
    blue = ImageStat.Stat(generated_art((120, 80), "Some Card", (30, 30, 200), (30, 30, 200))).mean
    assert red[0] > red[2] and blue[2] > blue[0]
