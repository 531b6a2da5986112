from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("", views.account, name="account"),
    path("export.zip", views.export, name="export"),
    path("delete/", views.delete, name="delete"),
    path("tokens/", views.token_create, name="token_create"),
    path("tokens/<int:pk>/revoke/", views.token_revoke, name="token_revoke"),
]
