"""Figure smoke test (ctest label "figure"): runs one figure script, then checks that its PNG
exists, is non-trivial in size and has the expected pixel dimensions, and that its SVG exists.

python3 check_figure.py --script S.py --name NAME --data DIR --out DIR --width W --height H
"""
import argparse
import os
import struct
import subprocess
import sys

MIN_PNG_BYTES = 20_000  # an empty 900x540 white canvas is a few kB; a plotted figure is tens


def png_size(path):
    """(width, height) from the PNG's IHDR chunk."""
    with open(path, "rb") as handle:
        header = handle.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n" or header[12:16] != b"IHDR":
        raise SystemExit(f"{path} is not a PNG")
    return struct.unpack(">II", header[16:24])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for key in ("script", "name", "data", "out"):
        parser.add_argument("--" + key, required=True)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    args = parser.parse_args()

    png = os.path.join(args.out, args.name + ".png")
    svg = os.path.join(args.out, args.name + ".svg")
    for stale in (png, svg):
        if os.path.exists(stale):
            os.remove(stale)
    subprocess.run([sys.executable, args.script, "--data", args.data, "--out", args.out],
                   check=True)

    failures = []
    if not os.path.exists(png):
        failures.append(f"{png} was not written")
    else:
        size = os.path.getsize(png)
        width, height = png_size(png)
        print(f"{png}: {width}x{height} px, {size} bytes")
        if size < MIN_PNG_BYTES:
            failures.append(f"{png} has {size} bytes, expected >= {MIN_PNG_BYTES}")
        if (width, height) != (args.width, args.height):
            failures.append(f"{png} is {width}x{height}, expected {args.width}x{args.height}")
    if not os.path.exists(svg) or os.path.getsize(svg) < 10_000:
        failures.append(f"{svg} missing or trivial")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
