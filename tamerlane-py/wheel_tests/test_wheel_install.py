"""The Python package as published, from the files `make wheel` leaves in
``target/wheels/`` (or ``$TAMERLANE_WHEEL_DIR``): the wheel's name and tags
say abi3 and manylinux2014, its extension needs nothing newer than glibc
2.17, the wheel and the source distribution carry both licence texts and
the PEP 639 metadata, and the wheel installs into a fresh virtualenv
without the network, imports, counts perft 3 and runs its README's example.

A missing wheel or sdist is a failure, not a skip: run ``make wheel-test``.
"""

from __future__ import annotations

import os
import re
import subprocess
import tarfile
import tomllib
import venv
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path
from typing import List, Tuple

REPO = Path(__file__).resolve().parents[2]
WHEEL_DIR = Path(os.environ.get("TAMERLANE_WHEEL_DIR", REPO / "target" / "wheels"))
LICENSES = ("LICENSE-MIT", "LICENSE-APACHE")

# The highest symbol versions manylinux2014 allows (PEP 599), and the
# libraries an extension may link against there besides the interpreter.
MAX_GLIBC = (2, 17)
ALLOWED_LIBS = {
    "libc.so.6",
    "libm.so.6",
    "libdl.so.2",
    "librt.so.1",
    "libpthread.so.0",
    "libgcc_s.so.1",
    "ld-linux-x86-64.so.2",
}


def cargo_version() -> str:
    """The version every package is published under: the workspace's."""
    with open(REPO / "Cargo.toml", "rb") as f:
        version: str = tomllib.load(f)["workspace"]["package"]["version"]
    return version


def only(pattern: str) -> Path:
    """The one file in WHEEL_DIR matching `pattern`."""
    found = sorted(WHEEL_DIR.glob(pattern))
    assert len(found) == 1, f"expected one {pattern} in {WHEEL_DIR} (`make wheel`), found {found}"
    return found[0]


def wheel_path() -> Path:
    return only(f"tamerlane-{cargo_version()}-*.whl")


def sdist_path() -> Path:
    return only(f"tamerlane-{cargo_version()}.tar.gz")


def metadata(text: str) -> Message:
    return Parser().parsestr(text)


def wheel_metadata() -> Message:
    """The wheel's core metadata (METADATA, its body the README)."""
    with zipfile.ZipFile(wheel_path()) as z:
        return metadata(z.read(f"tamerlane-{cargo_version()}.dist-info/METADATA").decode())


def objdump(option: str, path: Path) -> str:
    """What binutils' objdump prints with `option` (`-T` dynamic symbols,
    `-p` headers) for the ELF file at `path`."""
    return subprocess.run(["objdump", option, str(path)], capture_output=True, text=True, check=True).stdout


def glibc_version(tag: str) -> Tuple[int, ...]:
    return tuple(int(part) for part in tag.split("_", 1)[1].split("."))


def test_wheel_is_abi3_manylinux2014() -> None:
    wheel = wheel_path()
    # name-version-python-abi-platform.whl; the platform may list several tags.
    _, _, python, abi, platforms = wheel.name[: -len(".whl")].split("-")
    assert (python, abi) == ("cp39", "abi3")
    assert "manylinux_2_17_x86_64" in platforms.split("."), wheel.name
    with zipfile.ZipFile(wheel) as z:
        info = metadata(z.read(f"tamerlane-{cargo_version()}.dist-info/WHEEL").decode())
    assert "cp39-abi3-manylinux_2_17_x86_64" in info.get_all("Tag", [])


def extension(tmp_path: Path) -> Path:
    """The wheel's one compiled file, extracted into `tmp_path`."""
    with zipfile.ZipFile(wheel_path()) as z:
        names = [n for n in z.namelist() if n.endswith(".so")]
        assert names == ["tamerlane/_tamerlane.abi3.so"]
        return Path(z.extract(names[0], tmp_path))


def test_extension_needs_nothing_newer_than_glibc_2_17(tmp_path: Path) -> None:
    so = extension(tmp_path)
    symbols = objdump("-T", so)
    versions = set(re.findall(r"\b(GLIBC_[0-9.]+)\b", symbols))
    assert versions, "no versioned glibc symbols found: objdump output not understood"
    newest = max(versions, key=glibc_version)
    assert glibc_version(newest) <= MAX_GLIBC, sorted(versions, key=glibc_version)
    headers = objdump("-p", so)
    needed = set(re.findall(r"NEEDED\s+(\S+)", headers))
    assert "libc.so.6" in needed
    assert needed <= ALLOWED_LIBS, needed - ALLOWED_LIBS


