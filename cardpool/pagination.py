"""API pagination (kept apart from the views so DRF settings can import it early)."""

from rest_framework.pagination import PageNumberPagination


class CardPagination(PageNumberPagination):
    page_size = 60
    page_size_query_param = "page_size"
    max_page_size = 200


#: the card search's answer to a typo (``cardpool.api.CardListView``, ``cardpool.correction``)
CORRECTION_SCHEMA = {
    "type": "object", "nullable": True,
    "description": "Set when the query found nothing and was corrected (a word one edit from card names, as the "
                   "card browser does): the cards are the corrected query's. Null when the query was searched as "
                   "typed; send typed=1 to search it as typed anyway.",
    "required": ["typed", "query", "changes"],
    "properties": {
        "typed": {"type": "string", "description": "the query as sent", "example": "pebblehart"},
        "query": {"type": "string", "description": "the query searched instead", "example": "pebbleheart"},
        "changes": {"type": "array", "description": "each word changed: as typed and as corrected",
                    "items": {"type": "object", "required": ["typed", "corrected"],
                              "properties": {"typed": {"type": "string"}, "corrected": {"type": "string"}}}},
    },
}


class CardSearchPagination(CardPagination):
    """The card search's pages: with ``correction`` (:data:`CORRECTION_SCHEMA`) beside the page."""

    def get_paginated_response_schema(self, schema: dict) -> dict:
        out = super().get_paginated_response_schema(schema)
        out["properties"]["correction"] = CORRECTION_SCHEMA
        return out
