"""MJ-solvers §2a, figure: the impedance sigmoid I(r) of formula sheet (2.1) against penetration
depth for solimp = (dmin 0.5, dmax 0.95, width 1 mm, midpoint, power): left, power p ∈ {1, 2, 3, 6}
at midpoint 0.5; right, midpoint ∈ {0.2, 0.5, 0.8} at p = 2. I rises from dmin at r = 0 to dmax at
|r| = width and stays there; p = 1 is the straight line, larger p a sharper S, and the midpoint
moves the inflection. Data: impedance.csv (EvaluateImpedance after SanitiseSolParams) from
bin/figure_data_mj_solvers.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_impedance_sigmoid"
WIDTH, HEIGHT = 1200, 500
POWER_COLUMNS = [("imp_p1_m0.5", "p = 1"), ("imp_p2_m0.5", "p = 2 (default)"),
                 ("imp_p3_m0.5", "p = 3"), ("imp_p6_m0.5", "p = 6")]


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "impedance.csv"))
    depth = [-r for r in data["r_mm"]]
    mid_columns = sorted((name for name in data if name.startswith("imp_p2_m")),
                         key=lambda name: float(name.split("_m")[1]))
    fig, axes = fc.new_figure(WIDTH, HEIGHT, columns=2)
    for column, label in POWER_COLUMNS:
        axes[0].plot(depth, data[column], lw=1.8, label=label)
    axes[0].set_title("power p, midpoint = 0.5")
    for column in mid_columns:
        mid = float(column.split("_m")[1])
        axes[1].plot(depth, data[column], lw=1.8, label=f"midpoint = {mid:.1f}")
    axes[1].set_title("midpoint, power p = 2")
    for ax in axes:
        ax.axvline(1.0, color="gray", lw=0.8, ls=":")
        ax.text(1.02, 0.90, "width = 1 mm", color="gray")
        ax.set_xlabel("penetration depth  −r  [mm]")
        ax.set_ylabel("impedance  I(r)  [1]")
        ax.set_ylim(0.48, 0.97)
        ax.legend(loc="lower right")
        ax.grid(True, alpha=0.3)
    fig.suptitle("solimp = (dmin 0.5, dmax 0.95, width 1 mm, midpoint, power)")
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
