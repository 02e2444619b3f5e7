"""E3-SAP §3.1 figure: the three regions of the analytic cone projection (formula sheet (3.3)).

In the plane (||yt||, yn): stiction (||yt|| <= mu yn, gamma = y), no contact
(yn <= -mu_hat ||yt||, gamma = 0), sliding in between (projection onto the cone in the R-norm).
Data: regions.csv from bin/figure_data_e3_sap (mode 0 stiction, 1 sliding, 2 no contact).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402
from matplotlib.colors import ListedColormap  # noqa: E402

NAME = "e3_sap_projection_regions"
WIDTH, HEIGHT = 760, 640


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "regions.csv"))
    yt, yn, mode = np.array(d["yt_norm"]), np.array(d["yn"]), np.array(d["mode"])
    mu, mu_hat = d["mu"][0], d["mu_hat"][0]
    n = int(round(np.sqrt(len(yt))))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    cmap = ListedColormap(["#a6d8a6", "#f5c48a", "#d0d0d0"])
    ax.pcolormesh(yt.reshape(n, n), yn.reshape(n, n), mode.reshape(n, n), cmap=cmap,
                  vmin=-0.5, vmax=2.5, shading="nearest")
    x = np.linspace(0, yt.max(), 50)
    ax.plot(x, x / mu, "k-", lw=1.5, label=f"‖yt‖ = μ yn  (μ = {mu:g})")
    ax.plot(x, -mu_hat * x, "k--", lw=1.5, label=f"yn = −μ̂ ‖yt‖  (μ̂ = μ Rt/Rn = {mu_hat:.2g})")
    ax.text(0.12, 0.75, "stiction\nγ = y", fontsize=12)
    ax.text(0.7, 0.35, "sliding\nγ on the cone", fontsize=12)
    ax.text(0.5, -0.6, "no contact\nγ = 0", fontsize=12)
    ax.set_xlim(0, yt.max())
    ax.set_ylim(yn.min(), yn.max())
    ax.set_xlabel("‖yt‖  [N·s]")
    ax.set_ylabel("yn  [N·s]")
    ax.set_title("E3-SAP §3.1: the three regions of the cone projection\n"
                 f"h = {d['h'][0]:g} s, k = {d['k'][0]:g} N/m, τ = 0, σ = {d['sigma'][0]:g}, w = 1/√3 1/kg",
                 fontsize=10)
    ax.legend(loc="lower right", framealpha=0.9)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
