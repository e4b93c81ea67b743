"""Log lines carry their request's id (cardsite/logs.py): nginx's X-Request-ID when it
sent a sane one, else one drawn for the request; LOG_FORMAT=json writes JSON lines."""

import io
import json
import logging
import subprocess
import sys

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from cardsite.logs import JsonFormatter, RequestIdFilter, RequestIdMiddleware


@pytest.fixture
def lines():
    """What a logger writes through the JSON formatter, one parsed object a line."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    logger = logging.getLogger("tests.logs")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    logger.removeHandler(handler)


def answer_logging(request, times: int = 2):
    def view(_request):
        for number in range(times):
            logging.getLogger("tests.logs").warning("line %d", number)
        return HttpResponse("ok")

    return RequestIdMiddleware(view)(request)


def test_every_line_of_a_request_carries_nginxs_request_id(lines):
    request = RequestFactory().get("/", HTTP_X_REQUEST_ID="5f0c2a7d9e1b4c3a8d6e0f1a2b3c4d5e")
    answer_logging(request)
    written = lines()
    assert [line["message"] for line in written] == ["line 0", "line 1"]
    assert {line["request_id"] for line in written} == {"5f0c2a7d9e1b4c3a8d6e0f1a2b3c4d5e"}
    assert {line["level"] for line in written} == {"WARNING"}
    assert all(line["time"].endswith("Z") and line["logger"] == "tests.logs" for line in written)


@pytest.mark.parametrize("incoming", [None, "", "a b", "x" * 65, "id\nforged line"])
def test_without_a_sane_id_a_request_gets_one_of_its_own(lines, incoming):
    meta = {} if incoming is None else {"HTTP_X_REQUEST_ID": incoming}
    answer_logging(RequestFactory().get("/", **meta))
    answer_logging(RequestFactory().get("/", **meta))
    first, second, third, fourth = (line["request_id"] for line in lines())
    assert first == second and third == fourth  # one id per request
    assert first != third
    assert len(first) == 32 and int(first, 16) >= 0


def test_a_traceback_is_one_line_of_json(lines):
    try:
        raise ValueError("broken")
    except ValueError:
        logging.getLogger("tests.logs").exception("it broke")
    (line,) = lines()
    assert "ValueError: broken" in line["exception"]
    assert line["request_id"] == "-"  # outside any request


def test_log_format_chooses_the_formatter():
    program = ("import django; django.setup(); import logging; "
               "print(type(logging.getLogger().handlers[0].formatter).__name__)")
    for value, formatter in (("json", "JsonFormatter"), ("plain", "Formatter")):
        result = subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, check=True,
            env={"DJANGO_SETTINGS_MODULE": "cardsite.settings", "LOG_FORMAT": value,
                 "PATH": "/usr/bin:/bin"},
        )
        assert result.stdout.strip() == formatter
