"""MJ-solvers §3 figure: the primal and the dual problem have one optimum. On
formats/examples/box_plane_elliptic.json (a box resting on a plane, elliptic cones), the
relative difference ||f - f*||/||f*|| between the constraint forces after k iterations (k from 1 to
3162, log axes) and
Newton's converged forces f*, for the dual solver PGS (block updates in force space) and the
primal solvers CG and Newton (acceleration space), tolerance 0, warmstart off. All three
approach the same f*; the primal solvers reach it to round-off (below 1e-12, where their curves
end) in a step or two, PGS slowly.
Data: primal_dual.csv from bin/figure_data_mj_solvers.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_primal_dual"
WIDTH, HEIGHT = 900, 540
FLOOR = 1e-12  # below: agreement to round-off; a curve ends there


def main():
    args = fc.parse_args(__doc__)
    d = fc.read_columns(os.path.join(args.data, "primal_dual.csv"))
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for key, label, color, marker in (("pgs", "PGS (dual, force space)", "tab:blue", "o"),
                                      ("cg", "CG (primal, acceleration space)", "tab:orange", "s"),
                                      ("newton", "Newton (primal)", "tab:green", "^")):
        k = [x for x, e in zip(d["iterations"], d[key])]
        errors = d[key]
        # A curve ends at its first value below FLOOR (round-off from there on), marked on the edge.
        end = next((i for i, e in enumerate(errors) if e < FLOOR), len(errors) - 1)
        shown = [max(FLOOR, e) for e in errors[:end + 1]]
        ax.loglog(k[:end + 1], shown, color=color, marker=marker, ms=4, lw=1.6,
                  label=label + (f": below {FLOOR:g} after {k[end]:g} iteration(s)" if errors[end] < FLOOR else ""))
    ax.set_ylim(FLOOR / 3, None)
    fc.finish(fig, ax, args.out, NAME, "iterations k  (tolerance 0, no warmstart)",
              "||f_k - f*|| / ||f*||  [1]",
              "MJ-solvers §3: dual and primal iterates reach one optimum f* (box on plane, elliptic)",
              legend_loc="lower left")


if __name__ == "__main__":
    main()
