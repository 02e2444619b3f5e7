"""The exercises page of the course site (the page's part): it leads with the
one-command loop (`simatlas exercise CH N`, then `--answer FILE`); every reading exercise shows
the course's own question (cut from ../shared/course at build time) with its English
translation (docs/exercise_questions_en.json), a link to the section that teaches its concept,
the command that grades it, the answer form and, behind a click, the reference solution; headers
name the exercise and its concept only, never the answer. Run with /usr/bin/python3.
"""

import html
import json
import os
import re

import navigation
import site_model

def CourseQuestions(shared, model, chapter_id):
    """The questions of a chapter's exercise section as the course writes them, in order: the
    lines of the last numbered section that end in a question mark, without their "N." or
    "题 N:" prefix. Raises site_model.LocatorError if the section has none."""
    lines = site_model.CourseLines(shared, model, chapter_id)
    last = max((s for s in model["sections"] if s["chapter"] == chapter_id), key=lambda s: site_model.NaturalKey(s["number"]))
    first, end = site_model.SectionLineRange(lines, last["number"])
    out = []
    for line in lines[first + 1:end + 1]:
        text = line.strip()
        if text.endswith("?") or text.endswith("?"):
            out.append(re.sub(r"^(?:\d+\.\s*|题\s*\d+\s*[::]\s*)", "", text))
    if not out:
        raise site_model.LocatorError("%s §%s: no question line in the course text" % (chapter_id, last["number"]))
    return out


TRANSLATIONS = "docs/exercise_questions_en.json"


def EnglishQuestions(source):
    """{"<folder>/<N>": English question} (the project's own translations of the course's
    questions); raises site_model.LocatorError if the file cannot be read."""
    try:
        with open(os.path.join(source, TRANSLATIONS), encoding="utf-8") as f:
            return json.load(f)["questions"]
    except (OSError, ValueError, KeyError) as e:
        raise site_model.LocatorError("%s cannot be read: %s" % (TRANSLATIONS, e))


def _Result(exercise_results, test):
    """", last result in this build: passed" when this build ran the test, else ""."""
    result = exercise_results.get(test)
    return ", last result in this build: %s" % html.escape(result) if result else ""


def Concept(model, folder, number):
    """The section that teaches the concept of a reading exercise (docs/sections.json
    "exercise_concepts": {"e3-sap/6": "e3-sap/4.2"}), or None. folder is the chapter id."""
    target = model.get("exercise_concepts", {}).get("%s/%d" % (folder, number))
    if not target:
        return None
    chapter, number = target.split("/")
    for sec in model["sections"]:
        if sec["chapter"] == chapter and sec["number"] == number:
            return sec
    return None


def SectionExercises(model, source, sec):
    """HTML list of the reading exercises on a section (its concept, or listed in its
    "exercises"), each linked to its card on the exercises page; "" if none."""
    name = site_model.Chapter(model, sec["chapter"])["name"]
    items = []
    for folder, number, rel in site_model.ReadingExercises(source):
        concept = Concept(model, folder, number)
        if rel in sec["exercises"] or (concept is not None and concept is sec):
            items.append('<li><a href="exercises.html#%s_%d">%s exercise %d</a></li>' % (
                site_model.Label(folder), number, html.escape(site_model.Chapter(model, folder)["name"]), number))
    if not items:
        return ""
    return '<p>Exercises on %s §%s (question, answer form and solution on the exercises page):</p><ul class="section-exercises">%s</ul>' % (
        html.escape(name), html.escape(sec["number"]), "".join(items))


def _Link(source, rel, label, linked):
    if not os.path.exists(os.path.join(source, rel)):
        return "<code>%s</code> (missing)" % html.escape(rel)
    linked.add(rel)
    return '<a href="src/%s.html">%s <code>%s</code></a>' % (html.escape(rel), html.escape(label), html.escape(rel))


def _SectionLink(model, sec):
    return '<a class="concept" href="%s.html">%s §%s %s</a>' % (
        site_model.PageName(sec), site_model.Chapter(model, sec["chapter"])["name"], html.escape(sec["number"]),
        html.escape(sec["title_en"]))


