#!/usr/bin/python3
"""Checks of the course site's student pages (course site; ctest label docs).

  --locators  every quote locator of docs/sections.json finds its text in ../shared/course (once,
              inside its section), every gloss is English (no CJK character: the course's own
              sentences are never copied into the repository), every "code" function resolves to
              a line of its file, every exercise chapter has one course question per exercise and
              every reading exercise names a concept section; and the section rules
              (CheckSectionRules): a section whose command passes a tool option lists its
              "options", uses one and varies one; a section whose course text states exit tests
              is marked "termination", and only such a section;
  --pages     the built site: no placeholder phrase on a student page; each section page has the
              quote, the gloss, a code link to a line that defines the named function, a command
              (using one of the section's "options" when sections.json lists them, which the page
              lists under it), a threshold
              column read by each figure of a "termination" section (figures/captions.json),
              the walkthrough block, a figure or the one-sentence reason, the section list and the
              previous/next links in course order; the exercises page links each exercise's
              concept, hides solutions behind a click and keeps headers free of answers;
  --commands  every command of docs/sections.json runs (exit 0, output on stdout) and names the
              parameter it tells the student to vary, and every option a section lists is one
              its command's tool has (`simatlas TOOL --help`, `simatlas simulate --list --json`);
  --self-test each check catches a broken input (so none passes vacuously).
Exit 0 all hold, 1 a check failed, 2 bad usage. Run with /usr/bin/python3.
"""

import argparse
import csv
import glob
import html
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

import evidence
import exercises_page
import navigation
import site_model

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")


