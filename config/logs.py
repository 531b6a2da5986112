"""Log lines as JSON objects when asked (``DJANGO_LOG_JSON=1``): one object per line with the
time, level, logger, message and whatever the line carries (request id, user, method, path,
status, duration), for log collectors; plain text otherwise (settings.LOGGING)."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

#: record attributes every log record has; anything else on a record came as ``extra``
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        data.update({key: value for key, value in vars(record).items() if key not in _STANDARD})
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str, ensure_ascii=False)
