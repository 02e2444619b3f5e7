#!/usr/bin/python3
"""Builds the course site (CMake target `site`): Doxygen HTML whose main page is the course map.

Reads docs/sections.json (the one table of sections), the law registry (`simatlas law --list
--json`), the walkthroughs (`simatlas chapter CHAPTER SECTION`), the figures written by the
`figures` target and the section texts in chapters/<chapter>/pages/; writes Doxygen pages into WORK/pages, runs
Doxygen (warnings are errors) into OUT, copies the local MathJax, the figures and a plain-text
view of every linked source file into the site, and prints the index path and a summary.
Run with /usr/bin/python3 (standard library only).
"""

import argparse
import glob
import html
import json
import os
import re
import shutil
import subprocess
import sys

import bad_inputs
import evidence
import exercises_page
import mutation_table
import navigation
import site_model
import source_view


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
    p.add_argument("--shared", required=True, help="the shared folder holding course/ (the course texts quoted)")
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


Raw = site_model.Raw


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


def MainPage(model, laws_by_section, figures_present, exercise_results, api_headers, api_excludes, captions, out_dir):
    """The course map: per chapter one row per section (number, title, status, the counts of its
    evidence), the file lists collapsed so that the map reads at 1280×800. The maintainers'
    lists (unmapped files, API coverage) are on the maintainers page."""
    out = ["\\mainpage Course map", ""]
    out.append(Raw(navigation.Sidebar(model) +
                   "<p>The executable companion of three course chapters on compliant-contact simulation. "
                   "Each section of the course texts has a page: the course's own sentence beside an English gloss, "
                   "the reference function behind it (linked to the line), the tests that pin it, a command to run, "
                   "the walkthrough's live claims and the figures. Also: <a href=\"exercises.html\">exercises</a>, "
                   "<a href=\"laws.html\">laws</a>, <a href=\"figures.html\">figures</a>, "
                   "<a href=\"bad_inputs.html\">bad inputs</a>, <a href=\"check_protocol.html\">check protocol</a>, "
                   "<a href=\"inspect_humanoid.html\">a worked <code>mujoco inspect</code> of the humanoid</a>.</p>"
                   "<p><b>%s</b></p>" % html.escape(site_model.Summary(model, figures_present, exercise_results, ANSWERS_MODE[0], ANSWERS_MODE[1]))))
    for ch in model["chapters"]:
        out.append("\\section map_%s %s — %s (%s)" % (site_model.Label(ch["id"]), ch["name"], ch["title_zh"], ch["title_en"]))
        out.append("")
        out.append(Raw("<p>Course text <code>%s</code>; %s.%s</p>" % (ch["course_file"], html.escape(ch["engine"]),
                                                                   navigation.NotebookLink(out_dir, ch["id"]))))
        rows = ['<table class="doxtable coursemap"><tr><th>§</th><th>section</th><th>status</th>'
                '<th>laws</th><th>figures</th><th>files</th></tr>']
        for sec in site_model.CourseOrder(model):
            if sec["chapter"] != ch["id"]:
                continue
            laws = site_model.SectionLaws(sec, laws_by_section)
            stems = site_model.SectionFigures(sec, captions)
            figs = "<br>".join('<a href="%s.html#%s">%s</a>' % (site_model.PageName(sec), site_model.FigureAnchor(f), html.escape(f))
                               for f in stems) or "—"
            files = sec["reference"] + sec["unit_tests"] + sec["property_tests"] + sec.get("oracle_tests", []) + sec["exercises"]
            detail = ("<details><summary>%d files</summary><b>reference</b><br>%s<br><b>tests</b><br>%s<br><b>exercises</b><br>%s</details>" % (
                len(files), ShortFileList(sec["reference"]),
                ShortFileList(sec["unit_tests"] + sec["property_tests"] + sec.get("oracle_tests", [])),
                ShortFileList(sec["exercises"])))
            rows.append("<tr><td>%s</td><td><a href=\"%s.html\">%s<br>%s</a></td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
                sec["number"], site_model.PageName(sec), html.escape(sec["title_zh"]), html.escape(sec["title_en"]),
                html.escape(ShortStatus(sec)), "<br>".join(LawRef(l) for l in laws) or "—", figs, detail))
        rows.append("</table>")
        out.append(Raw("\n".join(rows)))
    out.append("\\section map_support Files that serve no single section")
    out.append("")
    for lst in model.get("support", []):
        out.append(Raw("<p><b>%s</b>: %s %s.</p>" % (html.escape(lst["name"]), html.escape(lst["why"]),
                                                   FileList(lst["files"], "none"))))
    out.append(Raw("<p>For maintainers: <a href=\"maintainers.html\">coverage of the map and of the API pages</a>.</p>"))
    return "\n".join(out) + "\n"


