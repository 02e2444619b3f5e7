"""E3-SAP §3.2 and §5, figure: distance travelled by the sliding box (1 kg, v0 = 1 m/s, μ = 0.5)
against time for the kSap, Similar and Lagged approximations at dt = 1 ms and 10 ms, with the
Coulomb answer x(t) = v0 t − μ g t²/2 up to t = v0/(μ g), then v0²/(2 μ g). The q update of §5
(x_next = x0 + h v_next) shortens the distance by about v0 h/2; kSap and Similar couple normal
and tangential impulse ("gliding", §3.2) and trail Lagged during the slide, more at 10 ms.
Data: box_slide_<approximation>_<dt>.csv from bin/figure_data_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "sap_box_slide_distance"
WIDTH, HEIGHT = 1200, 500
G, MU, V0 = 9.81, 0.5, 1.0
COLORS = {"sap": "tab:blue", "similar": "tab:orange", "lagged": "tab:green"}


def coulomb(t):
    stop = V0 / (MU * G)
    return V0 * min(t, stop) - 0.5 * MU * G * min(t, stop) ** 2


def main():
    args = fc.parse_args(__doc__)
    fig, axes = fc.new_figure(WIDTH, HEIGHT, columns=2)
    for ax, dt in zip(axes, ("0.001", "0.01")):
        for approximation, color in COLORS.items():
            data = fc.read_columns(os.path.join(args.data, f"box_slide_{approximation}_{dt}.csv"))
            ax.plot(data["t"], [1e3 * x for x in data["distance"]], color=color, lw=1.8,
                    label=approximation)
        times = [0.4 * i / 400 for i in range(401)]
        ax.plot(times, [1e3 * coulomb(t) for t in times], color="black", lw=1.0, ls="--",
                label="Coulomb: v0²/(2 μ g) after v0/(μ g)")
        ax.set_xlabel("time  [s]")
        ax.set_ylabel("distance travelled  [mm]")
        ax.set_title(f"box_slide, dt = {float(dt) * 1e3:g} ms")
        ax.legend(loc="lower right")
        ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
