#!/usr/bin/env python3
"""The layer rule and the section citations of the sources (DESIGN.md "Layout").

    check_layers.py ROOT DESIGN_MD

Checks, naming file:line for every failure (exit 1; 2 for unusable arguments):
  1. every project #include of a file under reference/, adapters/ and tools/ names its own part
     or a part cmake/layers.txt lets it include; reference/ includes nothing outside reference/
     (test folders of reference/ parts follow their part's rule; those of adapters/ and tools/
     may include oracles and fixtures, so they are not scanned);
  2. the rule is exact: every part that cmake/layers.txt lists for a part is included by some
     file of it (for reference/ parts that is what their CMake target links), and every folder of
     reference/ has a line;
  3. README.md's layer diagram is cmake/layers.txt's rule, line for line;
  4. every file of reference/ cites its section in its first comment line (a course section
     "E3-SAP §…", "E3-geometry §…", "MJ-solvers §…", the formula sheet "formula sheet §…", or a
     DESIGN.md section by its heading, `DESIGN.md "Heading"`);
  5. one place per chapter (README "Layout"): each folder of chapters/, exercises/ and figures/
     is a chapter id of docs/sections.json (e3-sap, the CLI's spelling) or a shared folder
     (support, test, implement, and lab for the experiments that span the chapters), every chapter has its folder in each of them, its section pages
     are in chapters/<chapter>/pages/ (not docs/pages/), and no folder of the repository spells a
     chapter another way (e3_sap);
  6. outside property_tests/, a file includes property_tests/ only through the property families
     library's public headers, property_tests/families/*.h (never a test or its support);
  7. a MuJoCo version's kernel folder (reference/mujoco/mujoco222/) is included by nothing but the
     version seam (reference/mujoco/primal_rules.cc), its own files, tests and the oracles.
"""
import json
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
COURSE_CITATION = re.compile(r"(E3-SAP|E3-geometry|MJ-solvers)\b[^§]*§\s*\d|formula sheet §\s*\d", re.IGNORECASE)
DESIGN_CITATION = re.compile(r'DESIGN\.md "([^"]+)"')
SOURCE_SUFFIXES = {".h", ".cc", ".cpp"}


def read_rule(path):
    """{part: (line number, [parts it may include])} from cmake/layers.txt."""
    rule = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        part, _, deps = line.partition(":")
        rule[part.strip()] = (number, deps.split())
    return rule


def part_of(relative):
    """The part a repository path belongs to: reference/<p>/… → p, adapters/<a>/… → adapters/a,
    tools/<t>/… → tools/t, property_tests/families/… → property_tests/families (the property
    families library), anything else → its first folder."""
    pieces = relative.split("/")
    if pieces[0] == "reference" and len(pieces) > 2:
        return pieces[1]
    if pieces[:2] == ["property_tests", "families"] and len(pieces) > 2:
        return "property_tests/families"
    if pieces[0] in ("adapters", "tools") and len(pieces) > 2:
        return pieces[0] + "/" + pieces[1]
    return pieces[0]


def sources(root, top):
    for path in sorted((root / top).rglob("*")):
        if path.is_file() and path.suffix in SOURCE_SUFFIXES:
            yield path


def check_includes(root, rule, failures):
    """Checks 1 and 2; returns {part: set of parts its non-test files include}."""
    top_folders = {p.name for p in root.iterdir() if p.is_dir()}
    used = {}
    for top in ("reference", "adapters", "tools"):
        for path in sources(root, top):
            relative = path.relative_to(root).as_posix()
            in_test = "/test/" in relative
            if in_test and top != "reference":
                continue
            part = part_of(relative)
            if part not in rule:
                failures.append(f"{relative}:1: part '{part}' has no line in cmake/layers.txt")
                continue
            allowed = set(rule[part][1]) | {part}
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match or match.group(1).split("/")[0] not in top_folders:
                    continue
                included = match.group(1)
                target = part_of(included)
                if top == "reference" and not included.startswith("reference/"):
                    failures.append(f"{relative}:{number}: includes {included}: nothing in "
                                    f"reference/ includes a file outside it")
                elif target not in allowed:
                    failures.append(f"{relative}:{number}: includes {included}: part '{part}' may "
                                    f"include only {', '.join(sorted(allowed))} (cmake/layers.txt)")
                elif not in_test and target != part:
                    used.setdefault(part, set()).add(target)
    # Exactness: nothing listed that no file includes; every reference folder has a line.
    for part, (number, deps) in rule.items():
        for dep in deps:
            if dep not in used.get(part, set()):
                failures.append(f"cmake/layers.txt:{number}: {part} lists {dep}, but no file of "
                                f"{part} includes it (the link would be one the code does not use)")
    for folder in sorted((root / "reference").iterdir()):
        if folder.is_dir() and folder.name not in rule:
            failures.append(f"reference/{folder.name}:1: no line in cmake/layers.txt")


def check_readme(root, rule_path, failures):
    """Check 3: README's fenced layer block equals the rule lines of cmake/layers.txt."""
    rule_lines = [l for l in rule_path.read_text(encoding="utf-8").splitlines()
                  if l.strip() and not l.startswith("#")]
    readme = (root / "README.md").read_text(encoding="utf-8").splitlines()
    try:
        start = readme.index("```text layers")
    except ValueError:
        failures.append("README.md:1: no layer diagram (a ```text layers block with the lines of "
                        "cmake/layers.txt)")
        return
    block = []
    for line in readme[start + 1:]:
        if line.startswith("```"):
            break
        block.append(line)
    if block != rule_lines:
        failures.append(f"README.md:{start + 1}: the layer diagram differs from cmake/layers.txt "
                        f"(README: {block}; cmake/layers.txt: {rule_lines})")


