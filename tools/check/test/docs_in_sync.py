#!/usr/bin/python3
"""docs_in_sync.py DOC FILE...: every FILE appears verbatim in DOC (the protocol page embeds the
shipped, tested examples; an edit to one without the other fails here)."""
import sys

doc = open(sys.argv[1], encoding="utf-8").read()
stale = [path for path in sys.argv[2:] if open(path, encoding="utf-8").read() not in doc]
for path in stale:
    print(f"{sys.argv[1]} does not contain the current text of {path}")
sys.exit(1 if stale else 0)
