#!/usr/bin/env python3
"""Writes the figures of tools/api_diff.py into README.md (the totals row)
and the list of remaining gaps into docs/porting_guide.md (between the
api_diff markers). Usage: PYTHONPATH=build/python python3
tools/update_api_docs.py"""

import importlib.util
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def main():
    spec = importlib.util.spec_from_file_location(
        "api_diff", ROOT / "tools" / "api_diff.py")
    api_diff = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api_diff)
    reports, _ = api_diff.run(excluded=False)
    total = api_diff.totals(reports)
    f = total.figures()

    guide = ROOT / "docs" / "porting_guide.md"
    text = guide.read_text()
    begin, end = "<!-- api_diff: begin -->", "<!-- api_diff: end -->"
    if begin not in text or end not in text:
        sys.exit(f"{guide}: the api_diff markers are missing")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    guide.write_text(head + begin + "\n" +
                     api_diff.markdown(reports, total) + "\n" + end + tail)

    readme = ROOT / "README.md"
    row = (f"| total | {f['names']}/{f['names_total']} | {f['signatures']} | "
           f"{f['instantiations']}/{f['instantiations_total']} | "
           f"{f['subclassable']}/{f['subclassable_total']} |")
    text, count = re.subn(r"^\| total \|.*\|$", row, readme.read_text(),
                          count=1, flags=re.M)
    if count != 1:
        sys.exit(f"{readme}: no '| total |' row to update")
    readme.write_text(text)
    print(row)


if __name__ == "__main__":
    main()