def Page(model, source, shared, exercise_results):
    """(page text, repository files it links to)."""
    linked = set()
    english = EnglishQuestions(source)
    out = ["\\page exercises Exercises", ""]
    intro = ("<p>Each reading exercise is answered in a plain <code>key: value</code> file and graded by one "
             "command, with the same checks as its ctest:</p>"
             "<pre>build/bin/simatlas exercise e3-sap 6                   # the question and the answer form\n"
             "cp exercises/e3-sap/ex6_answer.txt my6.txt            # uncomment each key, fill it in\n"
             "build/bin/simatlas exercise e3-sap 6 --answer my6.txt  # each field right or WRONG\n"
             "build/bin/simatlas exercise e3-sap 6 --answer my6.txt --explain   # the evidence on request</pre>"
             "<p>Exit 0: every field right, then the evidence the reference engine computed and the reason. "
             "Exit 1: the wrong fields and a hint, but not the answer (<code>--explain</code> shows the evidence "
             "and the reason). Exit 2: the file cannot be graded (unreadable, the unchanged blank form, a "
             "missing or misspelled key, a value not of its form), with the problem and nothing else. "
             "<code>simatlas exercise --list</code> lists them all. Each exercise names the section whose page "
             "teaches its concept: read that page first. The reference solution of each is behind a click.</p>"
             "<p>An implementation exercise is answered by writing the <code>*_student.cc</code> file, graded by "
             "the same property checks as the reference engine. To grade every answer at once:</p>"
             "<pre>cmake -S . -B build-answers -DSIMATLAS_EXERCISE_ANSWERS=answers\n"
             "cmake --build build-answers --target exercises\n"
             "ctest --test-dir build-answers -L exercise --output-on-failure</pre>")
    readme = "exercises/README.md"
    if os.path.exists(os.path.join(source, readme)):
        intro += "<p>The answer format and tolerances: %s.</p>" % _Link(source, readme, "protocol", linked)
    intro += ("<p>Each question is quoted from the course text, followed by the project's English "
              "translation (%s).</p>" % _Link(source, TRANSLATIONS, "translations", linked))
    out.append(site_model.Raw(navigation.Sidebar(model) + intro))
    by_chapter = {}
    for folder, number, rel in site_model.ReadingExercises(source):
        by_chapter.setdefault(folder, []).append((number, rel))
    for folder, items in sorted(by_chapter.items(), key=lambda kv: [c["id"] for c in model["chapters"]].index(kv[0])):
        chapter = folder
        name = site_model.Chapter(model, chapter)["name"]
        questions = CourseQuestions(shared, model, chapter)
        out.append("\\section exercises_%s %s reading exercises" % (site_model.Label(folder), name))
        out.append("")
        cards = []
        for number, rel in items:
            test = site_model.ExerciseTestName(rel)
            concept = Concept(model, folder, number)
            question = questions[number - 1] if number <= len(questions) else ""
            cards.append(
                '<div class="exercise" id="%s_%d"><h3>%s exercise %d</h3>'
                '<p class="exercise-concept">Concept: %s</p>'
                '<blockquote class="course-question" lang="zh-CN">%s</blockquote>'
                '<blockquote class="course-question-en" lang="en">%s</blockquote>'
                '<pre>build/bin/simatlas exercise %s %d --answer my%d.txt</pre>'
                '<ul><li>%s</li><li>%s</li><li>ctest <code>%s</code>%s</li></ul>'
                '<details class="solution"><summary>Show the reference solution</summary>%s</details></div>' % (
                    site_model.Label(folder), number, html.escape(name), number,
                    _SectionLink(model, concept) if concept else "the course's exercise section",
                    html.escape(question), html.escape(english.get("%s/%d" % (folder, number), "")),
                    chapter, number, number,
                    _Link(source, "exercises/%s/ex%d_answer.txt" % (folder, number), "your answer form", linked),
                    _Link(source, rel, "the check that grades it", linked),
                    html.escape(test), _Result(exercise_results, test),
                    _Link(source, "exercises/%s/ex%d_solution.txt" % (folder, number), "reference solution", linked)))
        out.append(site_model.Raw("".join(cards)))
    out.append("\\section exercises_implementation Implementation exercises")
    out.append("")
    owner = {}
    for sec in model["sections"]:
        for ex in sec["exercises"]:
            owner.setdefault(ex, sec)
    cards = []
    for law in site_model.ImplementationExercises(source):
        header = "exercises/implement/%s.h" % law
        test = "exercise_implement_" + law
        sec = owner.get(header)
        cards.append(
            '<div class="exercise" id="implement_%s"><h3>Implement: %s</h3><p class="exercise-concept">Concept: %s</p>'
            '<ul><li>%s</li><li>%s</li><li>ctest <code>%s</code>%s</li></ul>'
            '<details class="solution"><summary>Show the reference solution</summary>%s</details></div>' % (
                law, html.escape(law.replace("_", " ")), _SectionLink(model, sec) if sec else "the course's exercise section",
                _Link(source, header, "the task", linked),
                _Link(source, "exercises/implement/%s_student.cc" % law, "write your code in", linked),
                html.escape(test), _Result(exercise_results, test),
                _Link(source, "exercises/implement/%s_solution.cc" % law, "reference solution", linked)))
    out.append(site_model.Raw("".join(cards)))
    return "\n".join(out) + "\n", linked

