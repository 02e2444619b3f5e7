#!/usr/bin/env python3
"""The lab's figures (DESIGN.md "Round 3: the course's engines, live"), one PNG per experiment,
plotted from the JSON of `simatlas lab all --json` (no number computed here):
  lab_scenes.png       each law outcome at dt = 1e-3 s, measured / predicted per model
  lab_convergence.png  MuJoCo's mean iterations against tolerance (PGS momentum on/off, CG, Newton)
  lab_stability.png    omega*h at the largest stable dt against k, per integrator
Usage: lab_figures.py --json LAB.json --out DIR"""
import argparse
import json
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows(table):
    return [dict(zip(table["columns"], r)) for r in table["rows"]]


def scenes_figure(result, path):
    data = [r for r in rows(result["tables"][0]) if r["dt"] == 0.001 and r["value"] is not None
            and r["predicted"] not in (None, 0) and not r["law"].startswith("≤")]
    outcomes = sorted({(r["scene"], r["outcome"]) for r in data})
    models = list(dict.fromkeys(r["model"] for r in data))
    fig, ax = plt.subplots(figsize=(10, 4.5), dpi=100)
    width = 0.8 / max(1, len(models))
    for i, m in enumerate(models):
        xs, ys = [], []
        for j, key in enumerate(outcomes):
            for r in data:
                if (r["scene"], r["outcome"]) == key and r["model"] == m:
                    xs.append(j + i * width)
                    ys.append(r["value"] / r["predicted"])
        ax.bar(xs, ys, width, label=m)
    ax.axhline(1.0, color="k", lw=0.8)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(outcomes))])
    ax.set_xticklabels(["%s\n%s" % k for k in outcomes], fontsize=7)
    ax.set_ylabel("measured / Coulomb prediction")
    ax.set_title("lab scenes at dt = 1e-3 s: every model against the law")
    ax.legend(fontsize=7, ncol=3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def convergence_figure(result, path):
    table = result["tables"][1]
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), dpi=100, sharey=True)
    for ax, cone in zip(axes, ("pyramidal", "elliptic")):
        series = {}
        for r in rows(table):
            if r["cone"] != cone:
                continue
            label = r["solver"] + ("" if r["momentum"] == "-" else " momentum " + r["momentum"])
            series.setdefault(label, []).append((r["tolerance"], r["iterations_mean"]))
        for label, pts in series.items():
            pts.sort()
            ax.loglog([p[0] for p in pts], [max(p[1], 0.5) for p in pts], "o-", label=label)
        ax.set_xlabel("tolerance")
        ax.set_title("MuJoCo 3.15 model, %s cone" % cone)
        ax.legend(fontsize=7)
    axes[0].set_ylabel("mean iterations per problem")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def stability_figure(result, path):
    series = {}
    for r in rows(result["tables"][0]):
        if r["omega_h_at_largest"] is not None:
            series.setdefault(r["integrator"], []).append((r["k"], r["omega_h_at_largest"]))
    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    for label, pts in series.items():
        ax.loglog([p[0] for p in pts], [p[1] for p in pts], "o-", label=label)
    ax.axhline(2.0, color="k", lw=0.6, ls="--")
    ax.axhline(2.828, color="k", lw=0.6, ls=":")
    ax.set_xlabel("contact stiffness k [N/m] (m = 1 kg)")
    ax.set_ylabel("omega h at the largest stable dt")
    ax.set_title("stability: Euler family 2, RK4 2*sqrt(2), implicit-in-k steps unbounded (0.1 s tried)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--json", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    doc = json.load(open(a.json))
    plot = {"scenes": scenes_figure, "convergence": convergence_figure, "stability": stability_figure}
    for result in doc["experiments"]:
        if result["name"] in plot:
            plot[result["name"]](result, os.path.join(a.out, "lab_%s.png" % result["name"]))


if __name__ == "__main__":
    main()
