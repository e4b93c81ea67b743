"""A browser context that shows a chosen look of cards and table, as a player who chose it
on /look/ would see it: the look cookie the first paint reads (games/look.py)."""

from __future__ import annotations

from playwright.sync_api import BrowserContext

from games import look as looks


def wear(context: BrowserContext, base_url: str, look: str | None) -> None:
    """Give ``context`` the look cookie ``look`` (``table.print.colours.back``); None
    leaves it a visitor who has not chosen, whose device's preferences decide."""
    if look:
        context.add_cookies([{"name": looks.COOKIE_NAME, "value": look, "url": base_url}])
