"""The course map's model: docs/sections.json and the names derived from it.

Shared by build_site.py (which writes the site) and the checks (check_sections.py,
check_links.py, check_browser.py), so that page names and anchors are defined once.
"""

import fnmatch
import glob
import html
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
    """Hand-written part of a section page (formulas, sign conventions): chapters/<chapter>/pages/<number>.md."""
    return os.path.join(source, "chapters", sec["chapter"], "pages", sec["number"] + ".md")


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
    m = re.match(r"^exercises/([a-z0-9_-]+)/(ex[0-9]+_[A-Za-z0-9_]+)\.cc$", path)
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
        m = re.match(r"^exercises/([a-z0-9_-]+)/ex([0-9]+)_[A-Za-z0-9_]+\.cc$", rel)
        if m and m.group(1) not in ("implement", "support"):
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
            chapter = m.group(1).lower()
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


SECTION_FILE_KINDS = ("reference", "unit_tests", "property_tests", "oracle_tests", "exercises")


def SupportFiles(model):
    """Every file of the named support lists (files that serve no single section)."""
    return [f for lst in model.get("support", []) for f in lst["files"]]


def SectionFiles(sec):
    """Every file a section lists: its reference code, tests and exercises."""
    return [f for kind in SECTION_FILE_KINDS for f in sec.get(kind, [])]


def MappedFiles(model):
    """Every file the map places: on a section or on a support list."""
    return set(SupportFiles(model)) | set(f for sec in model["sections"] for f in SectionFiles(sec))


def InMapScope(path):
    """Whether a repository file must be on the map: every reference source and every test file
    (unit, property, oracle, Python, command-line and tool tests, the model adapter)."""
    return bool(re.match(r"reference/.*\.(h|cc)$", path)
                or re.match(r"property_tests/.*\.(h|cc)$", path)
                or re.match(r"oracle/.*\.(h|cc|py)$", path)
                or re.match(r"python/tests/.*\.py$", path)
                or re.match(r"(tools|adapters|exercises|chapters)/(.*/)?test/.*\.(h|cc|py)$", path)
                or re.match(r"adapters/.*\.(h|cc)$", path))


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
    counts = {}
    for s in secs:
        counts[s["status"]] = counts.get(s["status"], 0) + 1
    states = ", ".join("%d %s" % (counts[k], k) for k in ("implemented", "partial", "not yet implemented") if counts.get(k))
    text = "%d course sections, each with a page (%s); %d figures in this build" % (
        len(secs), states.replace("not yet implemented", "planned"), len(figures_present))
    if exercise_results:
        passed = sum(1 for v in exercise_results.values() if v == "passed")
        text += "; exercises: %d of %d passing with the %s (ctest run of %s)" % (
            passed, len(exercise_results), mode, started or "unknown date")
    else:
        text += "; exercises: not run in this build (ctest -L exercise runs them)"
    return text


# --- Course order, course quotes, code lines, captions ---------------------------

def Raw(text):
    """Raw HTML for a Doxygen page; '*' is escaped because Doxygen scans for comment ends."""
    return "\\htmlonly\n" + text.replace("*", "&#42;") + "\n\\endhtmlonly\n"


def NaturalKey(number):
    """Sort key of a section number: "2" < "2.1" < "10" (numbers, not strings)."""
    return tuple(int(part) for part in number.split("."))


def CourseOrder(model):
    """The sections in the course's order: chapters as docs/sections.json lists them (the order
    the course texts link them: geometry, then SAP, then MuJoCo), sections numerically within."""
    rank = {ch["id"]: i for i, ch in enumerate(model["chapters"])}
    return sorted(model["sections"], key=lambda s: (rank[s["chapter"]], NaturalKey(s["number"])))


class LocatorError(Exception):
    """A locator of docs/sections.json does not find its text (the message says which and why)."""


def CourseLines(shared, model, chapter_id):
    """The lines of a chapter's course text (without line ends)."""
    path = os.path.join(shared, "course", Chapter(model, chapter_id)["course_file"])
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n")
    except OSError as e:
        raise LocatorError("course text %s of %s cannot be read: %s" % (path, chapter_id, e.strerror))


def SectionLineRange(lines, number):
    """(first, last) 0-based line indices of a numbered section of a course text: from its
    heading line ("N. title#" or "N.M title#") to the line before the next numbered heading."""
    heading = re.compile(r"^(\d+(?:\.\d+)?)\.?\s+.*#$")
    start = None
    for i, line in enumerate(lines):
        m = heading.match(line.strip())
        if not m:
            continue
        if start is not None:
            return start, i - 1
        if m.group(1) == number:
            start = i
    if start is None:
        raise LocatorError("section %s has no heading in the course text" % number)
    return start, len(lines) - 1


