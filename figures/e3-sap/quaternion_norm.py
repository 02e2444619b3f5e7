"""E3-SAP §5 figure: the quaternion norm under Drake's discrete position update
q_next = q0 + h N(q0) w (no renormalisation) and under the exponential map, for a body
spinning at w = (0, 0, 10) rad/s for 1 s with h = 1e-3 and 1e-2 s. Each linear step multiplies
the norm by sqrt(1 + h²|w|²/4); the exponential map keeps it at 1.
Data: quaternion.csv from bin/figure_data_e3_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_quaternion_norm"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "quaternion.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for h, color in ((1e-2, "tab:red"), (1e-3, "tab:blue")):
        rows = [i for i, value in enumerate(d["h"]) if value == h]
        t = [d["t"][i] for i in rows]
        ax.plot(t, [d["norm_linear"][i] for i in rows], color=color, lw=2, label=f"linear update, h = {h:g} s")
        ax.plot(t, [d["norm_exp"][i] for i in rows], color=color, lw=1.2, ls="--", label=f"exponential map, h = {h:g} s")
    fc.finish(fig, ax, args.out, NAME, "time  [s]", "|q|  [1]",
              "E3-SAP §5: q0 + h N(q0) w grows the quaternion norm, |w| = 10 rad/s", legend_loc="upper left")


if __name__ == "__main__":
    main()
