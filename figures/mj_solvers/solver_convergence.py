"""MJ-solvers §4–§5, figure: per-iteration statistics (MuJoCo's mjSolverStat, scaled by (5.1))
of PGS, PGS with Nesterov momentum, CG (Polak–Ribière+ and Hager–Zhang) and Newton, run with
tolerance 0 and warmstart off so every curve runs to its cap (100) or to a zero line-search
step. Top row: the largest example, formats/examples/box_plane_pyramidal.json (a box resting on
a plane, 4 pyramidal contacts), which CG and Newton solve in one real step (later values are
round-off); bottom row: formats/examples/chain_limits.json, where CG needs tens of iterations
and Newton three. Left: scaled improvement (cost decrease); right: scaled gradient norm
(primal solvers only; PGS records none). Values below 1e-35 are clipped.
Data: convergence_<example>_<solver>.csv from bin/figure_data_mj_solvers.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

NAME = "mj_solvers_solver_convergence"
WIDTH, HEIGHT = 1200, 900
FLOOR = 1e-35
EXAMPLES = [("box_plane_pyramidal", "box_plane_pyramidal (nv = 6, 4 contacts)"),
            ("chain_limits", "chain_limits")]
SOLVERS = [("pgs", "PGS", "tab:blue", "o"),
           ("pgs_momentum", "PGS + momentum", "tab:cyan", "v"),
           ("cg_pr", "CG (Polak–Ribière+)", "tab:orange", "s"),
           ("cg_hz", "CG (Hager–Zhang)", "tab:red", "D"),
           ("newton", "Newton", "tab:green", "^")]


def main():
    args = fc.parse_args(__doc__)
    fig, axes = plt.subplots(2, 2, figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI)
    for row, (example, title) in zip(axes, EXAMPLES):
        for key, label, color, marker in SOLVERS:
            data = fc.read_columns(os.path.join(args.data, f"convergence_{example}_{key}.csv"))
            it = data["iteration"]
            style = dict(color=color, marker=marker, ms=3.5, lw=1.4,
                         label=f"{label} ({len(it)} it.)")
            row[0].loglog(it, [max(FLOOR, x) for x in data["improvement"]], **style)
            if not key.startswith("pgs"):
                row[1].loglog(it, [max(FLOOR, x) for x in data["gradient"]], **style)
        row[0].set_ylabel("scaled improvement  [1]")
        row[0].set_title(f"{title}: cost decrease", fontsize=10)
        row[1].set_ylabel("scaled gradient ‖g‖  [1]")
        row[1].set_title(f"{title}: gradient", fontsize=10)
        for ax in row:
            ax.set_xlabel("iteration")
            ax.set_xlim(0.9, 110)
            ax.legend(loc="best", fontsize=8)
            ax.grid(True, which="major", alpha=0.3)
    fig.suptitle("Solver statistics per iteration, tolerance 0, no warmstart")
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
