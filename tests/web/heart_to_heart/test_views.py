"""Heart to Heart through Django's test client: every action, and every refusal."""

import json
import re

import pytest
from django.test import Client

from games.engine import heart_to_heart as engine
from games.engine.heart_to_heart import EXAMPLE_CODE
from games.engine.testing import dimmed_positions, hinted_positions
from games.models import HeartToHeartGame, HeartToHeartStats, Player
from tests.web.heart_to_heart.helpers import (
    attribute,
    play_line,
    stalemate_case,
    start,
    state,
    stuck_at_start_code,
    tap,
    undo,
    winning_line,
)
from tests.web.redirects import game_from_redirect

pytestmark = pytest.mark.django_db


# --- URLs -------------------------------------------------------------------------------


def test_play_shows_a_fresh_deal_then_resumes_the_game_its_first_tap_began(client):
    first = client.get("/heart-to-heart/")
    assert first.status_code == 302 and first["Location"].startswith("/heart-to-heart/HH1-N-")
    page = client.get(first["Location"])
    assert page.status_code == 200 and 'data-pos="25"' in page.content.decode()
    assert HeartToHeartGame.objects.count() == 0  # a look saves nothing
    game_id = re.search(r'action="/heart-to-heart/game/([0-9a-f-]{36})/"', page.content.decode())[1]
    code = first["Location"].strip("/").rsplit("/", 1)[-1]
    tapped = client.post(f"/heart-to-heart/game/{game_id}/",
                         {"target": "25", "version": "1", "code": code})
    assert tapped.status_code == 302 and tapped["Location"] == f"/heart-to-heart/game/{game_id}/"
    game = HeartToHeartGame.objects.get()
    assert (str(game.pk), game.deal_code) == (game_id, code)
    assert client.get("/heart-to-heart/")["Location"] == tapped["Location"]



def test_an_htmx_first_tap_names_the_games_address_for_the_address_bar(client):
    """The address bar follows the game through an event address_bar.js acts on after
    the swap (HX-Trigger-After-Settle), not htmx's replace-url, which would call the
    History API inside the swap; later taps name no address."""
    page = client.get(f"/heart-to-heart/{EXAMPLE_CODE}/").content.decode()
    game_id = re.search(r'action="/heart-to-heart/game/([0-9a-f-]{36})/"', page)[1]
    url = f"/heart-to-heart/game/{game_id}/"
    first = client.post(url, {"target": "25", "version": "1", "code": EXAMPLE_CODE},
                        headers={"HX-Request": "true"})
    assert first.status_code == 200 and "HX-Replace-Url" not in first
    assert json.loads(first["HX-Trigger-After-Settle"]) == {"cardsite:address": {"url": url}}
    second = client.post(url, {"target": "25", "version": "2"}, headers={"HX-Request": "true"})
    assert second.status_code == 200 and "HX-Trigger-After-Settle" not in second

def test_play_after_a_win_deals_a_fresh_game(client):
    game = start(client)
    play_line(client, game, winning_line())
    response = client.get("/heart-to-heart/")
    assert str(game.pk) not in response["Location"]


def test_new_deals_another_random_game(client):
    first = start(client)
    second = client.post("/heart-to-heart/new/")
    assert second.status_code == 302
    assert second["Location"] != f"/heart-to-heart/game/{first.pk}/"
    assert HeartToHeartGame.objects.count() == 2
    assert all(code.startswith("HH1-N-") for code in
               HeartToHeartGame.objects.values_list("deal_code", flat=True))


def test_new_by_get_only_shows_a_fresh_deal(client):
    response = client.get("/heart-to-heart/new/")
    assert response.status_code == 302 and response["Location"].startswith("/heart-to-heart/HH1-")
    assert HeartToHeartGame.objects.count() == 0


def test_deal_code_url_is_case_insensitive_and_starts_a_fresh_game_each_time(client):
    game = start(client, "hh1-n-aaaaaam")
    assert game.deal_code == "HH1-N-AAAAAAM"
    again = start(client, "HH1-N-AAAAAAM")
    assert again.pk != game.pk


