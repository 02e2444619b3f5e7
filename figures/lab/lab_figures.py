#!/usr/bin/env python3
"""The lab's figures (DESIGN.md "Round 3: the course's engines, live"), one PNG per experiment,
plotted from the JSON of `simatlas lab all --json` (no physics computed here, only where to draw):
  lab_scenes.png       one panel per law outcome, each model's measurement against the law at
                       every dt run, each panel on its own scale (symlog where a model is far
                       off) so that every row shows
  lab_convergence.png  MuJoCo's mean iterations against tolerance (PGS momentum on/off, CG, Newton)
  lab_stability.png    omega*h at the largest stable dt against k, per integrator, with the laws'
                       limits 2 and 2*sqrt(2) and the dt search's cap drawn as a cap
  lab_scale.png        iterations and time per solve against the number of contacts, per solver
                       (a solve that did not converge drawn as a red cross)
  lab_derivatives.png  the FD transition Jacobian's error against eps (forward, centred), and
                       SAP's dvx/dF by the sensitivity and by central differences against F/(mu m g)
Each *_figure(result) returns its matplotlib figure (the lab notebook shows them inline) and
caption(name, result) the sentence printed under it, built from the same numbers; main() saves
both (lab_NAME.png, lab_NAME.txt). A table without rows (e.g. no live engine) gives a figure
saying so. Usage: lab_figures.py --json LAB.json --out DIR"""
import argparse
import json
import math
import os

import matplotlib
import matplotlib.pyplot as plt
import matplotlib.ticker

#: One colour and marker per lab model (SAP's three, then MuJoCo's solver × cone), so a model
#: looks the same in every panel and in the live engines' figure.
MODEL_STYLE = {
    "sap": ("tab:blue", "o"), "similar": ("tab:cyan", "s"), "lagged": ("navy", "D"),
    "pgs_pyramidal": ("tab:orange", "^"), "cg_pyramidal": ("tab:red", "v"),
    "newton_pyramidal": ("tab:brown", "<"), "pgs_elliptic": ("tab:green", ">"),
    "cg_elliptic": ("olive", "P"), "newton_elliptic": ("tab:purple", "X"),
}


def rows(table):
    return [dict(zip(table["columns"], r)) for r in table["rows"]]


def _empty(message, size=(8, 2.5)):
    fig, ax = plt.subplots(figsize=size, dpi=100)
    ax.axis("off")
    ax.text(0.5, 0.5, message, ha="center", va="center", wrap=True)
    return fig


def _style(model):
    """The colour and marker of a model label ("newton_pyramidal", "MuJoCo 3.15.0 newton_pyramidal")."""
    return MODEL_STYLE.get(model.split(" ")[-1], ("gray", "*"))


def _panel_value(r):
    """What a scenes row draws: measured/law for a nonzero law, the value itself for a law of 0."""
    if r["value"] is None:
        return None
    return r["value"] if not r["predicted"] else r["value"] / r["predicted"]


def _limits(ax, values, symlog_threshold=None):
    """y limits that hold every value with a margin (in symlog beyond the linear threshold, a
    factor 1.8), so no marker sits on the frame."""
    lo, hi = min(values), max(values)
    if symlog_threshold is None:
        pad = 0.08 * (hi - lo or abs(hi) or 1.0)
        ax.set_ylim(lo - pad, hi + pad)
        return
    widen = lambda x, up: (x * 1.8 if x > 0 else x / 1.8) if abs(x) > symlog_threshold else (
        x + (symlog_threshold if up else -symlog_threshold))
    ax.set_ylim(widen(lo, False) if lo < 0 else widen(lo, False), widen(hi, True))


