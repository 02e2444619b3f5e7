#!/usr/bin/python3
"""The table of bad inputs: runs every row of docs/bad_inputs.json through the real
`simatlas` program, and checks or renders what it says.

  bad_inputs.py --simatlas BIN --source ROOT --check        exit code, message regex, and an
        empty stdout for every rejected input (nothing partial is written); one line per failure.
  bad_inputs.py --simatlas BIN --source ROOT --markdown OUT  the table as a Markdown page.

build_site.py imports Run() and HtmlTable() to put the same table, with the messages captured at
build time, on the site's "Bad inputs" page. Standard library only.
"""

import argparse
import copy
import html
import json
import os
import re
import subprocess
import sys
import tempfile


def Load(source):
    with open(os.path.join(source, "docs", "bad_inputs.json"), encoding="utf-8") as f:
        return json.load(f)["rows"]


def _Pointer(doc, pointer):
    """(parent, last key) of a JSON pointer such as /constraints/0/mu."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    for p in parts[:-1]:
        doc = doc[int(p)] if isinstance(doc, list) else doc[p]
    last = parts[-1]
    return doc, (int(last) if isinstance(doc, list) else last)


def FileText(source, spec):
    """The content of a row's file: `text`, or an example changed by set/remove/replace."""
    if "text" in spec:
        return spec["text"]
    with open(os.path.join(source, "formats", "examples", spec["base"]), encoding="utf-8") as f:
        text = f.read()
    if "set" in spec or "remove" in spec:
        doc = json.loads(text)
        for pointer, value in spec.get("set", {}).items():
            parent, key = _Pointer(doc, pointer)
            parent[key] = copy.deepcopy(value)
        for pointer in spec.get("remove", []):
            parent, key = _Pointer(doc, pointer)
            del parent[key]
        text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if "replace" in spec:
        old, new = spec["replace"]
        if old not in text:
            raise ValueError("replace: %r not in %s" % (old, spec["base"]))
        text = text.replace(old, new, 1)
    return text


def DescribeFile(spec):
    """One line for the page: what the file holds."""
    if "text" in spec:
        return "file containing %s" % (json.dumps(spec["text"]) if spec["text"] else "nothing (0 bytes)")
    changes = ["%s = %s" % (p, json.dumps(v)) for p, v in spec.get("set", {}).items()]
    changes += ["%s removed" % p for p in spec.get("remove", [])]
    if "replace" in spec:
        changes.append("text %s replaced by %s" % (spec["replace"][0], spec["replace"][1]))
    return "formats/examples/%s%s" % (spec["base"], (" with " + "; ".join(changes)) if changes else "")


def Arguments(row, source, file_path):
    return [a.replace("{file}", file_path).replace("{formats}", os.path.join(source, "formats", "examples"))
            for a in row["args"]]


def Shown(row):
    """The command as shown on the page (FILE for the row's file)."""
    args = [a.replace("{file}", "FILE").replace("{formats}", "formats/examples") for a in row["args"]]
    return " ".join(["simatlas"] + [a if a and " " not in a else json.dumps(a) for a in args])


def Run(simatlas, source, rows):
    """Runs every row; returns a list of (row, exit code, stdout, stderr)."""
    results = []
    with tempfile.TemporaryDirectory(prefix="simatlas-bad-inputs-") as scratch:
        for i, row in enumerate(rows):
            path = os.path.join(scratch, "problem%d.json" % i)
            if "file" in row:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(FileText(source, row["file"]))
            r = subprocess.run([simatlas] + Arguments(row, source, path), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, timeout=120)
            # Shown as on the page: FILE for the row's file, paths relative to the repository.
            examples = os.path.join(source, "formats", "examples")
            err = r.stderr.replace(path, "FILE").replace(examples, "formats/examples")
            results.append((row, r.returncode, r.stdout, err))
    return results


def Problems(row, code, out, err):
    """What is wrong with one result ([] when the row holds)."""
    problems = []
    if code != row["exit"]:
        problems.append("exit code %d, expected %d" % (code, row["exit"]))
    if "stderr" in row and not re.search(row["stderr"], err):
        problems.append("stderr does not match /%s/: %r" % (row["stderr"], err))
    if "stdout" in row and not re.search(row["stdout"], out):
        problems.append("stdout does not match /%s/: %r" % (row["stdout"], out[:300]))
    if row["exit"] == 2:
        # Bad input: nothing partial on stdout, and a message.
        if out:
            problems.append("stdout is not empty: %r" % out[:300])
        if not err.strip():
            problems.append("stderr is empty")
    return problems


def Said(row, out, err):
    """What the program says, for the page: stderr, or the matching part of stdout."""
    if err.strip():
        return err.strip()
    m = re.search(row.get("stdout", "^"), out)
    line_start = out.rfind("\n", 0, m.start()) + 1 if m else 0
    line_end = out.find("\n", m.end()) if m else -1
    return "(stdout) " + out[line_start:line_end if line_end >= 0 else len(out)].strip()


def HtmlTable(results):
    rows = ['<table class="doxtable bad-inputs"><tr><th>#</th><th>entry</th><th>class</th><th>input</th>'
            '<th>what the program says</th><th>exit</th></tr>']
    for n, (row, code, out, err) in enumerate(results, 1):
        given = "<code>%s</code>" % html.escape(Shown(row))
        if "file" in row:
            given += "<br>FILE: %s" % html.escape(DescribeFile(row["file"]))
        if row.get("note"):
            given += "<br><em>%s</em>" % html.escape(row["note"])
        rows.append("<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td><pre style='white-space: pre-wrap; overflow-wrap: anywhere; margin: 0'>%s</pre></td><td>%d</td></tr>" % (
            n, html.escape(row["entry"]), html.escape(row["class"]), given,
            html.escape(Said(row, out, err)), code))
    rows.append("</table>")
    return "\n".join(rows)


