#!/usr/bin/python3
"""Equation references (ctest docs_equation_references): every "(N.M)" the repository shows a
reader must be an equation the course's formula sheet numbers, and must say so.

The three course texts number sections (§4.2) but no equation; the formula sheet
(course/FORMULAS.md) numbers its display formulas per chapter part — E3-SAP (4.3) is SAP's
optimality criterion, MJ-solvers (4.1) CG's direction update, E3-geometry (4.1) the Stribeck
curve, and §0 (shared) has (0.1), (0.3). So a bare "(4.3)" sends a reader looking in the course
text for a number it never prints, and names three different formulas. A reference passes when:

  1. its text unit says where the number is from — "formula sheet" or "FORMULAS" earlier in the
     same unit (for a comment, also the file's first paragraph, its header);
  2. its chapter is known: the nearest chapter name before it in the unit (E3-SAP, E3-geometry,
     MJ-solvers, as the course or the command line spells them), else the file's chapter (its
     path: chapters/<chapter>/, exercises/<chapter>/, figures/<chapter>/; a JSON entry's
     "chapter" or "sections"); a (0.N) is the shared §0's and needs none;
  3. that chapter's part of the formula sheet ends a display formula with that number.

Text units: a paragraph (lines between blank lines) of a text file or a code comment; a string
literal of code (with the literals before it in the same paragraph: what the program prints);
a string of a JSON file; a cell of a notebook. A reference is "(D.D)" or "(D.Dx)" not attached
to a name (f(3.0) is a call) — two-digit parts are versions or values, never equations here; a
version in parentheses is written "(MuJoCo 3.8)".

Files under reference/ are checked too, but the files listed in ALLOWED_REFERENCE_FILES only
report their findings (another change is rewriting them); a listed file with no finding left
fails, so the list only shrinks. Usage:
  check_equation_refs.py --source DIR --shared DIR [--report]   (exit 0 all hold, 1 otherwise)
  check_equation_refs.py --self-test --shared DIR
"""

import argparse
import json
import os
import re
import subprocess
import sys

# reference/ files whose comments cite formula-sheet numbers without saying so (or with a
# number the sheet does not have): reported, not failed, until the lead rewrites them (the
# mapping is printed by --report). Remove a file here when it is fixed; the check fails on a
# listed file that has nothing left to report.
ALLOWED_REFERENCE_FILES = set()

#: Chapter names as the course, the site and the command line spell them -> the formula sheet's.
CHAPTERS = {"e3-sap": "E3-SAP", "e3-geometry": "E3-geometry", "mj-solvers": "MJ-solvers"}
CHAPTER_TOKEN = re.compile(r"\b(E3-SAP|E3-geometry|MJ-solvers)\b", re.I)
QUALIFIER = re.compile(r"formula(?:\s|//+|#|\*)+sheet|FORMULAS", re.I)  # also across a line break
#: "(4.3)", "(2.1a)" after a space, a line start or punctuation; not "f(3.0)", "ℓ'(1.5)",
#: "(0.25)", "(3.10)", "(2.3.3)".
REFERENCE = re.compile(r"(?:(?<=^)|(?<=[\s,;:/(\[–-]))\((\d)\.(\d)([a-z]?)\)", re.M)
#: A display formula's number at the end of its line in the formula sheet.
DEFINITION = re.compile(r"\((\d+\.\d+[a-z]?)\)\s*$")
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')

TEXT_SUFFIXES = (".md", ".txt", ".in")
CODE_SUFFIXES = (".cc", ".h", ".py", ".cmake", ".sh")
# Data, and this file (its self-test cases are wrong references on purpose).
SKIPPED_PREFIXES = ("fuzz/corpus/", "formats/examples/", "property_tests/regression_seeds.txt",
                    "docs/tools/check_equation_refs.py")


def SheetNumbers(shared):
    """{chapter or "shared": {number}} of course/FORMULAS.md's display formulas: the part before
    the first "# Chapter" heading is "shared" (§0), then each "# Chapter NAME —" part."""
    numbers = {"shared": set()}
    part = "shared"
    path = os.path.join(shared, "course", "FORMULAS.md")
    try:
        lines = open(path, encoding="utf-8").read().split("\n")
    except OSError as error:
        sys.exit("check_equation_refs: cannot read the formula sheet %s: %s "
                 "(CMake SIMATLAS_SHARED_DIR)" % (path, error.strerror))
    for line in lines:
        m = re.match(r"# Chapter (\S+)", line)
        if m:
            part = m.group(1)
            numbers.setdefault(part, set())
        elif line.startswith("# ") and len(numbers) > 1:
            part = None  # after the chapters: test vectors, unsettled items (no numbers)
        elif part:
            d = DEFINITION.search(line)
            if d:
                numbers[part].add(d.group(1))
    return numbers


