"""PackageMap.AddRemote and PackageMap.RemoteParams against the reference:
a package served from file:// URLs (zip and tar.gz archives built here,
byte for byte the same on every run), its files, a model parsed from a
package:// URL, the parameters' repr and JSON, and the errors of bad
parameters, checksums and prefixes.

The reference downloads on the first GetPath() and ossa in AddRemote(), so
each program asks for the path right after adding the package.
"""

import gzip
import hashlib
import io
import os
import tarfile
import zipfile

import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, error_of  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")


def both(program):
    return _both(program, OSSA, DRAKE)

_FILES = {
    "tool/package.xml": '<?xml version="1.0"?>\n<package format="2">'
                        '<name>tool</name></package>\n',
    "tool/arm.urdf": '<robot name="arm"><link name="base"/>'
                     '<link name="tip"><inertial><mass value="2"/>'
                     '<inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" '
                     'iyz="0"/></inertial></link>'
                     '<joint name="j" type="revolute"><parent link="base"/>'
                     '<child link="tip"/><axis xyz="0 0 1"/></joint>'
                     '</robot>\n',
}


def _zip():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in sorted(_FILES.items()):
            z.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), text)
    return out.getvalue()


def _tgz():
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as t:
        for name, text in sorted(_FILES.items()):
            info = tarfile.TarInfo(name)
            data = text.encode()
            info.size, info.mtime = len(data), 1577836800
            t.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), mtime=0)


@pytest.fixture
def archives(tmp_path, monkeypatch):
    """file:// URLs and SHA-256 of the zip and tar.gz archives of the
    package 'tool'; ossa's cache in tmp_path."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = {}
    for name, data in (("tool.zip", _zip()), ("tool.tar.gz", _tgz())):
        path = tmp_path / name
        path.write_bytes(data)
        out[name] = (path.as_uri(), hashlib.sha256(data).hexdigest())
    return out


def _params(lib, **kwargs):
    return lib.parsing.PackageMap.RemoteParams(**kwargs)


def test_remote_package_is_fetched_and_parsed(archives):
    def program(lib):
        results = []
        for name, prefix in (("tool.zip", "tool"), ("tool.tar.gz", "tool/")):
            url, sha = archives[name]
            package_map = lib.parsing.PackageMap.MakeEmpty()
            params = _params(lib, urls=[url], sha256=sha,
                             strip_prefix=prefix)
            package_map.AddRemote("tool", params)
            # The same remote package again is no change.
            package_map.AddRemote("tool", params)
            path = package_map.GetPath("tool")
            plant = lib.plant.MultibodyPlant(0.0)
            parser = lib.parsing.Parser(plant)
            parser.package_map().AddRemote("tool", params)
            parser.AddModels(url="package://tool/arm.urdf")
            plant.Finalize()
            results.append((package_map.Contains("tool"),
                            package_map.GetPackageNames(),
                            sorted(os.listdir(path)),
                            open(os.path.join(path, "arm.urdf")).read(),
                            plant.num_bodies(), plant.num_positions(),
                            repr(params), params.ToJson()))
        return results
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0][2] == ["arm.urdf", "package.xml"]
    assert ossa[0][4] == 3  # the world and the two links


def test_remote_params_defaults_and_fields():
    def program(lib):
        params = _params(lib)
        full = _params(lib, urls=["https://example.com/a.zip"],
                       sha256="ab" * 32, archive_type="zip",
                       strip_prefix="a")
        return (repr(params), params.ToJson(), repr(full), full.ToJson(),
                [f.name for f in type(params).__fields__],
                error_of(lambda: _params(lib, sha=1)))
    ossa, drake = both(program)
    assert ossa[:5] == drake[:5]
    assert ossa[5] is not None and drake[5] is not None


BAD = [
    ("no_url", dict(urls=[]), "requires at least one URL"),
    ("scheme", dict(urls=["ftp://host/tool.zip"]), "unsupported URL"),
    ("sha", dict(sha256="abc"), "invalid sha256 'abc'"),
    ("archive_type", dict(archive_type="rar"),
     "unsupported archive type 'rar'"),
    ("checksum", dict(sha256="0" * 64), "Checksum mismatch"),
    ("prefix", dict(strip_prefix="nope"),
     "strip_prefix='nope' does not exist"),
    ("missing_file", dict(urls=["file:///nonexistent/tool.zip"]),
     "All downloads failed"),
]


@pytest.mark.parametrize("name,change,message", BAD,
                         ids=[b[0] for b in BAD])
def test_bad_remote_packages_raise(archives, name, change, message):
    url, sha = archives["tool.zip"]

    def program(lib):
        package_map = lib.parsing.PackageMap.MakeEmpty()
        fields = dict(urls=[url], sha256=sha, strip_prefix="tool")
        fields.update(change)
        try:
            package_map.AddRemote("tool", _params(lib, **fields))
            package_map.GetPath("tool")
        except Exception as e:  # noqa: BLE001 (type and text compared)
            return type(e), message in str(e), "'tool'" in str(e) or \
                "tool.zip" in str(e)
        return None
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0] is RuntimeError and ossa[1] and ossa[2]


def test_remote_and_local_packages_of_one_name_conflict(archives, tmp_path):
    url, sha = archives["tool.zip"]

    def program(lib):
        package_map = lib.parsing.PackageMap.MakeEmpty()
        package_map.Add("tool", str(tmp_path))
        return error_of(lambda: package_map.AddRemote(
            "tool", _params(lib, urls=[url], sha256=sha)))
    ossa, drake = both(program)
    assert ossa == drake == RuntimeError


def test_the_cache_serves_a_second_map(archives, tmp_path):
    url, sha = archives["tool.zip"]
    params = _params(OSSA, urls=[url], sha256=sha, strip_prefix="tool")
    first = OSSA.parsing.PackageMap.MakeEmpty()
    first.AddRemote("tool", params)
    assert first.GetPath("tool").startswith(str(tmp_path / "cache"))
    # The archive is gone; the unpacked copy in the cache is used.
    (tmp_path / "tool.zip").unlink()
    second = OSSA.parsing.PackageMap.MakeEmpty()
    second.AddRemote("tool", params)
    assert second.GetPath("tool") == first.GetPath("tool")
