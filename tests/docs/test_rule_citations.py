"""The rules live in the repository: docs/rules.md (docs/rules.md#sources).

Code, tests and docs cite a rule as ``docs/rules.md#<anchor>``; every such anchor must be
one of the ``<a id="…">`` lines of docs/rules.md, so a citation never points at nothing.
And nothing may cite a rule document kept outside the repository.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
SOURCES = ROOT / "docs" / "sources"
THIS_FILE = Path(__file__).resolve()

CITING_SUFFIXES = {".py", ".html", ".css", ".js", ".md"}
# Used only without git (an exported tree): what .gitignore leaves out, and git's own.
NOT_THE_REPOSITORY = {
    ".git", ".venv", "__pycache__", ".hypothesis", ".pytest_cache", ".ruff_cache",
    "node_modules", "var", "test-artifacts", "staticfiles", "build",
}

ANCHOR = re.compile(r'^<a id="([A-Za-z0-9_-]+)"></a>$', re.M)
# docs/rules.md#x, and the relative forms the docs use: rules.md#x, ../rules.md#x.
CITATION = re.compile(r"(?<![\w.-])(?:docs/|\.\./|\./)?rules\.md#([A-Za-z0-9_-]*)")
IN_PAGE_LINK = re.compile(r"\]\(#([A-Za-z0-9_-]*)\)")
OUTSIDE = re.compile(r"\bSPEC\b|/work/shared|\.\./shared")


def repository_files() -> list[Path]:
    """The repository's files: committed or new, never ignored (the venv, caches)."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT, capture_output=True, check=True,
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        paths = (
            path for path in ROOT.rglob("*")
            if not NOT_THE_REPOSITORY.intersection(path.relative_to(ROOT).parts)
            and not any(part.endswith(".egg-info") for part in path.parts)
        )
    else:
        paths = (ROOT / name for name in listing.split("\0") if name)
    # A committed file deleted in the working tree is listed by git but gone.
    return sorted(path for path in paths if path.is_file())


def text_of(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None  # a picture, a font, a compiled catalogue


def _anchors() -> list[str]:
    return ANCHOR.findall(RULES.read_text(encoding="utf-8"))


def _where(path: Path, text: str, start: int) -> str:
    line = text.count("\n", 0, start) + 1
    return f"{path.relative_to(ROOT)}:{line}: {text.splitlines()[line - 1].strip()}"


def test_every_rule_citation_names_an_anchor_of_docs_rules_md():
    anchors = set(_anchors())
    cited, missing = 0, []
    for path in repository_files():
        if path == THIS_FILE or path.suffix not in CITING_SUFFIXES:
            continue
        if (text := text_of(path)) is None:
            continue
        links = list(CITATION.finditer(text))
        if path == RULES:
            links += IN_PAGE_LINK.finditer(text)
        for link in links:
            cited += 1
            if link.group(1) not in anchors:
                missing.append(_where(path, text, link.start()))
    assert cited > 50, "the citations of docs/rules.md were not found at all"
    assert not missing, "citations of an anchor docs/rules.md does not have:\n" + "\n".join(
        missing
    )


def test_each_anchor_of_docs_rules_md_is_unique_and_stands_before_its_heading():
    text = RULES.read_text(encoding="utf-8")
    anchors = _anchors()
    assert len(anchors) == len(set(anchors)), "an anchor is given twice"
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if ANCHOR.match(line):
            assert lines[number + 1].startswith("#"), f"no heading after {line}"


def test_nothing_cites_a_rule_document_outside_the_repository():
    """No "SPEC", no /work/shared or ../shared: the rules are docs/rules.md."""
    found = []
    for path in repository_files():
        if path == THIS_FILE or SOURCES in path.parents or (text := text_of(path)) is None:
            continue
        found += (_where(path, text, match.start()) for match in OUTSIDE.finditer(text))
    assert not found, "cite docs/rules.md#… (or docs/sources/) instead:\n" + "\n".join(found)
