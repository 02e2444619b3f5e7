"""The claim → evidence blocks of a section page (course site): the course's own
sentence quoted from ../shared/course at build time beside an English gloss, the reference
functions linked to their line, the tests, a runnable `simatlas` command with its output, the
walkthrough's claims and the captioned figures. Each function returns HTML for a Doxygen
\\htmlonly block. Run with /usr/bin/python3 (standard library only).
"""

import html
import json
import os
import subprocess

import site_model


def QuoteBlock(shared, model, sec):
    """The course's sentence (blockquote, lang zh, cut by the section's locator) and the gloss."""
    quote, line = site_model.CourseQuote(shared, model, sec)
    ch = site_model.Chapter(model, sec["chapter"])
    more = quote.count("\n")
    lines = "line %d" % line if not more else "lines %d–%d" % (line, line + more)
    return ('<div class="claim-pair"><blockquote class="course-quote" lang="zh-CN">%s'
            '<cite>course text <code>%s</code>, %s</cite></blockquote>'
            '<p class="gloss" lang="en"><b>In English:</b> %s</p></div>' % (
                html.escape(quote).replace("\n", "<br>"), html.escape(ch["course_file"]), lines,
                html.escape(sec["gloss"])))


def CodeLinks(source, sec):
    """The reference functions behind the claim, each linked to the line of its definition
    (resolved now, from the source). Returns (HTML, files linked)."""
    items, files = [], []
    for entry in sec["code"]:
        line = site_model.FunctionLine(source, entry["file"], entry["function"])
        items.append('<li><a class="code-line" href="src/%s.html#%s"><code>%s</code></a> — <code>%s</code>, line %d</li>' % (
            html.escape(entry["file"]), site_model.LineAnchor(line), html.escape(entry["function"]),
            html.escape(entry["file"]), line))
        files.append(entry["file"])
    return '<ul class="code-links">%s</ul>' % "".join(items), files


def TestLinks(source, sec, max_tests=4):
    """The tests that pin the section, by kind, each file linked to its source view, followed by
    the tests in it that call a function of the section's "code" (linked to their line)."""
    functions = [entry["function"] for entry in sec["code"]]
    rows = []
    for key, label in (("unit_tests", "unit"), ("property_tests", "property"), ("oracle_tests", "oracle")):
        parts = []
        for rel in sec.get(key, []):
            link = '<a href="src/%s.html"><code>%s</code></a>' % (html.escape(rel), html.escape(rel))
            calling = site_model.TestsCalling(source, rel, functions) if rel.endswith(".cc") else []
            if calling:
                shown = ", ".join('<a href="src/%s.html#%s"><code>%s</code></a>' % (
                    html.escape(rel), site_model.LineAnchor(line), html.escape(name)) for name, line in calling[:max_tests])
                more = " and %d more" % (len(calling) - max_tests) if len(calling) > max_tests else ""
                link += " (calling the code above: %s%s)" % (shown, more)
            parts.append(link)
        if parts:
            rows.append("<li><b>%s</b>: %s</li>" % (label, "; ".join(parts)))
    return '<ul class="test-links">%s</ul>' % "".join(rows)


def RunCommand(command, simatlas, source):
    """(exit code, stdout + stderr) of a docs/sections.json command run from the repository root."""
    r = subprocess.run(site_model.ShellCommand(command, simatlas), cwd=source, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=300)
    return r.returncode, r.stdout


def CommandBlock(sec, simatlas, source, max_lines=40):
    """The copy-paste commands (run from the repository root), the parameter to vary and the
    output of each at build time."""
    parts = []
    for entry in sec["commands"]:
        code, output = RunCommand(entry["run"], simatlas, source)
        lines = output.rstrip("\n").split("\n")
        shown = "\n".join(lines[:max_lines]) + ("\n… (%d more lines)" % (len(lines) - max_lines) if len(lines) > max_lines else "")
        status = "exit 0" if code == 0 else "exit %d: the command FAILED" % code
        parts.append('<pre class="command">build/bin/%s</pre><p class="vary">Vary <code>%s</code>: %s</p>'
                     '<details class="command-output"><summary>Output at build time (%s)</summary><pre>%s</pre></details>' % (
                         html.escape(entry["run"]), html.escape(entry["vary"]), html.escape(entry["why"]),
                         status, html.escape(shown)))
    parts.append(OptionsBlock(sec, simatlas))
    return "".join(parts)


def OptionsBlock(sec, simatlas):
    """The options the section teaches (docs/sections.json "options"), each with its help line
    from the tool itself (site_model.ToolOptionHelp), or "" for a section without options."""
    options = sec.get("options", [])
    if not options or not sec.get("commands"):
        return ""
    command = sec["commands"][0]["run"]
    known = site_model.ToolOptionHelp(simatlas, command)
    argv = command.split()
    source = ("<code>simatlas simulate --list</code> (%s)" % html.escape(argv[2]) if argv[1] == "simulate"
              else "<code>simatlas %s --help</code>" % html.escape(argv[1]))
    # The option's name in code, its values, default and meaning as text.
    items = "".join('<li><code>%s</code>%s</li>' % (html.escape(o), html.escape(known.get(o, o)[len(o):]))
                    for o in options)
    return '<p class="options">The options this section teaches (from %s):</p><ul class="options">%s</ul>' % (source, items)


