#!/usr/bin/python3
"""Builds the course site (CMake target `site`): Doxygen HTML whose main page is the course map.

Reads docs/sections.json (the one table of sections), the law registry (`simatlas law --list
--json`), the walkthroughs (`simatlas chapter CHAPTER SECTION`), the figures written by the
`figures` target and the section texts in docs/pages/; writes Doxygen pages into WORK/pages, runs
Doxygen (warnings are errors) into OUT, copies the local MathJax, the figures and a plain-text
view of every linked source file into the site, and prints the index path and a summary.
Run with /usr/bin/python3 (standard library only).
"""

import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys

import bad_inputs
import site_model


SOURCE = [""]  # repository root (set in main)
DOCUMENTED = set()  # headers in the API pages (site_model.ApiHeaders)
UNMAPPED = []  # reference files on no section (filled by MainPage, linked as sources)
ANSWERS_MODE = ["solutions", ""]  # answers the exercises graded (CMake cache), when they ran


def Parse():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--source", required=True, help="repository root")
    p.add_argument("--build", required=True, help="CMake build directory")
    p.add_argument("--simatlas", required=True, help="path of the simatlas program")
    p.add_argument("--out", required=True, help="site directory (entry page OUT/index.html)")
    p.add_argument("--work", required=True, help="scratch directory for generated pages")
    p.add_argument("--doxygen", default="doxygen")
    p.add_argument("--mathjax", default="/usr/share/javascript/mathjax")
    p.add_argument("--api-exclude", action="append", default=[], metavar="PATTERN",
                   help="fnmatch pattern of headers left out of the API pages (docs/CMakeLists.txt)")
    return p.parse_args()


def Run(cmd):
    """Runs a command, returns (exit code, stdout); stderr is appended to stdout."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return r.returncode, r.stdout + r.stderr


def Laws(simatlas):
    code, out = Run([simatlas, "law", "--list", "--json"])
    if code != 0:
        sys.exit("site: `simatlas law --list --json` failed:\n" + out)
    return json.loads(out)


def WalkthroughSections(simatlas):
    """(chapter, number) pairs that `simatlas chapter --list` knows."""
    code, out = Run([simatlas, "chapter", "--list"])
    if code != 0:
        sys.exit("site: `simatlas chapter --list` failed:\n" + out)
    found = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            found.add((parts[0], parts[1]))
    return found


def Esc(text):
    """Text for a Doxygen markdown page: HTML-escaped, Doxygen command characters neutralised."""
    text = html.escape(text, quote=False)
    return (text.replace("\\", "&#92;").replace("@", "&#64;").replace("#", "&#35;")
            .replace("*", "&#42;").replace("_", "&#95;").replace("`", "&#96;").replace("|", "&#124;")
            .replace("$", "&#36;").replace("%", "&#37;"))


def SourceLink(path):
    """HTML link to the site's plain view of a repository file."""
    return '<a href="src/%s.html"><code>%s</code></a>' % (html.escape(path), html.escape(path))


def Raw(text):
    """Raw HTML for a Doxygen page; '*' is escaped because Doxygen scans for comment ends."""
    return "\\htmlonly\n" + text.replace("*", "&#42;") + "\n\\endhtmlonly\n"


def Dox(text):
    """A page as a Doxygen comment block (so that page names become the HTML file names)."""
    if "*/" in text:
        sys.exit("site: a page contains '*/', which would end its Doxygen comment block")
    return "/**\n" + text + "\n*/\n"


def FileList(paths, empty):
    if not paths:
        return empty
    return ", ".join(SourceLink(p) for p in paths)


def ShortFileList(paths):
    """Files by base name (the full path in the tooltip), one per line: for the map's table."""
    if not paths:
        return "—"
    return "<br>".join('<a href="src/%s.html" title="%s"><code>%s</code></a>' % (
        html.escape(p), html.escape(p), html.escape(os.path.basename(p))) for p in paths)


def ShortStatus(sec):
    if sec["status"] == "implemented":
        return "implemented"
    return "%s: issue #%d" % (sec["status"], sec["issue"])


def LawRef(name):
    return '<a href="laws.html#%s"><code>%s</code></a>' % (site_model.LawAnchor(name), html.escape(name))


def StatusLine(sec):
    if sec["status"] == "implemented":
        return "implemented"
    text = "%s: issue #%d" % (sec["status"], sec["issue"])
    if sec.get("status_note"):
        text += " (" + sec["status_note"] + ")"
    return text


