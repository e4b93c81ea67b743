"""Heart to Heart input through Django forms: the deal-code box."""

import pytest
from django.utils import translation

from games.engine.heart_to_heart import EXAMPLE_CODE, CodeProblem, DealCode, parse_code
from games.forms import CODE_PROBLEMS, DealCodeForm
from games.models import Player

# One text per problem, as the engine reads it.
BAD_CODES = {
    CodeProblem.EMPTY: "  ",
    CodeProblem.PREFIX: "XX1-N-AAAAAAM",
    CodeProblem.VERSION: "HH2-N-AAAAAAM",
    CodeProblem.FORMAT: "HH1-N",
    CodeProblem.CLASS: "HH1-Q-AAAAAAM",
    CodeProblem.LETTERS: "HH1-N-AAAA1AM",
    CodeProblem.LENGTH: "HH1-N-AAAA",
}


# --- The deal-code box ------------------------------------------------------------------


def test_every_code_problem_has_words():
    assert set(CODE_PROBLEMS) == set(CodeProblem)
    assert set(BAD_CODES) == set(CodeProblem)


@pytest.mark.parametrize("problem", list(CodeProblem))
def test_the_form_reports_the_engines_problem(problem):
    text = BAD_CODES[problem]
    with pytest.raises(ValueError) as refused:
        parse_code(text)
    assert refused.value.code == problem
    form = DealCodeForm({"code": text})
    assert not form.is_valid()
    assert form.errors.as_data()["code"][0].code == problem.value
    (message,) = form.errors["code"]
    assert "%(" not in message


def test_the_form_gives_the_engines_deal_code():
    form = DealCodeForm({"code": "  hh1-w-aaaaaab "})
    assert form.is_valid()
    assert form.cleaned_data["code"] == DealCode("W", 1)


def test_the_length_problem_counts_the_letters():
    form = DealCodeForm({"code": "HH1-N-AAAA"})
    assert form.errors["code"] == ["The last part of a deal code has 7 letters, not 4."]
    empty = DealCodeForm({"code": ""})
    assert empty.errors["code"] == [f"Enter a deal code such as {EXAMPLE_CODE}."]


@pytest.mark.parametrize("language", ["fr", "nb"])
@pytest.mark.parametrize("problem", list(CodeProblem))
def test_every_code_problem_is_said_in_the_visitors_language(problem, language):
    english = DealCodeForm({"code": BAD_CODES[problem]}).errors["code"][0]
    with translation.override(language):
        said = DealCodeForm({"code": BAD_CODES[problem]}).errors["code"][0]
    assert said not in ("", english)
    assert "%(" not in said


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query", [{}, {"code": ""}, {"code": "hello"}, {"code": "HH1-N-" + "A" * 5000}]
)
def test_the_open_box_refuses_any_bad_text_with_the_page(client, query):
    response = client.get("/heart-to-heart/open/", query, HTTP_ACCEPT_LANGUAGE="fr")
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-message="bad-code"' in html and 'data-error="400"' in html
    assert 'id="deal-code"' in html and 'aria-invalid="true"' in html
    assert '<html lang="fr">' in html
    assert Player.objects.count() == 0  # a refused code makes no player


@pytest.mark.django_db
def test_the_bad_code_page_offers_the_text_again(client):
    html = client.get("/heart-to-heart/HH1-Q-AAAAAAM/").content.decode()
    assert 'value="HH1-Q-AAAAAAM"' in html
    assert "The deal class (after the first dash) must be N (any deal)" in html
