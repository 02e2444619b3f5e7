"""Walkthrough coverage (all three course texts): every section of docs/sections.json has at
least one claim in `simatlas chapter all --json`, every claim holds, and every record has the
shape the site reads ({chapter, section, kind: claim|narration, text, values, verdict})."""
import argparse
import json
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--simatlas", required=True, help="the simatlas program")
    parser.add_argument("--sections", required=True, help="docs/sections.json")
    args = parser.parse_args()
    run = subprocess.run([args.simatlas, "chapter", "all", "--json"], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("simatlas chapter all --json exited %d: %s" % (run.returncode, run.stderr))
    records = json.loads(run.stdout)
    problems = []
    # Shape of each record.
    for r in records:
        if set(r) != {"chapter", "section", "kind", "text", "values", "verdict"}:
            problems.append("record with keys %s" % sorted(r))
        elif r["kind"] == "claim" and r["verdict"] not in ("holds", "FAILS"):
            problems.append("claim without a verdict: %s" % r["text"])
        elif r["kind"] == "narration" and r["verdict"] is not None:
            problems.append("narration with a verdict: %s" % r["text"])
        elif r["kind"] not in ("claim", "narration"):
            problems.append("unknown kind %r" % r["kind"])
    # Every claim holds.
    problems += ["%s §%s FAILS: %s" % (r["chapter"], r["section"], r["text"])
                 for r in records if r.get("verdict") == "FAILS"]
    # Every course section has a claim.
    claimed = {(r["chapter"], r["section"]) for r in records if r.get("kind") == "claim"}
    sections = json.load(open(args.sections, encoding="utf-8"))["sections"]
    problems += ["%s §%s has no claim" % (s["chapter"], s["number"])
                 for s in sections if (s["chapter"], s["number"]) not in claimed]
    if run.returncode != 0 and not problems:
        problems.append("simatlas chapter all exited %d: %s" % (run.returncode, run.stderr))
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print("%d sections, %d claims, all hold" % (len(sections), sum(r["kind"] == "claim" for r in records)))


if __name__ == "__main__":
    main()
