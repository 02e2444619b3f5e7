#!/usr/bin/env python3
"""The lab's site pages (DESIGN.md "Round 3: the course's engines, live"): one page per
experiment of `simatlas lab all --json` — the command, the figure (figures/lab/lab_figures.py),
the findings sentences as the program generated them, and each table side by side (rows: models
or settings, columns: the criteria) — plus lab.html listing them. Each page links the course
sections it tests (site_model.PageName). Nothing is typed here but the page frame.
Each table comes with its columns' definitions (the program's, as `simatlas lab --help` prints
them). The scenes page also shows the live engines' rows of the same scenes (MuJoCo's mj_step
and Drake's plant, labelled with the versions that ran): `simatlas lab scenes` runs them
(oracle/lab/lab_engines.py under the build's engines venv) and puts them under the scenes
result's "live", or says there why they are missing. A build runs the two apart instead, side by
side (one core each): `lab all --no-live` and the runner (--engines-python, --engines-runner).
Usage: lab_pages.py (--json LAB.json | --simatlas BIN) [--figures lab_figures.py] [--quick]
                    [--engines-python PY --engines-runner lab_engines.py --package DIR |
                     --live-json LAB_ENGINES.json] [--runs-only] --out SITE_DIR
(--simatlas runs `BIN lab all --json` into SITE_DIR/lab.json; --figures plots into SITE_DIR;
--runs-only stops after the two runs, lab.json and lab_engines.json, so that a build can make
them while it compiles and write the pages from them later, --json and --live-json.)"""
import argparse
import shutil
import subprocess
import sys
import tempfile
import html
import json
import os
import re

import navigation
import site_model

# The course sections each experiment tests (their section pages in the site).
SECTIONS = {
    "scenes": [("e3-sap", "2.2"), ("e3-sap", "3"), ("e3-sap", "3.1"), ("e3-sap", "3.2"),
               ("mj-solvers", "2"), ("mj-solvers", "4")],
    "convergence": [("e3-sap", "4.2"), ("mj-solvers", "4"), ("mj-solvers", "5")],
    "stability": [("mj-solvers", "7"), ("mj-solvers", "8"), ("e3-sap", "5")],
    "scale": [("e3-sap", "4"), ("e3-sap", "4.1"), ("mj-solvers", "4")],
    "derivatives": [("mj-solvers", "9"), ("e3-sap", "5.1"), ("e3-sap", "3")],
}


CHAPTERS = {"E3-SAP": "e3-sap", "MJ-solvers": "mj-solvers", "E3-geometry": "e3-geometry"}
REFERENCE = re.compile(r"(E3-SAP|MJ-solvers|E3-geometry) (§[0-9.]*[0-9](?:, §[0-9.]*[0-9])*)")


def finding_html(text):
    """A finding with each course reference ("E3-SAP §3, §5.1") linked to its section pages."""
    def link(match):
        chapter = CHAPTERS[match.group(1)]
        numbers = [n.strip()[1:] for n in match.group(2).split(",")]
        return match.group(1) + " " + ", ".join('<a href="%s.html">§%s</a>' % (
            site_model.PageName({"chapter": chapter, "number": n}), n) for n in numbers)
    return REFERENCE.sub(link, html.escape(text))


def cell(value):
    if value is None:
        return "null"
    if isinstance(value, float):
        return "%.4g" % value
    return html.escape(str(value))


def definitions_html(t):
    """The table's columns, each with its unit and definition (the program's words)."""
    rows = "".join("<tr><td><code>%s</code></td><td>%s</td><td>%s</td></tr>" % (
        html.escape(c), html.escape(u) if u else "", finding_html(d))
        for c, u, d in zip(t["columns"], t["units"], t["definitions"]))
    return ("<details class=\"lab-columns\" open><summary>Columns: definitions and units</summary>"
            "<table class=\"doxtable\"><tr><th>column</th><th>unit</th><th>definition</th></tr>%s"
            "</table></details>" % rows)


def table_html(t):
    head = "".join("<th>%s%s</th>" % (html.escape(c), " [%s]" % html.escape(u) if u else "")
                   for c, u in zip(t["columns"], t["units"]))
    body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % cell(v) for v in row) for row in t["rows"])
    return ("<h3>%s</h3>%s<div class=\"lab-table\"><table class=\"doxtable\"><tr>%s</tr>%s</table></div>"
            % (html.escape(t["title"]), definitions_html(t), head, body))


