"""Hearts through Django's test client: the table, the pass, the two-tap play, the
computers' timed moves, the end of a game, options and statistics, and bad input."""

import re

import pytest
from django.test import Client

from games.engine import hearts as engine
from games.models import HeartsGame, HeartsStats, Player
from tests.web.hearts.helpers import (
    HX,
    act,
    advance,
    computers_pass,
    hand_of,
    play_until,
    start,
    state,
    step,
    url,
)
from tests.web.metrics import moved, samples
from tests.web.redirects import game_from_redirect

pytestmark = pytest.mark.django_db


# --- Starting and resuming ---------------------------------------------------------------


def test_hearts_shows_the_start_screen_then_resumes_the_game_started(client):
    first = client.get("/hearts/")
    assert first.status_code == 200 and 'data-screen="start"' in first.content.decode()
    assert 'data-action="start"' in first.content.decode()
    assert HeartsGame.objects.count() == 0
    game = start(client)
    assert client.get("/hearts/")["Location"] == url(game)
    assert client.get("/hearts/")["Location"] == url(game)
    assert HeartsGame.objects.count() == 1


def test_a_game_counts_as_played_the_moment_it_starts(client):
    game = start(client)
    stats = HeartsStats.objects.get(player=game.player, level="medium")
    assert (stats.games_played, stats.wins, stats.losses, stats.draws) == (1, 0, 0, 0)


def test_new_game_abandons_without_a_loss(client):
    game = start(client)
    client.post("/hearts/new/")
    stats = HeartsStats.objects.get(player=game.player, level="medium")
    assert (stats.games_played, stats.losses) == (2, 0)


def test_table_carries_every_hook(client):
    game = start(client)
    html = client.get(url(game)).content.decode()
    assert 'id="table"' in html and 'data-phase="pass"' in html
    assert len(re.findall(r'<button[^>]*data-card="', html)) == 13
    assert re.search(r'data-action="pass"[^>]*disabled', html)
    assert 'data-pass-direction="left"' in html
    for seat in range(4):
        assert f'data-score-seat="{seat}"' in html
    assert "data-trick" in html


def test_hand_is_grouped_by_suit_in_fixed_order_rank_ascending(client):
    game = start(client)
    html = client.get(url(game)).content.decode()
    shown = re.findall(r'<button[^>]*data-card="([^"]+)"', html)
    assert shown == hand_of(game)
    suits = [code[-1] for code in shown]
    assert suits == sorted(suits, key="CDSH".index)


def test_another_visitor_gets_404(client):
    game = start(client)
    stranger = Client()
    assert stranger.get(url(game)).status_code == 404
    stranger.get("/hearts/")
    assert stranger.get(url(game)).status_code == 404
    assert stranger.post(url(game), {"choose": hand_of(game)[0]}).status_code == 404
    assert stranger.post(f"{url(game)}advance/", {"version": game.version}).status_code == 404


# --- The pass ----------------------------------------------------------------------------


def test_pass_button_is_enabled_only_with_exactly_three_chosen(client):
    game = start(client)
    hand = hand_of(game)
    for count, card in enumerate(hand[:3], 1):
        html = act(client, game, choose=card).content.decode()
        enabled = not re.search(r'data-action="pass"[^>]*disabled', html)
        assert enabled == (count == 3)
    response = act(client, game, choose=hand[3])
    assert response.status_code == 400
    assert 'data-problem="pass-three"' in response.content.decode()
    html = act(client, game, unchoose=hand[0]).content.decode()
    assert re.search(r'data-action="pass"[^>]*disabled', html)


def test_choosing_twice_is_the_same_as_once(client):
    game = start(client)
    card = hand_of(game)[0]
    act(client, game, choose=card)
    act(client, game, choose=card)
    game.refresh_from_db()
    assert game.chosen == [card]


def test_a_selection_survives_leaving_the_page(client):
    game = start(client)
    card = hand_of(game)[5]
    act(client, game, choose=card)
    html = client.get(url(game)).content.decode()
    assert re.search(rf'data-card="{card}"[^>]*aria-pressed="true"', html)


