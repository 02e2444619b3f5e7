"""`simatlas exercise` on every reading exercise (E3-geometry §5, E3-SAP §6, MJ-solvers §10):
the shipped blank form (exercises/<chapter>/ex<N>_answer.txt) is bad input, exit 2, with its problem on stderr
and neither evidence nor reason anywhere; the reference solution (exercises/<chapter>/ex<N>_solution.txt) exits 0
and shows the evidence and the reason. A wrong answer of one exercise exits 1 with a hint and
without the evidence unless --explain is given.
python3 exercise_forms_cli.py SIMATLAS EXERCISES_DIR
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

CHAPTERS = ("e3-geometry", "e3-sap", "mj-solvers")  # one folder each, spelled as the CLI names it


def forms(exercises, folder, number):
    """(blank form, reference solution) of one reading exercise."""
    return (os.path.join(exercises, folder, "ex%d_answer.txt" % number),
            os.path.join(exercises, folder, "ex%d_solution.txt" % number))


def run(simatlas, *args):
    done = subprocess.run([simatlas, "exercise", *args], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def reason_of(solution):
    # The first line of the solution's reason (its second comment line that is not a hint).
    lines = [l for l in open(solution, encoding="utf-8") if l.startswith("# ") and not l.startswith("# hint:")]
    return lines[1][2:].strip()[:40]


def main():
    simatlas, exercises = sys.argv[1], sys.argv[2]
    failures, count = [], 0
    for chapter in CHAPTERS:
        folder = chapter
        sources = glob.glob(os.path.join(exercises, folder, "ex*_*.cc"))
        for number in sorted(int(re.match(r"ex(\d+)_", os.path.basename(s)).group(1)) for s in sources):
            count += 1
            blank, solution = forms(exercises, folder, number)
            name = "%s %d" % (chapter, number)
            reason = reason_of(solution)
            code, out, err = run(simatlas, chapter, str(number), "--answer", blank)
            if code != 2 or out or "gives no answer (the blank form" not in err or "evidence" in err \
                    or reason in err:
                failures.append("%s blank form: exit %d, stdout %r, stderr %r" % (name, code, out, err))
            code, out, err = run(simatlas, chapter, str(number), "--answer", solution)
            if code != 0 or "all fields right" not in out or "evidence (reference engine):" not in out \
                    or reason not in out:
                failures.append("%s solution: exit %d, stdout %r, stderr %r" % (name, code, out, err))
    if count != 23:
        failures.append("expected 23 reading exercises, found %d" % count)
    # A wrong answer (E3-SAP §6 exercise 6 with the positive root): the field WRONG, a hint, no
    # evidence and no reason; with --explain both follow.
    blank, solution = forms(exercises, "e3-sap", 6)
    with tempfile.TemporaryDirectory() as tmp:
        wrong = os.path.join(tmp, "wrong.txt")
        open(wrong, "w").write("exponent: 0.5\npositive_root_invariant: no\n")
        code, out, err = run(simatlas, "e3-sap", "6", "--answer", wrong)
        if code != 1 or "WRONG  exponent" not in out or "\nhint: " not in out or "evidence (" in out \
                or reason_of(solution) in out or "--explain" not in out:
            failures.append("wrong answer: exit %d, stdout %r" % (code, out))
        code, out, err = run(simatlas, "e3-sap", "6", "--answer", wrong, "--explain")
        if code != 1 or "WRONG  exponent" not in out or "evidence (reference engine):" not in out \
                or reason_of(solution) not in out:
            failures.append("wrong answer --explain: exit %d, stdout %r" % (code, out))
        # A typo in a key or a value is malformed, not wrong: exit 2, the problem named.
        for text, problem in (("exponent: 0.5\npositive_root_invariant: no\nanwser: yes\n", "anwser: unknown key"),
                              ("exponent: half\npositive_root_invariant: no\n", "exponent: malformed"),
                              ("exponent: -0.5\n", "positive_root_invariant: missing")):
            bad = os.path.join(tmp, "bad.txt")
            open(bad, "w").write(text)
            code, out, err = run(simatlas, "e3-sap", "6", "--answer", bad)
            if code != 2 or out or problem not in err or "evidence" in err:
                failures.append("%r: exit %d, stdout %r, stderr %r" % (text, code, out, err))
    for failure in failures:
        print("FAIL " + failure)
    print("%d reading exercises: blank forms exit 2 without evidence, solutions exit 0; %d failures"
          % (count, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
