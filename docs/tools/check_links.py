#!/usr/bin/python3
"""Link checker of the generated site (ctest docs_site_links): every href/src inside the site
must name an existing file, and a #fragment must name an id (or a name) in that file.
External links (http:, https:, mailto:, javascript:) are listed but not followed: the site must
work offline. Usage: check_links.py SITE_DIR. Exit 0 if no broken link, 1 otherwise."""

import html.parser
import os
import sys
import urllib.parse


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if value is None:
                continue
            if key in ("id", "name"):
                self.ids.add(value)
            if (key == "href" and tag in ("a", "link", "area")) or (key == "src" and tag in ("img", "script", "iframe")):
                self.links.append(value)


def Parse(path, cache):
    if path not in cache:
        p = Links()
        with open(path, encoding="utf-8", errors="replace") as f:
            p.feed(f.read())
        cache[path] = p
    return cache[path]


def SelfTest():
    """The checker must pass a sound site and catch each kind of break (missing file, missing id,
    a link leaving the site); otherwise the site check could pass vacuously."""
    import tempfile
    cases = {
        "sound": ('<a href="b.html#x">b</a><img src="img/p.png"><a href="https://example.org">e</a>', 0),
        "missing file": ('<a href="nope.html">n</a>', 1),
        "missing id": ('<a href="b.html#nowhere">n</a>', 1),
        "encoded id as written": ('<a href="b.html#%C2%A71-x">n</a>', 0),
        "encoded id decoded": ('<a href="b.html#%C2%A72-y">n</a>', 0),
        "encoded id missing": ('<a href="b.html#%C2%A79-z">n</a>', 1),
        "leaves the site": ('<a href="../outside.html">o</a>', 1),
        "missing image": ('<img src="img/none.png">', 1),
        "embedded image": ('<img src="data:image/png;base64,iVBORw0KGgo=">', 0),
    }
    bad = []
    for name, (body, want) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            site = os.path.join(tmp, "site")
            os.makedirs(os.path.join(site, "img"))
            open(os.path.join(site, "index.html"), "w").write("<html><body>%s</body></html>" % body)
            open(os.path.join(site, "b.html"), "w", encoding="utf-8").write(
                '<html><body><h1 id="x">x</h1><h2 id="%C2%A71-x">a</h2><h2 id="§2-y">b</h2></body></html>')
            open(os.path.join(site, "img", "p.png"), "wb").write(b"png")
            open(os.path.join(tmp, "outside.html"), "w").write("<html></html>")
            got = Check(site)
            if got != want:
                bad.append("%s: exit %d, expected %d" % (name, got, want))
    for b in bad:
        print("FAIL self-test " + b)
    print("check_links self-test: %d cases, %d wrong" % (len(cases), len(bad)))
    return 1 if bad else 0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--self-test":
        return SelfTest()
    return Check(os.path.abspath(sys.argv[1]))


def Check(site):
    if not os.path.exists(os.path.join(site, "index.html")):
        print("check_links: %s/index.html does not exist (build the `site` target)" % site)
        return 1
    cache, broken, external, checked = {}, [], set(), 0
    pages = []
    for root, dirs, files in os.walk(site):
        dirs[:] = [d for d in dirs if d != "mathjax"]  # MathJax's own bundle is copied verbatim
        pages += [os.path.join(root, f) for f in files if f.endswith(".html")]
    for page in sorted(pages):
        for link in Parse(page, cache).links:
            url = urllib.parse.urlsplit(link)
            if url.scheme in ("http", "https", "mailto", "javascript") or link.startswith("//"):
                external.add(link)
                continue
            if url.scheme == "data":  # an image embedded in the page (the executed notebooks')
                continue
            checked += 1
            target = page if not url.path else os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(url.path)))
            where = os.path.relpath(page, site)
            if not target.startswith(site + os.sep):
                broken.append("%s: %s leaves the site" % (where, link))
            elif not os.path.isfile(target):
                broken.append("%s: %s (no file %s)" % (where, link, os.path.relpath(target, site)))
            # A browser matches the fragment as written first, then percent-decoded (HTML's
            # "indicated part"); nbconvert writes heading ids percent-encoded (#%C2%A71-…).
            elif (url.fragment and target.endswith(".html") and
                  not {url.fragment, urllib.parse.unquote(url.fragment)} & Parse(target, cache).ids):
                broken.append("%s: %s (no id '%s' in %s)" % (where, link, url.fragment, os.path.relpath(target, site)))
    for b in broken:
        print("broken link: " + b)
    print("check_links: %d pages, %d internal links checked, %d broken; %d external links not followed: %s" % (
        len(pages), checked, len(broken), len(external), ", ".join(sorted(external)) or "none"))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
