"""Navigation of the course site: the section list beside every student page and
the previous/next links in the course's order (chapters as docs/sections.json lists them,
sections numerically: §2 before §10). Run with /usr/bin/python3 (standard library only).
"""

import html
import os

import site_model


def Sidebar(model, current=None):
    """The section list of every student page: each chapter as a group, the current page marked."""
    parts = ['<nav class="simatlas-sidebar" aria-label="Course sections">',
             '<p class="sidebar-top"><a href="index.html">Course map</a> · <a href="exercises.html">Exercises</a>'
             ' · <a href="figures.html">Figures</a> · <a href="laws.html">Laws</a></p>']
    order = site_model.CourseOrder(model)
    for ch in model["chapters"]:
        parts.append('<p class="sidebar-chapter">%s</p><ol class="sidebar-sections">' % html.escape(ch["name"]))
        for sec in order:
            if sec["chapter"] != ch["id"]:
                continue
            page = site_model.PageName(sec)
            mark = ' class="current" aria-current="page"' if page == current else ""
            parts.append('<li%s><a href="%s.html" title="%s">§%s %s</a></li>' % (
                mark, page, html.escape(sec["title_zh"]), html.escape(sec["number"]), html.escape(sec["title_en"])))
        parts.append("</ol>")
    parts.append("</nav>")
    # Scroll the list (not the page) so that the current section is in view.
    parts.append("<script>(function () { var nav = document.querySelector('nav.simatlas-sidebar');"
                 " var cur = nav && nav.querySelector('li.current');"
                 " if (cur) nav.scrollTop = Math.max(0, cur.offsetTop - nav.clientHeight / 3); })();</script>")
    return "".join(parts)


def Neighbours(model, sec):
    """(previous section or None, next section or None) in the course's order."""
    order = site_model.CourseOrder(model)
    names = [site_model.PageName(s) for s in order]
    i = names.index(site_model.PageName(sec))
    return (order[i - 1] if i > 0 else None), (order[i + 1] if i + 1 < len(order) else None)


def PrevNext(model, sec):
    """The previous/next bar of a section page."""
    def Link(other, rel, arrow):
        if other is None:
            return '<span class="%s none">%s</span>' % (rel, "start of the course" if rel == "prev" else "end of the course")
        name = site_model.Chapter(model, other["chapter"])["name"]
        return '<a class="%s" rel="%s" href="%s.html">%s %s §%s %s</a>' % (
            rel, rel, site_model.PageName(other), arrow if rel == "prev" else "", html.escape(name),
            html.escape(other["number"]), html.escape(other["title_en"]) + (" " + arrow if rel == "next" else ""))
    before, after = Neighbours(model, sec)
    return '<p class="prevnext">%s <a class="up" href="index.html">course map</a> %s</p>' % (
        Link(before, "prev", "←"), Link(after, "next", "→"))


def NotebookPath(out_dir, chapter_id):
    """The chapter's notebook page in the site (OUT/notebooks/<chapter>.html, the chapter id with
    '-' or '_'), as a path relative to OUT, or None when the notebooks were not built into it."""
    for stem in (chapter_id, chapter_id.replace("-", "_")):
        rel = "notebooks/%s.html" % stem
        if os.path.isfile(os.path.join(out_dir, rel)):
            return rel
    return None


def NotebookLink(out_dir, chapter_id):
    """The sentence linking the chapter's notebook when its HTML is in the site, else "" (so the
    pages never carry a dead link; the notebooks are built into OUT/notebooks/ before the site)."""
    rel = NotebookPath(out_dir, chapter_id)
    return ' The chapter\'s notebook: <a class="notebook" href="%s">%s</a>.' % (rel, html.escape(rel)) if rel else ""