def test_extension_is_built_for_the_baseline_x86_64_cpu(tmp_path: Path) -> None:
    """No POPCNT (x86-64-v2), which `.cargo/config.toml` turns on for the
    project's own builds: the wheel must run on every x86-64 CPU."""
    disassembly = objdump("-d", extension(tmp_path))
    assert "\tret" in disassembly, "objdump -d output not understood"
    assert "popcnt" not in disassembly


def test_wheel_carries_licences_and_metadata() -> None:
    version = cargo_version()
    meta = wheel_metadata()
    with zipfile.ZipFile(wheel_path()) as z:
        for name in LICENSES:
            assert z.read(f"tamerlane-{version}.dist-info/licenses/{name}") == (REPO / name).read_bytes()
    assert meta["Version"] == version
    assert meta["License-Expression"] == "MIT OR Apache-2.0"
    assert sorted(meta.get_all("License-File", [])) == sorted(LICENSES)
    assert not [c for c in meta.get_all("Classifier", []) if c.startswith("License ::")]
    # The description is the package README, with no link that would be
    # relative on PyPI.
    description = str(meta.get_payload())
    assert description.startswith("# tamerlane\n")
    links = re.findall(r"\]\(([^)]*)\)", description)
    assert all(link.startswith("https://") for link in links), links


def test_sdist_carries_licences_and_metadata() -> None:
    version = cargo_version()
    root = f"tamerlane-{version}"
    with tarfile.open(sdist_path()) as tar:
        names = tar.getnames()
        pkg_info = tar.extractfile(f"{root}/PKG-INFO")
        assert pkg_info is not None
        meta = metadata(pkg_info.read().decode())
        licence_texts = {}
        for name in LICENSES:
            # Next to PKG-INFO, where PEP 639 puts the `license-files`.
            assert f"{root}/{name}" in names, f"{name} not in the sdist: {names}"
            f = tar.extractfile(f"{root}/{name}")
            assert f is not None, name
            licence_texts[name] = f.read()
    assert meta["Version"] == version
    assert meta["License-Expression"] == "MIT OR Apache-2.0"
    for name in LICENSES:
        assert licence_texts[name] == (REPO / name).read_bytes()


def python_blocks(markdown: str) -> List[str]:
    return re.findall(r"```python\n(.*?)```", markdown, re.S)


def test_wheel_installs_offline_and_runs(tmp_path: Path) -> None:
    wheel = wheel_path()
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run([*pip, "install", "--no-deps", "--no-index", str(wheel)], check=True, env=clean_env)
    # Run from an empty folder so that only the installed package can be found.
    script = (
        "import tamerlane\n"
        "assert tamerlane.Board().perft(3) == 14518\n"
        "print(tamerlane.__file__)\n"
        "print(tamerlane.__version__)\n"
    )
    run = subprocess.run([str(python), "-c", script], capture_output=True, text=True, cwd=tmp_path, env=clean_env)
    assert run.returncode == 0, run.stderr
    location, version = run.stdout.split()
    assert Path(location).is_relative_to(env_dir), location
    assert version == cargo_version()

    # Without the `cluster` extra (no Ray), the package works and its
    # cluster module names the extra.
    run = subprocess.run(
        [str(python), "-c", "import tamerlane.cluster"],
        capture_output=True, text=True, cwd=tmp_path, env=clean_env,
    )
    assert run.returncode != 0
    assert "pip install 'tamerlane[cluster]'" in run.stderr, run.stderr

    # The README's example, as PyPI shows it, against the installed wheel
    # (without numpy, which the example does not need).
    blocks = python_blocks(str(wheel_metadata().get_payload()))
    assert blocks, "the README shows no Python example"
    for i, block in enumerate(blocks):
        run = subprocess.run([str(python), "-c", block], capture_output=True, text=True, cwd=tmp_path, env=clean_env)
        assert run.returncode == 0, f"README block {i}:\n{run.stderr}"

