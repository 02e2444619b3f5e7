"""E3-SAP §3 and §3.2 (and §2, §5), figure: the sliding box (scene box_slide: 1 kg cube,
side 0.2 m, on its 4 bottom vertices, v0 = 1 m/s, mu = 0.5, k = 1e5 N/m, Hunt-Crossley
d = 10 s/m for Similar and Lagged, tau_d = 0.01 s for kSap) under kSap, Similar and Lagged.
Left: distance against time at dt = 1 ms, where all three follow the Coulomb answer
x(t) = v0 t - mu g t²/2 up to t = v0/(mu g), then v0²/(2 mu g) (dashed). Middle: the same at
dt = 40 ms, where they part: Similar couples friction into the normal law (z = vn - mu s(vt))
and "glides" farther, Lagged evaluates friction with the lagged normal impulse mu n0, and
kSap's compliance with relaxation time behaves differently again. Right: the total normal
contact force per step at dt = 40 ms (m g = 9.81 N for a box at rest on the ground), where the
difference comes from. Data: box_slide_<approximation>_<dt>.csv from bin/figure_data_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "sap_box_slide_distance"
WIDTH, HEIGHT = 1500, 520
G, MU, V0 = 9.81, 0.5, 1.0
STYLES = {"sap": ("tab:blue", "-", "o"), "similar": ("tab:orange", "--", "s"), "lagged": ("tab:green", ":", "^")}


def coulomb(t):
    stop = V0 / (MU * G)
    return V0 * min(t, stop) - 0.5 * MU * G * min(t, stop) ** 2


def main():
    args = fc.parse_args(__doc__)
    fig, axes = fc.new_figure(WIDTH, HEIGHT, columns=3)
    times = [0.6 * i / 600 for i in range(601)]
    for ax, dt in zip(axes[:2], ("0.001", "0.04")):
        for approximation, (color, ls, marker) in STYLES.items():
            data = fc.read_columns(os.path.join(args.data, f"box_slide_{approximation}_{dt}.csv"))
            coarse = dt != "0.001"
            ax.plot(data["t"], [1e3 * x for x in data["distance"]], color=color, lw=2, ls=ls,
                    marker=marker if coarse else None, ms=5,
                    label=f"{approximation}: {1e3 * data['distance'][-1]:.1f} mm")
        ax.plot(times, [1e3 * coulomb(t) for t in times], color="black", lw=1.0, ls="-.",
                label=f"Coulomb: {1e3 * V0 ** 2 / (2 * MU * G):.1f} mm after {V0 / (MU * G):.3f} s")
        ax.set_xlabel("time  [s]")
        ax.set_ylabel("distance travelled  [mm]")
        ax.set_title(f"distance, dt = {float(dt) * 1e3:g} ms", fontsize=11)
        ax.legend(loc="lower right", fontsize=9)
        ax.grid(True, alpha=0.3)
    force_ax = axes[2]
    for approximation, (color, ls, marker) in STYLES.items():
        data = fc.read_columns(os.path.join(args.data, f"box_slide_{approximation}_0.04.csv"))
        force_ax.step(data["t"][1:], data["contact_force"][1:], where="post", color=color, lw=2, ls=ls,
                      label=approximation)
    force_ax.axhline(G, color="0.4", lw=1, ls="-.", label="m g = 9.81 N")
    force_ax.set_xlabel("time  [s]")
    force_ax.set_ylabel("total normal contact force of the step  [N]")
    force_ax.set_title("normal force, dt = 40 ms", fontsize=11)
    force_ax.legend(loc="upper right", fontsize=9)
    force_ax.grid(True, alpha=0.3)
    fig.suptitle("E3-SAP §3: a 1 kg box sliding at v0 = 1 m/s, mu = 0.5, k = 1e5 N/m, d = 10 s/m, tau_d = 0.01 s",
                 fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