def FigureHtml(name, figures_present, small=False):
    if name not in figures_present:
        return "<p>figure <code>%s</code>: not generated in this build (build the <code>figures</code> target)</p>" % html.escape(name)
    width = ' width="420"' if small else ""
    svg = ' (<a href="figures/%s.svg">SVG</a>)' % name if os.path.exists(figures_present[name][:-4] + ".svg") else ""
    return ('<figure><a href="figures/%s.png"><img src="figures/%s.png" alt="%s"%s></a>'
            '<figcaption><code>%s</code>%s</figcaption></figure>' % (name, name, name, width, name, svg))


def MainPage(model, laws_by_section, figures_present, exercise_results, api_headers, api_excludes):
    out = ["\\mainpage Course map", ""]
    out.append("The executable companion of three course chapters on compliant-contact simulation. "
               "For each section of the course texts: its page (formulas, sign conventions, figures, "
               "source and version notes, the walkthrough's live output), the reference files, the unit "
               "and property tests, the exercises, the laws and the figures. "
               "Generated from <code>docs/sections.json</code>; see also \\ref laws, \\ref exercises, "
               "\\ref figures, \\ref bad_inputs, \\ref check_protocol and the project conventions (<a href=\"src/docs/CONVENTIONS.md.html\">docs/CONVENTIONS.md</a>).")
    out.append("")
    out.append(Raw("<p><b>%s</b></p>" % html.escape(site_model.Summary(model, figures_present, exercise_results, ANSWERS_MODE[0], ANSWERS_MODE[1]))))
    for ch in model["chapters"]:
        out.append("\\section map_%s %s — %s (%s)" % (site_model.Label(ch["id"]), ch["name"], ch["title_zh"], ch["title_en"]))
        out.append("")
        out.append(Raw("<p>Course text <code>%s</code>; %s.</p>" % (ch["course_file"], html.escape(ch["engine"]))))
        rows = ['<table class="doxtable coursemap"><tr><th>§</th><th>section</th><th>status</th><th>reference</th>'
                '<th>unit tests</th><th>property tests</th><th>exercises</th><th>laws</th><th>figures</th></tr>']
        for sec in model["sections"]:
            if sec["chapter"] != ch["id"]:
                continue
            laws = site_model.SectionLaws(sec, laws_by_section)
            figs = ", ".join('<a href="figures.html#%s">%s</a>' % (site_model.FigureAnchor(f), html.escape(f))
                             for f in sec["figures"]) or "—"
            rows.append("<tr><td>%s</td><td><a href=\"%s.html\">%s<br>%s</a></td><td>%s</td><td>%s</td><td>%s</td>"
                        "<td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
                            sec["number"], site_model.PageName(sec), html.escape(sec["title_zh"]), html.escape(sec["title_en"]),
                            html.escape(ShortStatus(sec)), ShortFileList(sec["reference"]), ShortFileList(sec["unit_tests"]),
                            ShortFileList(sec["property_tests"]), ShortFileList(sec["exercises"]),
                            "<br>".join(LawRef(l) for l in laws) or "—", figs))
        rows.append("</table>")
        out.append(Raw("\n".join(rows)))
    mapped = set(f for sec in model["sections"] for f in sec["reference"]) | set(model.get("infrastructure", []))
    unmapped = [f for f in site_model.AllReferenceFiles(SOURCE[0]) if f not in mapped]
    out.append("\\section map_infrastructure Shared infrastructure")
    out.append("")
    out.append(Raw("<p>Reference files every section uses (errors, numerics, the law registry): %s.</p>"
                   % FileList(model.get("infrastructure", []), "none")))
    out.append("\\section map_unmapped Reference files not yet on the map")
    out.append("")
    out.append(Raw("<p>Files of <code>reference/</code> that no section of <code>docs/sections.json</code> lists yet "
                   "(add them to the section they mirror): %s.</p>" % FileList(unmapped, "none")))
    UNMAPPED[:] = unmapped
    out.append("\\section map_api API documentation")
    out.append("")
    out.append(Raw("<p>The API pages (<a href=\"files.html\">file list</a>) document every public header of the "
                   "project, %d headers found again at each build: every <code>*.h</code> of the source tree except "
                   "build trees, hidden directories and %s (the exclusions of <code>docs/CMakeLists.txt</code>). "
                   "Doxygen runs over them with warnings as errors, so a header or member added without "
                   "documentation fails the site build and the <code>docs</code> test.</p>"
                   % (len(api_headers), ", ".join("<code>%s</code>" % html.escape(p) for p in api_excludes) or "nothing else")))
    return "\n".join(out) + "\n"