def first_comment(lines):
    """(line number, text) of the first comment line that is not `/// @file`."""
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("//"):
            if stripped.lstrip("/").strip() == "@file":
                continue
            return number, stripped
        if stripped and not stripped.startswith("#pragma"):
            return number, ""
    return 1, ""


def check_citations(root, design_headings, failures):
    """Check 4."""
    for path in sources(root, "reference"):
        relative = path.relative_to(root).as_posix()
        number, comment = first_comment(path.read_text(encoding="utf-8").splitlines())
        design = DESIGN_CITATION.search(comment)
        if COURSE_CITATION.search(comment):
            continue
        if design and (design_headings is None or design.group(1) in design_headings):
            continue
        why = (f'DESIGN.md has no section "{design.group(1)}"' if design else
               "it cites no section")
        failures.append(f"{relative}:{number}: the first comment line must cite the file's "
                        f"section (E3-SAP §…, E3-geometry §…, MJ-solvers §…, formula sheet §… or "
                        f'DESIGN.md "Heading"); {why}: {comment or "(no comment)"}')


CHAPTER_TREES = ("chapters", "exercises", "figures")
SHARED_FOLDERS = {"support", "test", "implement", "lab"}  # lab: experiments across the chapters
SKIPPED_FOLDERS = {".git", "node_modules", "__pycache__"}


def source_folders(root):
    """Every folder under root except hidden ones, caches and build trees (a CMakeCache.txt)."""
    for path in sorted(root.iterdir()):
        if path.is_dir() and path.name not in SKIPPED_FOLDERS and not path.name.startswith(".") \
                and not (path / "CMakeCache.txt").exists():
            yield path
            yield from source_folders(path)


def check_chapter_folders(root, failures):
    """Check 5."""
    try:
        ids = [c["id"] for c in json.loads((root / "docs" / "sections.json").read_text(encoding="utf-8"))["chapters"]]
    except (OSError, ValueError, KeyError) as error:
        failures.append(f"docs/sections.json:1: no chapter ids to check the folders against ({error})")
        return
    for top in CHAPTER_TREES:
        folders = {p.name for p in (root / top).iterdir() if p.is_dir()} if (root / top).is_dir() else set()
        for name in sorted(folders - set(ids) - SHARED_FOLDERS):
            failures.append(f"{top}/{name}:1: not a chapter id of docs/sections.json ({', '.join(ids)}) "
                            f"nor a shared folder ({', '.join(sorted(SHARED_FOLDERS))})")
        for chapter in ids:
            if chapter not in folders:
                failures.append(f"{top}/{chapter}:1: chapter {chapter} has no folder in {top}/")
    for chapter in ids:
        if (root / "docs" / "pages" / chapter).exists():
            failures.append(f"docs/pages/{chapter}:1: a chapter's section pages live in chapters/{chapter}/pages/")
    other_spellings = {i.replace("-", "_"): i for i in ids if "-" in i}
    for path in source_folders(root):
        if path.name in other_spellings:
            failures.append(f"{path.relative_to(root).as_posix()}:1: chapter folder spelled "
                            f"{path.name}; the one spelling is {other_spellings[path.name]}")


def all_files(root):
    """Every file of the tree (source_folders' folders and the root), sorted."""
    files = [p for p in root.iterdir() if p.is_file()]
    for folder in source_folders(root):
        files.extend(p for p in folder.iterdir() if p.is_file())
    return sorted(files)


def check_property_includes(root, failures):
    """Check 6."""
    for path in all_files(root):
        relative = path.relative_to(root).as_posix()
        if path.suffix not in SOURCE_SUFFIXES or relative.startswith("property_tests/"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if match and match.group(1).startswith("property_tests/") and \
                    not match.group(1).startswith("property_tests/families/"):
                failures.append(f"{relative}:{number}: includes {match.group(1)}: outside property_tests/ only "
                                f"the property families library's headers (property_tests/families/) may be included")


# Check 7: each version's kernel folder and the seam files that alone may include it.
VERSION_FOLDERS = {"reference/mujoco/mujoco222/": {"reference/mujoco/primal_rules.cc"}}


def check_version_seam(root, failures):
    """Check 7."""
    for path in all_files(root):
        relative = path.relative_to(root).as_posix()
        if path.suffix not in SOURCE_SUFFIXES or "/test/" in relative or relative.startswith("oracle/"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            for folder, seams in VERSION_FOLDERS.items():
                if match.group(1).startswith(folder) and not relative.startswith(folder) and \
                        relative not in seams:
                    failures.append(f"{relative}:{number}: includes {match.group(1)}: a version's "
                                    f"kernels are included only by the version seam "
                                    f"({', '.join(sorted(seams))})")


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    root, design = pathlib.Path(argv[1]), pathlib.Path(argv[2])
    rule_path = root / "cmake" / "layers.txt"
    try:
        rule = read_rule(rule_path)
    except OSError as error:
        print(f"check_layers: {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    # DESIGN.md lives in the read-only shared folder; without it the headings go unverified.
    design_headings = None
    try:
        design_headings = {line.lstrip("#").strip()
                           for line in design.read_text(encoding="utf-8").splitlines()
                           if line.startswith("#")}
    except OSError as error:
        print(f"check_layers: {error.filename}: {error.strerror}; DESIGN.md citations are "
              f"accepted without checking their heading")
    failures = []
    check_includes(root, rule, failures)
    check_readme(root, rule_path, failures)
    check_citations(root, design_headings, failures)
    check_chapter_folders(root, failures)
    check_property_includes(root, failures)
    check_version_seam(root, failures)
    for failure in failures:
        print(failure)
    print(f"layers: {len(failures)} violation(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
