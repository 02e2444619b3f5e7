"""Figure captions check (ctest label "figure"; all three course texts): every entry of
figures/captions.json names sections that exist in docs/sections.json, a caption that states
parameters, a script in the repository whose NAME is the entry's stem, and a data file that the
build wrote under <build>/course/figures/; and every figure the CMake build draws has an entry.
python3 check_captions.py --captions figures/captions.json --sections docs/sections.json
    --root REPO --figures BUILD/course/figures --names NAME,NAME,...
"""
import argparse
import json
import os
import re
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--captions", required=True)
    parser.add_argument("--sections", required=True)
    parser.add_argument("--root", required=True, help="repository root")
    parser.add_argument("--figures", required=True, help="<build>/course/figures")
    parser.add_argument("--names", required=True, help="comma-separated figure names CMake draws")
    args = parser.parse_args()
    captions = json.load(open(args.captions, encoding="utf-8"))
    sections = {"%s/%s" % (s["chapter"], s["number"])
                for s in json.load(open(args.sections, encoding="utf-8"))["sections"]}
    problems = []
    for stem, entry in captions.items():
        missing = {"sections", "caption", "data", "script", "command"} - set(entry)
        if missing:
            problems.append("%s: missing %s" % (stem, ", ".join(sorted(missing))))
            continue
        problems += ["%s: unknown section %s" % (stem, s) for s in entry["sections"] if s not in sections]
        if not entry["sections"]:
            problems.append("%s: no section" % stem)
        # A caption says what to notice and gives the parameters.
        if not entry["caption"].startswith("Notice") or "Parameters:" not in entry["caption"]:
            problems.append("%s: caption must say what to notice and list 'Parameters:'" % stem)
        script = os.path.join(args.root, entry["script"])
        if not os.path.isfile(script):
            problems.append("%s: script %s does not exist" % (stem, entry["script"]))
        elif not re.search(r'^NAME = "%s"$' % re.escape(stem), open(script, encoding="utf-8").read(), re.M):
            problems.append("%s: %s does not draw a figure of that name" % (stem, entry["script"]))
        if not os.path.isfile(os.path.join(args.figures, entry["data"])):
            problems.append("%s: data file %s not written by the build" % (stem, entry["data"]))
    drawn = [n for n in args.names.split(",") if n]
    problems += ["%s: drawn by the build but has no caption entry" % n for n in drawn if n not in captions]
    problems += ["%s: has a caption entry but the build does not draw it" % n for n in captions if n not in drawn]
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    covered = {s for entry in captions.values() for s in entry["sections"]}
    print("%d figures, %d of %d sections have a figure" % (len(captions), len(covered), len(sections)))


if __name__ == "__main__":
    main()
