"""E3-SAP §3 and §3.2 (and §2, §5), figure: the sliding box (scene box_slide: 1 kg cube,
side 0.2 m, on its 4 bottom vertices, v0 = 1 m/s, mu = 0.5, k = 1e5 N/m, Hunt-Crossley
d = 10 s/m for Similar and Lagged, tau_d = 0.01 s for kSap) under kSap, Similar and Lagged.
Left: distance against time at dt = 1 ms, where all three follow the Coulomb answer
x(t) = v0 t - mu g t²/2 up to t = v0/(mu g), then v0²/(2 mu g) (dashed). Middle: the same at
dt = 40 ms, where they part: Similar couples friction into the normal law (z = vn - mu s(vt))
and "glides" farther, Lagged evaluates friction with the lagged normal impulse mu n0, and
kSap's compliance with relaxation time behaves differently again. Where a curve goes backwards
the panel says why, with the step's numbers from the data: the contacts that step found at its
start, their deepest phi0, the tilt it made and the depth its corners reached (the next step's
phi0). Right: the total normal contact force per step at dt = 40 ms (m g = 9.81 N for a box at
rest on the ground), where the difference comes from; steps without contact (the box in flight)
are 0. Data: box_slide_<approximation>_<dt>.csv from bin/figure_data_sap.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "sap_box_slide_distance"
WIDTH, HEIGHT = 1500, 520
G, MU, V0 = 9.81, 0.5, 1.0
STYLES = {"sap": ("tab:blue", "-", "o"), "similar": ("tab:orange", "--", "s"), "lagged": ("tab:green", ":", "^")}
NAMES = {"sap": "kSap", "similar": "Similar", "lagged": "Lagged"}


def backwards(data):
    """The first step whose centre moves back by more than 0.1 mm, a tenth of a grid line
    (index k of the state after it), or None."""
    d = data["distance"]
    return next((k for k in range(1, len(d)) if d[k] < d[k - 1] - 1e-4), None)


def explain_backwards(name, data, k):
    """What the data say about the step ending at t[k] that moved the centre back."""
    t, d = data["t"], data["distance"]
    lines = [f"{NAMES[name]}, t = {t[k - 1]:.2f} → {t[k]:.2f} s: centre back {1e3 * (d[k - 1] - d[k]):.1f} mm.",
             f"The step starts on {int(data['contacts'][k])} contacts (deepest φ₀ {1e3 * data['phi0_min'][k]:.3f} mm)",
             f"and pivots on them by {math.degrees(data['pitch'][k] - data['pitch'][k - 1]):.1f}° in "
             f"{1e3 * (t[k] - t[k - 1]):.0f} ms"]
    if k + 1 < len(t) and data["contacts"][k + 1] > 0:
        lines[-1] += ";"
        lines += [f"its unsupported corners end {-1e3 * data['phi0_min'][k + 1]:.1f} mm deep,",
                  "found only at the next step's start."]
    else:
        lines[-1] += "."
    return "\n".join(lines)


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
        ax.legend(loc="lower right" if dt == "0.001" else "center right", fontsize=9)
        ax.grid(True, alpha=0.3)
        if dt == "0.001":
            continue
        # where a curve goes backwards, the step's own numbers say why
        for approximation in STYLES:
            data = fc.read_columns(os.path.join(args.data, f"box_slide_{approximation}_{dt}.csv"))
            k = backwards(data)
            if k is None:
                continue
            note = ax.annotate(explain_backwards(approximation, data, k), xy=(data["t"][k], 1e3 * data["distance"][k]),
                        xytext=(0.33, 0.04), textcoords="axes fraction", fontsize=7.5,
                        color=STYLES[approximation][0],
                        bbox=dict(boxstyle="round", fc="white", ec=STYLES[approximation][0], alpha=0.9),
                        arrowprops=dict(arrowstyle="->", color=STYLES[approximation][0]))
            note.set_in_layout(False)
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