def PathChapter(rel):
    """The chapter a file belongs to by its folder (chapters/e3-sap/..., figures/mj-solvers/...)."""
    for part in rel.split("/")[:-1]:
        if part in CHAPTERS:
            return CHAPTERS[part]
    return None


def Judge(numbers, unit_before, number, default_chapter, header=""):
    """None if the reference NUMBER ("4.3") holds, else what is wrong. UNIT_BEFORE: its unit's
    text before it; HEADER: the file header (comments only); DEFAULT_CHAPTER: the file's."""
    if not QUALIFIER.search(unit_before) and not QUALIFIER.search(header):
        return "does not say it is the formula sheet's (the course text numbers no equation)"
    if number.startswith("0."):
        return None if number in numbers["shared"] else "the formula sheet's §0 has no (%s)" % number
    named = CHAPTER_TOKEN.findall(unit_before) or CHAPTER_TOKEN.findall(header)
    chapter = named[-1] if named else default_chapter
    if not chapter:
        return "names no chapter (E3-SAP, E3-geometry or MJ-solvers number their formulas separately)"
    chapter = {c.lower(): c for c in CHAPTERS.values()}[chapter.lower()]
    if number not in numbers.get(chapter, set()):
        return "the formula sheet's %s part has no (%s)" % (chapter, number)
    return None


def Paragraphs(lines):
    """[(first line index, [lines])] split at blank lines."""
    out, start, block = [], 0, []
    for i, line in enumerate(lines):
        if line.strip():
            if not block:
                start = i
            block.append(line)
        elif block:
            out.append((start, block))
            block = []
    if block:
        out.append((start, block))
    return out


def LineFindings(numbers, rel, text, code):
    """[(line, reference, problem)] of a text or code file."""
    lines = text.split("\n")
    chapter = PathChapter(rel)
    paragraphs = Paragraphs(lines)
    header = "\n".join(paragraphs[0][1]) if code and paragraphs else ""
    found = []
    for start, block in paragraphs:
        for k, line in enumerate(block):
            for m in REFERENCE.finditer(line):
                number = m.group(1) + "." + m.group(2) + m.group(3)
                literal = next((s for s in STRING.finditer(line) if s.start() < m.start() < s.end()), None) if code else None
                if literal:
                    # What the program prints: the string literals of the paragraph up to here.
                    # (adjacent literals joined as the compiler joins them)
                    before = "".join(s.group(0)[1:-1] for b in block[:k] for s in STRING.finditer(b))
                    before += "".join(s.group(0)[1:-1] for s in STRING.finditer(line[:literal.start()]))
                    before += line[literal.start() + 1:m.start()]
                    problem = Judge(numbers, before, number, chapter)
                else:
                    before = "\n".join(block[:k] + [line[:m.start()]])
                    problem = Judge(numbers, before, number, chapter, header if code else "")
                if problem:
                    found.append((start + k + 1, m.group(0), problem))
    return found


def JsonFindings(numbers, rel, data):
    """[(JSON path, reference, problem)] of every string of a JSON document."""
    found = []

    def Walk(node, where, chapter):
        if isinstance(node, dict):
            if isinstance(node.get("chapter"), str):
                chapter = CHAPTERS.get(node["chapter"].lower(), chapter)
            sections = node.get("sections")
            if isinstance(sections, list) and sections and isinstance(sections[0], str):
                m = CHAPTER_TOKEN.search(sections[0])
                chapter = m.group(1) if m else chapter
            for key, value in node.items():
                Walk(value, "%s.%s" % (where, key), chapter)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                Walk(value, "%s[%d]" % (where, i), chapter)
        elif isinstance(node, str):
            for m in REFERENCE.finditer(node):
                number = m.group(1) + "." + m.group(2) + m.group(3)
                problem = Judge(numbers, node[:m.start()], number, chapter)
                if problem:
                    found.append((where, m.group(0), problem))

    Walk(data, "", PathChapter(rel))
    return found


def NotebookFindings(numbers, rel, notebook):
    """[(cell N, reference, problem)]: each cell is one unit."""
    found = []
    for i, cell in enumerate(notebook.get("cells", [])):
        source = "".join(cell.get("source", []))
        for m in REFERENCE.finditer(source):
            number = m.group(1) + "." + m.group(2) + m.group(3)
            problem = Judge(numbers, source[:m.start()], number, PathChapter(rel))
            if problem:
                found.append(("cell %d" % i, m.group(0), problem))
    return found


def FileFindings(numbers, rel, text):
    if rel.endswith(".ipynb"):
        return NotebookFindings(numbers, rel, json.loads(text))
    if rel.endswith(".json"):
        return JsonFindings(numbers, rel, json.loads(text))
    code = rel.endswith(CODE_SUFFIXES) or os.path.basename(rel) == "CMakeLists.txt"
    if code or rel.endswith(TEXT_SUFFIXES) or "." not in os.path.basename(rel):
        return LineFindings(numbers, rel, text, code)
    return []


