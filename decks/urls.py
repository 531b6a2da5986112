"""Deck pages under /decks/ (the builder's view lives in decks/builder_views.py)."""

from django.urls import path

from config.visitor_cache import cached_for_visitors
from decks import builder_views, views

app_name = "decks"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("public/", cached_for_visitors(views.public), name="public"),
    path("new/", views.new, name="new"),
    path("import/", views.import_deck, name="import"),
    path("signup/", views.signup, name="signup"),
    path("<int:pk>/", cached_for_visitors(views.detail), name="detail"),
    path("<int:pk>/edit/", builder_views.builder, name="builder"),
    path("<int:pk>/settings/", views.settings, name="settings"),
    path("<int:pk>/text/", views.edit_text, name="edit_text"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("<int:pk>/copy/", views.copy, name="copy"),
    path("<int:pk>/feature/", views.feature, name="feature"),
    path("add-card/", views.add_card, name="add_card"),
    path("<int:pk>/edit/text/", builder_views.builder_text, name="builder_text"),
    path("<int:pk>/versions/", views.versions, name="versions"),
    path("<int:pk>/diff/", views.diff, name="diff"),
    path("<int:pk>/export.txt", views.export_text, name="export"),
    path("<int:pk>/proxies.pdf", views.proxy_sheet, name="proxies"),
]