def test_the_computers_pass_while_you_choose_and_the_fourth_moves_all_twelve(client):
    game = start(client)
    before = hand_of(game)
    computers_pass(client, game)
    assert state(game).phase == "pass"
    assert hand_of(game) == before  # nothing moves before the fourth confirmation
    html = client.get(url(game)).content.decode()
    assert html.count('class="passed"') == 3
    for card in before[-3:]:
        act(client, game, choose=card)
    act(client, game, action="pass")
    after = state(game)
    assert after.phase == "play"
    mine = hand_of(game)
    assert not set(before[-3:]) & set(mine)
    html = client.get(url(game)).content.decode()
    received = re.findall(r'data-card="([^"]+)"[^>]*data-received="true"', html)
    assert len(received) == 3 and set(received) <= set(mine)


def test_pass_with_fewer_than_three_is_refused(client):
    game = start(client)
    act(client, game, choose=hand_of(game)[0])
    response = act(client, game, action="pass")
    assert response.status_code == 400
    assert state(game).pending[0] is None


def test_passing_twice_is_refused_cleanly(client):
    game = start(client)
    for card in hand_of(game)[:3]:
        act(client, game, choose=card)
    assert act(client, game, action="pass").status_code == 200
    response = act(client, game, action="pass")
    assert response.status_code == 400


def test_choosing_a_card_not_in_hand_is_refused(client):
    game = start(client)
    hidden = next(code for code in engine.HeartsState.from_dict(game.state).to_dict()["hands"][1])
    response = act(client, game, choose=hidden)
    assert response.status_code == 400
    assert 'data-problem="not-in-hand"' in response.content.decode()


# --- The timed computer moves --------------------------------------------------------------


def test_advance_applies_exactly_one_computer_move(client):
    game = start(client)
    steps = state(game).step
    response = advance(client, game)
    assert response.status_code == 200
    assert state(game).step == steps + 1


def test_advance_with_a_stale_version_applies_nothing(client):
    game = start(client)
    version = game.version
    advance(client, game)
    before = state(game)
    response = advance(client, game, version=version)
    assert response.status_code == 409
    assert state(game) == before


def test_advance_when_you_are_due_applies_nothing(client):
    game = start(client)
    computers_pass(client, game)
    response = advance(client, game)
    assert response.status_code == 409
    assert 'data-problem="nothing-due"' in response.content.decode()


def test_the_partial_carries_the_timer_only_while_a_computer_is_due(client):
    game = start(client)
    html = client.get(url(game), headers=HX).content.decode()
    assert 'hx-trigger="load delay:0ms"' in html  # tests set the delay to 0
    computers_pass(client, game)
    html = client.get(url(game), headers=HX).content.decode()
    assert "hx-trigger" not in html


def test_without_javascript_a_continue_button_advances(client):
    game = start(client)
    html = client.get(url(game)).content.decode()
    assert "<noscript>" in html and "Continue" in html
    response = client.post(f"{url(game)}advance/", {"version": game.version})
    assert response.status_code == 302


# --- Playing -------------------------------------------------------------------------------


def _to_my_turn(client, game):
    play_until(client, game, lambda s: s.phase == "play" and s.turn == 0)


def test_two_taps_lift_then_play(client):
    game = start(client)
    _to_my_turn(client, game)
    card = engine.legal_plays(state(game), 0)[0]
    html = act(client, game, lift=card).content.decode()
    assert re.search(rf'data-card="{card}"[^>]*name="play"', html) or re.search(
        rf'name="play" value="{card}"', html)
    assert card in hand_of(game)
    act(client, game, play=card)
    assert card not in hand_of(game)


def test_forbidden_cards_sag_and_do_not_respond(client):
    game = start(client)
    _to_my_turn(client, game)
    current = state(game)
    legal = set(engine.legal_plays(current, 0))
    html = client.get(url(game)).content.decode()
    for code in hand_of(game):
        button = re.search(rf'<button[^>]*data-card="{code}"[^>]*>', html).group(0)
        assert ('aria-disabled="true"' in button) == (code not in legal)
        assert ('type="button"' in button) == (code not in legal)


