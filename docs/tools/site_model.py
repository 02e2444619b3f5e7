"""The course map's model: docs/sections.json and the names derived from it.

Shared by build_site.py (which writes the site) and the checks (check_sections.py,
check_links.py, check_browser.py), so that page names and anchors are defined once.
"""

import fnmatch
import glob
import json
import os
import re

_SECTION_PAGES = set()


def Load(source):
    """Reads docs/sections.json and remembers which section pages exist."""
    with open(os.path.join(source, "docs", "sections.json"), encoding="utf-8") as f:
        model = json.load(f)
    _SECTION_PAGES.clear()
    for sec in model["sections"]:
        _SECTION_PAGES.add(PageName(sec))
    return model


def Label(text):
    """A Doxygen label from free text ("e3-geometry" -> "e3_geometry")."""
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")


def PageName(sec):
    """Doxygen page name (and HTML file stem) of a section: sec_e3_geometry_2_1."""
    return "sec_" + Label(sec["chapter"]) + "_" + Label(sec["number"])


def Chapter(model, chapter_id):
    for ch in model["chapters"]:
        if ch["id"] == chapter_id:
            return ch
    raise KeyError(chapter_id)


def Heading(sec):
    """The heading as the course text writes it: "1. title" for a top section, "2.1 title" below."""
    number = sec["number"] + ("." if "." not in sec["number"] else "")
    return number + " " + sec["title_zh"]


def TextPath(source, sec):
    """Hand-written part of a section page (formulas, sign conventions): docs/pages/<chapter>/<number>.md."""
    return os.path.join(source, "docs", "pages", sec["chapter"], sec["number"] + ".md")


def LawAnchor(name):
    return "law_" + Label(name)


def FigureAnchor(name):
    return "figure_" + Label(name)


def ParseLawSection(section):
    """("E3-geometry §2.2" | "MJ-solvers §2a") -> ("e3-geometry", "2.2" | "2"), or None."""
    m = re.match(r"^\s*(E3-geometry|E3-SAP|MJ-solvers)\s*§\s*([0-9]+(?:\.[0-9]+)?)[a-z]?", section)
    if not m:
        return None
    return m.group(1).lower(), m.group(2)


def SectionOfLaw(section):
    """The page of the section a law's registry section names, if that page exists."""
    parsed = ParseLawSection(section)
    if not parsed:
        return None
    page = "sec_" + Label(parsed[0]) + "_" + Label(parsed[1])
    return page if page in _SECTION_PAGES else None


def LawsBySection(laws):
    """{(chapter, number): [law names]} from the registry's section fields, in registry order."""
    out = {}
    for law in laws:
        key = ParseLawSection(law["section"])
        if key:
            out.setdefault(key, []).append(law["name"])
    return out


def SectionLaws(sec, laws_by_section):
    """The registry's laws of this section, then the extra ones the table lists."""
    names = list(laws_by_section.get((sec["chapter"], sec["number"]), []))
    for extra in sec.get("laws", []):
        if extra not in names:
            names.append(extra)
    return names


def FiguresPresent(build):
    """{figure name: PNG path} of the figures the `figures` target wrote."""
    out = {}
    for png in sorted(glob.glob(os.path.join(build, "course", "figures", "*.png"))):
        out[os.path.basename(png)[:-4]] = png
    return out


def ExerciseTestName(path):
    """ctest name of an exercise file, following exercises/CMakeLists.txt, or None."""
    m = re.match(r"^exercises/([a-z0-9_]+)/(ex[0-9]+_[A-Za-z0-9_]+)\.cc$", path)
    if m and m.group(1) != "implement":
        return "exercise_%s_%s" % (m.group(1), m.group(2))
    m = re.match(r"^exercises/implement/([a-z0-9_]+)\.h$", path)
    if m and m.group(1) != "implementation_exercise":
        return "exercise_implement_" + m.group(1)
    return None


def ReadingExercises(source):
    """[(chapter folder, N, path)] of exercises/<chapter>/ex<N>_<slug>.cc, by chapter then N."""
    out = []
    for path in glob.glob(os.path.join(source, "exercises", "*", "ex*_*.cc")):
        rel = os.path.relpath(path, source)
        m = re.match(r"^exercises/([a-z0-9_]+)/ex([0-9]+)_[A-Za-z0-9_]+\.cc$", rel)
        if m and m.group(1) not in ("implement", "support", "answers", "solutions"):
            out.append((m.group(1), int(m.group(2)), rel))
    return sorted(out)


def ImplementationExercises(source):
    """Law names of exercises/implement/<law>_exercise.cc, sorted."""
    return sorted(os.path.basename(p)[:-len("_exercise.cc")]
                  for p in glob.glob(os.path.join(source, "exercises", "implement", "*_exercise.cc")))


