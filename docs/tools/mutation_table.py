"""The mutation score on the site's maintainers page: the table of the last
recorded `scripts/mutate --record` run, read from tools/mutate/results.json (checked in), with its
date, commit, sample size and seed, one row per file (mutants, killed, equivalent, survived,
stillborn, untested, score) and the survivors' keys, and, when the run's survivors were re-run
after tests were added (a recheck), which of them that re-run killed. Run with /usr/bin/python3.
"""

import html
import json
import os

COLUMNS = ("mutants", "killed", "equivalent", "survived", "stillborn", "untested")


def Score(row):
    """Killed share of the tested non-equivalent mutants, or "–" when there are none."""
    k, s = row["killed"], row["survived"]
    return "%.0f %%" % (100.0 * k / (k + s)) if k + s else "–"


def MutationSection(source):
    """The HTML of the section; says so plainly when no run has been recorded."""
    path = os.path.join(source, "tools", "mutate", "results.json")
    out = ["<h2>Mutation score</h2>"]
    if not os.path.exists(path):
        out.append("<p>No run recorded yet (<code>scripts/mutate --record</code> writes "
                   "<code>tools/mutate/results.json</code>).</p>")
        return "".join(out)
    with open(path, encoding="utf-8") as f:
        r = json.load(f)
    sample = "%d mutants per file, drawn with seed %d" % (r["sample"], r["seed"]) if r["sample"] \
        else "every mutant"
    out.append("<p>Mechanical mutants of <code>reference/</code> (tools/mutate/mutate.py) run "
               "against each file's tests by <code>scripts/mutate --record</code> on %s at commit "
               "<code>%s</code>: %s; build: %s. Score = killed / (killed + survived); equivalent "
               "mutants (tools/mutate/equivalent.txt, each with its reason) and mutants that do not "
               "compile are not counted.</p>"
               % (html.escape(r["date"]), html.escape(r["commit"]), sample, html.escape(r["build"])))
    # A recheck (scripts/mutate --keys ... --record): the run's survivors re-run after tests were
    # added; the killed column counts the ones it killed.
    if "recheck" in r:
        c = r["recheck"]
        later = [k for row in r["files"] for k in row.get("killed_later", [])]
        out.append("<p>The run's survivors were re-run (last at commit <code>%s</code> on %s) after "
                   "tests were added for them: %d of %d killed, counted as killed below (%s).</p>"
                   % (html.escape(c["commit"]), html.escape(c["date"]), c["killed"], c["rerun"],
                      ", ".join("<code>%s</code>" % html.escape(k) for k in later) or "none"))
        sanitized = c.get("sanitized_keys", [])
        if sanitized:
            out.append("<p>Of these, %s only read out of bounds, which a Release build cannot see; "
                       "they were killed in the AddressSanitizer build that CI runs "
                       "(<code>scripts/mutate --sanitize</code>, as <code>scripts/sanitize</code>)."
                       "</p>" % ", ".join("<code>%s</code>" % html.escape(k) for k in sanitized))
    head = "".join("<th>%s</th>" % c for c in ("file",) + COLUMNS + ("score",))
    rows = []
    for row in r["files"] + [dict(r["total"], file="all")]:
        cells = "".join("<td>%d</td>" % row[c] for c in COLUMNS)
        rows.append("<tr><td><code>%s</code></td>%s<td>%s</td></tr>"
                    % (html.escape(row["file"]), cells, Score(row)))
    out.append("<table class=\"doxtable\"><tr>%s</tr>%s</table>" % (head, "".join(rows)))
    survivors = [k for row in r["files"] for k in row["survivors"]]
    out.append("<p>Survivors (<code>FILE:LINE KIND:TAG</code>, the key mutate prints): %s.</p>"
               % (", ".join("<code>%s</code>" % html.escape(k) for k in survivors) or "none"))
    return "".join(out)
