#!/usr/bin/env python3
"""The lab's figures (DESIGN.md "Round 3: the course's engines, live"), one PNG per experiment,
plotted from the JSON of `simatlas lab all --json` (no number computed here):
  lab_scenes.png       each law outcome at the smallest dt run (1e-3 s), measured / predicted per model
  lab_convergence.png  MuJoCo's mean iterations against tolerance (PGS momentum on/off, CG, Newton)
  lab_stability.png    omega*h at the largest stable dt against k, per integrator
  lab_scale.png        iterations and time per solve against the number of contacts, per solver
                       (a solve that did not converge drawn as a red cross)
  lab_derivatives.png  the FD transition Jacobian's error against eps (forward, centred), and
                       SAP's dvx/dF by the sensitivity (formula sheet E3-SAP (5.2)) and by
                       central differences against F/(mu m g)
Each *_figure(result) returns its matplotlib figure (the lab notebook shows them inline);
main() saves them. Usage: lab_figures.py --json LAB.json --out DIR"""
import argparse
import json
import os

import matplotlib
import matplotlib.pyplot as plt


def rows(table):
    return [dict(zip(table["columns"], r)) for r in table["rows"]]


def empty_figure(title, reasons):
    """A figure that says why it has nothing to draw (a live engine that did not run, a table
    without rows), instead of an exception or a blank plot."""
    fig, ax = plt.subplots(figsize=(10, 2.5), dpi=100)
    ax.axis("off")
    ax.set_title(title)
    ax.text(0.5, 0.5, "\n".join(["nothing to draw:"] + list(reasons)), ha="center", va="center",
            fontsize=8, wrap=True, transform=ax.transAxes)
    return fig


def scenes_figure(result):
    table = result["tables"][0]
    if not table["rows"]:
        # The live engines' table is empty when neither engine imports here: say which and why.
        return empty_figure("lab scenes: no row", table.get("missing") or result.get("missing")
                            or ["the table has no rows"])
    dt = min(r["dt"] for r in rows(table))
    data = [r for r in rows(table) if r["dt"] == dt and r["value"] is not None
            and r["predicted"] not in (None, 0) and not r["law"].startswith("≤")]
    if not data:
        return empty_figure("lab scenes at dt = %g s" % dt, ["no row has a measured value and a "
                                                            "nonzero Coulomb prediction"])
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
    ax.set_title("lab scenes at dt = %g s: every model against the law" % dt)
    ax.legend(fontsize=7, ncol=3)
    fig.tight_layout()
    return fig


def convergence_figure(result):
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
    return fig


def stability_figure(result):
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
    return fig


def scale_figure(result):
    data = rows(result["tables"][0])
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), dpi=100)
    markers = ["o", "s", "^", "d", "v"]
    for i, solver in enumerate(dict.fromkeys(r["solver"] for r in data)):
        pts = [r for r in data if r["solver"] == solver]
        for ax, key in zip(axes, ("iterations", "time_per_solve")):
            ax.loglog([r["contacts"] for r in pts], [r[key] for r in pts], markers[i % 5] + "-",
                      mfc="none", ms=8 - i, label=solver)
            failed = [r for r in pts if r["converged"] == 0]
            if failed:
                ax.loglog([r["contacts"] for r in failed], [r[key] for r in failed], "x", color="red",
                          ms=10, mew=2)
    axes[0].set_ylabel("iterations of the solve")
    axes[1].set_ylabel("time per solve [s]")
    for ax in axes:
        ax.set_xlabel("contacts (4 per cube)")
        ax.legend(fontsize=7)
    axes[0].set_title("iterations (red x: not converged)")
    axes[1].set_title("wall time of one solve, h = 1e-3 s")
    fig.tight_layout()
    return fig


def derivatives_figure(result):
    sweep = rows(result["tables"][0])
    drag = rows(result["tables"][2])
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), dpi=100)
    ax = axes[0]
    for key, label in (("forward_error", "forward"), ("centered_error", "centred")):
        ax.loglog([r["eps"] for r in sweep], [max(r[key], 1e-17) for r in sweep], "o-", ms=3,
                  label=label)
    ax.set_xlabel("eps")
    ax.set_ylabel("max |A_FD - A| (pendulum, hand-derived A)")
    ax.set_title("FD transition Jacobian: truncation vs round-off")
    ax.legend(fontsize=7)
    ax = axes[1]
    drag.sort(key=lambda r: r["force_over_mu_m_g"])
    x = [r["force_over_mu_m_g"] for r in drag]
    ax.plot(x, [r["dvx_dF_sensitivity"] for r in drag], "-",
            label="SAP sensitivity H dv/dF = -dg/dF")
    ax.plot(x, [r["dvx_dF_fd"] for r in drag], "o", ms=3, mfc="none", label="central difference")
    span = [r for r in drag if r["spans_switch"] == 1]
    ax.plot([r["force_over_mu_m_g"] for r in span], [r["dvx_dF_fd"] for r in span], "s", color="red",
            ms=6, mfc="none", label="difference spanning a switch")
    ax.step(x, [r["coulomb_law"] for r in drag], "k--", lw=0.8, where="post", label="Coulomb (rigid)")
    for w in sorted({round(r["force_over_mu_m_g"], 3) for r in span}):
        ax.axvline(w, color="gray", ls=":", lw=0.8)
    ax.set_xlabel("F / (mu m g)")
    ax.set_ylabel("d vx / dF [m/(s N)]")
    ax.set_title("dragged cube, SAP step h = 1e-3 s; dotted: switches")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--json", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    doc = json.load(open(a.json))
    plot = {"scenes": scenes_figure, "convergence": convergence_figure, "stability": stability_figure,
            "scale": scale_figure, "derivatives": derivatives_figure}
    matplotlib.use("Agg")
    for result in doc["experiments"]:
        if result["name"] in plot:
            fig = plot[result["name"]](result)
            fig.savefig(os.path.join(a.out, "lab_%s.png" % result["name"]))
            plt.close(fig)


if __name__ == "__main__":
    main()