def SectionPage(sec, model, laws_by_section, figures_present, walkthrough, text):
    ch = site_model.Chapter(model, sec["chapter"])
    out = ["\\page %s %s §%s %s — %s" % (site_model.PageName(sec), ch["name"], sec["number"], sec["title_zh"], sec["title_en"]), ""]
    out.append(Raw("<p>Course text <code>%s</code>, heading “%s”. Status: <b>%s</b>. <a href=\"index.html\">Course map</a>.</p>"
                   % (ch["course_file"], html.escape(site_model.Heading(sec)), html.escape(StatusLine(sec)))))
    if sec.get("subheadings"):
        out.append(Raw("<p>Sub-headings of the text covered here: %s.</p>" % "; ".join(html.escape(s) for s in sec["subheadings"])))
    out.append(text.rstrip() + "\n")
    out.append("\\section %s_figures Figures" % site_model.PageName(sec))
    out.append("")
    if sec["figures"]:
        out.append(Raw("\n".join(FigureHtml(f, figures_present) for f in sec["figures"])))
    else:
        out.append("No figure for this section yet.")
    out.append("")
    out.append("\\section %s_files Code, tests, exercises and laws" % site_model.PageName(sec))
    out.append("")
    laws = site_model.SectionLaws(sec, laws_by_section)
    items = [("reference", FileList(sec["reference"], "none yet")),
             ("unit tests", FileList(sec["unit_tests"], "none yet")),
             ("property tests", FileList(sec["property_tests"], "none")),
             ("exercises", FileList(sec["exercises"], "none") + ((' (<a href="exercises.html">how to answer and check</a>)') if sec["exercises"] else "")),
             ("laws", ", ".join(LawRef(l) for l in laws) or "none")]
    out.append(Raw("<ul>" + "".join("<li><b>%s</b>: %s</li>" % (k, v) for k, v in items) + "</ul>"))
    api = [h for h in sec["reference"] if h in DOCUMENTED]
    if api:
        out.append("API pages: " + ", ".join('\\ref %s "%s"' % (h, os.path.basename(h)) for h in api) + ".")
        out.append("")
    out.append("\\section %s_source Source notes" % site_model.PageName(sec))
    out.append("")
    if sec["source_notes"]:
        out.append(Raw("<ul>" + "".join("<li><code>%s</code> — <code>%s</code>: %s</li>" % (
            html.escape(n["file"]), html.escape(n["function"]), html.escape(n["note"])) for n in sec["source_notes"]) + "</ul>"))
    else:
        out.append("The section is a list of reading exercises; the source notes are on the sections they refer to.")
    out.append("")
    out.append("\\section %s_version Version notes" % site_model.PageName(sec))
    out.append("")
    out.append(Raw("<ul>" + "".join("<li>%s</li>" % html.escape(v) for v in sec["version_notes"]) + "</ul>"))
    out.append("\\section %s_walkthrough Walkthrough" % site_model.PageName(sec))
    out.append("")
    if walkthrough is None:
        out.append(Raw("<p>No walkthrough for this section yet (<code>simatlas chapter --list</code> does not list it).</p>"))
    else:
        code, output = walkthrough
        verdict = "every claim holds" if code == 0 else "exit code %d: a claim FAILS" % code
        out.append(Raw("<p>Output of <code>simatlas chapter %s %s</code> at build time (%s):</p><pre class=\"walkthrough\">%s</pre>"
                       % (sec["chapter"], sec["number"], verdict, html.escape(output))))
    return "\n".join(out) + "\n"


