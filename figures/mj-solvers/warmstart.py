"""MJ-solvers §6 figure: warm start and NoSlip, each with where it stops.

Left: Newton's iteration count on formats/examples/chain_limits.json (tolerance 1e-8) when
warm-started at qacc* + eps (1, ..., 1) m/s², qacc* its own converged answer, under the MuJoCo
2.2.2 and 3.15 code paths, with the cold-start counts (dashed). A warm start near the answer saves
iterations; 3.15's pre-loop certificate can exit with 0 (ringed).
Right: NoSlip after a main solve that stopped early (PGS capped at 2 sweeps) on
formats/examples/box_plane_pyramidal.json: each sweep's scaled improvement, the statistic NoSlip
compares with its own noslip_tolerance (the horizontal lines, default 1e-6 and 1e-10); the last
sweep of each run is ringed. NoSlip counts its sweeps apart from the main solver's iterations.
Data: warmstart.csv and noslip.csv from bin/figure_data_mj_solvers.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_warmstart_noslip"
WIDTH, HEIGHT = 1400, 560


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
    ax.set_title("warm start vs iterations (chain_limits, Newton, tolerance 1e-8)", fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
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
        ax.text(0.98, tolerance * 1.8, f"noslip_tolerance {tolerance:g}: exit below", color=color, fontsize=8,
                ha="right", transform=ax.get_yaxis_transform())
    ax.set_xlabel("NoSlip sweep")
    ax.set_ylabel("NoSlip's scaled improvement  [1]")
    ax.set_title("NoSlip after PGS capped at 2 (box_plane_pyramidal): ring = exit sweep", fontsize=10)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.legend(loc="lower left", fontsize=8)
    ax.grid(True, which="major", alpha=0.3)


def main():
    args = fc.parse_args(__doc__)
    fig, axes = fc.new_figure(WIDTH, HEIGHT, columns=2)
    warmstart(axes[0], fc.read_columns(os.path.join(args.data, "warmstart.csv")))
    noslip(axes[1], os.path.join(args.data, "noslip.csv"))
    fig.suptitle("MJ-solvers §6: a warm start changes where the solver starts (3.15 can exit at 0); "
                 "NoSlip adds its own sweeps with its own tolerance", fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
