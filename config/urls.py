from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from django.views import defaults
from django.views.decorators.cache import cache_page
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.api_errors import json_error
from config.health import healthz
from decks import views as decks_views

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # the schema is the same for everyone and changes only with the code: kept an hour per process
    # and not rate-counted (counting is a database write; the fuzz tests load it before any database)
    path("api/schema/", cache_page(60 * 60)(SpectacularAPIView.as_view(throttle_classes=())), name="api-schema"),
    # Swagger UI from this server (drf-spectacular-sidecar), its start-up script a file of its own
    # (the CSP allows no inline script); Redoc fetched fonts and a logo from other hosts.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("cardpool.api_urls")),
    path("api/", include("decks.api_urls")),
    path("api/", include("simulate.api_urls")),
    path("accounts/signup/", decks_views.signup, name="signup"),
    path("accounts/me/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("decks/", include("decks.urls")),
    path("simulations/", include("simulate.urls")),
    path("play/", include("play.urls")),
    path("", include("cardpool.urls")),
]
if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)


# Django's own error answers (no URL matched, a body Django cannot parse, ...): under /api/ the
# API's error body (accounts/api_errors.py), elsewhere the site's pages (templates/4xx.html).
def _api_or_page(page, status: int, code: str, message: str):
    def handler(request, exception=None):  # handler500 is given no exception
        if request.path.startswith("/api/"):
            said = str(exception) if status == 400 and exception is not None else ""  # "Invalid boundary ..."
            return json_error(code, f"{message}: {said}" if said else message, status)
        return page(request) if status == 500 else page(request, exception)
    return handler


handler400 = _api_or_page(defaults.bad_request, 400, "bad_request", "the request cannot be read")
handler403 = _api_or_page(defaults.permission_denied, 403, "forbidden", "you may not do that")
handler404 = _api_or_page(defaults.page_not_found, 404, "not_found", "there is nothing at this address in the API")
handler500 = _api_or_page(defaults.server_error, 500, "server_error", "the server failed; the error is logged")
