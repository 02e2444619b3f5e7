"""Line-numbered source views of the site (course site): OUT/src/<file>.html.

Every line is an element with the anchor Doxygen's source browser uses (id "l00042"), so a
section page links the line where a function is defined; the targeted line is highlighted
(site.css, :target). Run with /usr/bin/python3 (standard library only).
"""

import html
import os

import site_model


def Write(source, rel, out_dir, backlinks=""):
    """Writes OUT/src/REL.html: the file with line numbers and per-line anchors, a link back to
    the course map and BACKLINKS (site_model.SectionLinks with the prefix "../" per folder of
    REL plus one: the sections that list the file)."""
    dst = os.path.join(out_dir, "src", rel + ".html")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    up = "../" * (rel.count("/") + 1)
    with open(os.path.join(source, rel), encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    # One <span> per line: the number links to its own anchor, so a reader can copy the address.
    body = "".join('<span class="line" id="%s"><a class="lineno" href="#%s">%5d</a> %s</span>\n' % (
        site_model.LineAnchor(i + 1), site_model.LineAnchor(i + 1), i + 1, html.escape(text))
        for i, text in enumerate(lines))
    with open(dst, "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><title>%s</title>'
                '<link href="%sdoxygen.css" rel="stylesheet" type="text/css">'
                '<link href="%ssite.css" rel="stylesheet" type="text/css"></head><body>'
                '<p><a href="%sindex.html">Course map</a> · <code>%s</code> (%d lines)</p>%s'
                '<pre class="fragment source">%s</pre></body></html>'
                % (html.escape(rel), up, up, up, html.escape(rel), len(lines), backlinks, body))