def scenes_figure(result):
    table = result["tables"][0]
    data = [r for r in rows(table) if not str(r["outcome"]).startswith("failed")]
    if not data:
        # the live engines' table is empty when neither engine imports here: say which and why
        reasons = table.get("missing") or result.get("missing") or []
        return _empty("\n".join(["no scene rows in this result (%s)" % table.get("title", "scenes")]
                                 + list(reasons)))
    if all(_panel_value(r) is None for r in data):
        return _empty("no row has a measured value (%s)" % table.get("title", "scenes"))
    outcomes = list(dict.fromkeys((r["scene"], r["outcome"]) for r in data))
    models = list(dict.fromkeys(r["model"] for r in data))
    dts = sorted({r["dt"] for r in data})
    columns = 4
    rows_n = math.ceil(len(outcomes) / columns)
    fig, axes = plt.subplots(rows_n, columns, figsize=(13, 2.5 * rows_n + 1.2), dpi=100, squeeze=False)
    for ax in axes.flat[len(outcomes):]:
        ax.axis("off")
    for ax, key in zip(axes.flat, outcomes):
        panel = [r for r in data if (r["scene"], r["outcome"]) == key]
        law = panel[0]
        zero = not law["predicted"]
        ys = []
        for i, model in enumerate(models):
            colour, marker = _style(model)
            for j, dt in enumerate(dts):
                r = next((r for r in panel if r["model"] == model and r["dt"] == dt), None)
                if r is None or _panel_value(r) is None:
                    continue
                y = _panel_value(r)
                ys.append(y)
                x = i + (j - (len(dts) - 1) / 2) * 0.3
                ax.plot([x], [y], marker, color=colour, ms=6,
                        mfc=colour if j == 0 else "none", mew=1.5)
        # the law: 1 (within 5 %) for a nonzero prediction, 0 (within 1e-3 of its unit) for a zero
        # one; an upper bound shades everything below it
        if zero:
            band = (-1e-3, 1e-3)
            ax.axhline(0, color="k", lw=0.8)
            symlog = 1e-3 if max([abs(y) for y in ys] + [1e-3]) > 100e-3 else None
            ax.set_ylabel("[%s]" % law["law"].rsplit("[", 1)[-1].rstrip("]"), fontsize=7)
        else:
            band = (min(ys + [0]), 1.0) if law["law"].startswith("≤") else (0.95, 1.05)
            ax.axhline(1, color="k", lw=0.8)
            symlog = 1.0 if max([abs(y - 1) for y in ys] + [0]) > 10 else None
            ax.set_ylabel("measured / law", fontsize=7)
        ax.axhspan(*band, color="0.85", zorder=0)
        if symlog:
            ax.set_yscale("symlog", linthresh=symlog)
        _limits(ax, ys + list(band), symlog)
        ax.set_title("%s: %s" % key, fontsize=8)
        ax.set_xticks([])
        ax.tick_params(labelsize=7)
        ax.grid(True, axis="y", alpha=0.3)
    handles = [plt.Line2D([], [], ls="", marker=_style(m)[1], color=_style(m)[0], label=m) for m in models]
    for j, dt in enumerate(dts):
        handles.append(plt.Line2D([], [], ls="", marker="o", color="k", mfc="k" if j == 0 else "none",
                                  label="dt = %g s (%s)" % (dt, "filled" if j == 0 else "open")))
    handles.append(plt.Rectangle((0, 0), 1, 1, color="0.85", label="the law's band (5 %, 1e-3 of 0, ≤ bound)"))
    fig.legend(handles=handles, loc="lower center", ncol=6, fontsize=8, frameon=False)
    fig.suptitle("lab scenes: every model against the Coulomb law, one panel per outcome "
                 "(each on its own scale; symlog where a model is ≥ 10× off)", fontsize=10)
    fig.tight_layout(rect=(0, 0.08 if len(models) > 6 else 0.06, 1, 0.97))
    return fig


def convergence_figure(result):
    table = result["tables"][1]
    if not table["rows"]:
        return _empty("no convergence rows")
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), dpi=100, sharey=True)
    for ax, cone in zip(axes, ("pyramidal", "elliptic")):
        series = {}
        for r in rows(table):
            if r["cone"] != cone:
                continue
            label = r["solver"] + ("" if r["momentum"] == "-" else " momentum " + r["momentum"])
            series.setdefault(label, []).append((r["tolerance"], r["iterations_mean"]))
        for (label, pts), marker in zip(series.items(), "osD^v"):
            pts.sort()
            ax.loglog([p[0] for p in pts], [max(p[1], 0.5) for p in pts], marker + "-", mfc="none",
                      label=label)
        ax.set_xlabel("tolerance")
        ax.set_title("MuJoCo 3.15 model, %s cone" % cone)
        ax.legend(fontsize=7)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("mean iterations per problem (0 drawn at 0.5)")
    fig.tight_layout()
    return fig


#: Each integrator's look: every curve distinguishable where they coincide (marker, size, line).
STABILITY_STYLE = {
    "euler": ("tab:blue", "o", "-", 11), "implicit": ("tab:orange", "s", "--", 8),
    "implicitfast": ("tab:green", "^", ":", 6), "rk4": ("tab:red", "D", "-", 7),
    "discrete": ("tab:purple", "v", "-", 10), "sap_discrete": ("k", "P", "--", 6),
}


