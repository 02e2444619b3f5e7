"""E3-SAP §2 and §3, figure: a 1 kg sphere (r = 0.1 m, combined point stiffness k = 1e4 N/m,
mu = 0.5) dropped from 0.1 m above contact (it touches at t = 0.143 s), dt = 1 ms, under kSap
(relaxation time tau_d = 0.01 s), Similar and Lagged (Hunt-Crossley d = 10 s/m). Left: the
penetration (negative: height above the ground) from just before impact, y range from the data
so that kSap's lift-off after the first impact is in view; right: the total normal contact
force. kSap's linear compliance k (phi + tau_d vn) lets the sphere sink deeper and bounce off;
Hunt-Crossley's k x (1 + d xdot) with d = 10 s/m damps the impact without lift-off. With no
slip, Similar's z = vn - mu s(0) = vn, so Similar and Lagged are the same law here (Similar is
drawn as markers on the Lagged line); the sliding box (sap_box_slide_distance) separates them.
All settle at m g / k = 0.981 mm. Data: sphere_drop_<approximation>.csv from bin/figure_data_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "sap_sphere_drop_penetration"
WIDTH, HEIGHT = 1200, 520
T0 = 0.14  # just before the impact at sqrt(2 0.1/9.81) = 0.143 s
T1 = 0.6
STYLES = {"sap": dict(color="tab:blue", lw=2.0),
          "lagged": dict(color="tab:green", lw=2.4),
          "similar": dict(color="tab:orange", lw=0, marker="o", ms=3.5, markevery=12)}


def main():
    args = fc.parse_args(__doc__)
    fig, (left, right) = fc.new_figure(WIDTH, HEIGHT, columns=2)
    for approximation, style in STYLES.items():
        data = fc.read_columns(os.path.join(args.data, f"sphere_drop_{approximation}.csv"))
        rows = [i for i, t in enumerate(data["t"]) if T0 <= t <= T1]
        t = [data["t"][i] for i in rows]
        pen = [1e3 * data["penetration"][i] for i in rows]
        after = min(pen[pen.index(max(pen)):])
        lift = f"lifts off to {-after:.2f} mm above" if after < 0 else "no lift-off"
        left.plot(t, pen, label=f"{approximation}: deepest {max(pen):.2f} mm, {lift}", **style)
        right.plot(t, [data["contact_force"][i] for i in rows], label=approximation, **style)
    left.axhline(1e3 * 9.81 / 1e4, color="black", lw=1.0, ls="--", label="m g / k = 0.981 mm")
    left.axhline(0, color="0.5", lw=0.8)
    left.set_xlabel("time  [s]")
    left.set_ylabel("penetration  [mm]  (< 0: above the ground)")
    left.set_title("penetration after impact", fontsize=11)
    left.legend(loc="lower right", fontsize=8)
    left.set_xlim(T0, T1)
    right.axhline(9.81, color="black", lw=1.0, ls="--", label="m g = 9.81 N")
    right.set_xlim(T0, T1)
    right.set_xlabel("time  [s]")
    right.set_ylabel("normal contact force  [N]")
    right.set_title("contact force", fontsize=11)
    right.legend(loc="upper right", fontsize=9)
    for ax in (left, right):
        ax.grid(True, alpha=0.3)
    fig.suptitle("E3-SAP §3: sphere drop, m = 1 kg, k = 1e4 N/m, kSap tau_d = 0.01 s, Similar/Lagged d = 10 s/m, dt = 1 ms",
                 fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