def VisibleText(page_html):
    """The page's text without tags, scripts and styles (what a student reads)."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page_html, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


# Flags that change only how a command prints (or how often it repeats a solve), not what it
# computes: no section teaches them as an option.
PRESENTATION_FLAGS = {"--json", "--csv", "--energy", "--repeat", "--output-dir", "--quick"}


def CommandOptions(run):
    """The tool options a docs/sections.json command passes: each `--flag` that changes what is
    computed (PRESENTATION_FLAGS aside) and each `key=value` of `simatlas simulate` (the scene's
    keys: dt, approximation, integrator, …). A law's key=value are the inputs of a formula, not
    options of a tool, and a file name is no option."""
    argv = shlex.split(run)
    out = []
    for arg in argv[1:]:
        name = arg.split("=", 1)[0]
        if arg.startswith("--") and name not in PRESENTATION_FLAGS:
            out.append(name)
        elif len(argv) > 1 and argv[1] == "simulate" and "=" in arg and not arg.startswith("-"):
            out.append(name)
    return out


# A course text states a solver's exit tests when it names termination or an exit (终止, 退出)
# and a threshold it compares with (a tolerance, 阈值 threshold, 容差 tolerance, 上限 cap).
EXIT_WORDS = re.compile(r"终止|退出")
THRESHOLD_WORDS = re.compile(r"tolerance|阈值|容差|上限", re.I)


def TeachesTermination(shared, model, sec):
    """Whether the section's course text (its heading to the next numbered heading) states exit
    tests: an exit word and a threshold word (EXIT_WORDS, THRESHOLD_WORDS)."""
    lines = site_model.CourseLines(shared, model, sec["chapter"])
    first, last = site_model.SectionLineRange(lines, sec["number"])
    body = "\n".join(lines[first:last + 1])
    return bool(EXIT_WORDS.search(body) and THRESHOLD_WORDS.search(body))


def CheckSectionRules(shared, model, sec):
    """Failures of the two rules every section obeys, decided from its content:
    options — a section whose command passes a tool option (CommandOptions) lists the options it
    teaches in "options"; then a command uses one of them and one command's "vary" is one of them;
    termination — a section whose course text states exit tests (TeachesTermination) is marked
    "termination": true (its figures must then draw the thresholds: CheckTerminationFigures),
    and a section marked so has such a text."""
    where = "%s §%s" % (sec["chapter"], sec["number"])
    failures = []
    commands = sec.get("commands", [])
    passed = [o for entry in commands for o in CommandOptions(entry["run"])]
    options = sec.get("options", [])
    if passed and not options:
        failures.append("%s: its command passes the options %s but the section lists no \"options\" (the options its course text discusses)" % (
            where, ", ".join(sorted(set(passed)))))
    if options:
        if not any(o in passed for o in options):
            failures.append("%s: no command uses one of the section's options (%s)" % (where, ", ".join(options)))
        if not any(entry["vary"] in options for entry in commands):
            failures.append("%s: no command varies one of the section's options (%s)" % (where, ", ".join(options)))
    try:
        teaches = TeachesTermination(shared, model, sec)
    except site_model.LocatorError as e:
        return failures + [str(e)]
    if teaches and not sec.get("termination"):
        failures.append("%s: its course text states exit tests (an exit word and a threshold) but the section is not marked \"termination\"" % where)
    if sec.get("termination") and not teaches:
        failures.append("%s: marked \"termination\" but its course text states no exit test" % where)
    return failures


def ToolOptions(simatlas, run):
    """The options the tool of a docs/sections.json command has (site_model.ToolOptionHelp)."""
    return set(site_model.ToolOptionHelp(simatlas, run))


def CheckLocators(model, source, shared):
    failures = []
    for sec in model["sections"]:
        failures += CheckSectionRules(shared, model, sec)
        where = "%s §%s" % (sec["chapter"], sec["number"])
        try:
            site_model.CourseQuote(shared, model, sec)
        except site_model.LocatorError as e:
            failures.append(str(e))
        gloss = sec.get("gloss", "")
        if len(gloss.split()) < 8 or CJK.search(gloss):
            failures.append("%s: the gloss must be an English paraphrase of at least 8 words, without CJK characters" % where)
        if not sec.get("code"):
            failures.append("%s: no \"code\" entry (the function behind the claim)" % where)
        for entry in sec.get("code", []):
            try:
                site_model.FunctionLine(source, entry["file"], entry["function"])
            except site_model.CodeLineError as e:
                failures.append("%s: %s" % (where, e))
        figures = sec.get("figures", [])
        if not figures and len(sec.get("no_figure", "").split()) < 6:
            failures.append("%s: no figure and no one-sentence \"no_figure\" reason" % where)
    exercises = site_model.ReadingExercises(source)
    try:
        english = exercises_page.EnglishQuestions(source)
    except site_model.LocatorError as e:
        failures.append(str(e))
        english = {}
    for chapter in [c["id"] for c in model["chapters"]]:
        folder = chapter
        numbers = [n for f, n, _ in exercises if f == folder]
        if not numbers:
            continue
        try:
            questions = exercises_page.CourseQuestions(shared, model, chapter)
            if len(questions) < max(numbers):
                failures.append("%s: the course text has %d questions, the exercises go to %d" % (chapter, len(questions), max(numbers)))
        except site_model.LocatorError as e:
            failures.append(str(e))
        for n in numbers:
            if exercises_page.Concept(model, folder, n) is None:
                failures.append("exercise %s/%d names no existing concept section in \"exercise_concepts\"" % (folder, n))
            if not english.get("%s/%d" % (folder, n), "").strip():
                failures.append("exercise %s/%d has no English question in %s" % (folder, n, exercises_page.TRANSLATIONS))
    return failures


def CourseHeadingOrder(shared, model):
    """[(chapter name, [section numbers])] in the order the course texts' headings appear (the
    order a student reads), independent of how the site sorts them."""
    out = []
    for ch in model["chapters"]:
        lines = site_model.CourseLines(shared, model, ch["id"])
        numbers = [m.group(1) for m in (re.match(r"^(\d+(?:\.\d+)?)\.?\s+.*#$", l.strip()) for l in lines) if m]
        out.append((ch["name"], numbers))
    return out


def CheckSectionPage(model, source, sec, page_html, site, walked=None, course_order=None):
    """Failures of one generated section page; WALKED: whether `simatlas chapter --list` lists the
    section (then it must show claims; None: unknown, claims required); COURSE_ORDER: the course
    texts' heading order (CourseHeadingOrder) the section list must follow."""
    where = site_model.PageName(sec) + ".html"
    failures = []
    m = re.search(r'<blockquote class="course-quote"[^>]*>(.*?)<cite>', page_html, re.S)
    if not m or not CJK.search(m.group(1)):
        failures.append("%s: no course quote (blockquote.course-quote with the course's sentence)" % where)
    if not re.search(r'<p class="gloss"[^>]*>.{40,}?</p>', page_html, re.S):
        failures.append("%s: no English gloss beside the quote" % where)
    links = re.findall(r'<a class="code-line" href="src/([^"#]+)\.html#l(\d{5})"><code>([^<]+)</code>', page_html)
    if not links:
        failures.append("%s: no line-anchored code link" % where)
    for rel, line, function in links:
        view = os.path.join(site, "src", rel + ".html") if site else None
        if view and not os.path.exists(view):
            failures.append("%s: code link to %s, which has no source view" % (where, rel))
            continue
        with open(os.path.join(source, rel), encoding="utf-8") as f:
            lines = f.read().split("\n")
        if int(line) > len(lines) or function.split("::")[-1] not in lines[int(line) - 1]:
            failures.append("%s: the link to %s line %d does not land on %s" % (where, rel, int(line), function))
    commands = re.findall(r'<pre class="command">build/bin/simatlas ([^<]*)</pre>', page_html)
    if not commands:
        failures.append("%s: no copy-paste simatlas command" % where)
    options = sec.get("options", [])
    if commands and options and not any(
            re.search(r"(?:^|\s)%s(?:[=\s]|$)" % re.escape(o), html.unescape(c)) for c in commands for o in options):
        failures.append("%s: the Try-it command uses none of the section's options (%s)" % (where, ", ".join(options)))
    # The options the section teaches are listed under the command, each by name.
    listed = re.search(r'<ul class="options">(.*?)</ul>', page_html, re.S)
    if options and (not listed or not all("<code>%s</code>" % html.escape(o) in listed.group(1) for o in options)):
        failures.append("%s: the page does not list the section's options (%s) under its command" % (where, ", ".join(options)))
    has_claims = re.search(r'<ul class="walkthrough-claims">.*?<li class="claim', page_html, re.S)
    if walked is None or walked:
        if not has_claims:
            failures.append("%s: no walkthrough claim" % where)
    elif "have no claims for this section" not in page_html:
        failures.append("%s: neither walkthrough claims nor the sentence saying the walkthroughs have none" % where)
    if not (re.search(r'<figure id="figure_[^"]+"><a href="figures/[^"]+\.png"><img', page_html)
            or re.search(r'<p class="no-figure">[^<]{30,}</p>', page_html)):
        failures.append("%s: neither a figure nor the one-sentence reason why none" % where)
    if 'class="simatlas-sidebar"' not in page_html:
        failures.append("%s: no section list" % where)
    elif course_order:
        listed = [(name, re.findall(r'<li[^>]*><a href="[^"]+" title="[^"]*">§([0-9.]+) ', items))
                  for name, items in re.findall(r'<p class="sidebar-chapter">([^<]+)</p><ol class="sidebar-sections">(.*?)</ol>', page_html, re.S)]
        if listed != course_order:
            failures.append("%s: the section list is not in the course's order (%s)" % (where, listed))
    before, after = navigation.Neighbours(model, sec)
    for rel, other in (("prev", before), ("next", after)):
        if other and 'rel="%s" href="%s.html"' % (rel, site_model.PageName(other)) not in page_html:
            failures.append("%s: no %s link to %s" % (where, rel, site_model.PageName(other)))
    if sec["status"] != "implemented" and "Status: <b>implemented" in page_html:
        failures.append("%s: says implemented, sections.json says %s" % (where, sec["status"]))
    return failures


