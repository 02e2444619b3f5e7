#!/usr/bin/env python3
"""The layout check: every C++ file of the project (.cc, .h outside build trees) is laid out as
clang-format lays it out with the project's .clang-format; exits non-zero naming each file that
is not, with the first lines clang-format would change.

  check_format.py SOURCE            check
  check_format.py SOURCE --fix      rewrite the files in place (clang-format -i)
"""
import os
import shutil
import subprocess
import sys

SKIP = ("build", ".git")


def sources(root):
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if not d.startswith(SKIP))
        for name in sorted(files):
            if name.endswith((".cc", ".h")):
                yield os.path.join(directory, name)


def main(argv):
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != "--fix"):
        sys.exit(__doc__)
    root = argv[1]
    tool = shutil.which("clang-format")
    if tool is None:
        sys.exit("check_format: clang-format is not installed (scripts/setup.sh test installs "
                 "Debian's clang-format 14)")
    files = list(sources(root))
    if len(argv) == 3:
        subprocess.run([tool, "-i", "--style=file", *files], check=True)
        return 0
    bad = []
    for path in files:
        run = subprocess.run([tool, "--dry-run", "--style=file", path], capture_output=True,
                             text=True)
        if run.returncode != 0 or run.stderr:
            bad.append((os.path.relpath(path, root), run.stderr.splitlines()[:4]))
    for path, lines in bad:
        print(f"{path}: not laid out as .clang-format says", *lines, sep="\n  ")
    print(f"check_format: {len(files)} files, {len(bad)} not formatted"
          + (f" (fix: tools/format/check_format.py . --fix)" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
