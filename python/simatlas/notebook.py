"""Helpers of the chapter notebooks (chapters/<chapter>/<chapter>.ipynb): the course's own text of a
section, read at run time from the course material (``../shared/course`` next to the
repository, never copied into it), and the reading exercises graded by the project's exercise
programs (exercises/, the same checks as the ``exercise`` tests)."""

import importlib.util
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

from . import _paths

#: Course file prefix of each chapter (DESIGN.md: 000 = E3-SAP, 001 = E3-geometry, 002 = MJ-solvers).
COURSE_FILES = {"e3-sap": "000_", "e3-geometry": "001_", "mj-solvers": "002_"}


def course_dir():
    """The course texts: $SIMATLAS_COURSE_DIR, else ``course/`` of the build's
    SIMATLAS_SHARED_DIR (default ``../shared`` from the repository root)."""
    return pathlib.Path(os.environ.get("SIMATLAS_COURSE_DIR",
                                       pathlib.Path(_paths.SHARED_DIR) / "course"))


#: A numbered heading of the course texts ("2.1 Free motion …#", "3. 三种近似…#"): the number,
#: then the title; the copied pages end each heading with the anchor sign "#".
_NUMBERED_HEADING = re.compile(r"^(\d+(?:\.\d+)*)\.? \S.*#\s*$")


def _course_lines(chapter):
    """(file name, lines) of the chapter's course text, or (None, note) when it is absent."""
    folder = course_dir()
    files = sorted(folder.glob(COURSE_FILES[chapter] + "*.txt")) if folder.is_dir() else []
    if not files:
        return None, f"(course text not found in {folder})"
    return files[0].name, files[0].read_text(encoding="utf-8").splitlines()


def _join_tables(lines):
    """The course's tables as one row per line. The copied pages hold a table one cell per line
    ("层 |", an empty cell as "|"), its header cells before the separator "|---|---|…|"; a row is
    the next as many cell lines as the separator has columns, and the table ends at the first
    line that is not a cell. Lines outside tables are returned unchanged."""
    out, i = [], 0
    while i < len(lines):
        line = lines[i].rstrip()
        separator = re.fullmatch(r"\|(?:-+\|)+", line)
        columns = line.count("|") - 1 if separator else 0
        if columns and len(out) >= columns and all(c.endswith("|") for c in out[-columns:]):
            header = [c[:-1].strip() for c in out[-columns:]]
            del out[-columns:]
            out += ["| " + " | ".join(header) + " |", line]
            cells, i = [], i + 1
            while i < len(lines) and lines[i].rstrip().endswith("|"):
                cells.append(lines[i].rstrip()[:-1].strip())
                i += 1
            for k in range(0, len(cells), columns):
                row = cells[k:k + columns] + [""] * (columns - len(cells[k:k + columns]))
                out.append("| " + " | ".join(row) + " |")
            continue
        out.append(line)
        i += 1
    return out


def course_section(chapter, number):
    """The whole text of section ``number`` ("2.1") of ``chapter`` ("e3-geometry", "e3-sap",
    "mj-solvers") as the course writes it: its heading (without the pages' anchor sign "#"),
    every line up to the next numbered heading (formulas, unnumbered sub-headings and
    paragraphs as they are), tables one row per line. A section whose text is all in its
    subsections says so and names them. When the course material is absent, a note saying
    where it was looked for."""
    name, lines = _course_lines(chapter)
    if name is None:
        return lines
    start = next((i for i, line in enumerate(lines)
                  if (m := _NUMBERED_HEADING.match(line)) and m.group(1) == number), None)
    if start is None:
        return f"(section {number} not found in {name})"
    end = next((i for i in range(start + 1, len(lines)) if _NUMBERED_HEADING.match(lines[i])),
               len(lines))
    body = _join_tables([line.rstrip() for line in lines[start + 1:end]])
    body = [line[:-1].rstrip() if line.endswith("#") else line for line in body]
    while body and not body[-1]:
        body.pop()
    heading = lines[start].rstrip()[:-1].rstrip()
    if not any(body):
        children = [m.group(1) for line in lines[end:]
                    if (m := _NUMBERED_HEADING.match(line)) and m.group(1).startswith(number + ".")]
        where = (" before its subsections " + ", ".join(f"§{c}" for c in children)) if children else ""
        return "\n".join([heading, f"(§{number} has no text of its own{where})"])
    return "\n".join([heading] + body)