def DoxygenPage(results):
    """The site page (Doxygen page name bad_inputs): intro and the table, messages as captured."""
    by_exit = {}
    for _, code, _, _ in results:
        by_exit[code] = by_exit.get(code, 0) + 1
    intro = ("<p>Every bad-input class tried on <code>simatlas</code>, one row per input, from "
             "<a href=\"src/docs/bad_inputs.json.html\"><code>docs/bad_inputs.json</code></a>. Each row was run "
             "through the program when this site was built; the message is what it printed. Exit codes: "
             "0 success, 1 a check failed, 2 bad input (then nothing is written to stdout: the message names "
             "the quantity, its value, its unit and the rule). The ctest <code>docs_bad_inputs</code> checks "
             "every row's exit code, message and empty stdout. %d rows: %s.</p>" % (
                 len(results), ", ".join("%d with exit %d" % (n, c) for c, n in sorted(by_exit.items()))))
    text = intro + "\n" + HtmlTable(results)
    return "\\page bad_inputs Bad inputs\n\n\\htmlonly\n" + text.replace("*", "&#42;") + "\n\\endhtmlonly\n"


def Markdown(results):
    def Cell(text):
        return text.replace("|", "\\|").replace("\n", "<br>")
    lines = ["# Bad inputs", "",
             "Every bad-input class tried on `simatlas` (docs/bad_inputs.json), run through the program "
             "when this page was generated. Exit codes: 0 success, 1 a check failed, 2 bad input "
             "(nothing is written to stdout).", "",
             "| # | entry | class | input | what the program says | exit |", "|---|---|---|---|---|---|"]
    for n, (row, code, out, err) in enumerate(results, 1):
        given = "`%s`" % Shown(row)
        if "file" in row:
            given += "<br>FILE: " + DescribeFile(row["file"])
        if row.get("note"):
            given += "<br>*%s*" % row["note"]
        lines.append("| %d | %s | %s | %s | `%s` | %d |" % (
            n, Cell(row["entry"]), Cell(row["class"]), Cell(given), Cell(Said(row, out, err)), code))
    return "\n".join(lines) + "\n"


def SelfTest():
    """The checker catches what it must: a wrong exit code, a message that does not match, a
    partial answer on stdout, a silent failure. Returns the number of checks that went wrong."""
    row = {"entry": "test", "class": "test", "args": [], "exit": 2, "stderr": r"k1 = -1 N/m must be >= 0"}
    accepted = {"entry": "test", "class": "test", "args": [], "exit": 0, "stdout": r"^imp = 0\.9999\n"}
    cases = [
        ((row, 2, "", "simatlas law: k1 = -1 N/m must be >= 0\n"), 0),   # holds
        ((row, 0, "", "simatlas law: k1 = -1 N/m must be >= 0\n"), 1),   # wrong exit code
        ((row, 2, "", "simatlas law: k1 = -1 must be >= 0\n"), 1),       # unit missing
        ((row, 2, "k = 1 N/m\n", "simatlas law: k1 = -1 N/m must be >= 0\n"), 1),  # partial stdout
        ((dict(row, stderr="^"), 2, "", ""), 1),                          # no message at all
        ((accepted, 0, "imp = 0.9999\n", ""), 0),
        ((accepted, 0, "imp = 0.5\n", ""), 1),                            # wrong answer
    ]
    wrong = 0
    for (r, code, out, err), expected in cases:
        got = len(Problems(r, code, out, err))
        if got != expected:
            wrong += 1
            print("self-test: %r exit %d stdout %r stderr %r gave %d problem(s), expected %d" % (
                r.get("stderr", r.get("stdout")), code, out, err, got, expected))
    # File construction: set, remove and replace act on the example's content.
    spec = {"base": "sap/point_mass_lagged.json", "set": {"/constraints/0/mu": -0.5}, "remove": ["/parameters"]}
    doc = json.loads(FileText(SOURCE_FOR_SELF_TEST[0], spec))
    if doc["constraints"][0]["mu"] != -0.5 or "parameters" in doc:
        wrong += 1
        print("self-test: set/remove did not change the file")
    text = FileText(SOURCE_FOR_SELF_TEST[0], {"base": "sap/point_mass_lagged.json",
                                              "replace": ["\"time_step\": 0.01", "\"time_step\": 1e999"]})
    if "1e999" not in text:
        wrong += 1
        print("self-test: replace did not change the file")
    print("self-test: %d of %d checks wrong" % (wrong, len(cases) + 2))
    return wrong


SOURCE_FOR_SELF_TEST = [""]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--simatlas")
    p.add_argument("--source", required=True, help="repository root")
    p.add_argument("--check", action="store_true")
    p.add_argument("--self-test", action="store_true", help="check the checker (no simatlas needed)")
    p.add_argument("--markdown", help="write the table as Markdown to this file")
    a = p.parse_args()
    if a.self_test:
        SOURCE_FOR_SELF_TEST[0] = a.source
        return 1 if SelfTest() else 0
    if not a.simatlas:
        p.error("--simatlas is required")
    rows = Load(a.source)
    results = Run(a.simatlas, a.source, rows)
    if a.markdown:
        with open(a.markdown, "w", encoding="utf-8") as f:
            f.write(Markdown(results))
    if a.check:
        failures = 0
        for row, code, out, err in results:
            for problem in Problems(row, code, out, err):
                failures += 1
                print("FAIL %s / %s (%s): %s" % (row["entry"], row["class"], Shown(row), problem))
        entries = sorted(set(r["entry"] for r in rows))
        print("%d rows (%s), %d failure(s)" % (len(rows), ", ".join(entries), failures))
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