def CheckTerminationFigures(sec, captions, source, site):
    """Failures of a section marked "termination" in docs/sections.json: each of its figures must
    draw the threshold of each exit test and mark the exit. Its figures/captions.json entry lists
    the data columns holding the thresholds ("thresholds"); each column must be in the figure's
    data file (SITE/figures/<data>, as the site ships it) with a positive number, and be read by
    the figure's script; the caption must say how the exit is marked (a ring)."""
    if not sec.get("termination"):
        return []
    where = site_model.PageName(sec) + ".html"
    stems = site_model.SectionFigures(sec, captions)
    if not stems:
        return ["%s: a termination section without a figure of its thresholds" % where]
    failures = []
    for stem in stems:
        entry = captions.get(stem, {})
        columns = entry.get("thresholds", [])
        if not columns:
            failures.append("%s: termination figure %s draws no threshold (no \"thresholds\" columns in figures/captions.json)" % (where, stem))
            continue
        data = os.path.join(site, "figures", entry.get("data", "")) if site else None
        script = os.path.join(source, entry.get("script", ""))
        script_text = open(script, encoding="utf-8").read() if os.path.isfile(script) else ""
        rows = []
        if data and os.path.isfile(data):
            with open(data, newline="", encoding="utf-8") as f:
                rows = list(csv.DictReader(f))
        for column in columns:
            values = []
            for row in rows:
                try:
                    values.append(float(row.get(column) or "nan"))
                except ValueError:
                    pass
            if not any(v > 0 and math.isfinite(v) for v in values):
                failures.append("%s: termination figure %s: its data %s has no positive threshold in column %s" % (
                    where, stem, entry.get("data"), column))
            if '"%s"' % column not in script_text:
                failures.append("%s: termination figure %s: the script %s does not read the threshold column %s" % (
                    where, stem, entry.get("script"), column))
        if "ring" not in entry.get("caption", ""):
            failures.append("%s: termination figure %s: the caption does not say how the exit is marked (ring)" % (where, stem))
    return failures


