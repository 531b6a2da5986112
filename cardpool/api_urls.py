from django.urls import path

from cardpool import api

urlpatterns = [
    path("games/", api.GameListView.as_view(), name="api-games"),
    path("cards/", api.CardListView.as_view(), name="api-cards"),
    path("cards/autocomplete/", api.AutocompleteView.as_view(), name="api-autocomplete"),
    path("cards/<int:pk>/", api.CardDetailView.as_view(), name="api-card"),
]
