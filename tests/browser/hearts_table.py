"""What a player does at the Hearts table, for the browser tests that play whole deals."""

from __future__ import annotations

from playwright.sync_api import Page, expect

PLAYABLE = ".hand button[data-card]:not([aria-disabled='true'])"


def lift_and_play_first_playable(page: Page) -> str:
    """Tap the first card the rules allow (it lifts), tap it again (it is played); wait
    until it has left the hand. Returns its code."""
    playable = page.locator(PLAYABLE).first
    code = playable.get_attribute("data-card")
    playable.click()
    expect(page.locator(f"#card-{code}")).to_have_attribute("aria-pressed", "true")
    page.locator(f"#card-{code}").click()
    expect(page.locator(f"#card-{code}")).to_have_count(0)
    return code