def LawsPage(laws):
    out = ["\\page laws Laws", ""]
    out.append(Raw("<p>Every law of the registry, as <code>simatlas law --list --json</code> prints it at build time "
                   "(%d laws). Evaluate one with <code>simatlas law NAME key=value …</code>. "
                   "<a href=\"index.html\">Course map</a>.</p>" % len(laws)))
    rows = ['<table class="doxtable laws"><tr><th>law</th><th>section</th><th>summary</th><th>inputs (unit, default)</th><th>outputs (unit)</th></tr>']
    for law in laws:
        def Io(items, with_default):
            parts = []
            for it in items:
                s = "<code>%s</code> [%s]" % (html.escape(it["name"]), html.escape(str(it.get("unit", ""))))
                if with_default and "default" in it:
                    s += " = %s" % html.escape(json.dumps(it["default"], ensure_ascii=False))
                if it.get("description"):
                    s += ": " + html.escape(it["description"])
                parts.append(s)
            return "<br>".join(parts)
        sec_link = site_model.SectionOfLaw(law["section"])
        rows.append('<tr id="%s"><td><code>%s</code></td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>' % (
            site_model.LawAnchor(law["name"]), html.escape(law["name"]),
            ('<a href="%s.html">%s</a>' % (sec_link, html.escape(law["section"]))) if sec_link else html.escape(law["section"]),
            html.escape(law.get("summary", "")), Io(law.get("inputs", []), True), Io(law.get("outputs", []), False)))
    rows.append("</table>")
    out.append(Raw("\n".join(rows)))
    return "\n".join(out) + "\n"


def ExercisesPage(model, source, exercise_results):
    """The exercise list (every exercise file found, with its question, section, answer file and
    ctest) and how to answer and check. Returns (page text, repository files it links to)."""
    out = ["\\page exercises Exercises", ""]
    linked = set()
    readme = "exercises/README.md"
    intro = ("<p>Every exercise is an executable check (ctest label <code>exercise</code>). A reading exercise is "
             "answered in a plain <code>key: value</code> file, <code>exercises/answers/&lt;chapter&gt;/&lt;N&gt;.txt</code> "
             "(shipped with every key commented out); an implementation exercise by writing the "
             "<code>*_student.cc</code> file, graded by the same property checks as the reference engine. "
             "To answer and check:</p>"
             "<pre>cmake -S . -B build-answers -DSIMATLAS_EXERCISE_ANSWERS=answers\n"
             "cmake --build build-answers --target exercises\n"
             "ctest --test-dir build-answers -L exercise --output-on-failure\n"
             "ctest --test-dir build-answers -R exercise_e3_geometry_ex6 -V     # one, with its evidence</pre>"
             "<p>The default build (<code>SIMATLAS_EXERCISE_ANSWERS=solutions</code>, used by CI) grades the reference "
             "solutions in <code>exercises/solutions/</code>, which must pass.</p>")
    if os.path.exists(os.path.join(source, readme)):
        intro += "<p>The full protocol (answer format, tolerances, adding an exercise): %s.</p>" % SourceLink(readme)
        linked.add(readme)
    out.append(Raw(intro + "<p><a href=\"index.html\">Course map</a>.</p>"))
    owner = {}
    for sec in model["sections"]:
        for ex in sec["exercises"]:
            owner.setdefault(ex, sec)

    def Where(path):
        sec = owner.get(path)
        if not sec:
            return "not yet on the course map"
        return '<a href="%s.html">%s §%s</a>' % (site_model.PageName(sec), site_model.Chapter(model, sec["chapter"])["name"], sec["number"])

    def Link(rel):
        if os.path.exists(os.path.join(source, rel)):
            linked.add(rel)
            return ShortFileList([rel])
        return "<code>%s</code> (missing)" % html.escape(rel)

    questions = site_model.ReadmeQuestions(source)
    rows = ['<h2 id="reading">Reading exercises</h2><table class="doxtable exercises"><tr><th>chapter</th><th>N</th><th>question</th>'
            '<th>section</th><th>exercise</th><th>answer / solution</th><th>ctest</th><th>last result</th></tr>']
    for chapter, number, rel in site_model.ReadingExercises(source):
        test = site_model.ExerciseTestName(rel)
        rows.append("<tr><td>%s</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s<br>%s</td><td><code>%s</code></td><td>%s</td></tr>" % (
            html.escape(chapter), number, html.escape(questions.get((chapter, number), "")), Where(rel), Link(rel),
            Link("exercises/answers/%s/%d.txt" % (chapter, number)), Link("exercises/solutions/%s/%d.txt" % (chapter, number)),
            html.escape(test), html.escape(exercise_results.get(test, "not run"))))
    rows.append("</table>")
    rows.append('<h2 id="implementation">Implementation exercises</h2><table class="doxtable exercises"><tr><th>law</th><th>section</th>'
                '<th>task</th><th>write in</th><th>reference solution</th><th>ctest</th><th>last result</th></tr>')
    for law in site_model.ImplementationExercises(source):
        header = "exercises/implement/%s.h" % law
        test = "exercise_implement_" + law
        rows.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td><code>%s</code></td><td>%s</td></tr>" % (
            html.escape(law.replace("_", " ")), Where(header), Link(header), Link("exercises/implement/%s_student.cc" % law),
            Link("exercises/solutions/implement/%s_solution.cc" % law), html.escape(test),
            html.escape(exercise_results.get(test, "not run"))))
    rows.append("</table>")
    out.append(Raw("\n".join(rows)))
    missing = [s for s in model["sections"] if s["status"] == "not yet implemented" and "exercise" in s["title_en"].lower()]
    if missing:
        out.append(Raw("<p>Not yet executable: " + "; ".join('<a href="%s.html">%s §%s</a> (issue #%d)' % (
            site_model.PageName(s), site_model.Chapter(model, s["chapter"])["name"], s["number"], s["issue"]) for s in missing) + ".</p>"))
    return "\n".join(out) + "\n", linked


