"""Card pages (server-rendered) and card images."""

from django.urls import path

from cardpool import image_views, views

app_name = "cardpool"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", views.search, name="search"),
    path("help/syntax/", views.syntax_help, name="syntax_help"),
    path("games/<slug:game>/", views.browse, name="browse"),
    path("games/<slug:game>/random/", views.random_card_view, name="random"),
    path("games/<slug:game>/sets/", views.set_list, name="sets"),
    path("games/<slug:game>/sets/<str:code>/", views.set_detail, name="set"),
    path("games/<slug:game>/cards/<str:set_code>/<str:number>/<slug:slug>/", views.card_detail, name="card"),
    path("cards/<int:pk>/image.png", image_views.card_image, name="card_image"),
    path("cards/<int:pk>/thumb.png", image_views.card_thumb, name="card_thumb"),
]