def live_html(live):
    """The live engines' section of the scenes page: their findings and rows, or why missing."""
    parts = ["<h2 id=\"live\">Live engines: the same scenes in MuJoCo and Drake</h2>"]
    if live.get("engines"):
        ran = " and ".join("%s %s" % (html.escape(k), html.escape(v)) for k, v in live["engines"].items())
        scenes = sorted({row[0] for row in live.get("rows", [])})
        parts.append("<p>The scenes %s run by "
                     "%s themselves (MuJoCo's <code>mj_step</code> on MJCF written from the scene, solref "
                     "mapped from k and τd per contact pair as <code>reference/lab/mujoco_contact_step.h</code> "
                     "states, the drag's force ramp through <code>xfrc_applied</code> at the cube's centre, "
                     "the stack by MuJoCo's box–box collision (the upper box's four face corners, the "
                     "reference's four vertex pairs), the chain as nested hinges; Drake's discrete "
                     "MultibodyPlant with point contact under SAP, similar and lagged, the drag through its "
                     "applied spatial force port, the chain with RevoluteJoints), measured by the reference's criteria; this run took "
                     "%.1f s. Command: <code>build/bin/simatlas lab scenes</code> (it runs "
                     "<code>oracle/lab/lab_engines.py</code> under the build's engines venv and prints these rows "
                     "after the reference's; <code>--json</code> puts them under <code>live</code>). Drake does "
                     "not report SAP's iterations (null).</p>"
                     % (", ".join(html.escape(x) for x in scenes), ran, live["seconds"]))
        for what, why in sorted(live.get("not_built", {}).items()):
            parts.append("<p class=\"missing\">No %s row: %s.</p>" % (html.escape(what), html.escape(why)))
    for reason in live.get("missing", []):
        parts.append("<p class=\"missing\">Not run here: %s</p>" % html.escape(reason))
    if live.get("rows"):
        parts.append("<h3>Findings (live engines)</h3><ul>%s</ul>"
                     % "".join("<li>%s</li>" % finding_html(f) for f in live["findings"]))
        parts.append(table_html(live))
    return "\n".join(parts)


def page(result, has_figure, live=None, notebook=None, caption=""):
    name = result["name"]
    links = ", ".join('<a href="%s.html">%s §%s</a>' % (
        site_model.PageName({"chapter": ch, "number": n}), html.escape(ch), html.escape(n))
        for ch, n in SECTIONS.get(name, []))
    parts = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>lab: %s</title>"
             "<link rel=\"stylesheet\" href=\"site.css\"><style>body{font-family:sans-serif;"
             "margin:1.5em;max-width:1200px}.lab-table{overflow-x:auto}table{border-collapse:collapse;"
             "font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px}img{max-width:100%%}</style>"
             "</head><body>" % html.escape(name),
             "<p><a href=\"index.html\">Course map</a> · <a href=\"lab.html\">the lab</a></p>",
             "<h1>Lab: %s</h1>" % html.escape(name),
             "<p>Course sections tested: %s (%s).</p>" % (links, html.escape(result["section"])),
             "<p>Command: <code>build/bin/simatlas lab %s</code> (add <code>--json</code> for the "
             "numbers, <code>--quick</code> for the CI size); this run took %.1f s.</p>"
             % (html.escape(name), result["seconds"])]
    if live is not None:
        parts.append("<p>The live engines' runs of the same scenes: <a href=\"#live\">below the reference's "
                     "table</a>.</p>")
    if notebook:
        parts.append("<p>Notebook: <a class=\"notebook\" href=\"%s\">the lab notebook</a> runs the quick "
                     "lab with its figures and the live engines' rows.</p>" % html.escape(notebook))
    if has_figure:
        parts.append("<p><img src=\"lab_%s.png\" alt=\"lab %s figure\"></p>" % (name, name))
        if caption:
            parts.append("<p class=\"caption\">%s</p>" % finding_html(caption))
    parts.append("<h2>Findings</h2><p>Generated by the program from the numbers below.</p><ul>%s</ul>"
                 % "".join("<li>%s</li>" % finding_html(f) for f in result["findings"]))
    parts.append("<h2>Side by side</h2>")
    parts.extend(table_html(t) for t in result["tables"])
    if live is not None:
        parts.append(live_html(live))
    parts.append("</body></html>")
    return "\n".join(parts)


def start_live_engines(a):
    """Starts the live rows (lab_engines.py under the venv python, into OUT/lab_engines.json)
    and returns the running process, its output path and its stderr file, or None and the reason
    they are missing when this build has no venv. They need nothing of `simatlas lab all`, so the two
    run side by side (one core each)."""
    if not a.engines_python or not os.access(a.engines_python, os.X_OK):
        return None, ("this build has no engines venv (SIMATLAS_ENGINES_PYTHON is empty or not "
                      "executable: %r); run scripts/setup_engines.sh BUILD_DIR and configure again"
                      % a.engines_python), None
    out = os.path.join(a.out, "lab_engines.json")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [a.package or ""] + [x for x in os.environ.get("PYTHONPATH", "").split(os.pathsep) if x]))
    command = [a.engines_python, a.engines_runner, "--out", out] + (["--quick"] if a.quick else [])
    log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
    return subprocess.Popen(command, env=env, stderr=log), out, log


#: Drake's warning at each rigid half space it registers: it concerns deformable contact, which
#: no lab scene has (the lab notebook says so beside its live rows); the build log leaves it out.
DRAKE_DEFORMABLE_WARNING = "half spaces are not currently supported for deformable contact"