def MaintainersPage(model, api_headers, api_excludes):
    """What maintainers check (not linked from the section pages): reference files on no section,
    which headers the API pages cover, and the recorded mutation score."""
    mapped = site_model.MappedFiles(model)
    unmapped = [f for f in site_model.AllReferenceFiles(SOURCE[0]) if f not in mapped]
    UNMAPPED[:] = unmapped
    out = ["\\page maintainers For maintainers", ""]
    out.append(Raw("<p><a href=\"index.html\">Course map</a>.</p><h2>Reference files on no section</h2>"
                   "<p>Files of <code>reference/</code> that no section of <code>docs/sections.json</code> lists "
                   "(add each to the section it mirrors): %s.</p>" % FileList(unmapped, "none")))
    out.append(Raw("<h2>API documentation</h2><p>The API pages (<a href=\"files.html\">file list</a>) document every public header of the "
                   "project, %d headers found again at each build: every <code>*.h</code> of the source tree except "
                   "build trees, hidden directories and %s (the exclusions of <code>docs/CMakeLists.txt</code>). "
                   "Doxygen runs over them with warnings as errors, so a header or member added without "
                   "documentation fails the site build and the <code>docs</code> test.</p>"
                   % (len(api_headers), ", ".join("<code>%s</code>" % html.escape(p) for p in api_excludes) or "nothing else")))
    out.append(Raw(mutation_table.MutationSection(SOURCE[0])))
    return "\n".join(out) + "\n"


def SectionPage(sec, model, laws_by_section, figures_present, walkthrough, text, ctx):
    """A section as a claim → evidence page: the course's sentence and its gloss, the code behind
    it (linked to the line), the tests, a command to run, the walkthrough's claims, the figures;
    then the section's formulas and notes. CTX: shared, source, simatlas, captions, linked, out."""
    name = site_model.PageName(sec)
    ch = site_model.Chapter(model, sec["chapter"])
    out = ["\\page %s %s §%s %s — %s" % (name, ch["name"], sec["number"], sec["title_zh"], sec["title_en"]), ""]
    out.append(Raw(navigation.Sidebar(model, name) + navigation.PrevNext(model, sec)
                   + "<p>Course text <code>%s</code>, heading “%s”. Status: <b>%s</b>.%s</p>"
                   % (ch["course_file"], html.escape(site_model.Heading(sec)), html.escape(StatusLine(sec)),
                      navigation.NotebookLink(ctx["out"], sec["chapter"]))))
    if sec.get("subheadings"):
        out.append(Raw("<p>Sub-headings of the text covered here: %s.</p>" % "; ".join(html.escape(s) for s in sec["subheadings"])))
    out.append("\\section %s_claim The course's claim" % name)
    out.append("")
    out.append(Raw(evidence.QuoteBlock(ctx["shared"], model, sec)))
    out.append("\\section %s_code The code behind it" % name)
    out.append("")
    code_html, code_files = evidence.CodeLinks(ctx["source"], sec)
    ctx["linked"].update(code_files)
    out.append(Raw(code_html))
    out.append("\\section %s_tests The tests that pin it" % name)
    out.append("")
    out.append(Raw(evidence.TestLinks(ctx["source"], sec)))
    out.append("\\section %s_try Try it" % name)
    out.append("")
    out.append(Raw("<p>Run from the repository root after building (<code>scripts/build</code>):</p>"
                   + evidence.CommandBlock(sec, ctx["simatlas"], ctx["source"])))
    exercises = exercises_page.SectionExercises(model, ctx["source"], sec)
    if exercises:
        out.append("\\section %s_exercises Exercises" % name)
        out.append("")
        out.append(Raw(exercises))
    out.append("\\section %s_walkthrough The walkthrough's claims" % name)
    out.append("")
    out.append(Raw(evidence.ClaimsBlock(sec, walkthrough)))
    out.append("\\section %s_figures Figures" % name)
    out.append("")
    out.append(Raw(evidence.FigureBlock(sec, ctx["captions"], figures_present)))
    out.append(text.rstrip() + "\n")
    out.append("\\section %s_files Files, exercises and laws" % name)
    out.append("")
    laws = site_model.SectionLaws(sec, laws_by_section)
    items = [("reference", FileList(sec["reference"], "none")),
             ("exercises", FileList(sec["exercises"], "none") + ((' (<a href="exercises.html">how to answer and check</a>)') if sec["exercises"] else "")),
             ("laws", ", ".join(LawRef(l) for l in laws) or "none")]
    out.append(Raw("<details class=\"files\"><summary>All files of this section</summary><ul>"
                   + "".join("<li><b>%s</b>: %s</li>" % (k, v) for k, v in items) + "</ul></details>"))
    api = [h for h in sec["reference"] if h in DOCUMENTED]
    if api:
        out.append("API pages: " + ", ".join('\\ref %s "%s"' % (h, os.path.basename(h)) for h in api) + ".")
        out.append("")
    if sec["source_notes"]:
        out.append("\\section %s_source Where Drake or MuJoCo does it" % name)
        out.append("")
        out.append(Raw("<ul>" + "".join("<li><code>%s</code> — <code>%s</code>: %s</li>" % (
            html.escape(n["file"]), html.escape(n["function"]), html.escape(n["note"])) for n in sec["source_notes"]) + "</ul>"))
    out.append("\\section %s_version Version notes" % name)
    out.append("")
    out.append(Raw("<ul>" + "".join("<li>%s</li>" % html.escape(v) for v in sec["version_notes"]) + "</ul>"
                   + navigation.PrevNext(model, sec)))
    return "\n".join(out) + "\n"


