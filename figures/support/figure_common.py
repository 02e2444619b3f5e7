"""Shared helpers of the figure scripts: arguments, CSV columns, fixed-size saving.

Every figure script is run as
    python3 SCRIPT --data DATA_DIR --out OUT_DIR
reads CSV files written by a C++ data program from the reference engine (never typed-in
numbers) and writes OUT_DIR/<name>.png and OUT_DIR/<name>.svg at a fixed pixel size
(figsize x DPI; no bbox_inches="tight", so the size the figure test expects is the size written).
"""
import argparse
import csv
import os

import matplotlib

matplotlib.use("Agg")  # no display: scripts run in CI and ctest
import matplotlib.pyplot as plt  # noqa: E402

DPI = 100


def parse_args(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--data", required=True, help="folder of the CSV data")
    parser.add_argument("--out", required=True, help="folder for the PNG and SVG")
    return parser.parse_args()


def read_columns(path):
    """The CSV at path as {column name: list of floats}."""
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    if not rows:
        raise SystemExit(f"{path}: no data rows")
    return {name: [float(row[name]) for row in rows] for name in rows[0]}


def new_figure(width_px, height_px, columns=1):
    """A figure of exactly width_px x height_px pixels with `columns` side-by-side axes."""
    fig, axes = plt.subplots(1, columns, figsize=(width_px / DPI, height_px / DPI), dpi=DPI)
    return fig, axes


def save(fig, out_dir, name):
    """Writes out_dir/name.png and out_dir/name.svg."""
    os.makedirs(out_dir, exist_ok=True)
    for extension in ("png", "svg"):
        fig.savefig(os.path.join(out_dir, f"{name}.{extension}"), dpi=DPI)
    plt.close(fig)


def finish(fig, ax, out_dir, name, xlabel, ylabel, title, legend_loc="best", legend_size=10):
    """Labels, titles, legends and grids one axis, then lays out and saves the figure."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=11)
    ax.legend(loc=legend_loc, fontsize=legend_size)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    save(fig, out_dir, name)
