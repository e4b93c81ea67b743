"""docs/architecture.md names every module of the tree, every stylesheet and script, every
static and test folder, and nothing that is not in it."""

import re
from pathlib import Path

from tests.docs.test_rule_citations import repository_files, text_of

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
NAMED = set(re.findall(r"`((?:games|cardsite)/[\w/]+\.py)`", PAGE))


def _modules() -> set[str]:
    found = set()
    for package in ("games", "cardsite"):
        for path in (ROOT / package).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" in relative or "__pycache__" in relative:
                continue
            if path.name == "__init__.py" and path.stat().st_size < 200:
                continue  # an empty package marker (or a one-line docstring) says nothing
            found.add(relative)
    return found


def test_the_architecture_page_names_every_module():
    missing = sorted(_modules() - NAMED)
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_every_module_the_architecture_page_names_exists():
    gone = sorted(name for name in NAMED if not (ROOT / name).is_file())
    assert not gone, f"docs/architecture.md names modules that are not in the tree: {gone}"


def test_every_folder_the_page_names_exists():
    folders = set(re.findall(r"`((?:games|cardsite|tests|templates|static)/[\w/]+/)`", PAGE))
    gone = sorted(name for name in folders if not (ROOT / name).is_dir() and "<" not in name)
    assert not gone, gone


# Static files and test folders are named by their path from the repository's root.
STATIC_NAMED = set(re.findall(r"`(static/[\w./-]+)`", PAGE))
TESTS_NAMED = set(re.findall(r"`(tests/[\w/]+/)`", PAGE))


def test_the_architecture_page_names_every_stylesheet_and_script():
    found = {
        path.relative_to(ROOT).as_posix()
        for folder, suffix in (("static/css", ".css"), ("static/js", ".js"))
        for path in (ROOT / folder).iterdir()
        if path.suffix == suffix
    }
    missing = sorted(found - STATIC_NAMED)
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_the_architecture_page_names_every_other_static_folder():
    """Pictures and card faces are named by their folder (``static/img/``), not file by
    file: a folder of files that belong together, each written by one tool."""
    folders = {
        path.parent.relative_to(ROOT).as_posix() + "/"
        for path in (ROOT / "static").rglob("*")
        if path.is_file() and path.parent.name not in {"css", "js"}
    }
    # A deck's folder inside the faces' folder is named with it.
    folders = {f for f in folders if not any(f != o and f.startswith(o) for o in folders)}
    missing = sorted(folders - STATIC_NAMED)
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_every_static_file_or_folder_the_page_names_exists():
    gone = sorted(name for name in STATIC_NAMED if not (ROOT / name).exists())
    assert not gone, f"docs/architecture.md names static files that are not there: {gone}"


def test_the_architecture_page_names_every_test_folder():
    """Every folder under tests/ that holds Python (a test, a fixture, a helper)."""
    found = {
        path.parent.relative_to(ROOT).as_posix() + "/"
        for path in (ROOT / "tests").rglob("*.py")
        if "__pycache__" not in path.parts and path.parent != ROOT / "tests"
    }
    missing = sorted(found - TESTS_NAMED)
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_every_test_folder_the_page_names_exists():
    gone = sorted(name for name in TESTS_NAMED if not (ROOT / name).is_dir())
    assert not gone, f"docs/architecture.md names test folders that are not there: {gone}"


def test_every_citation_of_another_docs_page_names_one_of_its_anchors():
    """``docs/performance.md#in-the-code`` and the like, ``docs/history/…`` included: the
    page exists and has the anchor (docs/rules.md's own citations are checked in
    test_rule_citations)."""
    citation = re.compile(r"docs/((?:history/)?[\w-]+)\.md#([\w-]+)")
    missing = []
    for path in repository_files():
        if path.suffix not in {".py", ".html", ".css", ".js", ".md"}:
            continue
        if (text := text_of(path)) is None:
            continue
        for page, anchor in citation.findall(text):
            if page == "rules":
                continue
            target = ROOT / "docs" / f"{page}.md"
            if not target.is_file() or f'<a id="{anchor}"></a>' not in target.read_text():
                missing.append(f"{path.relative_to(ROOT)}: docs/{page}.md#{anchor}")
    assert not missing, missing


def test_the_headers_and_events_the_page_names_are_the_ones_the_code_sends():
    """The page follows one tap through htmx's headers and the site's own events
    (``HX-Trigger-After-Settle`` carrying ``cardsite:address``): each must still be in
    the code, so the walk-through cannot go on naming a mechanism that was replaced."""
    headers = set(re.findall(r"`(HX-[\w-]+)`", PAGE))
    events = set(re.findall(r"`(cardsite:[\w-]+)`", PAGE))
    assert headers and events, "the page names the first tap's header and event"
    code = "\n".join(
        path.read_text(encoding="utf-8")
        for folder in ("games", "static/js", "templates")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in {".py", ".js", ".html"}
    )
    # django-htmx's trigger_client_event(after="settle") is what sends HX-Trigger-After-Settle.
    sent = {*re.findall(r"HX-[\w-]+", code)}
    if 'after="settle"' in code:
        sent.add("HX-Trigger-After-Settle")
    assert headers <= sent, f"named on the page, sent by nothing: {sorted(headers - sent)}"
    missing = sorted(event for event in events if event not in code)
    assert not missing, f"events the page names that no code sends or hears: {missing}"