def test_a_forbidden_card_is_refused_by_the_server_too(client):
    game = start(client)
    _to_my_turn(client, game)
    current = state(game)
    illegal = [c for c in hand_of(game) if c not in engine.legal_plays(current, 0)]
    if not illegal:
        pytest.skip("every card is legal in this position")
    assert act(client, game, lift=illegal[0]).status_code == 400
    assert act(client, game, play=illegal[0]).status_code == 400
    assert state(game) == current


@pytest.mark.parametrize("card", ["ZZ", "", "11H", "QS; DROP TABLE"])
def test_nonsense_cards_are_refused(client, card):
    game = start(client)
    before = state(game)
    assert act(client, game, choose=card).status_code == 400
    assert act(client, game, play=card).status_code == 400
    assert state(game) == before


def test_unknown_action_is_refused(client):
    game = start(client)
    assert act(client, game, action="cheat").status_code == 400


def test_playing_out_of_turn_is_refused(client):
    game = start(client)
    play_until(client, game, lambda s: s.phase == "play" and s.turn not in (0, None))
    current = state(game)
    card = hand_of(game)[0]
    assert act(client, game, play=card).status_code == 400
    assert state(game) == current


def test_a_finished_trick_stays_then_is_gathered(client):
    game = start(client)
    play_until(client, game, lambda s: s.phase == "trick-done")
    html = client.get(url(game)).content.decode()
    assert 'data-phase="trick-done"' in html
    assert len(re.findall(r'data-seat="\d"[^>]*data-card=', html)) == 4
    advance(client, game)
    assert state(game).phase in ("play", "deal-done", "game-over")


def test_a_full_deal_shows_a_deal_row_and_hands_out_26_points(client):
    game = start(client)
    play_until(client, game, lambda s: s.phase in ("deal-done", "game-over"))
    html = client.get(url(game)).content.decode()
    assert html.count("data-deal-row=") == 1
    scores = state(game).deals[0][0]
    assert sum(scores) in (26, 78)
    assert 'data-dialog="deal-done"' in html
    summary = re.search(r'<table class="summary">(.*?)</table>', html, re.S).group(1)
    this_deal = [int(n) for n in re.findall(r"</th><td>(\d+)</td><td>\d+</td>", summary)]
    assert this_deal == list(scores)
    act(client, game, action="next-deal")
    assert state(game).deal_number == 2
    assert 'data-pass-direction="right"' in client.get(url(game)).content.decode()


def test_a_whole_game_ends_with_a_result_counted_once(client):
    before = samples(client)
    game = start(client)
    play_until(client, game, lambda s: s.phase == "game-over", limit=20000)
    game.refresh_from_db()
    # The operator's counters too: every step that moved the version, one game started
    # and one finished, with its result.
    after = samples(client)
    assert moved(before, after, "cardsite_moves_total", game="hearts") == game.version - 1
    assert moved(before, after, "cardsite_games_started_total", game="hearts",
                 level="medium") == 1
    assert moved(before, after, "cardsite_games_finished_total", game="hearts",
                 level="medium", result=game.result) == 1
    html = client.get(url(game)).content.decode()
    assert f'data-result="{game.result}"' in html
    assert game.result in ("win", "loss", "draw") and game.finished_at is not None
    stats = HeartsStats.objects.get(player=game.player, level="medium")
    assert stats.wins + stats.losses + stats.draws == 1
    assert advance(client, game).status_code == 409  # nothing is due after the end
    next_visit = client.get("/hearts/")  # the start screen again, the finished game kept
    assert next_visit.status_code == 200 and 'data-screen="start"' in next_visit.content.decode()
    assert HeartsGame.objects.count() == 1


# --- Options ---------------------------------------------------------------------------------