def FiguresPage(model, figures_present):
    out = ["\\page figures Figures", ""]
    out.append(Raw("<p>Every figure the <code>figures</code> target wrote into <code>&lt;build&gt;/course/figures/</code> "
                   "(matplotlib scripts in <code>figures/</code>, data from the reference engine). "
                   "<a href=\"index.html\">Course map</a>.</p>"))
    owner = {}
    for sec in model["sections"]:
        for f in sec["figures"]:
            owner.setdefault(f, sec)
    parts = []
    for name in sorted(set(figures_present) | set(owner)):
        sec = owner.get(name)
        where = ('<a href="%s.html">%s §%s</a>' % (site_model.PageName(sec), site_model.Chapter(model, sec["chapter"])["name"], sec["number"])
                 if sec else "not yet assigned to a section in docs/sections.json")
        parts.append('<h2 id="%s">%s</h2><p>%s</p>%s' % (site_model.FigureAnchor(name), html.escape(name), where,
                                                        FigureHtml(name, figures_present, small=False)))
    out.append(Raw("\n".join(parts) if parts else "<p>No figure has been generated.</p>"))
    return "\n".join(out) + "\n"


def SourceView(source, rel, out_dir):
    """Writes OUT/src/REL.html: the file as escaped text, with a link back to the map."""
    dst = os.path.join(out_dir, "src", rel + ".html")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    depth = rel.count("/") + 1
    up = "../" * depth
    with open(os.path.join(source, rel), encoding="utf-8", errors="replace") as f:
        text = f.read()
    with open(dst, "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><title>%s</title>'
                '<link href="%sdoxygen.css" rel="stylesheet" type="text/css"></head><body>'
                '<p><a href="%sindex.html">Course map</a> · <code>%s</code></p><pre class="fragment">%s</pre></body></html>'
                % (html.escape(rel), up, up, html.escape(rel), html.escape(text)))


def CopyMathJax(src, dst):
    """Copies the Debian MathJax 2 (without its unpacked sources and tests) once per version."""
    stamp = os.path.join(dst, ".simatlas-copied-from")
    want = "%s %d" % (src, int(os.path.getmtime(os.path.join(src, "MathJax.js"))))
    if os.path.exists(stamp) and open(stamp).read() == want:
        return
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=False, ignore=shutil.ignore_patterns("unpacked", "test"))
    with open(stamp, "w") as f:
        f.write(want)


