"""`simatlas exercise` (the reading exercises of E3-geometry §5, E3-SAP §6, MJ-solvers §10):
--list names every exercise; CHAPTER N prints the question and the answer form but no
evidence; --answer grades per field (right/WRONG), then shows the evidence and the reason for
a right answer (the reference solution, exit 0) or a hint for a wrong one (exit 1); 2 with the
reason and nothing on stdout for an unreadable, blank or malformed file.
python3 exercise_cli.py SIMATLAS EXERCISES_DIR
"""
import os
import subprocess
import sys
import tempfile

FAILURES = []


def run(simatlas, *args):
    done = subprocess.run([simatlas, "exercise", *args], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def check(condition, what):
    if not condition:
        FAILURES.append(what)


def main():
    simatlas, exercises = sys.argv[1], sys.argv[2]
    # --list: 7 + 8 + 8 reading exercises.
    code, out, _ = run(simatlas, "--list")
    check(code == 0 and len(out.splitlines()) == 23 and "e3-sap 6  E3-SAP §6" in out, "--list: %d, %r" % (code, out[:200]))
    # The question: the form, no evidence, no verdict.
    code, out, _ = run(simatlas, "e3-sap", "6")
    check(code == 0 and "exponent: <number>" in out and "evidence" not in out and "right" not in out,
          "question mode printed %r" % out)
    with tempfile.TemporaryDirectory() as tmp:
        # The reference solution: all right, verdicts before the evidence and the reason.
        solution = os.path.join(exercises, "e3-sap", "ex6_solution.txt")
        code, out, _ = run(simatlas, "e3-sap", "6", "--answer", solution)
        check(code == 0 and out.index("right  exponent") < out.index("evidence") < out.index("reason:"),
              "solution: exit %d, %r" % (code, out))
        # A wrong exponent (+1/2): that field WRONG, the other right, exit 1.
        wrong = os.path.join(tmp, "wrong.txt")
        open(wrong, "w").write("exponent: 0.5\npositive_root_invariant: no\n")
        code, out, _ = run(simatlas, "e3-sap", "6", "--answer", wrong)
        check(code == 1 and "WRONG  exponent" in out and "right  positive_root_invariant" in out,
              "wrong answer: exit %d, %r" % (code, out))
        # The shipped blank answer file: not an answer, exit 2, no evidence.
        blank = os.path.join(exercises, "mj-solvers", "ex6_answer.txt")
        code, out, err = run(simatlas, "mj-solvers", "6", "--answer", blank)
        check(code == 2 and out == "" and "blank form" in err and "evidence" not in err,
              "blank answer: exit %d, %r, %r" % (code, out, err))
        # Bad files: exit 2, one line on stderr with the reason, nothing on stdout.
        malformed = os.path.join(tmp, "malformed.txt")
        open(malformed, "w").write("exponent 0.5\n")
        for path, reason in ((os.path.join(tmp, "absent.txt"), "No such file or directory"),
                             (tmp, "Is a directory"), (malformed, "must be \"key: value\"")):
            code, out, err = run(simatlas, "e3-sap", "6", "--answer", path)
            check(code == 2 and out == "" and reason in err and len(err.splitlines()) == 1,
                  "%s: exit %d, stdout %r, stderr %r" % (path, code, out, err))
    # Unknown chapter or number: exit 2.
    for args in (("e9", "1"), ("e3-sap", "9"), ("e3-sap", "x")):
        code, out, err = run(simatlas, *args)
        check(code == 2 and out == "" and err, "%s: exit %d" % (" ".join(args), code))
    for failure in FAILURES:
        print("FAIL:", failure)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