BUILD_COMMAND = "scripts/build"  # the README's one command for building; pages name no other


def CheckPlaceholders(name, page_html):
    """A placeholder phrase, or a build command other than the README's, on a student page."""
    text = VisibleText(page_html)
    m = site_model.PLACEHOLDER.search(text)
    failures = ["%s: placeholder phrase '%s'" % (name, m.group(0))] if m else []
    other = re.search(r"scripts/configure\.sh", text)
    if other:
        failures.append("%s: says '%s' for building; the README's command is %s" % (name, other.group(0), BUILD_COMMAND))
    return failures


def CheckExercisesPage(model, page_html):
    failures = []
    cards = re.findall(r'<div class="exercise" id="([^"]+)">(.*?)</div>', page_html, re.S)
    if not cards:
        failures.append("exercises.html: no exercise")
    for ident, card in cards:
        header = re.search(r"<h3>(.*?)</h3>", card, re.S)
        if not header or not re.match(r"^(?:(?:E3-geometry|E3-SAP|MJ-solvers) exercise \d+|Implement: [a-z ]+)$", header.group(1)):
            failures.append("exercises.html %s: the header must name only the exercise (%s)" % (ident, header.group(1) if header else "none"))
        m = re.search(r'class="concept" href="([^"]+)\.html"', card)
        if not m or not any(site_model.PageName(s) == m.group(1) for s in model["sections"]):
            failures.append("exercises.html %s: no link to the section teaching its concept" % ident)
        solution = re.search(r'<details class="solution"><summary>[^<]+</summary>(.*?)</details>', card, re.S)
        if not solution or "reference solution" not in solution.group(1):
            failures.append("exercises.html %s: the reference solution is not behind a click" % ident)
        outside = card.replace(solution.group(0), "") if solution else card
        if "_solution." in outside:
            failures.append("exercises.html %s: a solution link outside the hidden part" % ident)
        if ident.startswith(("e3_", "mj_")) and "your answer form" not in outside:
            failures.append("exercises.html %s: no labelled answer form link" % ident)
        if ident.startswith(("e3_", "mj_")):
            # The question in the course's Chinese and in English, and the command that grades it.
            zh = re.search(r'<blockquote class="course-question" lang="zh-CN">([^<]+)</blockquote>', card)
            en = re.search(r'<blockquote class="course-question-en" lang="en">([^<]+)</blockquote>', card)
            if not zh or not en:
                failures.append("exercises.html %s: the question is not shown in Chinese and English" % ident)
            if not re.search(r"simatlas exercise [a-z0-9-]+ \d+ --answer", outside):
                failures.append("exercises.html %s: no `simatlas exercise CH N --answer FILE` command" % ident)
        if "not run" in card:
            failures.append("exercises.html %s: shows a result this build did not produce ('not run')" % ident)
    # The page leads with the one-command loop, before the first exercise.
    first = page_html.find('<div class="exercise"')
    loop = page_html.find("simatlas exercise e3-sap 6 --answer")
    if loop < 0 or (first >= 0 and loop > first):
        failures.append("exercises.html: does not lead with the `simatlas exercise CH N --answer FILE` loop")
    return failures


def WalkedSections(simatlas):
    """{(chapter, number)} that `simatlas chapter --list` lists."""
    listed = subprocess.run([simatlas, "chapter", "--list"], stdout=subprocess.PIPE, text=True, check=True).stdout
    return {tuple(line.split()[:2]) for line in listed.splitlines() if len(line.split()) >= 2}


