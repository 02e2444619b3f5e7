"""MJ-solvers §9, figure: max-norm error of the finite-difference transition Jacobian A
(TransitionFD, mjd_transitionFD's scheme) against the exact A, as a function of the
perturbation ε. Pendulum q̈ = −(g/l) sin q (g/l = 9.81 1/s², semi-implicit Euler, h = 0.01 s,
at q = 1 rad, v = 0.5 rad/s; exact A by hand): forward differences give the U shape —
round-off ~ u/ε on the left (u ≈ 1.1e-16), truncation ~ ε on the right — with its minimum
near ε ≈ √u ≈ 1e-8; centred differences have truncation ~ ε² and a minimum near ε ≈ u^(1/3)
≈ 1e-5. A linear spring under discrete (formula sheet (8.1)) (m = 1 kg, k = 100 N/m, d = 1 N·s/m, h
= 0.01 s) has no truncation error, so only the round-off arm remains. Data: fd_error.csv from
bin/figure_data_mj_solvers.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import figure_common as fc  # noqa: E402

NAME = "mj_solvers_fd_jacobian_error"
WIDTH, HEIGHT = 900, 600
FLOOR = 1e-17
CURVES = [("pendulum_forward", "pendulum, forward differences", "tab:blue", "o"),
          ("pendulum_centered", "pendulum, centred differences", "tab:orange", "s"),
          ("spring_discrete_forward", "linear spring (discrete), forward", "tab:green", "^")]
UNIT_ROUNDOFF = 2.0 ** -53


def main():
    args = fc.parse_args(__doc__)
    data = fc.read_columns(os.path.join(args.data, "fd_error.csv"))
    eps = data["eps"]
    fig, ax = fc.new_figure(WIDTH, HEIGHT)
    for key, label, color, marker in CURVES:
        ax.loglog(eps, [max(FLOOR, e) for e in data[key]], color=color, marker=marker, ms=4,
                  lw=1.5, label=label)
    ax.loglog(eps, [UNIT_ROUNDOFF / e for e in eps], color="gray", lw=1.0, ls=":",
              label="u/ε  (round-off slope)")
    ax.axvline(UNIT_ROUNDOFF ** 0.5, color="tab:blue", lw=0.8, ls="--")
    ax.axvline(UNIT_ROUNDOFF ** (1 / 3), color="tab:orange", lw=0.8, ls="--")
    ax.text(UNIT_ROUNDOFF ** 0.5 * 1.2, 3e-2, "√u", color="tab:blue")
    ax.text(UNIT_ROUNDOFF ** (1 / 3) * 1.2, 3e-2, "u^(1/3)", color="tab:orange")
    ax.set_xlabel("finite-difference step  ε  [state units: rad, rad/s, m, m/s]")
    ax.set_ylabel("max |A_FD − A_exact|  [1 or s, per entry]")
    ax.set_title("FD transition Jacobian error vs ε (TransitionFD)")
    ax.set_ylim(1e-17, 1)
    ax.legend(loc="lower left", fontsize=9)
    ax.grid(True, which="major", alpha=0.3)
    fig.tight_layout()
    fc.save(fig, args.out, NAME)


if __name__ == "__main__":
    main()
