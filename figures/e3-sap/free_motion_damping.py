"""E3-SAP §2.1 figure: the free-motion velocity v*/v0 of one damped dof (m = 1 kg, D = 10 kg/s,
v0 = 1 m/s, no other force) against h D/m. Drake's A = M + hD treats the damping implicitly:
v* = v0/(1 + hD/m) (law multibody.free_motion) decays for every h. Counting the damping
explicitly, v* = v0 (1 - hD/m), reverses the velocity for hD > m and grows in size for hD > 2m.
Data: free_motion.csv from bin/figure_data_e3_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_free_motion_damping"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "free_motion.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    ax.plot(d["hD_over_m"], d["implicit"], lw=2.2, color="tab:green", label="A = M + hD (Drake): v0/(1 + hD/m)")
    ax.plot(d["hD_over_m"], d["explicit"], lw=2.2, ls="--", color="tab:red", label="explicit damping: v0 (1 - hD/m)")
    ax.axhline(0, color="k", lw=0.8)
    ax.axhline(-1, color="0.5", lw=0.8, ls=":")
    ax.axvline(1, color="0.5", lw=0.8, ls=":")
    ax.axvline(2, color="0.5", lw=0.8, ls=":")
    ax.text(1.03, 0.8, "hD = m: explicit v* = 0", fontsize=9)
    ax.text(2.03, 0.6, "hD = 2m: |v*| = v0", fontsize=9)
    fc.finish(fig, ax, args.out, NAME, "h D / m  [1]   (m = 1 kg, D = 10 kg/s, h from 0 to 0.3 s)", "v* / v0  [1]",
              "E3-SAP §2.1: free motion with joint damping, implicit vs explicit", legend_loc="lower left")


if __name__ == "__main__":
    main()