#: The formula sheet's chapter headings (course/FORMULAS.md: "# Chapter E3-SAP — …").
SHEET_CHAPTERS = {"e3-sap": "E3-SAP", "e3-geometry": "E3-geometry", "mj-solvers": "MJ-solvers"}


def formula_sheet_section(chapter, number):
    """Section ``number`` of ``chapter`` in the course's formula sheet (course/FORMULAS.md,
    which restores the formulas the copied E3-geometry and MJ-solvers texts lost): its heading
    line through the line before the next section of the same or a higher level or the next
    numbered subsection ("### §3.1"); lettered parts (§2a, §2b) and unnumbered parts ("### PGS")
    belong to it. None when the sheet or the section is absent."""
    sheet = course_dir() / "FORMULAS.md"
    if not sheet.is_file():
        return None
    lines = sheet.read_text(encoding="utf-8").splitlines()
    title = SHEET_CHAPTERS[chapter]
    begin = next((i for i, line in enumerate(lines)
                  if line.startswith(f"# Chapter {title} ")), None)
    if begin is None:
        return None
    heading = re.compile(rf"^#{{2,3}} §{re.escape(number)} ")
    start = next((i for i in range(begin + 1, len(lines))
                  if lines[i].startswith("# ") or heading.match(lines[i])), None)
    if start is None or lines[start].startswith("# "):
        return None
    end = next((i for i in range(start + 1, len(lines))
                if re.match(r"^#{1,2} |^### §\d+(\.\d+)+ ", lines[i])), len(lines))
    body = lines[start:end]
    while body and not body[-1].strip():
        body.pop()
    return "\n".join(body)


def show_course(chapter, number, formulas=True):
    """Prints course_section (the original wording of the whole section, for reading next to
    the notebook's own summary) and, with ``formulas``, the section's entry of the formula sheet
    (formula_sheet_section), under a line naming it."""
    print(course_section(chapter, number))
    sheet = formula_sheet_section(chapter, number) if formulas else None
    if sheet:
        print(f"\n── the formula sheet (course/FORMULAS.md), §{number} ──")
        print(sheet)


def port_module(relative_path):
    """The project's Python port at relative_path (from the repository root, e.g.
    "tools/check/test/port.py", whose LAWS table maps each law to its function) loaded as a
    module, as if run without arguments (the faithful port); a protocol loop at its top level
    reads an empty stdin and ends at once."""
    path = pathlib.Path(_paths.SOURCE_DIR) / relative_path
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    saved = sys.stdin, sys.argv
    sys.stdin, sys.argv = io.StringIO(""), [str(path)]
    try:
        spec.loader.exec_module(module)
    finally:
        sys.stdin, sys.argv = saved
    return module


def _answer_file(kind, chapter, number):
    """exercises/<chapter>/ex<N>_<kind>.txt (kind "answer": the blank form, "solution")."""
    return pathlib.Path(_paths.SOURCE_DIR) / "exercises" / chapter / f"ex{number}_{kind}.txt"


def exercise_question(chapter, number):
    """The question and the fields of reading exercise ``number`` of ``chapter``
    ("e3-geometry", "e3-sap", "mj-solvers"), from its blank answer form."""
    return _answer_file("answer", chapter, number).read_text(encoding="utf-8")


def solution(chapter, number):
    """The reference answer (exercises/<chapter>/ex<N>_solution.txt) as a dict {key: value text}."""
    answers = {}
    for line in _answer_file("solution", chapter, number).read_text(encoding="utf-8").splitlines():
        line = line.split(" #")[0].strip()
        if line and not line.startswith("#"):
            key, value = line.split(":", 1)
            answers[key.strip()] = value.strip()
    return answers