def finish_live_engines(started):
    """The live rows of start_live_engines once its process ended (its stderr passed on, but for
    DRAKE_DEFORMABLE_WARNING), or the reason they are missing; a failed run is an error
    (CalledProcessError)."""
    process, out, log = started
    if process is None:
        return {"missing": [out]}
    code = process.wait()
    log.seek(0)
    sys.stderr.write("".join(line for line in log if DRAKE_DEFORMABLE_WARNING not in line))
    if code != 0:
        raise subprocess.CalledProcessError(code, process.args)
    return json.load(open(out, encoding="utf-8"))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--json")
    p.add_argument("--simatlas")
    p.add_argument("--figures")
    p.add_argument("--engines-python", default="",
                   help="the build tree's venv python (empty: no venv in this build)")
    p.add_argument("--engines-runner", help="oracle/lab/lab_engines.py, run beside `lab all --no-live`")
    p.add_argument("--package", help="the directory holding the built simatlas package")
    p.add_argument("--out", required=True)
    p.add_argument("--quick", action="store_true",
                   help="the CI sizes (simatlas lab all --quick: live engines at dt = 1e-2 s only)")
    p.add_argument("--stylesheet", help="copy this site.css into OUT (a site of the lab pages alone)")
    p.add_argument("--live-json", help="the live rows of an earlier --runs-only (instead of running)")
    p.add_argument("--runs-only", action="store_true",
                   help="write OUT/lab.json and OUT/lab_engines.json, then stop (no figure, no page)")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    live_run = start_live_engines(a) if a.engines_runner else None
    if a.simatlas:
        a.json = os.path.join(a.out, "lab.json")
        # with a runner of its own beside it, `lab all` leaves the live rows to that runner
        with open(a.json, "w", encoding="utf-8") as f:
            subprocess.run([a.simatlas, "lab", "all", "--json"] + (["--quick"] if a.quick else [])
                           + (["--no-live"] if a.engines_runner else []), stdout=f, check=True)
    if a.runs_only:
        live = finish_live_engines(live_run) if live_run else {"missing": ["no --engines-runner"]}
        with open(os.path.join(a.out, "lab_engines.json"), "w", encoding="utf-8") as f:
            json.dump(live, f)  # the runner's own file, or the reason there is none
        return
    if a.stylesheet:
        shutil.copy(a.stylesheet, os.path.join(a.out, "site.css"))
    if not a.json:
        raise SystemExit("lab_pages: give --json or --simatlas")
    if a.figures:
        subprocess.run([sys.executable, a.figures, "--json", a.json, "--out", a.out], check=True)
    doc = json.load(open(a.json))
    # the live rows: an earlier run's file, this run's runner, or what `simatlas lab scenes` ran
    if a.live_json:
        live = json.load(open(a.live_json, encoding="utf-8"))
    elif live_run:
        live = finish_live_engines(live_run)
    else:
        live = next((r.get("live") for r in doc["experiments"] if r["name"] == "scenes"), None)
    notebook = navigation.NotebookPath(a.out, "lab")
    items = []
    for result in doc["experiments"]:
        name = result["name"]
        if not re.fullmatch(r"[a-z_]+", name):
            raise SystemExit("lab_pages: bad experiment name %r" % name)
        has_figure = os.path.exists(os.path.join(a.out, "lab_%s.png" % name))
        # the figure's caption, written by lab_figures.py from the same numbers
        caption_path = os.path.join(a.out, "lab_%s.txt" % name)
        caption = open(caption_path, encoding="utf-8").read() if os.path.exists(caption_path) else ""
        with open(os.path.join(a.out, "lab_%s.html" % name), "w", encoding="utf-8") as f:
            f.write(page(result, has_figure, live if name == "scenes" else None, notebook, caption))
        items.append("<li><a href=\"lab_%s.html\">%s</a> (%s): %s</li>" % (
            name, html.escape(name), html.escape(result["section"]),
            html.escape(result["findings"][0] if result["findings"] else "")))
    with open(os.path.join(a.out, "lab.html"), "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>the lab</title>"
                "<link rel=\"stylesheet\" href=\"site.css\"></head><body style=\"font-family:sans-serif;"
                "margin:1.5em\"><p><a href=\"index.html\">Course map</a></p><h1>The lab</h1><p>The "
                "course's scenes under SAP's three approximations and MuJoCo's soft constraint model, "
                "side by side (<code>simatlas lab all</code>)%s.</p><ul>%s</ul>%s</body></html>" % (
                    "" if live is None else ", with %s on <a href=\"lab_scenes.html#live\">the scenes "
                    "page</a>" % ("the live runs of the same scenes by " + " and ".join(
                        "%s %s" % (html.escape(k), html.escape(v)) for k, v in live["engines"].items())
                        if live.get("engines") else "the reason the live engines' rows are missing"),
                    "".join(items),
                    "<p>The executed <a class=\"notebook\" href=\"%s\">lab notebook</a>.</p>" % notebook
                    if notebook else ""))
    print("lab pages: %d experiments into %s" % (len(items), a.out))


if __name__ == "__main__":
    main()
