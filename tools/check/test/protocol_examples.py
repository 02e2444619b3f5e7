#!/usr/bin/python3
"""The protocol page's example exchanges, one per law of every family.

  protocol_examples.py --simatlas BIN --doc PAGE --check   every law of `simatlas check --list`
        has a block on PAGE, and each block is exactly `simatlas check --example LAW` (seed 1):
        the query line and the reference's answer line, compared as JSON values.
  protocol_examples.py --simatlas BIN --markdown           the blocks, to paste into the page.

A block is a fenced code block of two lines, the query {"law": ..., "inputs": ...} and the answer
{"outputs": ...} or {"error": ...}. Standard library only.
"""
import argparse
import json
import re
import subprocess
import sys


def laws(simatlas):
    families = json.loads(subprocess.run([simatlas, "check", "--list", "--json"], check=True,
                                         stdout=subprocess.PIPE, text=True).stdout)
    return [(f["name"], law["law"]) for f in families for law in f["laws"]]


def example(simatlas, law):
    out = subprocess.run([simatlas, "check", "--example", law, "--seed", "1"], check=True,
                         stdout=subprocess.PIPE, text=True).stdout.splitlines()
    if len(out) != 2:
        sys.exit(f"simatlas check --example {law} printed {len(out)} lines, expected 2")
    return out


def blocks(doc):
    """{law: (query, answer)} of the page's two-line code blocks whose first line is a query."""
    found = {}
    for body in re.findall(r"```\n(.*?)\n```", doc, flags=re.S):
        lines = body.split("\n")
        if len(lines) != 2:
            continue
        try:
            query, answer = json.loads(lines[0]), json.loads(lines[1])
        except json.JSONDecodeError:
            continue
        if isinstance(query, dict) and set(query) == {"law", "inputs"}:
            found[query["law"]] = (query, answer)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--simatlas", required=True)
    ap.add_argument("--doc")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    if args.markdown:
        for family, law in laws(args.simatlas):
            query, answer = example(args.simatlas, law)
            print(f"`{law}` ({family}):\n\n```\n{query}\n{answer}\n```\n")
        return 0
    with open(args.doc, encoding="utf-8") as f:
        found = blocks(f.read())
    problems = []
    for family, law in laws(args.simatlas):
        if law not in found:
            problems.append(f"{args.doc} has no example exchange for law {law} (family {family})")
            continue
        query, answer = (json.loads(line) for line in example(args.simatlas, law))
        if found[law] != (query, answer):
            problems.append(f"{args.doc}: the example of {law} is not what `simatlas check "
                            f"--example {law} --seed 1` prints now (regenerate with --markdown)")
    for p in problems:
        print(p)
    print(f"{len(found)} example exchanges checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
