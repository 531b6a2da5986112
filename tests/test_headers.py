"""Security headers on every kind of page (production issue, part 2): a Content-Security-Policy
that allows only this origin, no MIME sniffing, a same-origin referrer, no framing."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/games/boundless/", "/search/?q=golem", "/decks/public/", "/api/cards/",
                                  "/api/docs/", "/accounts/login/", "/no/such/page/", "/static/css/site.css"])
def test_every_page_kind_sends_the_security_headers(client, card_pool, path):
    response = client.get(path)
    assert response.status_code in (200, 404), path
    if not path.startswith("/static/"):
        policy = response["Content-Security-Policy"]
        for directive in ("default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"):
            assert directive in policy, (path, policy)
        assert "http" not in policy  # no other host anywhere in it
        assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response.get("Referrer-Policy", "same-origin") == "same-origin"
