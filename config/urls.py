from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import healthz
from decks import views as decks_views

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
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
