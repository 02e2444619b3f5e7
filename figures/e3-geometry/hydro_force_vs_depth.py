"""E3-geometry §2.2, hydro figure 2: normal force vs depth for the compliant sphere (tessellated
and analytic, F = πE a² − (2πE/(3R))(R³ − c³)) and, for contrast, a point contact k·x with k
matched at 10 mm. Hydro grows like the contact area (≈ πE·depth² near 0); the point law is linear.
Data: force_vs_depth.csv from bin/figure_data_hydro.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "hydro_force_vs_depth"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "force_vs_depth.csv"))
    depth_mm = [1e3 * d for d in data["depth"]]
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    ax.plot(depth_mm, data["hydro_analytic"], color="tab:orange", lw=2.2,
            label="hydroelastic, analytic (linear field e = 1 − r/R)")
    ax.plot(depth_mm, data["hydro_tessellated"], "o", color="tab:red", ms=3.5,
            label="hydroelastic, tessellated (resolution hint 10 mm)")
    ax.plot(depth_mm, data["point"], color="tab:blue", lw=1.8, ls="--",
            label="point contact k·x, k matched at 10 mm")
    ax.set_xlabel("depth of the sphere into the half space  [mm]")
    ax.set_ylabel("normal force  [N]")
    ax.set_title("E = 1e5 Pa, R = 0.1 m: pressure-field force vs point-contact force")
    ax.legend(loc="upper left")
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
