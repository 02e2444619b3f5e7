"""MJ-solvers §7–§8, figure: the largest stable time step h against spring stiffness k for one
dof (m = 1 kg) with a coupled (tendon) damping of 1 N·s/m — the kind MuJoCo 2.2.2's Euler keeps
explicit. "Stable" means the one-step matrix (q, v) → (q⁺, v⁺), built column by column from
StepLinear, has spectral radius ≤ 1 + 1e-9; h is scanned on a log grid 1e-6 … 10 s with 100
points per decade. Euler follows h ω ≈ 2 (dashed, ω = √(k/m)) once stiffness dominates; implicit
adds stability only while the damping term matters (small k) and meets Euler for stiff
springs; RK4 reaches h ω ≈ 2.8; discrete (8.1) is stable at every scanned h (marked at the scan
limit). Data: stability.csv from bin/figure_data_mj_solvers.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_stability_region"
WIDTH, HEIGHT = 900, 600
INTEGRATORS = [("euler", "euler", "tab:blue", "o", 7),
               ("implicit", "implicit", "tab:orange", "s", 4),
               ("rk4", "rk4", "tab:green", "^", 5),
               ("discrete", "discrete (stable to the scan limit 10 s)", "tab:red", "D", 4)]


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "stability.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for key, label, color, marker, ms in INTEGRATORS:
        ax.loglog(data["k"], data[f"h_max_{key}"], color=color, marker=marker, ms=ms, lw=1.5,
                  label=label)
    ax.loglog(data["k"], [2 / math.sqrt(k) for k in data["k"]], color="black", lw=1.0, ls="--",
              label="h ω = 2  (undamped symplectic Euler limit)")
    ax.set_xlabel("stiffness  k  [N/m]   (m = 1 kg)")
    ax.set_ylabel("largest stable step  h_max  [s]")
    ax.set_title("Stability region: one dof, coupled damping 1 N·s/m")
    ax.set_ylim(5e-5, 40)
    ax.legend(loc="lower left")
    ax.grid(True, which="major", alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
