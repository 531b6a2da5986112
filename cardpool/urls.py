"""Card pages (server-rendered) and card images. The pages visitors read alike are kept a few
seconds for them (config/visitor_cache.py)."""

from django.urls import path

from cardpool import image_views, views
from config.visitor_cache import cached_for_visitors

app_name = "cardpool"

urlpatterns = [
    path("", cached_for_visitors(views.home), name="home"),
    path("search/", cached_for_visitors(views.search), name="search"),
    path("help/syntax/", cached_for_visitors(views.syntax_help), name="syntax_help"),
    path("games/<slug:game>/", cached_for_visitors(views.browse), name="browse"),
    path("games/<slug:game>/filter-query/", views.filter_query, name="filter_query"),
    path("games/<slug:game>/random/", views.random_card_view, name="random"),
    path("games/<slug:game>/sets/", cached_for_visitors(views.set_list), name="sets"),
    path("games/<slug:game>/sets/<str:code>/", cached_for_visitors(views.set_detail), name="set"),
    path("games/<slug:game>/cards/<str:set_code>/<str:number>/<slug:slug>/", cached_for_visitors(views.card_detail), name="card"),
    path("cards/<int:pk>/image.png", image_views.card_image, name="card_image"),
    path("cards/<int:pk>/thumb.png", image_views.card_thumb, name="card_thumb"),
]
