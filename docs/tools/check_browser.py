#!/usr/bin/python3
"""Opens a site page in headless Chromium (ctest docs_browser_*): writes a screenshot and checks
it (PNG, expected pixel size, not blank), then loads the page in a harness frame and checks in
the live DOM that MathJax typeset every formula without error and that every image loaded.
With --pages GLOB (e.g. 'sec_*.html') every matching page is rendered at --height
(800 for the 1280×800 check) and must also show its section list, have no horizontal scroll bar
and, on a section page, show the course's quote within the first screen.
Exit 0 ok, 1 a check failed, 77 chromium is not installed (ctest SKIP_RETURN_CODE).
Usage: check_browser.py --site DIR (--page index.html | --pages GLOB) --chromium PATH --out SCREENSHOT_DIR"""

import argparse
import glob
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 1280, 1600
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]

# The harness frames the page and reports, once MathJax's queue is idle (or after 20 s of
# virtual time), how many formulas there are, how many MathJax typeset, the errors and images.
HARNESS = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<script>var EXPECTED = %d;</script>
<iframe id="page" src="%s" style="width:1280px;height:%dpx;border:0"></iframe>
<script>
function Report(final) {
  var doc = document.getElementById('page').contentDocument;
  var win = document.getElementById('page').contentWindow;
  if (!doc || !doc.body || doc.readyState !== 'complete' || doc.location.href === 'about:blank') {
    if (!final) return false;
  }
  var scripts = doc.querySelectorAll('script[type^="math/tex"]').length;
  var typeset = doc.querySelectorAll('.MathJax_SVG, .MathJax_SVG_Display').length;
  var text = doc.body.innerText || '';
  var errors = doc.querySelectorAll('.MathJax_Error, merror, .merror, [data-mjx-error]').length
             + (text.match(/Undefined control sequence|Math Processing Error|Missing or unrecognized/g) || []).length;
  var imgs = Array.prototype.map.call(doc.images, function (i) {
    return {src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0, w: i.naturalWidth, h: i.naturalHeight}; });
  var mj = win.MathJax && win.MathJax.Hub ? true : false;
  var quote = doc.querySelector('blockquote.course-quote');
  var sidebar = doc.querySelector('nav.simatlas-sidebar');
  var layout = {quote_top: quote ? quote.getBoundingClientRect().top : null,
                sidebar_width: sidebar ? sidebar.getBoundingClientRect().width : 0,
                scroll_width: doc.documentElement.scrollWidth};
  // A page without formulas need not load MathJax (the lab pages): loaded is then enough.
  var idle = mj ? (win.MathJax.Hub.queue && win.MathJax.Hub.queue.pending === 0 && !win.MathJax.Hub.queue.running)
                : (EXPECTED === 0 && doc.readyState === 'complete');
  var ready = idle && typeset >= EXPECTED && scripts >= EXPECTED;
  if (!ready && !final) return false;
  var pre = document.createElement('pre');
  pre.id = 'simatlas-result';
  pre.textContent = JSON.stringify({scripts: scripts, typeset: typeset, errors: errors, mathjax: mj,
                                    images: imgs, title: doc.title, url: doc.location.href, timed_out: !ready,
                                    layout: layout});
  document.body.appendChild(pre);
  return true;
}
var start = Date.now();
var timer = setInterval(function () {
  if (Report(Date.now() - start > 20000)) clearInterval(timer);
}, 250);
</script></body></html>"""


def PngSize(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def PngIsBlank(path):
    """True if every decoded byte of the first IDAT chunks is the same (a single-colour image)."""
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    return len(set(raw[1:4096])) <= 2


def Chromium(chromium, args, profile):
    cmd = [chromium] + FLAGS + ["--user-data-dir=" + profile] + args
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=90)


def CheckPage(chromium, site, page_name, out, min_formulas, height, layout_checks):
    """Screenshot and live-DOM checks of one page; returns the failures."""
    page = os.path.abspath(os.path.join(site, page_name))
    if not os.path.exists(page):
        return ["%s does not exist (build the site)" % page]
    failures = []
    # Doxygen writes inline formulas as \( … \) and displayed ones as \[ … \] for MathJax.
    source = open(page, encoding="utf-8").read()
    expected = source.count("\\(") + source.count("\\[")
    with tempfile.TemporaryDirectory(prefix="simatlas-chromium-") as tmp:
        # Screenshot of the page itself.
        shot = os.path.join(out, page_name.replace(".html", ".png"))
        if os.path.exists(shot):
            os.remove(shot)
        r = Chromium(chromium, ["--hide-scrollbars", "--window-size=%d,%d" % (WIDTH, height),
                                "--virtual-time-budget=15000", "--screenshot=" + shot, "file://" + page],
                     os.path.join(tmp, "profile-shot"))
        if not os.path.exists(shot):
            failures.append("no screenshot written (chromium exit %d): %s" % (r.returncode, r.stderr[-500:]))
        else:
            size = PngSize(shot)
            if size != (WIDTH, height):
                failures.append("screenshot %s has size %s, expected %dx%d" % (shot, size, WIDTH, height))
            elif os.path.getsize(shot) < 20000 or PngIsBlank(shot):
                failures.append("screenshot %s looks blank (%d bytes)" % (shot, os.path.getsize(shot)))
        # Live DOM through the harness.
        harness = os.path.join(tmp, "harness.html")
        with open(harness, "w", encoding="utf-8") as f:
            f.write(HARNESS % (expected, "file://" + page, height))
        r = Chromium(chromium, ["--allow-file-access-from-files", "--virtual-time-budget=30000", "--dump-dom",
                                "file://" + harness], os.path.join(tmp, "profile-dom"))
        m = re.search(r'<pre id="simatlas-result">(.*?)</pre>', r.stdout, re.S)
        if not m:
            failures.append("the harness reported nothing (chromium exit %d): %s" % (r.returncode, r.stderr[-500:]))
            result = None
        else:
            result = json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    if result:
        if not result["url"].endswith(page_name):
            failures.append("the harness frame shows %s, not %s" % (result["url"], page_name))
        if expected < min_formulas:
            failures.append("%d formulas in the page's HTML, expected at least %d" % (expected, min_formulas))
        if result["scripts"] < expected:
            failures.append("MathJax found %d of the %d formulas of the HTML" % (result["scripts"], expected))
        if result["timed_out"]:
            failures.append("MathJax did not finish within 20 s of virtual time")
        if result["scripts"] and not result["mathjax"]:
            failures.append("the page has %d formulas but MathJax did not load (mathjax/ missing?)" % result["scripts"])
        if result["typeset"] < result["scripts"]:
            failures.append("MathJax typeset %d of %d formulas" % (result["typeset"], result["scripts"]))
        if result["errors"]:
            failures.append("MathJax reported %d errors (undefined control sequences?)" % result["errors"])
        for img in result["images"]:
            if not img["ok"]:
                failures.append("image %s did not load" % img["src"])
        lay = result["layout"]
        if layout_checks:
            if layout_checks == "course" and lay["sidebar_width"] < 100:
                failures.append("the section list is not shown (width %s px)" % lay["sidebar_width"])
            if lay["scroll_width"] > WIDTH:
                failures.append("the page is %d px wide: it scrolls sideways at %d px" % (lay["scroll_width"], WIDTH))
            if page_name.startswith("sec_") and (lay["quote_top"] is None or not 0 <= lay["quote_top"] < height - 60):
                failures.append("the course's quote is not on the first screen (top at %s px of %d)" % (lay["quote_top"], height))
        print("check_browser: %s: %d formulas, %d typeset by MathJax, %d errors, %d images (%d loaded), quote at %s px; screenshot %s" % (
            page_name, result["scripts"], result["typeset"], result["errors"], len(result["images"]),
            sum(1 for i in result["images"] if i["ok"]), lay["quote_top"], shot))
    return ["%s: %s" % (page_name, f) for f in failures]


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--site", required=True)
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--page", help="one page, e.g. index.html")
    which.add_argument("--pages", help="a glob of pages, e.g. 'sec_*.html' (with the layout checks)")
    p.add_argument("--chromium", default="")
    p.add_argument("--out", required=True)
    p.add_argument("--height", type=int, default=HEIGHT, help="window height in px (width is %d)" % WIDTH)
    p.add_argument("--min-formulas", type=int, default=0, help="each page must have at least this many formulas")
    p.add_argument("--plain", action="store_true",
                   help="with --pages: pages outside the course navigation (the lab's), so no section "
                        "list is required; the other layout checks hold")
    a = p.parse_args()
    chromium = a.chromium if a.chromium and os.path.exists(a.chromium) else shutil.which("chromium")
    if not chromium:
        print("check_browser: chromium is not installed; skipped")
        return 77
    os.makedirs(a.out, exist_ok=True)
    if a.page:
        pages = [a.page]
    else:
        pages = sorted(os.path.basename(p) for p in glob.glob(os.path.join(a.site, a.pages)))
        if not pages:
            print("FAIL: no page of %s matches %s" % (a.site, a.pages))
            return 1
    failures = []
    for name in pages:
        layout = ("plain" if a.plain else "course") if a.pages else None
        failures += CheckPage(chromium, a.site, name, a.out, a.min_formulas, a.height, layout)
    for f in failures:
        print("FAIL: " + f)
    print("check_browser: %d pages, %d failures" % (len(pages), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
