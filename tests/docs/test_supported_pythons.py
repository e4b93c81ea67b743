"""CPython 3.11 to 3.13, everywhere the set-up names them: pyproject.toml, uv.lock, the
interpreter the Makefile finds, and the README."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUPPORTED = ("3.11", "3.12", "3.13")
FIND_PYTHON = ROOT / "scripts" / "find-python.sh"


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _lock() -> dict:
    return tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))


def _bounds(specifier: str) -> set[str]:
    return {part.replace(" ", "") for part in specifier.split(",")}


def test_pyproject_admits_exactly_the_supported_pythons():
    assert _bounds(_project()["requires-python"]) == {">=3.11", "<3.14"}


def test_the_lock_was_made_for_the_pythons_pyproject_admits():
    assert _bounds(_lock()["requires-python"]) == _bounds(_project()["requires-python"])


def test_every_locked_package_from_the_index_carries_its_hashes():
    unhashed = []
    for package in _lock()["package"]:
        if "registry" not in package.get("source", {}):
            continue  # the site itself
        files = package.get("wheels", []) + ([package["sdist"]] if "sdist" in package else [])
        if not files or not all(file.get("hash", "").startswith("sha256:") for file in files):
            unhashed.append(package["name"])
    assert not unhashed, unhashed


def test_the_readme_names_each_supported_python_and_the_lock():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for version in SUPPORTED:
        assert version in readme, version
    assert "uv.lock" in readme and "make lock" in readme


def _fake_interpreters(folder: Path, working: dict[str, str], broken: tuple[str, ...] = ()):
    """Names on a PATH of their own: each working one runs this test's own interpreter as
    if it were the version named, each broken one fails as a pyenv shim does for a version
    not selected."""
    for name, version in working.items():
        major, minor = version.split(".")
        script = folder / name
        script.write_text(
            "#!/bin/sh\n"
            f'exec "{sys.executable}" -c "import sys; '
            f"sys.version_info = ({major}, {minor}, 0); "
            f"sys.executable = '{script}'; "
            'exec(sys.argv[2])" -- "$2"\n'
        )
        script.chmod(0o755)
    for name in broken:
        script = folder / name
        script.write_text('#!/bin/sh\necho "pyenv: $0: command not found" >&2\nexit 127\n')
        script.chmod(0o755)


def _find(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["/bin/sh", str(FIND_PYTHON)],
        env={**os.environ, "PATH": str(folder)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_newest_supported_python_that_runs_is_found(tmp_path):
    _fake_interpreters(
        tmp_path, {"python3.12": "3.12", "python3.11": "3.11", "python3": "3.12"}, ("python3.13",)
    )
    found = _find(tmp_path)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == str(tmp_path / "python3.12")


def test_python3_serves_when_it_is_a_supported_version(tmp_path):
    _fake_interpreters(tmp_path, {"python3": "3.13"})
    assert _find(tmp_path).stdout.strip() == str(tmp_path / "python3")


@pytest.mark.parametrize("version", ["3.10", "3.14"])
def test_a_python_outside_the_supported_ones_is_refused_with_a_way_out(tmp_path, version):
    _fake_interpreters(tmp_path, {"python3": version})
    found = _find(tmp_path)
    assert found.returncode == 1 and not found.stdout
    assert "3.11, 3.12 or 3.13" in found.stderr and "PYTHON=" in found.stderr


def test_the_makefile_finds_its_python_through_the_script_unless_told():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(
        r"ifeq \(\$\(origin PYTHON\),undefined\)\nPYTHON := \$\(shell scripts/find-python.sh\)",
        makefile,
    )