QUOTE_MAX_LINES = 2  # a quote is one line of the course text, or a question and its answer


def CourseQuote(shared, model, sec):
    """The course's own sentence(s) for a section, cut from the course text at build time by the
    locator sec["quote"] = {"from": A, "to": B}: the text from the start of A to the end of B,
    where A and B each occur exactly once in the chapter's file, B after A on the same line or
    on one of the next QUOTE_MAX_LINES - 1 lines (a question and its answer), and every quoted
    line inside the section (its heading line counts: some sections are a heading only).
    Returns (quote, 1-based number of its first line); raises LocatorError."""
    where = "%s §%s" % (sec["chapter"], sec["number"])
    loc = sec.get("quote")
    if not isinstance(loc, dict) or not loc.get("from") or not loc.get("to"):
        raise LocatorError("%s has no quote locator {\"from\": …, \"to\": …} in docs/sections.json" % where)
    lines = CourseLines(shared, model, sec["chapter"])
    text = "\n".join(lines)
    for key in ("from", "to"):
        count = text.count(loc[key])
        if count != 1:
            raise LocatorError("%s: quote locator %s '%s' occurs %d times in %s (it must occur once)" % (
                where, key, loc[key], count, Chapter(model, sec["chapter"])["course_file"]))
    begin = text.index(loc["from"])
    end = text.index(loc["to"]) + len(loc["to"])
    if end <= begin + len(loc["from"]) - 1 or text.count("\n", begin, end) >= QUOTE_MAX_LINES:
        raise LocatorError("%s: quote locator 'to' must follow 'from' on the same line of the course text "
                           "or within the next %d lines" % (where, QUOTE_MAX_LINES - 1))
    line = text.count("\n", 0, begin)
    line_end = text.count("\n", 0, end)
    first, last = SectionLineRange(lines, sec["number"])
    if not (first <= line <= last and line_end <= last):
        raise LocatorError("%s: the quoted line %d lies outside the section (lines %d-%d)" % (
            where, (line if line < first or line > last else line_end) + 1, first + 1, last + 1))
    return text[begin:end], line + 1


class CodeLineError(Exception):
    """A function named in docs/sections.json "code" is not defined in the named file."""