class Grade:
    """The verdict of one reading exercise, by the rule of ``simatlas exercise``: ``passed``;
    ``fields`` [(key, agrees, message)]; ``problems`` (why the answer cannot be graded: the
    blank form, a missing, malformed or unknown field; then nothing is right or wrong);
    ``hint`` (where to look, never the answer); ``evidence`` and ``reason`` (the answer's
    explanation). Truthy exactly when passed. Its repr is one ✓/✗ line per field (or the
    problems), then the evidence and the reason after a right answer or when ``explain`` is
    set, else the hint. A wrong answer is shown, never raised."""

    def __init__(self, passed, fields, log, problems=(), hint="", evidence=(), reason="",
                 explain=False):
        self.passed = passed
        self.fields = fields
        self.log = log
        self.problems = list(problems)
        self.hint = hint
        self.evidence = list(evidence)
        self.reason = reason
        self.explain = explain

    def __bool__(self):
        return self.passed

    def explanation(self):
        """The evidence the reference engine computed and the reason (gives the answer away)."""
        return "\n".join(["evidence (reference engine):"] + [f"  {line}" for line in self.evidence]
                         + [f"reason: {self.reason}"])

    def __repr__(self):
        if self.problems:  # not gradable: the problems only, as `simatlas exercise` (exit 2)
            return "\n".join(f"✗ {problem}" for problem in self.problems)
        if not self.fields:
            return "✗ the exercise program gave no verdict:\n" + self.log
        lines = [f"{'✓' if ok else '✗'} {key}: {message}" for key, ok, message in self.fields]
        if self.passed or self.explain:
            lines.append(self.explanation())
        elif self.hint:
            lines.append(f"hint: {self.hint}")
            lines.append("(grade(..., explain=True) shows the evidence and the reason)")
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):
        printer.text(repr(self))


def grade(chapter, number, answers, explain=False):
    """Grades answers (a dict {key: value}; values as the answer format writes them, e.g.
    "yes", 50000 or "50000 N/m"; None leaves a field out) with the exercise's own check, as
    ``simatlas exercise CHAPTER N --answer FILE [--explain]`` does: the program
    ``<build>/exercises/exercises_<chapter>`` grades a temporary answer file and writes its
    report (exercises/support/exercise_report.h). Returns a Grade; a wrong or incomplete answer
    is a Grade showing ✗, not an exception."""
    if all(value is None for value in answers.values()):
        # The notebook's blank form (every value None): said in the notebook's words, not the
        # answer file's ("remove the '#' before each key" of a file the student never sees).
        return Grade(False, [], "", problems=[
            f"no answer yet: replace each None ({', '.join(answers)}) and run the cell again"])
    program = pathlib.Path(_paths.BUILD_EXERCISES) / f"exercises_{chapter}"
    with tempfile.TemporaryDirectory(prefix="simatlas-answers-") as folder:
        sheet = pathlib.Path(folder) / f"{number}.txt"
        sheet.write_text("".join(f"{k}: {v}\n" for k, v in answers.items() if v is not None),
                         encoding="utf-8")
        report_file = pathlib.Path(folder) / "report.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SIMATLAS_EXERCISE_")}
        env.update(SIMATLAS_EXERCISE_ANSWER_FILE=str(sheet), SIMATLAS_EXERCISE_REPORT=str(report_file))
        done = subprocess.run([str(program), f"--gtest_filter=Ex{number}.*"], env=env,
                              capture_output=True, text=True, check=False)
        report = json.loads(report_file.read_text(encoding="utf-8")) if report_file.exists() else None
    log = done.stdout + done.stderr
    if not report or not report.get("graded"):
        problems = [report["error"]] if report and report.get("error") else []
        return Grade(False, [], log, problems=problems)
    graded = report["graded"]
    fields = [(f["key"], f["agrees"], f["message"]) for f in graded["fields"]]
    problems = report["error"].splitlines() if report.get("error") else []
    passed = graded["passed"] and not problems and bool((report.get("solution") or {}).get("passed"))
    return Grade(passed, fields, log, problems=problems, hint=report.get("hint", ""),
                 evidence=report.get("evidence", []), reason=report.get("reason", ""),
                 explain=explain)
