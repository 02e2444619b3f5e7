"""MJ-solvers §6 figure: warm start, NoSlip and islands, each with where it stops.

Left: Newton's iteration count on formats/examples/chain_limits.json (tolerance 1e-8) when
warm-started at qacc* + eps (1, ..., 1) m/s², qacc* its own converged answer, under the MuJoCo
2.2.2 and 3.15 code paths, with the cold-start counts (dashed). A warm start near the answer saves
iterations; 3.15's pre-loop certificate can exit with 0 (ringed).
Right: NoSlip after a main solve that stopped early (PGS capped at 2 sweeps) on
formats/examples/box_plane_pyramidal.json: each sweep's scaled improvement, the statistic NoSlip
compares with its own noslip_tolerance (the horizontal lines, default 1e-6 and 1e-10); the last
sweep of each run is ringed. NoSlip counts its sweeps apart from the main solver's iterations.
Bottom: islands on formats/examples/three_islands.json (a 3-box stack, a lone box and a sphere,
each touching only the floor; MuJoCo 3.15.0's problem): PGS, CG and Newton at tolerance 1e-8
from a cold start, each island's own iteration count (islands on) beside the count of one solve
of all DOFs (islands off, hatched). The title is written from the numbers.
Data: warmstart.csv, noslip.csv and islands.csv from bin/figure_data_mj_solvers.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_warmstart_noslip"
WIDTH, HEIGHT = 1400, 1060


def warmstart(ax, d):
    ax.semilogx(d["eps"], d["iterations_222"], "o-", color="tab:blue", lw=1.6, label="warm start, 2.2.2 path")
    ax.semilogx(d["eps"], d["iterations_315"], "s-", color="tab:green", lw=1.6, ms=4, label="warm start, 3.15 path")
    ax.axhline(d["cold_222"][0], color="tab:blue", ls="--", lw=1, label=f"cold start, 2.2.2: {d['cold_222'][0]:g}")
    ax.axhline(d["cold_315"][0], color="tab:green", ls=":", lw=1.4, label=f"cold start, 3.15: {d['cold_315'][0]:g}")
    zero = [e for e, n in zip(d["eps"], d["iterations_315"]) if n == 0]
    if zero:
        ax.plot(zero, [0] * len(zero), "o", ms=12, mfc="none", mec="tab:green", mew=1.8,
                label=f"3.15 certificate: 0 iterations for eps ≤ {max(zero):.2g}")
    ax.set_xlabel("distance of the warm start from the answer, eps  [m/s² per DOF]")
    ax.set_ylabel("Newton iterations  [1]")
    ax.set_title("warm start vs iterations (chain_limits, Newton, tolerance 1e-8)", fontsize=12)
    ax.legend(loc="upper left", fontsize=10)
    ax.grid(True, alpha=0.3)


def noslip(ax, path):
    runs = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            runs.setdefault(float(row["noslip_tolerance"]), []).append(row)
    # The runs share their first sweeps: the first is drawn wide underneath so that both show.
    for (tolerance, rows), color, width in zip(sorted(runs.items(), reverse=True), ("tab:purple", "tab:red"), (4.0, 1.4)):
        sweeps = [int(r["sweep"]) for r in rows]
        improvement = [float(r["improvement"]) for r in rows]
        main = int(rows[0]["main_iterations"])
        ax.semilogy(sweeps, improvement, "o-", color=color, lw=width, ms=4 + width,
                    label=f"noslip_tolerance {tolerance:g}: {len(rows)} sweeps after {main} PGS iterations")
        ax.axhline(tolerance, color=color, ls="--", lw=1.1)
        ax.plot([sweeps[-1]], [improvement[-1]], "o", ms=14, mfc="none", mec=color, mew=1.8)
        ax.text(0.98, tolerance * 1.8, f"noslip_tolerance {tolerance:g}: exit below", color=color, fontsize=10,
                ha="right", transform=ax.get_yaxis_transform())
    ax.set_xlabel("NoSlip sweep")
    ax.set_ylabel("NoSlip's scaled improvement  [1]")
    ax.set_title("NoSlip after PGS capped at 2 (box_plane_pyramidal): ring = exit sweep", fontsize=12)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.legend(loc="lower left", fontsize=10)
    ax.grid(True, which="major", alpha=0.3)


def read_islands(path):
    """{solver: (rows of the islands-on solves, the islands-off row)} from islands.csv."""
    runs = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            on, off = runs.setdefault(row["solver"], ([], []))
            (on if row["islands"] == "on" else off).append(row)
    for solver, (on, off) in runs.items():
        if len(on) < 2 or len(off) != 1:
            raise SystemExit(f"{path}: {solver} needs several islands and one single solve")
    return {solver: (on, off[0]) for solver, (on, off) in runs.items()}


def islands_title(runs):
    """The panel's claim, written from the numbers: the solver whose islands' counts spread the
    most, its islands' counts and the single solve's."""
    solver = max(runs, key=lambda s: max(int(r["iterations"]) for r in runs[s][0]) -
                 min(int(r["iterations"]) for r in runs[s][0]))
    on, off = runs[solver]
    counts = ", ".join(r["iterations"] for r in on)
    return (f"islands stop on their own: {solver} stops the {len(on)} islands after {counts} iterations; "
            f"one solve of all {off['dofs']} DOFs (islands off) takes {off['iterations']}")


def islands(ax, runs):
    colors = ("tab:orange", "tab:cyan", "tab:olive")
    solvers = list(runs)
    width = 0.8 / (len(runs[solvers[0]][0]) + 1)
    for g, solver in enumerate(solvers):
        on, off = runs[solver]
        bars = [(r, colors[i % len(colors)], "", f"island {r['island']}: {r['dofs']} DOFs, {r['rows']} rows (islands on)")
                for i, r in enumerate(on)]
        bars.append((off, "0.85", "//", f"islands off: one solve of all {off['dofs']} DOFs, {off['rows']} rows"))
        for b, (row, color, hatch, label) in enumerate(bars):
            x = g + (b - (len(bars) - 1) / 2) * width
            n = int(row["iterations"])
            ax.bar(x, n, width * 0.92, color=color, hatch=hatch, edgecolor="0.3", label=label if g == 0 else None)
            ax.text(x, n, f"{n}\n{row['exit']}", ha="center", va="bottom", fontsize=10)
    ax.set_xticks(range(len(solvers)))
    ax.set_xticklabels([f"{s} (tolerance {float(runs[s][1]['tolerance']):g}, cold start)" for s in solvers])
    top = max(int(r["iterations"]) for on, off in runs.values() for r in on + [off])
    ax.set_ylim(0, top * 1.45)
    ax.text(0.01, 0.97, "on each bar: the iterations and the exit test that stopped that solve", transform=ax.transAxes,
            va="top", fontsize=10)
    ax.set_ylabel("iterations until the exit test  [1]")
    ax.set_title(islands_title(runs) + "\n(three_islands: a 3-box stack, a lone box and a sphere on the floor)", fontsize=12)
    ax.legend(loc="upper right", fontsize=10)
    ax.grid(True, axis="y", alpha=0.3)


def main():
    args = fc.parse_args(__doc__)
    fc.plt.rcParams.update({"font.size": 12})  # the page shows the figure at about 0.7 scale
    fig = fc.plt.figure(figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI)
    grid = fig.add_gridspec(2, 2)
    warmstart(fig.add_subplot(grid[0, 0]), fc.read_columns(os.path.join(args.data, "warmstart.csv")))
    noslip(fig.add_subplot(grid[0, 1]), os.path.join(args.data, "noslip.csv"))
    islands(fig.add_subplot(grid[1, :]), read_islands(os.path.join(args.data, "islands.csv")))
    fig.suptitle("MJ-solvers §6: a warm start changes where the solver starts (3.15 can exit at 0);\n"
                 "NoSlip adds its own sweeps with its own tolerance; each island stops on its own", fontsize=13)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