def LawsPage(laws, model):
    out = ["\\page laws Laws", ""]
    out.append(Raw(navigation.Sidebar(model) + "<p>Every law of the registry, as <code>simatlas law --list --json</code> prints it at build time "
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


def FiguresPage(model, figures_present, captions):
    """Every figure of the build with its caption, data, script and the section pages showing it."""
    out = ["\\page figures Figures", ""]
    out.append(Raw(navigation.Sidebar(model) +
                   "<p>Every figure the <code>figures</code> target wrote into <code>&lt;build&gt;/course/figures/</code> "
                   "(matplotlib scripts in <code>figures/</code>, data from the reference engine), with the section "
                   "pages that show it.</p>"))
    owners = {}
    for sec in site_model.CourseOrder(model):
        for f in site_model.SectionFigures(sec, captions):
            owners.setdefault(f, []).append(sec)
    parts = []
    for name in sorted(set(figures_present) | set(owners)):
        where = ", ".join('<a href="%s.html#%s">%s §%s</a>' % (site_model.PageName(sec), site_model.FigureAnchor(name),
                                                             site_model.Chapter(model, sec["chapter"])["name"], sec["number"])
                          for sec in owners.get(name, [])) or "on no section page"
        parts.append('<h2>%s</h2><p>Shown on: %s</p>%s' % (html.escape(name), where,
                                                         evidence.FigureBlock({"figures": [name]}, captions, figures_present)))
    out.append(Raw("\n".join(parts) if parts else "<p>No figure has been generated.</p>"))
    return "\n".join(out) + "\n"


def ApiPageFile(page_html):
    """The header an API page of Doxygen documents, as a path from the repository root: a file
    page or its listing (the folder path of the title bar, then the title), or a class page (the
    file its "generated from the following file" list names); None for other pages."""
    title = re.search(r'<div class="title">([^<]+?)(?: File Reference)?</div>', page_html)
    nav = re.search(r'<div id="nav-path" class="navpath">(.*?)</div>', page_html, re.S)
    if title and nav and title.group(1).endswith(".h"):
        folders = re.findall(r'<li class="navelem"><a class="el" href="dir_[^"]+">([^<]+)</a>', nav.group(1))
        return "/".join(folders + [title.group(1)])
    return None


def LinkApiPagesToSections(out_dir, model, file_sections):
    """Adds to every Doxygen page of a header (file page, listing) and of a class the links to
    the sections that list the header, at the top of the page's contents."""
    pages = {}
    for path in glob.glob(os.path.join(out_dir, "*.html")):
        with open(path, encoding="utf-8") as f:
            pages[os.path.basename(path)] = f.read()
    header_of = {name: ApiPageFile(text) for name, text in pages.items()}
    for name, text in pages.items():
        rel = header_of[name]
        if rel is None:
            m = re.search(r'generated from the following files?:\s*<ul>\s*<li>[^<]*<a class="el" href="([^"]+)"', text)
            rel = header_of.get(m.group(1)) if m else None
        sections = file_sections.get(rel, []) if rel else []
        if not sections or 'class="section-backlink"' in text:
            continue
        text = text.replace('<div class="contents">', '<div class="contents">\n' + site_model.SectionLinks(model, sections), 1)
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            f.write(text)


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
    captions = site_model.Captions(source)
    with open(os.path.join(pages, "mainpage.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(MainPage(model, laws_by_section, figures_present, exercise_results, headers, a.api_exclude, captions, out_dir)))
    with open(os.path.join(pages, "maintainers.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(MaintainersPage(model, headers, a.api_exclude)))
    linked = set(["docs/CONVENTIONS.md", "exercises/README.md"]) | set(UNMAPPED) | set(site_model.SupportFiles(model))
    ctx = {"shared": a.shared, "source": source, "simatlas": os.path.abspath(a.simatlas) if os.path.isfile(a.simatlas) else a.simatlas,
           "captions": captions, "linked": linked, "out": out_dir}
    for sec in site_model.CourseOrder(model):
        key = (sec["chapter"], sec["number"])
        walkthrough = evidence.WalkthroughClaims(a.simatlas, sec) if key in walk_known else (None, [])
        with open(site_model.TextPath(source, sec), encoding="utf-8") as f:
            text = f.read()
        try:
            page = SectionPage(sec, model, laws_by_section, figures_present, walkthrough,
                               text.replace("{{page}}", site_model.PageName(sec)), ctx)
        except (site_model.LocatorError, site_model.CodeLineError) as e:
            sys.exit("site: %s (docs/sections.json)" % e)
        with open(os.path.join(pages, site_model.PageName(sec) + ".dox"), "w", encoding="utf-8") as f:
            f.write(Dox(page))
        for k in ("reference", "unit_tests", "property_tests", "oracle_tests", "exercises"):
            linked.update(sec.get(k, []))
    for entry in captions.values():
        if entry.get("script"):
            linked.add(entry["script"])
    with open(os.path.join(pages, "laws.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(LawsPage(laws, model)))
    exercises_text, exercise_files = exercises_page.Page(model, source, a.shared, exercise_results)
    linked |= exercise_files
    with open(os.path.join(pages, "exercises.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(exercises_text))
    with open(os.path.join(pages, "figures.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(FiguresPage(model, figures_present, captions)))
    # The bad-input table: every row of docs/bad_inputs.json run through simatlas now.
    with open(os.path.join(pages, "bad_inputs.dox"), "w", encoding="utf-8") as f:
        f.write(Dox(bad_inputs.DoxygenPage(bad_inputs.Run(a.simatlas, source, bad_inputs.Load(source)))))
    linked.add("docs/bad_inputs.json")
    # Markdown pages of their own: the check protocol, the worked `mujoco inspect`
    # of the humanoid (linked from the MJ-solvers pages), the Drake version gap of
    # the live Drake oracle and the MuJoCo 3.15.0/4.0.1 gap, as Doxygen Markdown pages.
    for rel, label in (("docs/pages/check_protocol.md", "check_protocol"),
                       ("chapters/mj-solvers/pages/inspect_humanoid.md", "inspect_humanoid"),
                       ("docs/pages/drake_version_gap.md", "drake_version_gap"),
                       ("docs/pages/mujoco_version_gap.md", "mujoco_version_gap")):
        with open(os.path.join(source, rel), encoding="utf-8") as f:
            text = f.read().split("\n", 1)
        with open(os.path.join(pages, label + ".md"), "w", encoding="utf-8") as f:
            f.write(text[0].rstrip() + " {#" + label + "}\n" + text[1])
        linked.add(rel)

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
    # Doxygen's pages of an earlier build go first: an index page of a member that is gone
    # would otherwise stay and link to an anchor no page has.
    for stale in glob.glob(os.path.join(out_dir, "*.html")):
        os.remove(stale)
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
    # The data file of each captioned figure (build/course/figures/<data>), linked from its caption.
    for stem, entry in sorted(captions.items()):
        data = os.path.join(build, "course", "figures", entry.get("data", ""))
        if entry.get("data") and stem in figures_present:
            if not os.path.isfile(data):
                sys.exit("site: figures/captions.json: the data file %s of figure %s does not exist" % (data, stem))
            os.makedirs(os.path.dirname(os.path.join(fig_out, entry["data"])), exist_ok=True)
            shutil.copy2(data, os.path.join(fig_out, entry["data"]))
    file_sections = site_model.FileSections(model, captions)
    for rel in sorted(linked):
        if os.path.exists(os.path.join(source, rel)):
            source_view.Write(source, rel, out_dir, site_model.SectionLinks(
                model, file_sections.get(rel, []), "../" * (rel.count("/") + 1)))
    LinkApiPagesToSections(out_dir, model, file_sections)
    with open(os.path.join(out_dir, "sections.json"), "w", encoding="utf-8") as f:
        json.dump(model, f, ensure_ascii=False, indent=1)

    print("site: %s" % os.path.join(out_dir, "index.html"))
    print("site: " + site_model.Summary(model, figures_present, exercise_results, ANSWERS_MODE[0], ANSWERS_MODE[1]))


if __name__ == "__main__":
    main()
