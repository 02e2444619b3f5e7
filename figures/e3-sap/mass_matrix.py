"""E3-SAP §1 figure: the mass matrix M(q) of a double pendulum against the relative angle q2
(law multibody.double_pendulum with its defaults: m = 1 kg, l1 = 1 m, lc = 0.5 m,
I = 0.01 kg·m² per link). M11 and M12 carry the coupling term in cos q2, M22 is constant, and
both eigenvalues stay positive: M is symmetric positive definite at every configuration.
Data: mass_matrix.csv from bin/figure_data_e3_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_mass_matrix"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "mass_matrix.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for key, label, style in (("M11", "M11", "-"), ("M12", "M12 = M21", "-"), ("M22", "M22", "-"),
                              ("eig_min", "smallest eigenvalue", "--"), ("eig_max", "largest eigenvalue", "--")):
        ax.plot(d["q2"], d[key], ls=style, lw=2, label=label)
    ax.axhline(0, color="k", lw=0.8)
    fc.finish(fig, ax, args.out, NAME, "q2 (angle of link 2 relative to link 1)  [rad]", "entry or eigenvalue  [kg·m²]",
              "E3-SAP §1: M(q) of a double pendulum stays symmetric positive definite", legend_loc="upper right",
              legend_size=9)


if __name__ == "__main__":
    main()