def main():
    a = Parse()
    source, build = os.path.abspath(a.source), os.path.abspath(a.build)
    out_dir, work = os.path.abspath(a.out), os.path.abspath(a.work)
    for tool, path in (("doxygen", a.doxygen), ("simatlas", a.simatlas)):
        if not (os.path.isfile(path) or shutil.which(path)):
            sys.exit("site: %s not found at '%s' (scripts/setup.sh installs doxygen; build simatlas first)" % (tool, path))
    if not os.path.exists(os.path.join(a.mathjax, "MathJax.js")):
        sys.exit("site: MathJax 2 not found in %s (Debian package libjs-mathjax)" % a.mathjax)
    model = site_model.Load(source)
    laws = Laws(a.simatlas)
    laws_by_section = site_model.LawsBySection(laws)
    walk_known = WalkthroughSections(a.simatlas)
    figures_present = site_model.FiguresPresent(build)
    exercise_results, ANSWERS_MODE[1] = site_model.ExerciseResults(build)
    ANSWERS_MODE[0] = site_model.AnswersMode(build)
    SOURCE[0] = source

    pages = os.path.join(work, "pages")
    if os.path.exists(pages):
        shutil.rmtree(pages)
    os.makedirs(pages)

    headers = site_model.ApiHeaders(source, a.api_exclude, build)
    DOCUMENTED.update(headers)
    with open(os.path.join(pages, "mainpage.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(MainPage(model, laws_by_section, figures_present, exercise_results, headers, a.api_exclude)))
    linked = set(["docs/CONVENTIONS.md", "exercises/README.md"]) | set(UNMAPPED) | set(model.get("infrastructure", []))
    for sec in model["sections"]:
        key = (sec["chapter"], sec["number"])
        walkthrough = Run([a.simatlas, "chapter", sec["chapter"], sec["number"]]) if key in walk_known else None
        with open(site_model.TextPath(source, sec), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(pages, site_model.PageName(sec) + ".dox"), "w", encoding="utf-8") as f:
            f.write(Dox(SectionPage(sec, model, laws_by_section, figures_present, walkthrough,
                                text.replace("{{page}}", site_model.PageName(sec)))))
        for k in ("reference", "unit_tests", "property_tests", "exercises"):
            linked.update(sec[k])
    with open(os.path.join(pages, "laws.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(LawsPage(laws)))
    exercises_text, exercise_files = ExercisesPage(model, source, exercise_results)
    linked |= exercise_files
    with open(os.path.join(pages, "exercises.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(exercises_text))
    with open(os.path.join(pages, "figures.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(FiguresPage(model, figures_present)))
    # The bad-input table: every row of docs/bad_inputs.json run through simatlas now.
    with open(os.path.join(pages, "bad_inputs.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(bad_inputs.DoxygenPage(bad_inputs.Run(a.simatlas, source, bad_inputs.Load(source)))))
    linked.add("docs/bad_inputs.json")
    # The check protocol (issue 11): docs/pages/check_protocol.md as a Doxygen Markdown page.
    with open(os.path.join(source, "docs", "pages", "check_protocol.md"), encoding="utf-8") as f:
        protocol = f.read().split("\n", 1)
    with open(os.path.join(pages, "check_protocol.md"), "w", encoding="utf-8") as f:
        f.write(protocol[0].rstrip() + " {#check_protocol}\n" + protocol[1])
    linked.add("docs/pages/check_protocol.md")

    # Doxygen, warnings as errors.
    warn_log = os.path.join(work, "doxygen-warnings.txt")
    values = {
        "OUTPUT_DIRECTORY": os.path.dirname(out_dir), "HTML_OUTPUT": os.path.basename(out_dir),
        "INPUT": " ".join([pages] + [os.path.join(source, h) for h in headers]),
        "SOURCE_DIR": source, "PAGES_DIR": pages, "WARN_LOGFILE": warn_log, "IMAGE_PATH": pages,
        "STYLESHEET": os.path.join(source, "docs", "site.css"),
    }
    with open(os.path.join(source, "docs", "Doxyfile.in"), encoding="utf-8") as f:
        doxyfile = re.sub(r"@([A-Z_]+)@", lambda m: values[m.group(1)], f.read())
    with open(os.path.join(work, "Doxyfile"), "w", encoding="utf-8") as f:
        f.write(doxyfile)
    if os.path.exists(warn_log):
        os.remove(warn_log)
    code, log = Run([a.doxygen, os.path.join(work, "Doxyfile")])
    warnings = open(warn_log, encoding="utf-8").read().strip() if os.path.exists(warn_log) else ""
    if code != 0 or warnings:
        sys.exit("site: doxygen reported warnings (they are errors):\n" + (warnings or log))

    # Local MathJax, figures, plain views of the linked files.
    CopyMathJax(a.mathjax, os.path.join(out_dir, "mathjax"))
    fig_out = os.path.join(out_dir, "figures")
    os.makedirs(fig_out, exist_ok=True)
    for name, png in figures_present.items():
        shutil.copy2(png, fig_out)
        svg = png[:-4] + ".svg"
        if os.path.exists(svg):
            shutil.copy2(svg, fig_out)
    for rel in sorted(linked):
        if os.path.exists(os.path.join(source, rel)):
            SourceView(source, rel, out_dir)
    with open(os.path.join(out_dir, "sections.json"), "w", encoding="utf-8") as f:
        json.dump(model, f, ensure_ascii=False, indent=1)

    print("site: %s" % os.path.join(out_dir, "index.html"))
    print("site: " + site_model.Summary(model, figures_present, exercise_results, ANSWERS_MODE[0], ANSWERS_MODE[1]))


if __name__ == "__main__":
    main()
