"""E3-SAP §3.2 figure: the Hunt-Crossley impulse n(z) = h[fe0 - h k z]+ [1 - d z]+ (formula sheet
(3.6)) and the argument each convex approximation gives it for a sliding contact (||vt|| = 0.2 m/s):
Similar z = vn - mu s(vt) (friction shifts the normal law), Lagged z = vn.
Data: nz.csv from bin/figure_data_e3_sap.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "e3_sap_hunt_crossley_nz"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "nz.csv"))
    vt = d["vt"][0]
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    ax.plot(d["vn"], d["n_lagged"], color="tab:green", lw=2.4, label="Lagged: n(vn)")
    ax.plot(d["vn"], d["n_similar"], color="tab:orange", lw=2.2, ls="--",
            label=f"Similar: n(vn − μ s(vt)), ‖vt‖ = {vt:g} m/s")
    ax.axvline(0, color="0.7", lw=1)
    ax.set_xlabel("normal velocity vn  [m/s]  (> 0 separating)")
    ax.set_ylabel("normal impulse n  [N·s]")
    ax.set_title("E3-SAP §3.2: n(z) and where Similar and Lagged evaluate it")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