def ReadmeQuestions(source):
    """{(chapter folder, N): question} from the tables of exercises/README.md under "### <Chapter> §…"."""
    path = os.path.join(source, "exercises", "README.md")
    out, chapter = {}, None
    if not os.path.exists(path):
        return out
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^###\s+(E3-geometry|E3-SAP|MJ-solvers)\b", line)
        if m:
            chapter = m.group(1).lower().replace("-", "_")
            continue
        if line.startswith("## "):
            chapter = None
        m = re.match(r"^\|\s*([0-9]+)\s*\|\s*([^|]+?)\s*\|", line)
        if chapter and m:
            out[(chapter, int(m.group(1)))] = m.group(2)
    return out


def ExerciseResults(build):
    """{ctest name: "passed" | "failed"} of the exercise tests in the last ctest run of BUILD that
    ran any (LastTest.log; remembered in BUILD/docs/exercise-results.json, since a later run of
    other labels overwrites the log), and when that run started ("" if unknown)."""
    log = os.path.join(build, "Testing", "Temporary", "LastTest.log")
    memo = os.path.join(build, "docs", "exercise-results.json")
    results, started, current = {}, "", None
    if os.path.exists(log):
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("Start testing:"):
                    started = line.split(":", 1)[1].strip()
                m = re.match(r"^\d+/\d+ Test: (\S+)", line)
                if m:
                    current = m.group(1)
                elif current and line.startswith("Test Passed."):
                    results[current] = "passed"
                    current = None
                elif current and line.startswith("Test Failed"):
                    results[current] = "failed"
                    current = None
    results = {k: v for k, v in results.items() if k.startswith("exercise_")}
    if results:
        os.makedirs(os.path.dirname(memo), exist_ok=True)
        with open(memo, "w", encoding="utf-8") as f:
            json.dump({"started": started, "results": results}, f, indent=1)
        return results, started
    if os.path.exists(memo):
        with open(memo, encoding="utf-8") as f:
            saved = json.load(f)
        return saved["results"], saved["started"]
    return {}, ""


def AnswersMode(build):
    """The SIMATLAS_EXERCISE_ANSWERS cache value of BUILD (solutions or answers)."""
    cache = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache):
        for line in open(cache, encoding="utf-8", errors="replace"):
            if line.startswith("SIMATLAS_EXERCISE_ANSWERS:"):
                return line.split("=", 1)[1].strip()
    return "solutions"


def ApiHeaders(source, excludes, build=None):
    """The headers of the API pages, found again on every run: each *.h under SOURCE whose path
    from SOURCE ('/'-separated) matches none of the fnmatch patterns EXCLUDES (docs/CMakeLists.txt
    holds the list and says why each is excluded). Not source, so never searched: build trees
    (BUILD, and any directory holding a CMakeCache.txt) and hidden directories such as .git."""
    skip = os.path.realpath(build) if build else None
    out = []
    for root, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and os.path.realpath(os.path.join(root, d)) != skip
                         and not os.path.exists(os.path.join(root, d, "CMakeCache.txt")))
        for name in files:
            if name.endswith(".h"):
                rel = os.path.relpath(os.path.join(root, name), source).replace(os.sep, "/")
                if not any(fnmatch.fnmatch(rel, pattern) for pattern in excludes):
                    out.append(rel)
    return sorted(out)


def AllReferenceFiles(source):
    """Every .h and .cc of reference/ outside the test folders."""
    out = []
    for ext in ("h", "cc"):
        for path in glob.glob(os.path.join(source, "reference", "**", "*." + ext), recursive=True):
            rel = os.path.relpath(path, source)
            if "/test/" not in rel:
                out.append(rel)
    return sorted(out)


def Summary(model, figures_present, exercise_results, mode="solutions", started=""):
    """The one-line summary the site target prints and the main page shows."""
    secs = model["sections"]
    done = sum(1 for s in secs if s["status"] == "implemented")
    partial = sum(1 for s in secs if s["status"] == "partial")
    todo = len(secs) - done - partial
    text = "%d course sections, each with a page: %d implemented, %d partial, %d not yet implemented; %d figures written" % (
        len(secs), done, partial, todo, len(figures_present))
    if exercise_results:
        passed = sum(1 for v in exercise_results.values() if v == "passed")
        text += "; exercises: %d of %d passing with the %s (ctest run of %s)" % (
            passed, len(exercise_results), mode, started or "unknown date")
    else:
        text += "; exercises: no ctest result yet (run ctest -L exercise)"
    return text
