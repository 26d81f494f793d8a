"""PackageMap.AddRemote and PackageMap.RemoteParams, after the reference's:
a package fetched from one of a list of URLs (http, https or file), checked
against its SHA-256, unpacked (zip or tar archives) and kept in a cache
folder, $XDG_CACHE_HOME/ossa/package_map (~/.cache when unset), so that
each archive is downloaded once per machine.

The reference registers the package at once and downloads it on the first
GetPath(); ossa downloads (or finds in the cache) during AddRemote() and
then adds the unpacked folder as a local package, because the parsers
resolve package:// URLs in C++. The checks of the parameters and the
errors are the reference's; a failed download raises from AddRemote().
"""

import hashlib
import json
import logging
import os
import pathlib
import re
import shutil
import tempfile
import urllib.request

from ossa._struct_util import FieldStruct, fields_of

_log = logging.getLogger("ossa")

_ARCHIVE_TYPES = ("zip", "tar", "gztar", "bztar", "xztar")
# Archive types from file names, for archive_type=None.
_SUFFIXES = ((".zip", "zip"), (".tar", "tar"), (".tar.gz", "gztar"),
             (".tgz", "gztar"), (".tar.bz2", "bztar"), (".tar.xz", "xztar"))


class RemoteParams(FieldStruct):
    """Where a remote package comes from: `urls` (tried in order), the
    archive's `sha256` (64 hex digits), its `archive_type` (None: from the
    URL's suffix; else one of zip, tar, gztar, bztar, xztar) and an
    optional `strip_prefix`, the folder inside the archive that is the
    package."""

    __fields__ = fields_of(("urls", list), ("sha256", str),
                           ("archive_type", str), ("strip_prefix", str))
    _positional = False

    def _defaults(self):
        return dict(urls=[], sha256="", archive_type=None, strip_prefix=None)

    def ToJson(self):
        """The parameters as JSON (keys sorted; unset optional fields
        left out)."""
        data = {"sha256": self.sha256, "urls": list(self.urls)}
        if self.archive_type is not None:
            data["archive_type"] = self.archive_type
        if self.strip_prefix is not None:
            data["strip_prefix"] = self.strip_prefix
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _check(package_name, params):
    where = f"PackageMap::AddRemote on '{package_name}'"
    if not params.urls:
        raise RuntimeError(f"{where} requires at least one URL")
    for url in params.urls:
        if not url.startswith(("http://", "https://", "file://")):
            raise RuntimeError(f"{where} has unsupported URL '{url}'")
    if not re.fullmatch(r"[0-9a-fA-F]{64}", params.sha256 or ""):
        raise RuntimeError(f"{where} has invalid sha256 '{params.sha256}'")
    if params.archive_type is not None and \
            params.archive_type not in _ARCHIVE_TYPES:
        raise RuntimeError(
            f"{where} has unsupported archive type '{params.archive_type}'")


def _cache_dir(params):
    root = os.environ.get("XDG_CACHE_HOME") or \
        os.path.join(os.path.expanduser("~"), ".cache")
    # One folder per archive and unpacking (type and prefix).
    unpack = hashlib.sha256(json.dumps(
        [params.archive_type, params.strip_prefix]).encode()).hexdigest()
    return pathlib.Path(root, "ossa", "package_map",
                        f"{params.sha256.lower()}-{unpack}")


def _archive_type(params, url):
    if params.archive_type is not None:
        return params.archive_type
    name = url.split("?")[0].lower()
    for suffix, kind in sorted(_SUFFIXES, key=lambda s: -len(s[0])):
        if name.endswith(suffix):
            return kind
    raise RuntimeError(
        f"cannot tell the archive type of '{url}'; set "
        "RemoteParams.archive_type")


def _download(package_name, params, target):
    failures = []
    for url in params.urls:
        _log.info(f"PackageMap: Downloading {url}")
        try:
            with urllib.request.urlopen(url, timeout=120) as response:
                data = response.read()
            digest = hashlib.sha256(data).hexdigest()
            if digest != params.sha256.lower():
                raise RuntimeError(f"Checksum mismatch; was {digest} but "
                                   f"wanted {params.sha256}")
            kind = _archive_type(params, url)
            _unpack(data, kind, url, params.strip_prefix, target)
            return
        except Exception as e:  # noqa: BLE001 (the next URL may work)
            failures.append(f"Candidate {url} failed:\n{e}")
    raise RuntimeError(
        f"PackageMap: when downloading '{package_name}', the downloader "
        "experienced an error: All downloads failed:\n\n" +
        "\n\n".join(failures))


def _unpack(data, kind, url, strip_prefix, target):
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        archive = pathlib.Path(scratch, "archive")
        archive.write_bytes(data)
        unpacked = pathlib.Path(scratch, "unpacked")
        shutil.unpack_archive(str(archive), str(unpacked), format=kind)
        root = unpacked
        if strip_prefix:
            root = unpacked / strip_prefix.strip("/")
            if not root.is_dir():
                name = url.rstrip("/").split("/")[-1]
                raise RuntimeError(f"The strip_prefix='{strip_prefix}' does "
                                   f"not exist within {name}")
        try:
            os.replace(root, target)
        except OSError:
            # Another process unpacked the same archive meanwhile.
            if not target.is_dir():
                raise


def add_remote(self, package_name, params):
    """Adds the package `package_name` from the archive `params` describes
    (a RemoteParams): checks the parameters, downloads and unpacks the
    archive into the cache unless it is there already, and adds the
    unpacked folder. Adding the same remote package again does nothing; a
    package of that name from elsewhere raises RuntimeError."""
    _check(package_name, params)
    target = _cache_dir(params)
    if self.Contains(package_name):
        existing = self.GetPath(package_name)
        if pathlib.Path(existing) == target:
            return
        raise RuntimeError(
            f"PackageMap::AddRemote() cannot add '{package_name}' because "
            f"the existing path is local ('{existing}') but the the new path "
            f"is remote ('{params.urls[0]}')")
    if not target.is_dir():
        _download(package_name, params, target)
    self.Add(package_name, str(target))