def FunctionLine(source, rel, function):
    """1-based line of the definition of FUNCTION (a name, optionally Class::name) in the
    repository file REL: the first line that starts at column 0, is no comment or preprocessor
    line, names FUNCTION followed by '(' and is not a bare declaration ending in ';'."""
    name = function.split("::")[-1]
    qualifier = function[:-len(name)]
    pattern = re.compile(r"(?:^|[\s*&:<>])%s%s\s*\(" % (re.escape(qualifier), re.escape(name)))
    try:
        with open(os.path.join(source, rel), encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise CodeLineError("%s cannot be read: %s" % (rel, e.strerror))
    for i, line in enumerate(lines):
        if not line or line[0] in " \t/#}" or line.rstrip().endswith(";"):
            continue
        if pattern.search(line):
            return i + 1
    raise CodeLineError("function %s is not defined at the top level of %s" % (function, rel))


TEST_START = re.compile(r"^(?:TEST|TEST_F|TEST_P|RC_GTEST_PROP|RC_GTEST_FIXTURE_PROP)\s*\(\s*(\w+)\s*,\s*(\w+)")


def TestsCalling(source, rel, functions):
    """[(Suite.Name, 1-based line)] of the GoogleTest/RapidCheck tests in REL whose body calls one
    of FUNCTIONS (bare or Class::name; a call is the name followed by '(')."""
    with open(os.path.join(source, rel), encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    calls = re.compile(r"\b(?:%s)\s*\(" % "|".join(re.escape(fn.split("::")[-1]) for fn in functions))
    starts = [(i, m.group(1) + "." + m.group(2)) for i, m in ((i, TEST_START.match(l)) for i, l in enumerate(lines)) if m]
    out = []
    for k, (i, name) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        if any(calls.search(l) for l in lines[i:end]):
            out.append((name, i + 1))
    return out


def LineAnchor(line):
    """The anchor of a line in the site's source views (Doxygen's form, l00042)."""
    return "l%05d" % line


def Captions(source):
    """figures/captions.json ({stem: {sections, caption, data, script, command}}) or {}."""
    path = os.path.join(source, "figures", "captions.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def SectionFigures(sec, captions):
    """The figure stems of a section: its docs/sections.json "figures" list, then every figure
    whose captions.json entry names this section ("e3-sap/4.1")."""
    out = list(sec.get("figures", []))
    if "chapter" not in sec:
        return out
    key = "%s/%s" % (sec["chapter"], sec["number"])
    for stem, entry in sorted(captions.items()):
        if key in entry.get("sections", []) and stem not in out:
            out.append(stem)
    return out


def FileSections(model, captions):
    """{file path from the repository root: [sections, in course order]}: the sections whose
    docs/sections.json entry lists the file (reference, tests, exercises, code) or whose figure's
    captions.json entry names it as the script. Source views and API pages link back to these."""
    out = {}
    for sec in CourseOrder(model):
        files = [f for k in ("reference", "unit_tests", "property_tests", "oracle_tests", "exercises")
                 for f in sec.get(k, [])]
        files += [entry["file"] for entry in sec.get("code", [])]
        files += [captions[stem]["script"] for stem in SectionFigures(sec, captions)
                  if captions.get(stem, {}).get("script")]
        for f in files:
            if sec not in out.setdefault(f, []):
                out[f].append(sec)
    return out


def SectionLinks(model, sections, prefix=""):
    """The HTML of a "course section" line linking each of SECTIONS (PREFIX: the path from the
    page to the site root), or "" when there is none."""
    import html
    if not sections:
        return ""
    links = ", ".join('<a href="%s%s.html">%s §%s %s</a>' % (
        prefix, PageName(sec), html.escape(Chapter(model, sec["chapter"])["name"]), html.escape(sec["number"]),
        html.escape(sec["title_en"])) for sec in sections)
    return '<p class="section-backlink">Course section%s: %s</p>' % ("s" if len(sections) > 1 else "", links)


def ShellCommand(command, simatlas):
    """argv of a "simatlas …" command of docs/sections.json, with the program path substituted."""
    import shlex
    argv = shlex.split(command)
    if not argv or argv[0] != "simatlas":
        raise ValueError("command '%s' does not start with 'simatlas'" % command)
    return [simatlas] + argv[1:]


def ToolOptionHelp(simatlas, command):
    """{option: its one-line help} of the tool a docs/sections.json command runs: for `simatlas
    simulate SCENE`, the scene's keys from `simatlas simulate --list --json` (description, unit or
    choices, default); otherwise the --flags that `simatlas TOOL --help` prints (stdout or stderr),
    each with its own help line ("    --solver pgs|cg|newton  (default …)  …") or, failing one, its
    bracket in a usage line ("--line-search exact|backtracking"); the first such mention wins."""
    import shlex
    import subprocess
    argv = shlex.split(command)
    if len(argv) > 2 and argv[1] == "simulate":
        listed = subprocess.run([simatlas, "simulate", "--list", "--json"], stdout=subprocess.PIPE, text=True).stdout
        try:
            scenes = json.loads(listed)
        except ValueError:
            return {}
        out = {}
        for scene in scenes:
            if scene.get("name") != argv[2]:
                continue
            for key in scene.get("keys", []):
                kind = "one of " + "|".join(key["choices"]) if key.get("choices") else "[%s]" % key.get("unit", "")
                default = key.get("default")
                default = "%g" % default if isinstance(default, (int, float)) else default
                out[key["name"]] = "%s %s, default %s: %s" % (key["name"], kind, default, key.get("description", ""))
        return out
    r = subprocess.run([simatlas, argv[1], "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = (r.stdout + "\n" + r.stderr).split("\n")
    out = {}
    for line in lines:
        own = re.match(r"^\s+(--[a-z][a-z0-9-]*)\b(.*)$", line)
        if own:
            out.setdefault(own.group(1), re.sub(r"\s+", " ", own.group(0).strip()))
    for line in lines:
        for m in re.finditer(r"\[(--[a-z][a-z0-9-]*)([^\]]*)\]", line):
            out.setdefault(m.group(1), m.group(0)[1:-1])
        for flag in re.findall(r"--[a-z][a-z0-9-]*", line):
            out.setdefault(flag, flag)
    return out


PLACEHOLDER = re.compile(r"\b(?:yet|TODO|FIXME|TBD|not executable|placeholder|lorem ipsum)\b", re.I)
