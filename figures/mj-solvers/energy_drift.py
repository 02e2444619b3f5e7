"""MJ-solvers §7–§8, figure: energy E/E0 of an undamped spring (m = 1 kg, k = 1 N/m, ω = 1 rad/s,
q0 = 1 m, v0 = 0) under the integrators at h = 0.05 s over 200 s (4000 steps). Euler
(semi-implicit: q⁺ = q + h v⁺) keeps the energy bounded, oscillating by O(h ω); implicit treats
only damping implicitly, so with no damping it is the same map as Euler (curves coincide);
RK4 loses energy slowly, O((h ω)⁶) per step; discrete (formula sheet (8.1)) solves (M + h²K) a = F −
hKv and dissipates like backward Euler, by a factor 1/(1 + h²ω²) per step. Left: E/E0; right: |E/E0
− 1|. Data: energy_<integrator>.csv (StepLinear) from bin/figure_data_mj_solvers. Bottom row, the
same integrators on the multibody tree (StepTree, h = 2 ms): left, |E − E0| of a conservative double
pendulum (two rods, θ1 = 0.5 rad): Euler and implicit err by O(h) and oscillate, RK4 by O(h⁴);
right, E − E0 of a free body tumbling without gravity: Euler gains ½h²‖ω × Iω‖²_{I⁻¹} every step,
implicit loses the same to leading order, RK4 (second order on the rotation, see
tree_integrators_test) stays near zero. Data: energy_tree_<model>_<integrator>.csv.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_energy_drift"
WIDTH, HEIGHT = 1200, 950
FLOOR = 1e-12
INTEGRATORS = [("euler", "euler", "tab:blue", "-", 2.6),
               ("implicit", "implicit (= euler without damping)", "tab:orange", "--", 1.4),
               ("rk4", "rk4", "tab:green", "-", 1.6),
               ("discrete", "discrete", "tab:red", "-", 1.6)]


def main():
    args = fc.parse_args(__doc__)
    fig, grid = fc.plt.subplots(2, 2, figsize=(WIDTH / fc.DPI, HEIGHT / fc.DPI), dpi=fc.DPI)
    axes, tree_axes = grid[0], grid[1]
    for key, label, color, ls, lw in INTEGRATORS:
        data = fc.read_columns(os.path.join(args.data, f"energy_{key}.csv"))
        axes[0].semilogy(data["t"], data["energy_ratio"], color=color, ls=ls, lw=lw, label=label)
        # t = 0 is skipped: the error there is exactly 0.
        axes[1].semilogy(data["t"][1:], [max(FLOOR, abs(e - 1)) for e in data["energy_ratio"][1:]],
                         color=color, ls=ls, lw=lw, label=label)
    axes[0].set_ylabel("energy ratio  E/E0  [1]")
    axes[0].set_title("energy")
    axes[1].set_ylabel("energy error  |E/E0 − 1|  [1]")
    axes[1].set_title("energy error")
    axes[0].legend(loc="lower left")
    axes[1].legend(loc="lower right")
    axes[1].set_ylim(1e-9, 3)
    for ax in axes:
        ax.set_xlabel("time  [s]")
        ax.grid(True, which="major", alpha=0.3)
    axes[0].set_title("undamped spring m = 1 kg, k = 1 N/m, h = 0.05 s: energy")
    axes[1].set_title("undamped spring: energy error")
    tree = [("euler", "tab:blue", "-"), ("implicit", "tab:orange", "--"), ("rk4", "tab:green", "-")]
    for key, color, ls in tree:
        data = fc.read_columns(os.path.join(args.data, f"energy_tree_pendulum_{key}.csv"))
        tree_axes[0].semilogy(data["t"][1:], [max(FLOOR * 1e-3, abs(e)) for e in data["energy_error"][1:]],
                              color=color, ls=ls, lw=1.4, label=key)
        data = fc.read_columns(os.path.join(args.data, f"energy_tree_tumbling_{key}.csv"))
        tree_axes[1].plot(data["t"], data["energy_error"], color=color, ls=ls, lw=1.6, label=key)
    tree_axes[0].set_title("double pendulum (tree), h = 2 ms: |E − E0|")
    tree_axes[0].set_ylabel("energy error  |E − E0|  [J]")
    tree_axes[1].set_title("free body tumbling, no gravity, h = 2 ms: E − E0")
    tree_axes[1].set_ylabel("energy error  E − E0  [J]")
    tree_axes[1].axhline(0.0, color="0.5", lw=0.8)
    for ax in tree_axes:
        ax.set_xlabel("time  [s]")
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(loc="best")
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
