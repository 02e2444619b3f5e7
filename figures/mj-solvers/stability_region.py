"""MJ-solvers §7–§8, figure: the largest stable time step h against spring stiffness k for one
dof (m = 1 kg) with a coupled (tendon) damping of 1 N·s/m — the kind MuJoCo 2.2.2's Euler keeps
explicit. "Stable" means the one-step matrix (q, v) → (q⁺, v⁺), built column by column from
StepLinear, has spectral radius ≤ 1 + 1e-9; h is scanned on a log grid 1e-6 … 10 s with 100
points per decade; each panel shades the stable (green) and unstable (red) part of the (k, h)
plane for one integrator, with the default time step 0.002 s for reference. Euler follows h ω ≈ 2 (dashed, ω = √(k/m)) once stiffness dominates; implicit
adds stability only while the damping term matters (small k) and meets Euler for stiff
springs; RK4 reaches h ω ≈ 2.8; discrete (formula sheet (8.1)) is stable at every scanned h (marked
at the scan limit). Data: stability.csv from bin/figure_data_mj_solvers.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

NAME = "mj_solvers_stability_region"
WIDTH, HEIGHT = 1200, 900
H_LOW, H_HIGH = 1e-6, 10.0  # the scanned range of h
INTEGRATORS = [("euler", "Euler (semi-implicit; coupled damping explicit)"),
               ("implicit", "implicit (damping implicit)"),
               ("rk4", "RK4"),
               ("discrete", "discrete (M + hD + h²K metric)")]


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "stability.csv"))
    k = data["k"]
    fig, axes = plt.subplots(2, 2, figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI,
                             sharex=True, sharey=True)
    for ax, (key, title) in zip(axes.flat, INTEGRATORS):
        h_max = data[f"h_max_{key}"]
        # The (k, h) plane: stable below the boundary h_max(k), unstable above it.
        ax.fill_between(k, H_LOW, h_max, color="#b9e3b9", label="stable: spectral radius <= 1 + 1e-9")
        ax.fill_between(k, h_max, H_HIGH, color="#f3c1c1", label="unstable")
        ax.loglog(k, h_max, color="black", lw=1.5)
        ax.loglog(k, [2 / math.sqrt(x) for x in k], color="0.3", lw=1.0, ls="--", label="h ω = 2")
        ax.axhline(0.002, color="tab:blue", lw=1.2, ls=":", label="h = 0.002 s (mj_defaultOption)")
        ax.set_ylim(H_LOW, H_HIGH)
        ax.set_title(title, fontsize=10)
        ax.grid(True, which="major", alpha=0.3)
    for ax in axes[1]:
        ax.set_xlabel("stiffness  k  [N/m]   (m = 1 kg)")
    for ax in axes[:, 0]:
        ax.set_ylabel("time step  h  [s]")
    axes[0, 0].legend(loc="lower left", fontsize=8)
    fig.suptitle("MJ-solvers §7–§8: stability regions in the (k, h) plane, one dof m = 1 kg, "
                 "coupled damping 1 N·s/m (h scanned 1e-6 … 10 s)", fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
