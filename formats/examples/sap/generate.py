#!/usr/bin/env python3
"""Writes the SAP example problems of this folder (simatlas/sap-problem/1, formats/sap-problem.md).

Each file's "source" states the problem and the hand-derived expectation that
reference/io/test/sap_problem_test.cc checks. Run from anywhere: python3 generate.py
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = "simatlas/sap-problem/1"
H = 0.01
G = 9.81


def pizza(name, torque, mu=0.5, stiffness=1e4, phi0=-3.27e-4, extra=""):
    # One body v = (vx, vy, vz, wz), m = 1 kg, Iz = 1 kg m^2, three legs at R = 1 m.
    constraints = []
    for i in range(3):
        th = 2 * math.pi * i / 3
        J = [[1, 0, 0, -math.sin(th)], [0, 1, 0, math.cos(th)], [0, 0, 1, 0]]
        constraints.append({"type": "friction_cone", "cliques": [0], "J": [J], "mu": mu,
                            "stiffness": stiffness, "relaxation_time": 0.0, "phi0": phi0,
                            "beta": 1.0, "sigma": 1e-3})
    doc = {
        "schema": SCHEMA,
        "source": ("pizza saver (E3-SAP §4): m = 1 kg, Iz = 1 kg m^2, legs at R = 1 m, "
                   f"h = {H} s, g = {G} m/s^2, torque = {torque} N m, mu = {mu}, "
                   f"k = {stiffness} N/m, tau = 0, phi0 = {phi0} m. " + extra),
        "time_step": H,
        "cliques": [{"A": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
                     "v_star": [0.0, 0.0, -G * H, H * torque]}],
        "constraints": constraints,
        "parameters": {"rel_tolerance": 1e-12},
    }
    write(name, doc)


def write(name, doc):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


pizza("pizza_saver_no_torque.json", 0.0,
      extra="Expect vz = (3 vhat_n/Rn - m g h)/(m + 3/Rn) = 0 with Rn = 1, vhat_n = 0.0327; "
            "each gamma_n = m g h/3.")
pizza("pizza_saver_stiction.json", 4.0,
      extra="torque < mu m g R = 4.905 N m: stiction; wz = h torque/(Iz + 3 R^2/Rt), "
            "Rt = 1e-3 sqrt(6)/3.")
pizza("pizza_saver_sliding.json", 6.0,
      extra="torque > mu m g R: sliding; gamma_n solves gamma_n [(1 + mu~^2) + 3/(m Rn) + "
            "3 mu^2 R^2/(Iz Rn)] = (vhat_n + g h)/Rn + mu R h torque/(Iz Rn).")
pizza("pizza_saver_frictionless.json", 6.0, mu=0.0,
      extra="mu = 0: wz = h torque/Iz = 0.06 rad/s, vz = 0, gamma_t = 0.")
pizza("pizza_saver_near_rigid.json", 0.0, stiffness=1e12, phi0=0.0,
      extra="near rigid (beta = 1): Rn = (sqrt(6)/3)/(4 pi^2); vz = -m g h/(m + 3/Rn).")

# A one-DOF pendulum against a rigid lower limit at q = 0 (E3-SAP §4.1, limits use beta = 0.1).
write("joint_limit.json", {
    "schema": SCHEMA,
    "source": ("one DOF, A = 2 kg m^2, v* = -1 rad/s, q0 = 0 at a rigid lower limit 0, "
               "beta = 0.1, h = 0.01 s. w = 1/2, R = beta^2 w/(4 pi^2), vhat = 0; "
               "A (v - v*) = -v/R gives v = -2/(2 + 1/R)."),
    "time_step": H,
    "cliques": [{"A": [[2.0]], "v_star": [-1.0]}],
    "constraints": [{"type": "joint_limit", "cliques": [0], "dof": 0, "q0": 0.0, "lower": 0.0,
                     "beta": 0.1}],
    "parameters": {"rel_tolerance": 1e-12},
})

# A point mass sliding on the ground with one Lagged Hunt-Crossley contact (E3-SAP §3.2).
write("point_mass_lagged.json", {
    "schema": SCHEMA,
    "source": ("point mass m = 1 kg, v* = (0.5, 0, -0.0981) m/s, h = 0.01 s, Lagged: "
               "mu = 0.5, k = 1e4 N/m, d = 0, fe0 = 9.81 N, vn0 = 0. Normal: vn - v*_n = "
               "h (fe0 - h k vn) gives vn = (v*_n + h fe0)/(1 + h^2 k) = 0; tangential: "
               "vt - 0.5 = -mu n0 vt/sqrt(vt^2 + eps^2), n0 = h fe0 = 0.0981, so vt ~ 0.45095."),
    "time_step": H,
    "cliques": [{"A": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "v_star": [0.5, 0.0, -0.0981]}],
    "constraints": [{"type": "hunt_crossley", "approximation": "lagged", "cliques": [0],
                     "J": [[[1, 0, 0], [0, 1, 0], [0, 0, 1]]], "mu": 0.5, "stiffness": 1e4,
                     "dissipation": 0.0, "fe0": 9.81, "vn0": 0.0,
                     "stiction_tolerance": 1e-4, "sigma": 1e-3}],
    "parameters": {"rel_tolerance": 1e-12},
})

# Two boxes (3 translational DOFs each) stacked on the ground: every constraint kind at once.
box = [[2, 0, 0], [0, 2, 0], [0, 0, 2]]
eye = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
neg = [[-1, 0, 0], [0, -1, 0], [0, 0, -1]]
write("two_boxes_mixed.json", {
    "schema": SCHEMA,
    "source": ("two 2 kg point-like boxes stacked on the ground, h = 0.01 s: box 0 on the "
               "ground (kSap), box 1 on box 0 (Similar, A = box 0, B = box 1), a Lagged "
               "contact of box 1 with a wall and a rigid limit on box 1's x. Checks: success "
               "and the optimality conditions."),
    "time_step": H,
    "cliques": [{"A": box, "v_star": [0.1, 0.0, -0.0981]},
                {"A": box, "v_star": [0.3, 0.0, -0.0981]}],
    "constraints": [
        {"type": "friction_cone", "cliques": [0], "J": [eye], "mu": 0.5, "stiffness": 1e5,
         "relaxation_time": 0.01, "phi0": -1e-4},
        {"type": "hunt_crossley", "approximation": "similar", "cliques": [0, 1],
         "J": [neg, eye], "mu": 0.3, "stiffness": 1e5, "dissipation": 0.5, "fe0": 19.62,
         "vn0": 0.0},
        {"type": "hunt_crossley", "approximation": "lagged", "cliques": [1],
         "J": [[[0, 1, 0], [0, 0, 1], [-1, 0, 0]]], "mu": 0.2, "stiffness": 1e4,
         "dissipation": 0.1, "fe0": 0.5, "vn0": -0.01},
        {"type": "joint_limit", "cliques": [1], "dof": 0, "q0": 0.0, "upper": 0.001},
    ],
})