def test_sharing_a_code_shares_the_deal_never_the_game(client):
    mine = start(client)
    tap(client, mine, 25)
    friend = Client()
    theirs = start(friend, mine.deal_code)
    assert theirs.pk != mine.pk
    assert theirs.player != mine.player
    assert state(theirs).layout == state(mine).layout
    assert state(theirs).selected is None and state(mine).selected == 25


@pytest.mark.parametrize(
    ("code", "phrase"),
    [
        ("XX1-N-AAAAAAM", "starts with HH"),
        ("HH2-N-AAAAAAM", "version 1"),
        ("HH1-Q-AAAAAAM", "deal class"),
        ("HH1-N-AAAA", "7 letters, not 4"),
        ("HH1-N-AAAA1AM", "letters A to Z"),
        ("HH1-N", "three parts"),
    ],
)
def test_malformed_deal_code_url_says_what_is_wrong(client, code, phrase):
    response = client.get(f"/heart-to-heart/{code}/")
    assert response.status_code == 400
    assert phrase in response.content.decode()
    assert HeartToHeartGame.objects.count() == 0


def test_malformed_code_message_is_translated(client):
    response = client.get("/heart-to-heart/XX1-N-AAAAAAM/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    assert '<html lang="fr">' in response.content.decode()
    assert "commence par HH" in response.content.decode()


def test_open_form_goes_to_the_code_url(client):
    response = client.get("/heart-to-heart/open/", {"code": "  hh1-w-aaaaaab "})
    assert response.status_code == 302
    assert response["Location"] == "/heart-to-heart/HH1-W-AAAAAAB/"


def test_open_form_refuses_nonsense_with_a_400(client):
    response = client.get("/heart-to-heart/open/", {"code": "hello"})
    assert response.status_code == 400
    assert 'data-message="bad-code"' in response.content.decode()


# --- The page ---------------------------------------------------------------------------


def test_game_page_carries_every_hook(client):
    game = start(client)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert len(re.findall(r'data-pos="\d+"', html)) == 25
    assert attribute(html, "data-pos", "25", "data-state") == "free"
    assert attribute(html, "data-pos", "1", "data-state") == "covered"
    assert attribute(html, "data-pile", "stock", "data-count") == "26"
    assert attribute(html, "data-pile", "waste", "data-count") == "1"
    assert attribute(html, "data-pile", "waste", "data-rank") == state(game).waste[-1]
    for stat in ("time", "score", "moves", "code"):
        assert f'data-stat="{stat}"' in html
    assert 'id="h2h-announcer"' in html


def test_each_card_names_its_rank_and_whether_it_is_free_or_covered(client):
    game = start(client)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    point_rank = state(game).layout[24]
    label = attribute(html, "data-pos", "25", "aria-label")
    assert label.endswith(", free")
    assert "of hearts" in label
    assert attribute(html, "data-pos", "1", "aria-label").endswith(", covered")
    tap(client, game, 25)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert attribute(html, "data-pos", "25", "aria-label").endswith(", selected")
    assert attribute(html, "data-pos", "25", "data-rank") == point_rank


def test_game_of_another_visitor_can_never_be_changed_or_seen(client):
    game = start(client)
    tap(client, game, "stock")
    stranger = Client()
    # Its address shows the game's deal, fresh (test_shared_address.py), never the game.
    page = stranger.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert 'data-message="shared-deal"' in page and 'data-stat="moves">0<' in page
    stranger.get("/heart-to-heart/")  # now the stranger has a player of their own
    assert stranger.post(f"/heart-to-heart/game/{game.pk}/",
                         {"target": "25", "version": 1}).status_code == 404
    assert stranger.post(f"/heart-to-heart/game/{game.pk}/restart/").status_code == 404
    assert state(game).selected is None


def test_unknown_game_id_is_404(client):
    client.get("/heart-to-heart/")
    url = "/heart-to-heart/game/00000000-0000-0000-0000-000000000000/"
    assert client.get(url).status_code == 404


def test_history_restore_request_gets_the_full_page(client):
    game = start(client)
    response = client.get(
        f"/heart-to-heart/game/{game.pk}/",
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    assert "<html" in response.content.decode()


# --- Taps -------------------------------------------------------------------------------


def test_tap_with_htmx_answers_the_board_partial(client):
    game = start(client)
    response = tap(client, game, 25)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="board"')
    assert "<html" not in html
    assert attribute(html, "data-pos", "25", "aria-pressed") == "true"
    assert 'hx-swap-oob="true"' in html  # the live region and statistics, outside #board


def test_tap_without_javascript_redirects_back_to_the_game(client):
    game = start(client)
    response = tap(client, game, 25, htmx=False)
    assert response.status_code == 302
    assert response["Location"] == f"/heart-to-heart/game/{game.pk}/"
    assert state(game).selected == 25


def test_each_tap_kind_is_applied(client):
    game = start(client)
    tap(client, game, "stock")
    assert state(game).moves == 1
    assert len(state(game).waste) == 2
    tap(client, game, "waste")
    assert state(game).selected == "waste"
    tap(client, game, "waste")
    assert state(game).selected is None


def test_pair_removes_both_cards_and_scores(client):
    game = start(client)
    play_line(client, game, winning_line()[:40])
    current = state(game)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert html.count('data-state="removed"') == current.removed_count
    assert attribute(html, "data-stat", "score", "data-stat") == "score"
    assert f'data-stat="score">{10 * current.removed_count}<' in html


def test_covered_card_tap_changes_nothing(client):
    game = start(client)
    before = state(game)
    version = game.version
    response = tap(client, game, 1)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == version
    assert state(game) == before


def test_mismatch_with_move_errors_says_must_be_same_rank(client):
    game = start(client)
    player = game.player
    player.h2h_move_errors = True
    player.save()
    current = state(game)
    assert current.layout[24] != current.waste[-1]
    tap(client, game, 25)
    html = tap(client, game, "waste").content.decode()
    assert 'data-message="same-rank"' in html
    assert "Must be same rank" in html
    assert state(game).selected == "waste"


def test_mismatch_without_move_errors_says_nothing(client):
    game = start(client)
    tap(client, game, 25)
    html = tap(client, game, "waste").content.decode()
    assert 'data-message="same-rank"' not in html
    assert state(game).selected == "waste"


# --- Bad input --------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["26", "0", "-1", "stockpile", "", "1e3", "25; DROP"])
def test_unknown_target_is_refused_with_400_and_the_game_untouched(client, target):
    game = start(client)
    before, version = state(game), game.version
    response = tap(client, game, target)
    assert response.status_code == 400
    assert 'data-problem="unknown-target"' in response.content.decode()
    game.refresh_from_db()
    assert (state(game), game.version) == (before, version)


def test_unknown_target_without_javascript_gets_the_page_with_the_reason(client):
    game = start(client)
    response = tap(client, game, "99", htmx=False)
    assert response.status_code == 400
    assert "There is no such card to tap." in response.content.decode()


def test_stale_form_from_another_tab_gets_the_current_board_back(client):
    game = start(client)
    old_version = game.version
    tap(client, game, "stock")
    after_flip = state(game)
    response = tap(client, game, "stock", version=old_version)
    assert response.status_code == 409
    assert 'data-problem="stale"' in response.content.decode()
    assert state(game) == after_flip


def test_double_click_applies_a_move_once(client):
    game = start(client)
    version = game.version
    first = tap(client, game, "stock", version=version)
    second = tap(client, game, "stock", version=version)
    assert (first.status_code, second.status_code) == (200, 409)
    assert state(game).moves == 1


@pytest.mark.parametrize("version", ["", "abc", "1.5", "-3"])
def test_garbled_version_is_treated_as_stale(client, version):
    game = start(client)
    response = client.post(f"/heart-to-heart/game/{game.pk}/",
                           {"target": "stock", "version": version},
                           headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert state(game).moves == 0


def test_tap_on_a_won_game_is_refused(client):
    game = start(client)
    play_line(client, game, winning_line())
    won = state(game)
    assert won.won
    response = tap(client, game, "stock")
    assert response.status_code == 409
    assert 'data-problem="finished"' in response.content.decode()
    assert state(game) == won


def test_missing_csrf_token_is_refused_and_changes_nothing(client):
    game = start(client)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    response = strict.post(f"/heart-to-heart/game/{game.pk}/",
                           {"target": "stock", "version": game.version})
    assert response.status_code == 403
    assert state(game).moves == 0


def test_get_only_and_post_only_urls_refuse_other_methods(client):
    game = start(client)
    assert client.post("/heart-to-heart/").status_code == 405
    assert client.put(f"/heart-to-heart/game/{game.pk}/restart/").status_code == 405
    assert client.put(f"/heart-to-heart/game/{game.pk}/").status_code == 405


# --- Undo, stalemate, win ---------------------------------------------------------------


def test_undo_restores_the_previous_state(client):
    game = start(client)
    before = state(game)
    tap(client, game, "stock")
    response = undo(client, game)
    assert response.status_code == 200
    assert state(game).stock == before.stock
    assert state(game).moves == 0


def test_undo_with_nothing_to_undo_is_refused(client):
    game = start(client)
    response = undo(client, game)
    assert response.status_code == 409
    assert 'data-problem="nothing-to-undo"' in response.content.decode()


def test_stalemate_opens_the_dialog_and_undo_closes_it(client):
    code, line = stalemate_case()
    game = start(client, code)
    play_line(client, game, line)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert 'data-dialog="stalemate"' in html and 'role="dialog"' in html
    assert "No more moves" in html
    game.refresh_from_db()
    assert game.status == "stalemate" and game.finished_at is not None
    html = undo(client, game).content.decode()
    assert 'data-dialog="stalemate"' not in html
    game.refresh_from_db()
    assert game.status == "playing" and game.finished_at is None


def test_undoing_out_of_a_stalemate_never_counts_a_game_twice(client):
    code, line = stalemate_case()
    game = start(client, code)
    play_line(client, game, line)
    for _ in range(3):
        undo(client, game)
        assert state(game).status == "playing"
        # The last move again: a flip is one tap; a pair is two (undo left nothing selected).
        play_line(client, game, line[-1:] if line[-1] == "stock" else line[-2:])
        assert state(game).status == "stalemate"
    stats = HeartToHeartStats.objects.get(player=game.player)
    assert (stats.games_played, stats.games_won) == (1, 0)


def test_a_deal_stuck_before_the_first_move_shows_the_dialog_at_once(client):
    game = start(client, stuck_at_start_code())
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert 'data-dialog="stalemate"' in html
    assert HeartToHeartStats.objects.filter(player=game.player).count() == 0


def test_restart_deals_the_same_code_again(client):
    code, line = stalemate_case()
    game = start(client, code)
    play_line(client, game, line)
    response = client.post(f"/heart-to-heart/game/{game.pk}/restart/")
    assert response.status_code == 302
    fresh = HeartToHeartGame.objects.exclude(pk=game.pk).get()
    assert fresh.deal_code == game.deal_code
    assert state(fresh).moves == 0


# --- A replaced game (Back after New game or Restart this deal) ---------------------------


def _replaced(client):
    """A game with one move made, then a New game: the first one is replaced."""
    old = start(client)
    tap(client, old, "stock")
    fresh = game_from_redirect(HeartToHeartGame, client.post("/heart-to-heart/new/"))
    return old, fresh


def test_a_replaced_game_says_so_links_to_the_current_one_and_takes_no_tap(client):
    old, fresh = _replaced(client)
    response = client.get(f"/heart-to-heart/game/{old.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-message="replaced"' in html
    assert f'href="/heart-to-heart/game/{fresh.pk}/" data-action="current-game"' in html
    for button in ("stock", "undo", "pos-25"):  # nothing on the board takes a tap
        assert re.search(rf'<button[^>]*id="{button}"[^>]* disabled', html), button
    assert 'data-dialog=' not in html
    # The newest game is the one that plays, and the one /heart-to-heart/ resumes.
    assert 'data-message="replaced"' not in client.get(
        f"/heart-to-heart/game/{fresh.pk}/").content.decode()
    assert client.get("/heart-to-heart/")["Location"] == f"/heart-to-heart/game/{fresh.pk}/"


@pytest.mark.parametrize("action", ["tap", "undo"])
def test_an_action_on_a_replaced_game_is_refused_and_counts_nothing(client, action):
    old, _fresh = _replaced(client)
    before = state(old)
    version = HeartToHeartGame.objects.get(pk=old.pk).version
    response = tap(client, old, "stock") if action == "tap" else undo(client, old)
    assert response.status_code == 409
    html = response.content.decode()
    assert 'data-message="replaced" data-problem="replaced"' in html
    assert state(old) == before
    assert HeartToHeartGame.objects.get(pk=old.pk).version == version
    stats = HeartToHeartStats.objects.get(player=old.player)
    assert stats.games_played == 1


def test_a_replaced_game_cannot_be_won_or_counted_again(client):
    old = start(client)
    line = winning_line()
    play_line(client, old, line[:4])
    client.post(f"/heart-to-heart/game/{old.pk}/restart/")
    left_as_it_was = state(old)
    for target in line[4:]:
        assert tap(client, old, target).status_code == 409
    assert state(old) == left_as_it_was
    stats = HeartToHeartStats.objects.get(player=old.player)
    assert (stats.games_played, stats.games_won) == (1, 0)


def test_a_second_restart_of_the_same_game_makes_no_second_game(client):
    code, line = stalemate_case()
    game = start(client, code)
    play_line(client, game, line)
    first = client.post(f"/heart-to-heart/game/{game.pk}/restart/")
    second = client.post(f"/heart-to-heart/game/{game.pk}/restart/")  # a double click, or Back
    assert second["Location"] == first["Location"]
    assert HeartToHeartGame.objects.count() == 2


def test_restart_of_a_game_replaced_by_another_deal_shows_what_happened(client):
    game = start(client)
    other = game_from_redirect(HeartToHeartGame, client.post("/heart-to-heart/new/"))
    response = client.post(f"/heart-to-heart/game/{game.pk}/restart/")
    assert response["Location"] == f"/heart-to-heart/game/{game.pk}/"
    assert HeartToHeartGame.objects.count() == 2
    html = client.get(response["Location"]).content.decode()
    assert f"/heart-to-heart/game/{other.pk}/" in html


def test_game_pages_are_never_stored_by_the_browser(client):
    game = start(client)
    assert "no-store" in client.get(f"/heart-to-heart/game/{game.pk}/")["Cache-Control"]
    assert "no-store" in tap(client, game, 25)["Cache-Control"]


def test_a_history_restore_of_a_replaced_game_tells_the_truth(client):
    old, _fresh = _replaced(client)
    response = client.get(
        f"/heart-to-heart/game/{old.pk}/",
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    html = response.content.decode()
    assert "<html" in html and 'data-message="replaced"' in html


def test_a_replaced_game_is_worded_in_french_and_norwegian(client):
    old, _fresh = _replaced(client)
    url = f"/heart-to-heart/game/{old.pk}/"
    french = client.get(url, headers={"Accept-Language": "fr"}).content.decode()
    assert "Une partie plus récente a remplacé celle-ci" in french
    norwegian = client.get(url, headers={"Accept-Language": "nb"}).content.decode()
    assert "Et nyere spill har erstattet dette" in norwegian


def test_win_shows_the_dialog_and_counts_the_statistics(client):
    game = start(client)
    play_line(client, game, winning_line())
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert 'data-dialog="won"' in html
    assert 'data-won="score">250<' in html
    assert 'data-won="code"' in html and EXAMPLE_CODE in html
    game.refresh_from_db()
    assert game.status == "won" and game.score == 250
    stats = HeartToHeartStats.objects.get(player=game.player)
    assert (stats.games_played, stats.games_won) == (1, 1)
    assert stats.fewest_moves == game.moves
    assert stats.best_time_seconds == game.elapsed_seconds
    assert undo(client, game).status_code == 409  # a won game is finished


def test_statistics_count_a_game_from_its_first_move(client):
    game = start(client)
    client.get(f"/heart-to-heart/game/{game.pk}/")
    tap(client, game, 25)  # a selection is not a move
    assert not HeartToHeartStats.objects.filter(player=game.player).exists()
    tap(client, game, "stock")
    stats = HeartToHeartStats.objects.get(player=game.player)
    assert stats.games_played == 1
    game.refresh_from_db()
    assert game.started_at is not None


def test_the_partial_carries_the_statistics_only_when_they_change(client):
    game = start(client)
    selection = tap(client, game, 25).content.decode()
    assert 'id="h2h-stats"' not in selection  # a selection is not a move
    first_move = tap(client, game, "stock").content.decode()
    assert 'id="h2h-stats"' in first_move and 'data-statistic="played">1<' in first_move
    assert 'id="h2h-stats"' not in tap(client, game, "stock").content.decode()


# --- Settings ---------------------------------------------------------------------------


def _settings(client, game=None, **values):
    data = {f"h2h_{key}": "on" for key, value in values.items() if value}
    if game is not None:
        data["game"] = str(game.pk)
    return client.post("/heart-to-heart/settings/", data, headers={"HX-Request": "true"})


def test_settings_default_as_the_seeds_say(client):
    start(client)
    player = Player.objects.get()
    assert (player.h2h_winnable_only, player.h2h_move_errors, player.h2h_placement_help) == (
        False, False, True)


def test_placement_help_rings_and_darkens_and_can_be_turned_off(client):
    game = start(client)
    play_line(client, game, winning_line()[:6])
    current = state(game)
    board = engine.view(current)
    html = client.get(f"/heart-to-heart/game/{game.pk}/").content.decode()
    assert html.count('data-hint="true"') == len(hinted_positions(board)) + board.waste_hint
    free = board.free_positions[0]
    html = tap(client, game, free).content.decode()
    assert html.count('data-dim="true"') == len(dimmed_positions(engine.view(state(game)))) + (
        engine.view(state(game)).waste_dim)
    assert 'data-dim="true"' in html
    html = _settings(client, game, placement_help=False).content.decode()
    assert 'data-hint="true"' not in html and 'data-dim="true"' not in html


def test_winnable_only_deals_class_w(client):
    client.get("/heart-to-heart/")
    _settings(client, winnable_only=True, placement_help=True)
    response = client.post("/heart-to-heart/new/")
    game = game_from_redirect(HeartToHeartGame, response)
    assert game.deal_code.startswith("HH1-W-")


def test_settings_without_javascript_redirect_back(client):
    game = start(client)
    response = client.post("/heart-to-heart/settings/",
                           {"h2h_move_errors": "on", "next": f"/heart-to-heart/game/{game.pk}/"})
    assert response.status_code == 302
    assert response["Location"] == f"/heart-to-heart/game/{game.pk}/"
    game.player.refresh_from_db()
    assert game.player.h2h_move_errors and not game.player.h2h_placement_help


def test_settings_refuse_to_redirect_off_site(client):
    client.get("/heart-to-heart/")
    response = client.post("/heart-to-heart/settings/", {"next": "https://evil.example/"})
    assert response["Location"] == "/heart-to-heart/"


# --- Cost -------------------------------------------------------------------------------


def test_a_tap_costs_a_fixed_number_of_queries(client, django_assert_num_queries):
    game = start(client)
    tap(client, game, "stock")  # the first move also writes the statistics
    game.refresh_from_db()
    # the game and its player; the version-checked update (the player comes from the
    # signed cookie; the statistics are read only when a move changed them)
    with django_assert_num_queries(2):
        response = client.post(
            f"/heart-to-heart/game/{game.pk}/", {"target": "stock", "version": game.version},
            headers={"HX-Request": "true"},
        )
    assert response.status_code == 200


def test_the_game_page_costs_a_fixed_number_of_queries(client, django_assert_num_queries):
    game = start(client)
    # the visitor's player (its id from the signed cookie); the game (given that player,
    # not loaded again); stats
    with django_assert_num_queries(3):
        response = client.get(f"/heart-to-heart/game/{game.pk}/")
    assert response.status_code == 200


# --- Admin ------------------------------------------------------------------------------


def test_admin_lists_games_and_statistics(client, admin_client):
    code, line = stalemate_case()
    game = start(client, code)
    play_line(client, game, line)
    assert admin_client.get("/admin/games/hearttoheartgame/").status_code == 200
    assert admin_client.get(f"/admin/games/hearttoheartgame/{game.pk}/change/").status_code == 200
    page = admin_client.get("/admin/games/hearttoheartstats/")
    assert page.status_code == 200
    assert "0%" in page.content.decode()
    assert admin_client.get(f"/admin/games/player/{game.player.pk}/change/").status_code == 200
