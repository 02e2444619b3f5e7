"""MJ-solvers §6 figure: Newton's iteration count on formats/examples/chain_limits.json
(tolerance 1e-8) when warm-started at qacc* + eps (1, ..., 1) m/s², qacc* its own converged
answer, under the MuJoCo 2.2.2 and 3.15 code paths, with the cold-start counts (dashed). A
warm start near the answer saves iterations; 3.15's pre-loop certificate can exit with 0.
Data: warmstart.csv from bin/figure_data_mj_solvers.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_warmstart"
WIDTH, HEIGHT = 900, 540


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "warmstart.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    ax.semilogx(d["eps"], d["iterations_222"], "o-", color="tab:blue", lw=1.6, label="warm start, 2.2.2 path")
    ax.semilogx(d["eps"], d["iterations_315"], "s-", color="tab:green", lw=1.6, ms=4, label="warm start, 3.15 path")
    ax.axhline(d["cold_222"][0], color="tab:blue", ls="--", lw=1, label=f"cold start, 2.2.2: {d['cold_222'][0]:g}")
    ax.axhline(d["cold_315"][0], color="tab:green", ls=":", lw=1.4, label=f"cold start, 3.15: {d['cold_315'][0]:g}")
    fc.finish(fig, ax, args.out, NAME, "distance of the warm start from the answer, eps  [m/s² per DOF]",
              "Newton iterations  [1]", "MJ-solvers §6: warm start vs iterations (chain_limits, tolerance 1e-8)",
              legend_loc="upper left", legend_size=9)


if __name__ == "__main__":
    main()