def stability_figure(result):
    table = result["tables"][0]
    data = [r for r in rows(table) if r["omega_h_at_largest"] is not None]
    if not data:
        return _empty("no stability rows")
    series = {}
    for r in data:
        series.setdefault(r["integrator"], []).append(r)
    fig, ax = plt.subplots(figsize=(9, 5), dpi=100)
    ks = sorted({r["k"] for r in data})
    # the dt search's cap: ω h at h = the largest dt tried (every at_cap row lies on it)
    cap = next((r["largest_stable_dt"] for r in data if r["at_cap"] == 1), None)
    if cap is not None:
        ax.loglog(ks, [math.sqrt(k) * cap for k in ks], color="0.6", lw=4, alpha=0.5)
    handles = [plt.Line2D([], [], color="0.6", lw=4, alpha=0.5,
                          label="the dt search's cap: ω × %g s (largest dt tried)" % cap)] if cap else []
    first = {}
    for name, pts in series.items():
        colour, marker, line, size = STABILITY_STYLE.get(name, ("gray", "*", "-", 6))
        same = next((other for other, o in first.items()
                     if [(p["k"], p["omega_h_at_largest"]) for p in o] ==
                     [(p["k"], p["omega_h_at_largest"]) for p in pts]), None)
        first[name] = pts
        ax.loglog([p["k"] for p in pts], [p["omega_h_at_largest"] for p in pts], line, color=colour, lw=1.2)
        limit = [p for p in pts if p["at_cap"] != 1]
        capped = [p for p in pts if p["at_cap"] == 1]
        ax.loglog([p["k"] for p in limit], [p["omega_h_at_largest"] for p in limit], marker, color=colour,
                  ms=size, mfc="none", mew=1.6, ls="")
        # a capped point: stable at the cap, so its ω h is a lower bound: filled, with an up arrow
        for p in capped:
            ax.annotate("", xy=(p["k"], p["omega_h_at_largest"] * 1.6), xytext=(p["k"], p["omega_h_at_largest"]),
                        arrowprops=dict(arrowstyle="->", color=colour, lw=1.2))
        ax.loglog([p["k"] for p in capped], [p["omega_h_at_largest"] for p in capped], marker, color=colour,
                  ms=size, mfc=colour, alpha=0.45, ls="")
        handles.append(plt.Line2D([], [], ls=line, marker=marker, color=colour, mfc="none", ms=size,
                                  label=name + (" (same points as %s)" % same if same else "")))
    for y, style, text in ((2.0, "--", "ω h = 2: the Euler family's limit"),
                           (2 * math.sqrt(2), ":", "ω h = 2√2: RK4's limit")):
        ax.axhline(y, color="k", lw=0.9, ls=style)
        handles.append(plt.Line2D([], [], color="k", lw=0.9, ls=style, label=text))
    handles.append(plt.Line2D([], [], ls="", marker="o", color="k", mfc="none",
                              label="open marker: the largest stable dt found"))
    handles.append(plt.Line2D([], [], ls="", marker="o", color="k", alpha=0.45,
                              label="filled + ↑: stable at the cap (a lower bound)"))
    # room above the highest point for its up arrow, and below for the Euler family
    values = [r["omega_h_at_largest"] for r in data]
    ax.set_ylim(min(values + [2.0]) / 1.5, max(values + [2 * math.sqrt(2)]) * 2.5)
    ax.yaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
    ax.set_xlabel("contact stiffness k [N/m] (m = 1 kg)")
    ax.set_ylabel("ω h at the largest stable dt")
    ax.set_title("stability: the largest stable dt per integrator, as ω h (ω = √(k/m))", fontsize=10)
    ax.legend(handles=handles, fontsize=7, loc="upper left", ncol=2)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return fig


def scale_figure(result):
    data = rows(result["tables"][0])
    if not data:
        return _empty("no scale rows")
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
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_title("iterations (red x: not converged)")
    axes[1].set_title("wall time of one solve, h = 1e-3 s")
    fig.tight_layout()
    return fig


def derivatives_figure(result):
    sweep = rows(result["tables"][0])
    drag = rows(result["tables"][2])
    if not sweep or not drag:
        return _empty("no derivatives rows")
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
    ax.plot(x, [r["dvx_dF_sensitivity"] for r in drag], "-", label="SAP sensitivity")
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


def caption(name, result):
    """The sentence under a figure, from the same result's numbers ("" for none)."""
    if name == "scenes":
        data = [r for r in rows(result["tables"][0]) if not str(r["outcome"]).startswith("failed")]
        if not data:
            return ""
        dts = sorted({r["dt"] for r in data})
        return ("Each panel is one outcome of one scene, on its own scale: measured / law for a nonzero "
                "law (1 is the law), the value itself for a law of 0; a panel where a model is 10 times or "
                "more off is symlog, so the models near the law stay visible. Filled markers: dt = %s s%s. "
                "Why each model outside its law misses it: the findings below." % (
                    "%g" % dts[0], "; open: dt = %s s" % ", ".join("%g" % d for d in dts[1:]) if dts[1:] else ""))
    if name == "stability":
        data = rows(result["tables"][0])
        capped = [r for r in data if r["at_cap"] == 1]
        if not capped:
            return "No row reached the dt search's cap: every ω h drawn is a stability limit."
        cap = capped[0]["largest_stable_dt"]
        names = sorted({r["integrator"] for r in capped})
        return ("Filled markers with an up arrow lie on the grey cap line: %d rows (%s) were still stable at "
                "the largest dt tried, %g s, so their ω h is a lower bound set by the search, not a stability "
                "limit (e.g. ω h = %s at k = %g N/m). The dashed and dotted lines are the laws' limits 2 and 2√2."
                % (len(capped), ", ".join(names), cap, "%.3g" % capped[0]["omega_h_at_largest"], capped[0]["k"]))
    return ""


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
            with open(os.path.join(a.out, "lab_%s.txt" % result["name"]), "w", encoding="utf-8") as f:
                f.write(caption(result["name"], result))


if __name__ == "__main__":
    main()