def TrackedFiles(source):
    listed = subprocess.run(["git", "-C", source, "ls-files"], stdout=subprocess.PIPE, text=True)
    if listed.returncode != 0:
        sys.exit("check_equation_refs: %s is not a git work tree (git ls-files failed)" % source)
    return [p for p in listed.stdout.splitlines() if not p.startswith(SKIPPED_PREFIXES)]


def Check(source, shared, report):
    numbers = SheetNumbers(shared)
    failures, allowed = [], {}
    for rel in TrackedFiles(source):
        path = os.path.join(source, rel)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        findings = FileFindings(numbers, rel, text)
        if rel in ALLOWED_REFERENCE_FILES:
            allowed[rel] = findings
            continue
        failures += ["%s:%s: %s %s" % (rel, where, ref, problem) for where, ref, problem in findings]
    for rel in sorted(ALLOWED_REFERENCE_FILES):
        if not allowed.get(rel):
            failures.append("%s: on ALLOWED_REFERENCE_FILES with nothing to report: remove it from the list" % rel)
        elif report:
            for where, ref, problem in allowed[rel]:
                print("allowed until rewritten: %s:%s: %s %s" % (rel, where, ref, problem))
    for f in failures:
        print(f)
    count = sum(len(v) for v in allowed.values())
    print("check_equation_refs: %d failure(s); %d reference(s) in %d allow-listed reference/ file(s)" % (
        len(failures), count, len([r for r in allowed if allowed[r]])))
    return 1 if failures else 0


def SelfTest(shared):
    """Each rule must pass what it should and catch what it should (the sheet read live)."""
    numbers = SheetNumbers(shared)
    cases = [
        # (file, text, number of findings)
        ("figures/e3-sap/a.py", '"""E3-SAP §4.2: (4.3)."""\n', 1),                     # no qualifier
        ("figures/e3-sap/a.py", '"""E3-SAP §4.2, formula sheet (4.3)."""\n', 0),      # path chapter
        ("docs/pages/a.md", "formula sheet (4.3)\n", 1),                                 # no chapter
        ("docs/pages/a.md", "formula sheet E3-SAP (4.3) and (4.4)\n", 0),
        ("docs/pages/a.md", "formula sheet MJ-solvers (4.3)\n", 1),                      # not in that part
        ("docs/pages/a.md", "formula sheet MJ-solvers (5.2)\n", 1),
        ("docs/pages/a.md", "formula sheet (0.1)\n", 0),                                 # shared §0
        ("docs/pages/a.md", "formula sheet E3-SAP (4.3)\n\nthen (4.4)\n", 1),            # new paragraph
        ("docs/pages/a.md", "std::atan(3.0), ℓ'(1.5), (0.25), MuJoCo (3.10)\n", 0),    # not references
        ("x/a.cc", "// E3-SAP §4.2, formula sheet (4.3).\n\n// the test (4.4)\n", 0),   # comment: header
        ("x/a.cc", '// E3-SAP, formula sheet.\n\nPrint("the flag of (4.3)");\n', 1),    # printed: no header
        ("x/a.cc", 'Print("E3-SAP formula "\n      "sheet (4.3)");\n', 0),               # literals joined
        ("figures/captions.json", json.dumps({"f": {"sections": ["E3-SAP §4.2"], "caption": "formula sheet (4.3)"}}), 0),
        ("figures/captions.json", json.dumps({"f": {"sections": ["MJ-solvers §5"], "caption": "formula sheet (4.3)"}}), 1),
        ("chapters/e3-sap/x.ipynb", json.dumps({"cells": [{"source": ["formula sheet (4.3)"]}]}), 0),
        ("chapters/e3-sap/x.ipynb", json.dumps({"cells": [{"source": ["formula sheet"]}, {"source": ["(4.3)"]}]}), 1),
    ]
    bad = []
    for rel, text, want in cases:
        got = FileFindings(numbers, rel, text)
        if len(got) != want:
            bad.append("%s %r: %d finding(s), expected %d: %s" % (rel, text, len(got), want, got))
    for b in bad:
        print("self-test:", b)
    print("check_equation_refs self-test: %d of %d cases wrong" % (len(bad), len(cases)))
    return 1 if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source")
    parser.add_argument("--shared", required=True)
    parser.add_argument("--report", action="store_true", help="also list the allow-listed findings")
    parser.add_argument("--self-test", action="store_true")
    a = parser.parse_args()
    if a.self_test:
        return SelfTest(a.shared)
    if not a.source:
        parser.error("--source is required")
    return Check(a.source, a.shared, a.report)


if __name__ == "__main__":
    sys.exit(main())
