"""E3-geometry §3, figure 2: the combination laws over a range of ratios.

Left: combined point stiffness k/k1 = (k2/k1)/(1 + k2/k1) and the Hunt–Crossley dissipation
weights (side 1's d weighs k2/(k1+k2): the softer side weighs more) against k2/k1 on a log axis.
k/k1 and d1's weight are the same function k2/(k1+k2), so their curves coincide.
Right: combined friction mu/mu1 = 2 (mu2/mu1)/(1 + mu2/mu1) against mu2/mu1, with the series
(stiffness) rule on the same numbers for contrast.
Data: stiffness_combination.csv and friction_combination.csv from bin/figure_data_e3_geometry.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_geometry_material_combination"
WIDTH, HEIGHT = 1200, 500


def main():
    args = fc.parse_args(__doc__)
    stiffness = fc.read_columns(os.path.join(args.data, "stiffness_combination.csv"))
    friction = fc.read_columns(os.path.join(args.data, "friction_combination.csv"))

    fig, (left, right) = fc.new_figure(WIDTH, HEIGHT, columns=2)

    # Left: stiffness and dissipation weights vs k2/k1.
    ratio = stiffness["k2_over_k1"]
    # k/k1 = k2/(k1+k2) is the very same function as d1's weight: drawn wide underneath.
    left.semilogx(ratio, stiffness["k_over_k1"], color="tab:blue", lw=7, alpha=0.35,
                  label="combined stiffness k / k1 (series; equals d1's weight)")
    left.semilogx(ratio, stiffness["weight_of_d1"], color="tab:green", lw=2.0,
                  label="weight of d1 in d: k2/(k1+k2)")
    left.semilogx(ratio, stiffness["weight_of_d2"], color="tab:red", lw=2.0, ls="--",
                  label="weight of d2 in d: k1/(k1+k2)")
    left.axvline(1.0, color="0.8", lw=1.0, zorder=0)
    left.axhline(0.5, color="0.8", lw=1.0, zorder=0)
    left.set_xlim(ratio[0], ratio[-1])
    left.set_ylim(0, 1.4)  # room above 1 for the legend
    left.set_yticks([0, 0.2, 0.4, 0.5, 0.6, 0.8, 1.0])
    left.set_xlabel("stiffness ratio k2 / k1  [1]  (k1 = 1e5 N/m)")
    left.set_ylabel("k / k1 and dissipation weights  [1]")
    left.set_title("point stiffness and Hunt–Crossley d")
    left.legend(loc="upper left", fontsize=9)
    left.grid(True, which="both", alpha=0.3)

    # Right: friction combination vs mu2/mu1.
    mu_ratio = friction["mu2_over_mu1"]
    right.plot(mu_ratio, friction["mu_over_mu1"], color="tab:purple", lw=2.2,
               label="combined μ / μ1 = 2μ1μ2/(μ1+μ2) / μ1")
    right.plot(mu_ratio, friction["series_rule_over_mu1"], color="0.5", lw=1.6, ls="--",
               label="series (stiffness) rule μ1μ2/(μ1+μ2) / μ1, not used")
    right.plot([1.0], [1.0], "o", color="tab:purple")
    right.annotate("equal surfaces keep μ", xy=(1.0, 1.0), xytext=(0.15, 1.3),
                   arrowprops={"arrowstyle": "->", "color": "0.3"})
    right.set_xlim(0, mu_ratio[-1])
    right.set_ylim(0, 2.0)
    right.set_xlabel("friction ratio μ2 / μ1  [1]  (μ1 = 0.5; same rule for μs and μd)")
    right.set_ylabel("combined μ / μ1  [1]")
    right.set_title("friction (each coefficient on its own)")
    right.legend(loc="upper left", fontsize=9)
    right.grid(True, alpha=0.3)

    fig.suptitle("E3-geometry §3: each combined material field has its own law")
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
