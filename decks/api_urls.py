"""Deck API routes (mounted under /api/)."""

from django.urls import path

from decks import api

urlpatterns = [
    path("decks/", api.DeckListView.as_view(), name="api-decks"),
    path("decks/validate/", api.ValidateView.as_view(), name="api-deck-validate"),
    path("decks/deal/", api.DealView.as_view(), name="api-deck-deal"),
    path("decks/import/", api.ImportView.as_view(), name="api-deck-import"),
    path("decks/<int:pk>/", api.DeckDetailView.as_view(), name="api-deck"),
    path("decks/<int:pk>/export/", api.ExportView.as_view(), name="api-deck-export"),
    path("decks/<int:pk>/copy/", api.CopyView.as_view(), name="api-deck-copy"),
    path("decks/<int:pk>/versions/", api.VersionsView.as_view(), name="api-deck-versions"),
    path("decks/<int:pk>/diff/", api.DiffView.as_view(), name="api-deck-diff"),
    path("decks/<int:pk>/sample-hand/", api.SampleHandView.as_view(), name="api-deck-sample-hand"),
    path("decks/<int:pk>/draw-odds/", api.DrawOddsView.as_view(), name="api-deck-draw-odds"),
]
