"""E3-geometry §2.1 figure: the continuous point normal force fn = k x (1 + d xdot) against the
penetration rate xdot = -vn for d = 0, 0.5 and 2 s/m at k = 1e5 N/m, x = 1 mm. It is a linear
spring times a Hunt-Crossley factor, not a linear damper: the slope k x d grows with the depth,
and a pair separating faster than 1/d is skipped (fn = 0, never a pull).
Data: hunt_crossley_force.csv from bin/figure_data_e3_geometry.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_geometry_hunt_crossley_force"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "hunt_crossley_force.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for key, d_value, color in (("fn_d0", 0.0, "tab:gray"), ("fn_d0.5", 0.5, "tab:blue"), ("fn_d2", 2.0, "tab:red")):
        ax.plot(d["xdot"], d[key], color=color, lw=2, label=f"d = {d_value:g} s/m")
        if d_value > 0:
            ax.axvline(-1 / d_value, color=color, ls=":", lw=1.2)
            ax.annotate(f"xdot = -1/d = {-1 / d_value:g} m/s:\npair skipped", (-1 / d_value, 8), color=color,
                        fontsize=9, xytext=(4, 0), textcoords="offset points")
    ax.axhline(100, color="0.5", lw=0.8, ls="--")
    ax.text(0.55, 103, "k x = 100 N", color="0.4", fontsize=9)
    fc.finish(fig, ax, args.out, NAME, "penetration rate xdot = -vn  [m/s]  (> 0 approaching)", "normal force fn  [N]",
              "E3-geometry §2.1: fn = k x (1 + d xdot), k = 1e5 N/m, x = 1 mm", legend_loc="upper left")


if __name__ == "__main__":
    main()
