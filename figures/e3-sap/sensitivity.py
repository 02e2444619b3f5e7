"""E3-SAP §5.1 figure: the derivative of the next normal velocity vn with respect to the signed
distance phi0, for a 1 kg point mass (v* = (0.3, 0.1, -0.2) m/s, h = 1 ms) on a kSap contact
(k = 1e5 N/m, tau = 0.01 s, mu = 0.5, beta = 0). Left: vn(phi0). Right: dvn/dphi0 from one
linear solve H dv = -dg/dphi0 (implicit function theorem, line) and from a centred difference
of two solves at phi0 +- 1e-7 m (dots). They agree inside each projection region; where the
contact opens (marked) the derivative jumps to 0: it is local to a fixed region.
Data: sensitivity.csv from bin/figure_data_e3_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_sensitivity"
WIDTH, HEIGHT = 1200, 500


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "sensitivity.csv"))
    fig, (left, right) = fc.new_figure(WIDTH, HEIGHT, columns=2)
    phi_mm = [1e3 * x for x in d["phi0"]]
    left.plot(phi_mm, d["vn"], lw=2, color="tab:blue")
    left.set_xlabel("phi0  [mm]  (< 0: penetrating)")
    left.set_ylabel("vn after the step  [m/s]")
    left.set_title("next normal velocity", fontsize=10)
    right.plot(phi_mm, d["dvn_dphi0_ift"], lw=2, color="tab:green", label="H dv/dphi0 = -dg/dphi0 (one solve)")
    right.plot(phi_mm, d["dvn_dphi0_fd"], "o", ms=3.5, color="tab:orange", label="centred difference of two solves")
    right.set_xlabel("phi0  [mm]")
    right.set_ylabel("dvn/dphi0  [1/s]")
    right.set_title("derivative: implicit function theorem vs finite difference", fontsize=10)
    opens = next(x for x, dv in zip(phi_mm, d["dvn_dphi0_ift"]) if dv == 0.0)
    for ax in (left, right):
        ax.axvline(opens, color="0.4", ls=":", lw=1.2)
    right.annotate(f"contact opens\nnear phi0 = {opens:.2f} mm", (opens, -20), xytext=(-110, 0),
                   textcoords="offset points", fontsize=9)
    right.legend(loc="upper left", fontsize=9)
    right.ticklabel_format(axis="y", useOffset=False)
    right.axhline(0, color="k", lw=0.8)
    for ax in (left, right):
        ax.grid(True, alpha=0.3)
    fig.suptitle("E3-SAP §5.1: 1 kg point mass, k = 1e5 N/m, tau = 0.01 s, mu = 0.5, h = 1 ms", fontsize=11)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