def CheckPages(model, source, site, simatlas, shared):
    failures = []
    walked = WalkedSections(simatlas)
    order = CourseHeadingOrder(shared, model)
    captions = site_model.Captions(source)
    for sec in model["sections"]:
        path = os.path.join(site, site_model.PageName(sec) + ".html")
        if not os.path.exists(path):
            failures.append("%s: missing (build the site)" % path)
            continue
        page_html = open(path, encoding="utf-8").read()
        failures += CheckSectionPage(model, source, sec, page_html, site, (sec["chapter"], sec["number"]) in walked, order)
        failures += CheckTerminationFigures(sec, captions, source, site)
        failures += CheckPlaceholders(os.path.basename(path), page_html)
    for name in ("index.html", "exercises.html", "figures.html", "laws.html"):
        path = os.path.join(site, name)
        if not os.path.exists(path):
            failures.append("%s: missing" % path)
            continue
        page_html = open(path, encoding="utf-8").read()
        failures += CheckPlaceholders(name, page_html)
        if name == "exercises.html":
            failures += CheckExercisesPage(model, page_html)
        if 'class="simatlas-sidebar"' not in page_html:
            failures.append("%s: no section list" % name)
    # The notebook hook: a chapter whose notebook HTML is in the site is linked from the map.
    index_html = open(os.path.join(site, "index.html"), encoding="utf-8").read() if os.path.exists(os.path.join(site, "index.html")) else ""
    for ch in model["chapters"]:
        rel = navigation.NotebookPath(site, ch["id"])
        if rel and 'class="notebook" href="%s"' % rel not in index_html:
            failures.append("index.html: the notebook %s is in the site but not linked" % rel)
    # The maintainers' lists live on maintainers.html, never on a student page.
    for path in [os.path.join(site, "index.html")] + glob.glob(os.path.join(site, "sec_*.html")):
        if os.path.exists(path) and "Reference files on no section" in open(path, encoding="utf-8").read():
            failures.append("%s: maintainer notes on a student page" % os.path.basename(path))
    return failures


def CheckCommands(model, source, simatlas):
    failures = []
    for sec in model["sections"]:
        where = "%s §%s" % (sec["chapter"], sec["number"])
        if not sec.get("commands"):
            failures.append("%s: no command" % where)
        for entry in sec.get("commands", []):
            if not re.search(r"(?:^|[\s/])%s(?:[=\s]|$)" % re.escape(entry["vary"]), entry["run"]):
                failures.append("%s: '%s' does not contain the parameter to vary, %s" % (where, entry["run"], entry["vary"]))
            r = subprocess.run(site_model.ShellCommand(entry["run"], simatlas), cwd=source, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, timeout=300)
            if r.returncode != 0 or not r.stdout.strip():
                failures.append("%s: `%s` exited %d (stderr: %s)" % (where, entry["run"], r.returncode, r.stderr.strip()[-300:]))
        # The options the section teaches are options of its commands' tool.
        if sec.get("options") and sec.get("commands"):
            known = ToolOptions(simatlas, sec["commands"][0]["run"])
            for option in sec["options"]:
                if option not in known:
                    failures.append("%s: option %s is not an option of `%s` (its --help or the scene's keys)" % (
                        where, option, " ".join(shlex.split(sec["commands"][0]["run"])[:3])))
    return failures


