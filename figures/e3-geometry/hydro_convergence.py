"""E3-geometry §2.2, hydro figure 3: relative error of the tessellated force against the
analytic one as the resolution hint shrinks (levels 1 … 8), with a slope-2 guide: the error of
the inscribed facets falls like hint².
Data: convergence.csv from bin/figure_data_hydro.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "hydro_convergence"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "convergence.csv"))
    hint_mm = [1e3 * h for h in data["resolution_hint"]]
    error = data["relative_error"]
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    ax.loglog(hint_mm, error, "o-", color="tab:red", lw=2, label="|F_tessellated − F_analytic| / F")
    # Slope-2 guide through the finest point.
    guide = [error[-1] * (h / hint_mm[-1]) ** 2 for h in hint_mm]
    ax.loglog(hint_mm, guide, color="0.5", ls=":", label="∝ hint² (guide)")
    for h, e, level in zip(hint_mm, error, data["level"]):
        ax.annotate(f"L{int(level)}", xy=(h, e), xytext=(5, 5), textcoords="offset points",
                    fontsize=9, color="0.3")
    ax.set_xlabel("resolution hint  [mm]   (sphere R = 100 mm, depth 10 mm)")
    ax.set_ylabel("relative force error  [1]")
    ax.set_title("tessellated hydroelastic force converges to the analytic force")
    ax.legend(loc="lower right")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
