"""API pagination (kept apart from the views so DRF settings can import it early)."""

from rest_framework.pagination import PageNumberPagination


class CardPagination(PageNumberPagination):
    page_size = 60
    page_size_query_param = "page_size"
    max_page_size = 200
