"""E3-SAP §2.2 and §3, figure: penetration of a 1 kg sphere (r = 0.1 m, combined point stiffness
k = 1e4 N/m) dropped from 0.1 m above contact, for the kSap (τd = 0.01 s), Similar and Lagged
(d = 10 s/m) approximations at dt = 1 ms, with the resting depth m g / k = 0.981 mm. Negative
penetration is height above the ground. Without slip Similar's z = vn − μ s(0) = vn, so Similar
and Lagged coincide here; kSap's linear damper k τd is weaker at impact and overshoots more.
Data: sphere_drop_<approximation>.csv from bin/figure_data_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "sap_sphere_drop_penetration"
WIDTH, HEIGHT = 900, 540
COLORS = {"sap": "tab:blue", "similar": "tab:orange", "lagged": "tab:green"}


def main():
    args = fc.parse_args(__doc__)
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for approximation, color in COLORS.items():
        data = fc.read_columns(os.path.join(args.data, f"sphere_drop_{approximation}.csv"))
        ax.plot(data["t"], [1e3 * x for x in data["penetration"]], color=color, lw=1.8,
                label=approximation)
    ax.axhline(1e3 * 9.81 / 1e4, color="black", lw=1.0, ls="--", label="m g / k")
    ax.set_ylim(-2.0, None)
    ax.set_xlabel("time  [s]")
    ax.set_ylabel("penetration  [mm]")
    ax.set_title("sphere_on_ground: drop from 0.1 m, k = 1e4 N/m, dt = 1 ms")
    ax.legend(loc="upper right")
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
