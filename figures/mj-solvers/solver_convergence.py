"""MJ-solvers §5 (termination; §4 the solvers), figure: where each solver stops and why. Per
iteration, the scaled statistics of MuJoCo's mjSolverStat (formula sheet (5.1)): the cost
improvement (solid) and, for the primal solvers, the gradient norm (dashed), for PGS, PGS with
Nesterov momentum, CG (Polak–Ribière+ and Hager–Zhang) and Newton, with mj_defaultOption's tolerance
1e-8 (the grey line: a run exits at the first iteration whose statistic falls below it), cap 100,
warmstart off. The last point of each run is ringed and labelled with its exit reason. Left:
formats/examples/box_plane_pyramidal.json (a box on a plane, 4 pyramidal contacts); right:
formats/examples/chain_limits.json. Values below 1e-14 are drawn on the bottom edge. Data:
convergence_<example>_<solver>.csv and termination_<example>.csv from bin/figure_data_mj_solvers.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

NAME = "mj_solvers_solver_convergence"
WIDTH, HEIGHT = 1200, 900
FLOOR = 1e-14
EXAMPLES = [("box_plane_pyramidal", "box_plane_pyramidal (nv = 6, 4 contacts)"),
            ("chain_limits", "chain_limits")]
SOLVERS = [("pgs", "PGS", "tab:blue", "o"),
           ("pgs_momentum", "PGS + momentum", "tab:cyan", "v"),
           ("cg_pr", "CG (Polak–Ribière+)", "tab:orange", "s"),
           ("cg_hz", "CG (Hager–Zhang)", "tab:red", "D"),
           ("newton", "Newton", "tab:green", "^")]


def termination(path):
    """{solver: (iterations, exit reason, tolerance)} from termination_<example>.csv."""
    with open(path, newline="") as handle:
        return {r["solver"]: (int(r["iterations"]), r["exit"], float(r["tolerance"]))
                for r in csv.DictReader(handle)}


def main():
    args = fc.parse_args(__doc__)
    fig, axes = plt.subplots(1, 2, figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI)
    for ax, (example, title) in zip(axes, EXAMPLES):
        stops = termination(os.path.join(args.data, f"termination_{example}.csv"))
        tolerance = next(iter(stops.values()))[2]
        for key, label, color, marker in SOLVERS:
            data = fc.read_columns(os.path.join(args.data, f"convergence_{example}_{key}.csv"))
            it = data["iteration"]
            count, reason, _ = stops[key]
            improvement = [max(FLOOR, x) for x in data["improvement"]]
            ax.semilogy(it, improvement, color=color, marker=marker, ms=4, lw=1.4,
                        label=f"{label}: stops at {count}, exit {reason}")
            last = improvement[-1]
            if not key.startswith("pgs"):
                gradient = [max(FLOOR, x) for x in data["gradient"]]
                ax.semilogy(it, gradient, color=color, ls="--", lw=1.0)
                if reason == "gradient":
                    last = gradient[-1]
            ax.plot([it[-1]], [last], marker="o", ms=13, mfc="none", mec=color, mew=1.8)
        ax.axhline(tolerance, color="0.4", lw=1.5)
        ax.text(1.0, tolerance * 1.6, f"tolerance {tolerance:g}: exit below this line", color="0.3",
                fontsize=9)
        ax.set_ylim(FLOOR / 3, None)
        ax.text(1.0, FLOOR * 1.8, f"bottom edge: below {FLOOR:g}", color="0.3", fontsize=8)
        ax.set_xlabel("iteration")
        ax.set_ylabel("scaled improvement (solid), scaled gradient (dashed)  [1]")
        ax.set_title(title, fontsize=10)
        ax.legend(loc="upper right", fontsize=8)
        ax.grid(True, which="major", alpha=0.3)
    fig.suptitle("Termination (MJ-solvers §5): each run stops at the first iteration below tolerance "
                 "(cap 100, no warmstart)", fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