def _Verdict(value):
    """A JSON verdict (true/false, "holds"/"FAILS", "pass"/"fail") as "holds" or "FAILS"."""
    if isinstance(value, bool):
        return "holds" if value else "FAILS"
    return "holds" if str(value).lower() in ("holds", "hold", "pass", "passed", "ok", "true") else "FAILS"


def WalkthroughClaims(simatlas, sec):
    """The walkthrough of one section as (exit code, [{"kind": "claim"|"narration", "text",
    "verdict": "holds"|"FAILS"|None}]). The one place that reads walkthrough output: it takes
    `simatlas chapter CHAPTER SECTION --json` (a list of {section, text, value(s), verdict,
    kind}, or {"claims": [...]}) when the program offers it, and otherwise parses the text form,
    where a claim line is "  [holds] …" or "  [FAILS] …", any other indented line is narration and
    the unindented first line is the section's title."""
    cmd = [simatlas, "chapter", sec["chapter"], sec["number"]]
    r = subprocess.run(cmd + ["--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode in (0, 1):
        try:
            data = json.loads(r.stdout)
            rows = data.get("claims", []) if isinstance(data, dict) else data
            # A row's "section" ("3", "§3" or "e3-geometry §3") must end in this section's number.
            mine = [row for row in rows
                    if str(row.get("section", sec["number"])).replace("§", " ").split()[-1] == sec["number"]]
            return r.returncode, [{"kind": row.get("kind", "claim"), "text": row["text"],
                                   "verdict": _Verdict(row.get("verdict")) if row.get("kind", "claim") == "claim" else None}
                                  for row in mine]
        except (ValueError, KeyError, AttributeError):
            pass
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 1):
        return r.returncode, []
    rows = []
    for line in r.stdout.split("\n"):
        if not line.startswith("  "):
            continue
        text = line[2:]
        for verdict in ("holds", "FAILS"):
            if text.startswith("[%s] " % verdict):
                rows.append({"kind": "claim", "text": text[len(verdict) + 3:], "verdict": verdict})
                break
        else:
            rows.append({"kind": "narration", "text": text, "verdict": None})
    return r.returncode, rows


def ClaimsBlock(sec, walkthrough):
    """The walkthrough's claims (verdict and live numbers) with narration set apart; WALKTHROUGH
    is WalkthroughClaims' answer, or (None, []) for a section the walkthroughs do not list."""
    code, rows = walkthrough
    command = "simatlas chapter %s %s" % (sec["chapter"], sec["number"])
    if code is None:
        return ('<p class="no-claims">The chapter walkthroughs (<code>simatlas chapter --list</code>) have no claims '
                'for this section; the command and the tests above are its evidence.</p>')
    if not rows:
        return '<p class="no-claims">The walkthrough <code>%s</code> printed no claim (exit %d).</p>' % (command, code)
    claims = sum(1 for r in rows if r["kind"] == "claim")
    failing = sum(1 for r in rows if r["kind"] == "claim" and r["verdict"] != "holds")
    items = []
    for r in rows:
        if r["kind"] == "claim":
            items.append('<li class="claim %s"><span class="verdict">%s</span> %s</li>' % (
                "holds" if r["verdict"] == "holds" else "fails", html.escape(r["verdict"] or "?"), html.escape(r["text"])))
        else:
            items.append('<li class="narration">%s</li>' % html.escape(r["text"]))
    summary = "%d claims, all hold" % claims if not failing else "%d of %d claims FAIL" % (failing, claims)
    return ('<p>Live output of <code>build/bin/%s</code> at build time: %s. Narration (context, no verdict) is in grey italics.</p>'
            '<ul class="walkthrough-claims">%s</ul>' % (html.escape(command), summary, "".join(items)))


def FigureBlock(sec, captions, figures_present):
    """The section's figures with caption, data, script and command, or the section's one-sentence
    reason why no quantity is plotted."""
    stems = site_model.SectionFigures(sec, captions)
    if not stems:
        return '<p class="no-figure">%s</p>' % html.escape(sec["no_figure"])
    parts = []
    for stem in stems:
        entry = captions.get(stem, {})
        if stem in figures_present:
            image = '<a href="figures/%s.png"><img src="figures/%s.png" alt="%s"></a>' % (stem, stem, html.escape(entry.get("caption", stem)))
        else:
            image = '<p class="missing-figure">Figure <code>%s</code> is not in this build: build the <code>figures</code> target.</p>' % html.escape(stem)
        made = []
        if entry.get("data"):
            made.append('data <a href="figures/%s"><code>%s</code></a>' % (html.escape(entry["data"]), html.escape(os.path.basename(entry["data"]))))
        if entry.get("script"):
            made.append('script <a href="src/%s.html"><code>%s</code></a>' % (html.escape(entry["script"]), html.escape(entry["script"])))
        if entry.get("command"):
            made.append('made by <code>%s</code>' % html.escape(entry["command"]))
        parts.append('<figure id="%s">%s<figcaption><b><code>%s</code></b>: %s%s</figcaption></figure>' % (
            site_model.FigureAnchor(stem), image, html.escape(stem), html.escape(entry.get("caption", "")),
            (" <span class=\"figure-sources\">(" + "; ".join(made) + ")</span>") if made else ""))
    return "".join(parts)
