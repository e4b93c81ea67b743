"""The test set-up itself: a test may end while the live server is still answering."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.signals import request_started
from django.db import connection, transaction
from playwright.sync_api import Page

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_test_may_end_while_an_answer_holds_the_database(live_server, page: Page):
    """Like a Hearts test ending while the computers' turns still come: the answer holds a
    write for a while after the test's last line. The test database is emptied only once
    it is done (without the wait, SQLite says "database table is locked" at teardown)."""
    writing = threading.Event()

    def hold_a_write(**kwargs) -> None:
        if threading.current_thread() is threading.main_thread():
            return
        with transaction.atomic():
            connection.cursor().execute("DELETE FROM games_player")
            writing.set()
            # What is tested: an answer still holding its write after the test's last
            # line. Nothing in the test could release it; the teardown must wait for it.
            time.sleep(1)

    page.goto(f"{live_server.url}/heart-to-heart/")
    request_started.connect(hold_a_write, weak=False)
    try:
        page.evaluate("fetch('/hearts/'); null")
        assert writing.wait(10), "the answer never began"
    finally:
        request_started.disconnect(hold_a_write)