def SelfTest(model, source, shared):
    """Each check must catch a break made on purpose."""
    failures = []
    sec = dict(model["sections"][0])
    # A locator that no longer finds its text.
    broken = dict(sec, quote={"from": "\u672c\u53e5\u4e0d\u5728\u8bfe\u6587\u4e2d", "to": sec["quote"]["to"]})
    try:
        site_model.CourseQuote(shared, model, broken)
        failures.append("self-test: a locator absent from the course text was accepted")
    except site_model.LocatorError:
        pass
    # A function that is not in its file.
    try:
        site_model.FunctionLine(source, sec["code"][0]["file"], "NoSuchFunctionAnywhere")
        failures.append("self-test: an undefined function resolved to a line")
    except site_model.CodeLineError:
        pass
    # A page without any evidence, and a page with a placeholder.
    empty = "<html><body><p>Status: <b>implemented</b></p></body></html>"
    found = CheckSectionPage(model, source, sec, empty, None)
    for needed in ("course quote", "gloss", "code link", "command", "walkthrough", "figure", "section list"):
        if not any(needed in f for f in found):
            failures.append("self-test: a page without the %s passed" % needed)
    # The section rules: a command passing a tool option (a --flag, or a simulate key) without
    # the section's "options" fails; a law's inputs and an output-only flag need none; options
    # that no command uses or varies fail; a course text with exit tests needs "termination",
    # and "termination" needs such a text.
    def Rules(ch, number, **changes):
        base = next(x for x in model["sections"] if x["chapter"] == ch and x["number"] == number)
        bare = {k: v for k, v in base.items() if k not in ("options", "termination")}
        return CheckSectionRules(shared, model, dict(bare, **changes))
    flagged = [{"run": "simatlas sap solve x.json --line-search exact", "vary": "--line-search", "why": "x"}]
    if not any("lists no \"options\"" in f for f in Rules("e3-sap", "4", commands=flagged)):
        failures.append("self-test: a command passing --line-search in a section without \"options\" passed")
    keyed = [{"run": "simatlas simulate box_slide approximation=sap", "vary": "approximation", "why": "x"}]
    if not any("lists no \"options\"" in f for f in Rules("e3-sap", "4", commands=keyed)):
        failures.append("self-test: a simulate command passing a scene key in a section without \"options\" passed")
    for plain in ("simatlas law material.point_stiffness k1=2e5 k2=2e5", "simatlas sap solve x.json --json"):
        if Rules("e3-sap", "4", commands=[{"run": plain, "vary": "x.json", "why": "x"}]):
            failures.append("self-test: `%s` (no tool option) was asked for \"options\"" % plain)
    found = Rules("e3-sap", "4", commands=[{"run": "simatlas sap solve x.json --linear-solver dense", "vary": "x.json", "why": "x"}],
                  options=["--line-search"])
    if not any("no command uses" in f for f in found) or not any("no command varies" in f for f in found):
        failures.append("self-test: options that no command uses or varies passed: %s" % found)
    if Rules("e3-sap", "4", commands=flagged, options=["--line-search"]):
        failures.append("self-test: a section using and varying its option was rejected")
    if not any("not marked \"termination\"" in f for f in Rules("mj-solvers", "5")):
        failures.append("self-test: MJ-solvers §5 (the course's exit tests) without \"termination\" passed")
    if not any("states no exit test" in f for f in Rules("e3-geometry", "3", termination=True)):
        failures.append("self-test: E3-geometry §3 (material fields) marked \"termination\" passed")
    # An option the tool does not have (its --help, the scene's keys) is caught.
    with tempfile.TemporaryDirectory() as tmp:
        program = os.path.join(tmp, "simatlas")
        with open(program, "w") as f:
            f.write("#!/bin/sh\n[ \"$2\" = --help ] && echo 'usage: simatlas sap solve FILE [--line-search exact]' && exit 0\n"
                    "[ \"$1\" = simulate ] && echo '[{\"name\": \"box_slide\", \"keys\": [{\"name\": \"dt\"}]}]' && exit 0\n"
                    "echo ok\nexit 0\n")
        os.chmod(program, 0o755)
        if ToolOptions(program, "simatlas sap solve x.json") != {"--line-search"}:
            failures.append("self-test: the tool's --help options were misread: %s" % ToolOptions(program, "simatlas sap solve x.json"))
        if ToolOptions(program, "simatlas simulate box_slide dt=1") != {"dt"}:
            failures.append("self-test: the scene's keys were misread")
        fake = {"sections": [dict(sec, commands=[{"run": "simatlas sap solve x.json --line-search exact", "vary": "--line-search", "why": "x"}],
                                  options=["--line-search", "--max-iterations"])]}
        found = CheckCommands(fake, source, program)
        if len(found) != 1 or "--max-iterations" not in found[0]:
            failures.append("self-test: an option the tool does not have was not caught alone: %s" % found)
    # A section with its options whose command uses none of them; the same command with one.
    with_options = dict(sec, options=["--line-search", "--noslip-iterations"])
    page = '<pre class="command">build/bin/simatlas sap solve x.json --linear-solver dense</pre>'
    if not any("none of the section's options" in f for f in CheckSectionPage(model, source, with_options, page, None)):
        failures.append("self-test: a Try-it command using none of the section's options passed")
    page = '<pre class="command">build/bin/simatlas sap solve x.json --line-search=exact</pre>'
    if any("none of the section's options" in f for f in CheckSectionPage(model, source, with_options, page, None)):
        failures.append("self-test: a Try-it command using one of the section's options was rejected")
    if not any("does not list the section's options" in f for f in CheckSectionPage(model, source, with_options, page, None)):
        failures.append("self-test: a page without its section's options listed passed")
    page += '<ul class="options"><li><code>--line-search</code> exact|backtracking</li><li><code>--noslip-iterations</code> N</li></ul>'
    if any("does not list the section's options" in f for f in CheckSectionPage(model, source, with_options, page, None)):
        failures.append("self-test: a page listing its section's options was rejected")
    # A termination section whose figure has no threshold column, or a threshold its data lacks.
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "figures", "data"))
        with open(os.path.join(tmp, "figures", "data", "t.csv"), "w") as f:
            f.write("iteration,residual,threshold\n0,1,0\n")
        with open(os.path.join(tmp, "plot.py"), "w") as f:
            f.write('NAME = "t"\nrow["threshold"]\n')
        term = dict(sec, termination=True, figures=["t"])
        entry = {"sections": [], "caption": "Notice the ring at the exit.", "data": "data/t.csv", "script": "plot.py"}
        if not any("draws no threshold" in f for f in CheckTerminationFigures(term, {"t": entry}, tmp, tmp)):
            failures.append("self-test: a termination figure without thresholds passed")
        found = CheckTerminationFigures(term, {"t": dict(entry, thresholds=["threshold"])}, tmp, tmp)
        if not any("no positive threshold" in f for f in found):
            failures.append("self-test: a termination figure whose threshold column is all 0 passed")
        with open(os.path.join(tmp, "figures", "data", "t.csv"), "w") as f:
            f.write("iteration,residual,threshold\n0,1,1e-6\n")
        if CheckTerminationFigures(term, {"t": dict(entry, thresholds=["threshold"])}, tmp, tmp):
            failures.append("self-test: a termination figure with its threshold was rejected")
        if not CheckTerminationFigures(dict(term, figures=[]), {}, tmp, tmp):
            failures.append("self-test: a termination section without a figure passed")
    # A page whose quote is not the course's text (an empty blockquote) fails like no quote.
    page = '<blockquote class="course-quote" lang="zh-CN"><cite>course text</cite></blockquote>'
    if not any("course quote" in f for f in CheckSectionPage(model, source, sec, page, None)):
        failures.append("self-test: an empty course quote passed")
    order = CourseHeadingOrder(shared, model)
    if ("MJ-solvers", [str(n) for n in range(1, 11)]) not in order:
        failures.append("self-test: the MJ-solvers headings are not §1 … §10 in the course text: %s" % order)
    sorted_as_text = dict(model, sections=sorted(model["sections"], key=lambda s: (s["chapter"], s["number"])))
    page = "".join('<p class="sidebar-chapter">%s</p><ol class="sidebar-sections">%s</ol>' % (ch["name"], "".join(
        '<li><a href="x.html" title="t">§%s x</a></li>' % s["number"] for s in sorted_as_text["sections"] if s["chapter"] == ch["id"]))
        for ch in model["chapters"]) + 'class="simatlas-sidebar"'
    if not any("course's order" in f for f in CheckSectionPage(model, source, sec, page, None, None, order)):
        failures.append("self-test: a section list sorted as text (§10 before §2) passed")
    if not CheckPlaceholders("x.html", "<p>No figure for this section yet.</p>"):
        failures.append("self-test: 'yet' was not caught")
    if not CheckPlaceholders("x.html", "<p>Run after building (<code>scripts/configure.sh</code>):</p>"):
        failures.append("self-test: a page naming scripts/configure.sh for building passed")
    if CheckPlaceholders("x.html", "<p>Bayesian eyes</p>"):
        failures.append("self-test: a word containing 'yes' flagged as a placeholder")
    # An exercise card that shows its solution and gives the answer in its header.
    card = ('<div class="exercise" id="e3_sap_6"><h3>Why diag(A)^(-1/2)</h3><ul><li><a href="src/exercises/e3-sap/ex6_answer.txt.html">'
            'your answer form</a></li><li><a href="src/exercises/e3-sap/ex6_solution.txt.html">reference solution</a></li></ul></div>')
    found = CheckExercisesPage(model, card)
    card += '<div class="exercise" id="e3_sap_7"><h3>E3-SAP exercise 7</h3><ul><li>ctest x, last result in this build: not run</li></ul></div>'
    found = CheckExercisesPage(model, card)
    for needed in ("header", "concept", "behind a click", "outside the hidden part", "Chinese and English",
                   "--answer FILE` command", "'not run'", "does not lead with"):
        if not any(needed in f for f in found):
            failures.append("self-test: an exercise card failing '%s' passed" % needed)
    # The walkthrough reader takes the JSON form when offered, else the text form.
    with tempfile.TemporaryDirectory() as tmp:
        program = os.path.join(tmp, "simatlas")
        rows = ('[{"section": "e3-geometry §3", "text": "k = 100000 N/m", "verdict": true, "kind": "claim"},'
                ' {"section": "§3", "text": "context", "kind": "narration"}, {"section": "4", "text": "other", "verdict": true}]')
        with open(program, "w") as f:
            f.write("#!/bin/sh\n[ \"$4\" = --json ] && echo '%s' && exit 0\n"
                    "[ -z \"$4\" ] && printf 'e3-geometry §3  title\\n  [holds] a claim\\n  [FAILS] b claim\\n  context line\\n' && exit 1\nexit 2\n" % rows)
        os.chmod(program, 0o755)
        got = evidence.WalkthroughClaims(program, {"chapter": "e3-geometry", "number": "3"})
        if got != (0, [{"kind": "claim", "text": "k = 100000 N/m", "verdict": "holds"},
                       {"kind": "narration", "text": "context", "verdict": None}]):
            failures.append("self-test: the JSON walkthrough form was misread: %s" % (got,))
        with open(program, "w") as f:
            f.write("#!/bin/sh\n[ -z \"$4\" ] && printf 'e3-geometry §3  title\\n  [holds] a claim\\n  [FAILS] b claim\\n  context line\\n' && exit 1\nexit 2\n")
        got = evidence.WalkthroughClaims(program, {"chapter": "e3-geometry", "number": "3"})
        if got != (1, [{"kind": "claim", "text": "a claim", "verdict": "holds"}, {"kind": "claim", "text": "b claim", "verdict": "FAILS"},
                       {"kind": "narration", "text": "context line", "verdict": None}]):
            failures.append("self-test: the text walkthrough form was misread: %s" % (got,))
    # The notebook hook links a notebook only when its file is in the site.
    with tempfile.TemporaryDirectory() as tmp:
        if navigation.NotebookLink(tmp, "e3-sap"):
            failures.append("self-test: a notebook link without the notebook file")
        os.makedirs(os.path.join(tmp, "notebooks"))
        open(os.path.join(tmp, "notebooks", "e3_sap.html"), "w").close()
        if 'href="notebooks/e3_sap.html"' not in navigation.NotebookLink(tmp, "e3-sap"):
            failures.append("self-test: the notebook in the site is not linked")
    # A command that fails, and one that does not name the varied parameter.
    fake = {"sections": [dict(sec, commands=[{"run": "simatlas no-such-command", "vary": "k2", "why": "x"}])]}
    with tempfile.TemporaryDirectory() as tmp:
        program = os.path.join(tmp, "simatlas")
        with open(program, "w") as f:
            f.write("#!/bin/sh\n[ \"$1\" = ok ] && echo ok && exit 0\necho bad >&2\nexit 2\n")
        os.chmod(program, 0o755)
        if len(CheckCommands(fake, source, program)) != 2:
            failures.append("self-test: a failing command without its parameter was not caught twice")
        fake["sections"][0]["commands"] = [{"run": "simatlas ok k2=1", "vary": "k2", "why": "x"}]
        if CheckCommands(fake, source, program):
            failures.append("self-test: a good command was rejected")
    return failures


def main():
    p = argparse.ArgumentParser(description=__doc__)
    modes = p.add_mutually_exclusive_group(required=True)
    for mode in ("--locators", "--pages", "--commands", "--self-test"):
        modes.add_argument(mode, dest="mode", action="store_const", const=mode)
    p.add_argument("--source", required=True)
    p.add_argument("--shared", required=True)
    p.add_argument("--site")
    p.add_argument("--simatlas")
    a = p.parse_args()
    model = site_model.Load(a.source)
    if a.mode == "--locators":
        failures = CheckLocators(model, a.source, a.shared)
    elif a.mode == "--pages":
        if not a.site or not a.simatlas:
            print("check_pages: --pages needs --site and --simatlas", file=sys.stderr)
            return 2
        failures = CheckPages(model, a.source, a.site, a.simatlas, a.shared)
    elif a.mode == "--commands":
        if not a.simatlas:
            print("check_pages: --commands needs --simatlas", file=sys.stderr)
            return 2
        failures = CheckCommands(model, a.source, a.simatlas)
    else:
        failures = SelfTest(model, a.source, a.shared)
    for f in failures:
        print("FAIL: " + f)
    print("check_pages %s: %d sections, %d failures" % (a.mode, len(model["sections"]), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
