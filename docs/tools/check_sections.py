#!/usr/bin/python3
"""Checks the course map against the course (ctest docs_sections_cover_the_course).

- Every section heading of the three course texts (lines ending in '#', numbered "N. title" or
  "N.M title") has exactly one entry in docs/sections.json with the same number and title, and
  every unnumbered sub-heading is listed in a section's "subheadings".
- Every entry is a heading of its course text (no invented sections) and has a page in the site.
- Every listed file exists (and, in a git checkout, is committed); every section is either implemented/partial with at least one
  reference file and at least one unit or property test, or "not yet implemented" with an issue.
- Every law the table names exists in the registry (`simatlas law --list --json`), and every
  registered law's section and every walkthrough section (`simatlas chapter --list`) is on the map.
- Every figure the table names is a figure target of figures/CMakeLists.txt.
Exit 0 if all hold, 1 with one line per failure otherwise.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import site_model

HEADING = re.compile(r"^(\d+)(?:\.(\d+))?\.?\s+(.*)$")


def CourseHeadings(path):
    """(numbered [(number, title)], unnumbered [title]) of a course text; the first heading is the chapter title."""
    numbered, other = [], []
    lines = [l.rstrip("\n") for l in open(path, encoding="utf-8")]
    headings = [l[:-1].strip() for l in lines if l.endswith("#")]
    for h in headings[1:]:
        m = HEADING.match(h)
        if m:
            number = m.group(1) + ("." + m.group(2) if m.group(2) else "")
            numbered.append((number, m.group(3).strip()))
        else:
            other.append(h)
    return headings[0] if headings else "", numbered, other


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--source", required=True)
    p.add_argument("--shared", required=True)
    p.add_argument("--site", required=True)
    p.add_argument("--simatlas", required=True)
    a = p.parse_args()
    model = site_model.Load(a.source)
    failures = []
    registry = json.loads(subprocess.run([a.simatlas, "law", "--list", "--json"],
                                         check=True, stdout=subprocess.PIPE, text=True).stdout)
    laws = {l["name"] for l in registry}
    # Every law's section names a section of the map (so the laws table links it to a page).
    for law in registry:
        if not site_model.SectionOfLaw(law["section"]):
            failures.append("law %s names section '%s', which is not on the course map" % (law["name"], law["section"]))
    # Every walkthrough section is a section of the map.
    listed = subprocess.run([a.simatlas, "chapter", "--list"], check=True, stdout=subprocess.PIPE, text=True).stdout
    for line in listed.splitlines():
        parts = line.split()
        if len(parts) >= 2 and not any(s["chapter"] == parts[0] and s["number"] == parts[1] for s in model["sections"]):
            failures.append("walkthrough %s %s is not a section of the course map" % (parts[0], parts[1]))
    figure_cmake = open(os.path.join(a.source, "figures", "CMakeLists.txt"), encoding="utf-8").read()
    declared_figures = set(re.findall(r"^\s*simatlas_figure\((\w+)", figure_cmake, re.M))

    by_key = {}
    for sec in model["sections"]:
        key = (sec["chapter"], sec["number"])
        if key in by_key:
            failures.append("%s §%s appears twice in sections.json" % key)
        by_key[key] = sec

    headings_total = 0
    for ch in model["chapters"]:
        text = os.path.join(a.shared, "course", ch["course_file"])
        if not os.path.exists(text):
            failures.append("course text %s of %s not found" % (text, ch["id"]))
            continue
        title, numbered, other = CourseHeadings(text)
        if ch["title_zh"] not in title:
            failures.append("%s: chapter title '%s' is not the course's '%s'" % (ch["id"], ch["title_zh"], title))
        course_keys = set()
        for number, heading_title in numbered:
            headings_total += 1
            course_keys.add((ch["id"], number))
            sec = by_key.get((ch["id"], number))
            if sec is None:
                failures.append("%s §%s '%s' (course heading) has no entry in sections.json" % (ch["id"], number, heading_title))
            elif sec["title_zh"] != heading_title:
                failures.append("%s §%s: title_zh '%s' differs from the course heading '%s'" % (ch["id"], number, sec["title_zh"], heading_title))
        listed_sub = [s for sec in model["sections"] if sec["chapter"] == ch["id"] for s in sec.get("subheadings", [])]
        for h in other:
            headings_total += 1
            if h not in listed_sub:
                failures.append("%s: unnumbered heading '%s' is in no section's subheadings" % (ch["id"], h))
        for sec in model["sections"]:
            if sec["chapter"] == ch["id"] and (ch["id"], sec["number"]) not in course_keys:
                failures.append("%s §%s is in sections.json but is not a heading of %s" % (ch["id"], sec["number"], ch["course_file"]))

    for sec in model["sections"]:
        name = "%s §%s" % (sec["chapter"], sec["number"])
        page = os.path.join(a.site, site_model.PageName(sec) + ".html")
        if not os.path.exists(page):
            failures.append("%s has no page %s" % (name, page))
        if not os.path.exists(site_model.TextPath(a.source, sec)):
            failures.append("%s has no hand-written text %s" % (name, site_model.TextPath(a.source, sec)))
        for kind in ("reference", "unit_tests", "property_tests", "oracle_tests", "exercises"):
            for f in sec.get(kind, []):
                if not os.path.exists(os.path.join(a.source, f)):
                    failures.append("%s lists %s %s, which does not exist" % (name, kind, f))
        if sec["status"] in ("implemented", "partial"):
            if not sec["reference"]:
                failures.append("%s is %s but lists no reference file" % (name, sec["status"]))
            if not (sec["unit_tests"] or sec["property_tests"]):
                failures.append("%s is %s but lists no test" % (name, sec["status"]))
        elif sec["status"] == "not yet implemented":
            if not isinstance(sec.get("issue"), int):
                failures.append("%s is not yet implemented but names no issue" % name)
        else:
            failures.append("%s has unknown status '%s'" % (name, sec["status"]))
        if sec["status"] == "partial" and not isinstance(sec.get("issue"), int):
            failures.append("%s is partial but names no issue" % name)
        for law in sec.get("laws", []):
            if law not in laws:
                failures.append("%s lists law %s, which the registry does not have" % (name, law))
        for fig in sec["figures"]:
            if fig not in declared_figures:
                failures.append("%s lists figure %s, which figures/CMakeLists.txt does not declare" % (name, fig))

    # A listed file must be committed, or a clean checkout would miss it (only where git knows the tree).
    tracked = subprocess.run(["git", "-C", a.source, "ls-files"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if tracked.returncode == 0 and tracked.stdout:
        known = set(tracked.stdout.split("\n"))
        for f in sorted(site_model.MappedFiles(model)):
            if os.path.exists(os.path.join(a.source, f)) and f not in known:
                failures.append("%s is listed in sections.json but not committed to git" % f)

    for f in site_model.SupportFiles(model):
        if not os.path.exists(os.path.join(a.source, f)):
            failures.append("support file %s does not exist" % f)

    for f in failures:
        print("FAIL: " + f)
    print("check_sections: %d course headings, %d sections in sections.json, %d failures" % (
        headings_total, len(model["sections"]), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
