"""E3-geometry §4, figure 1: the two friction regularisations on one axis.

Continuous point contact uses the Stribeck quintic (formula sheet (4.1)) with mu_s and mu_d;
continuous hydroelastic contact uses (2/pi) mu_d atan(|vt|/vs) (4.2) with mu_d only.
Data: friction_regularisation.csv from bin/figure_data_e3_geometry.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_geometry_friction_regularisation"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "friction_regularisation.csv"))
    s = data["speed_over_vs"]
    mu_s, mu_d = data["mu_s"][0], data["mu_d"][0]

    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    ax.plot(s, data["mu_stribeck"], color="tab:blue", lw=2.2,
            label="continuous point: Stribeck quintic (uses μs and μd)")
    ax.plot(s, data["mu_atan"], color="tab:orange", lw=2.2,
            label="continuous hydroelastic: (2/π) μd atan(‖vt‖/vs) (μd only)")
    # The coefficients and the two speeds the exercise compares.
    ax.axhline(mu_s, color="0.35", ls=":", lw=1.2)
    ax.axhline(mu_d, color="0.35", ls="--", lw=1.2)
    ax.text(4.95, mu_s + 0.01, f"μs = {mu_s:g}", ha="right", va="bottom", color="0.25")
    ax.text(4.95, mu_d + 0.01, f"μd = {mu_d:g}", ha="right", va="bottom", color="0.25")
    for x in (1.0, 3.0):
        ax.axvline(x, color="0.8", lw=1.0, zorder=0)
        # Each curve's value at this speed, read from the data (the sample nearest x).
        i = min(range(len(s)), key=lambda j: abs(s[j] - x))
        for column, color in (("mu_stribeck", "tab:blue"), ("mu_atan", "tab:orange")):
            mu = data[column][i]
            ax.plot([s[i]], [mu], "o", color=color, ms=6)
            ax.annotate(f"{mu:.3f}", xy=(s[i], mu), xytext=(6, -14), textcoords="offset points",
                        color=color, fontsize=9)
    ax.text(1.0, 0.02, " ‖vt‖ = vs", color="0.4", va="bottom")
    ax.text(3.0, 0.02, " ‖vt‖ = 3 vs", color="0.4", va="bottom")

    ax.set_xlim(0, 5)
    ax.set_ylim(0, mu_s * 1.15)
    ax.set_xlabel("slip speed ‖vt‖ / vs  [1]   (vs: stiction tolerance, default 1e-4 m/s)")
    ax.set_ylabel("friction coefficient μ  [1]")
    ax.set_title("E3-geometry §4: friction regularisation is not one curve")
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 0.08), frameon=True)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