def test_options_apply_to_the_next_game_only(client):
    game = start(client)
    response = client.post("/hearts/options/", {
        "level": "hard", "target": "75", "pass_order": "LARN", "tie_rule": "last-deal",
        "next": url(game)})
    assert response.status_code == 302
    player = Player.objects.get()
    assert (player.hearts_level, player.hearts_target) == ("hard", 75)
    assert state(game).levels == ("human", "medium", "medium", "medium")
    response = client.post("/hearts/new/")
    new = game_from_redirect(HeartsGame, response)
    current = state(new)
    assert new.level == "hard" and current.levels == ("human", "hard", "hard", "hard")
    assert current.options == engine.HeartsOptions(75, "LARN", "last-deal")


@pytest.mark.parametrize(
    "data",
    [
        {"level": "shooter", "target": "100", "pass_order": "LRAN", "tie_rule": "draw"},
        {"level": "random", "target": "100", "pass_order": "LRAN", "tie_rule": "draw"},
        {"level": "easy", "target": "50", "pass_order": "LRAN", "tie_rule": "draw"},
        {"level": "easy", "target": "many", "pass_order": "LRAN", "tie_rule": "draw"},
        {"level": "easy", "target": "100", "pass_order": "RRRR", "tie_rule": "draw"},
        {"level": "easy", "target": "100", "pass_order": "LRAN", "tie_rule": "coin"},
    ],
)
def test_options_refuse_what_the_site_does_not_offer(client, data):
    client.get("/hearts/")
    assert client.post("/hearts/options/", data).status_code == 400
    assert Player.objects.get().hearts_level == "medium"


def test_save_and_start_begins_a_game_with_the_new_options(client):
    start(client)
    response = client.post("/hearts/options/", {
        "level": "easy", "target": "100", "pass_order": "LRAN", "tie_rule": "draw", "start": "1"})
    new = game_from_redirect(HeartsGame, response)
    assert new.level == "easy"


# --- Cost ----------------------------------------------------------------------------------


def test_a_computer_move_costs_a_fixed_number_of_queries(client, django_assert_num_queries):
    game = start(client)
    game.refresh_from_db()
    # the game; the version-checked update (the player comes from the signed cookie; the
    # statistics are read only when the game ends)
    with django_assert_num_queries(2):
        response = client.post(f"{url(game)}advance/", {"version": game.version}, headers=HX)
    assert response.status_code == 200


def test_the_table_page_costs_a_fixed_number_of_queries(client, django_assert_num_queries):
    game = start(client)
    # the visitor's player (its id from the signed cookie); the game (given that player,
    # not loaded again); stats
    with django_assert_num_queries(3):
        response = client.get(url(game))
    assert response.status_code == 200


def test_step_helper_reaches_every_phase(client):
    game = start(client)
    seen = set()
    for _ in range(400):
        seen.add(state(game).phase)
        if state(game).phase == "game-over":
            break
        step(client, game)
    assert {"pass", "play", "trick-done", "deal-done"} <= seen


# --- Admin -----------------------------------------------------------------------------------


def test_admin_shows_games_statistics_and_totals_per_level(client, admin_client):
    start(client)
    client.post("/hearts/new/")
    client.post("/hearts/options/", {"level": "hard", "target": "100", "pass_order": "LRAN",
                                     "tie_rule": "draw", "start": "1"})
    assert admin_client.get("/admin/games/heartsgame/").status_code == 200
    game = HeartsGame.objects.first()
    assert admin_client.get(f"/admin/games/heartsgame/{game.pk}/change/").status_code == 200
    html = admin_client.get("/admin/games/heartsstats/").content.decode()
    medium = re.search(r'<tr data-level="medium">(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", medium)[1:3] == ["1", "2"]  # 1 player, 2 played
    assert '<tr data-level="hard">' in html


def test_the_live_region_says_which_card_was_just_played(client):
    game = start(client)
    play_until(client, game, lambda s: s.phase == "play" and len(s.trick) == 1)
    current = state(game)
    seat = current.trick_leader
    html = client.get(url(game)).content.decode()
    region = re.search(r'<div id="hearts-announcer"[^>]*>([^<]*)</div>', html).group(1)
    name = "You" if seat == 0 else f"Computer {seat}"
    assert region.startswith(f"{name} played Two of clubs.")
