#!/usr/bin/python3
"""A port of the laws `simatlas check` families query, written for the check tests from the
formula sheet (E3-geometry §2.1, §3, §4; E3-SAP §2.2, §3.1, §3.2; MJ-solvers §2a), independent of
the reference library. It speaks the line protocol of docs/pages/check_protocol.md.

    port.py                 the faithful port (every family must pass)
    port.py --bug NAME      a deliberately wrong port (the check must catch it):
        stiffness_mean      material: k = (k1 + k2)/2 instead of springs in series
        discrete_mu_s       friction: the discrete approximations read mu_s instead of mu_d
        hunt_crossley_sign  point: fn = k x (1 - d xdot), the damping sign flipped (both continuous laws)
        ksap_region         sap.friction_cone: "no contact" for yn <= 0 instead of yn <= -mu_hat yr
        lagged_mu_gamma_n   sap.hunt_crossley: Lagged uses mu gamma_n instead of mu n0
        row_r_inverted      mujoco.row: R = I/(1 - I) diag_approx instead of (1 - I)/I
        row_no_clamp        mujoco.row: solimp used as given (getsolparam's clamps skipped)
        row_mixed_solref    mujoco.row: a mixed-sign solref read as direct (-k, -b), no default
        row_no_floor        mujoco.row: R without the mjMINVAL = 1e-15 floor
    port.py --fault NAME    a protocol fault on the third query:
        garbage, hang, segv, abort, exit, wrong_key, missing_output, nan_output, null_output,
        extra_output
"""
import json
import math
import os
import signal
import sys
import time

INF = float("inf")
BUG = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--bug" else ""
FAULT = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--fault" else ""
# A misspelled bug or fault name would silently run the faithful port and make a "wrong port is
# caught" test meaningless, so unknown names stop the program before it answers anything.
BUGS = ("stiffness_mean", "discrete_mu_s", "hunt_crossley_sign", "ksap_region", "lagged_mu_gamma_n",
        "row_r_inverted", "row_no_clamp", "row_mixed_solref", "row_no_floor")
FAULTS = ("abort", "exit", "extra_output", "garbage", "hang", "missing_output", "nan_output",
          "null_output", "segv", "wrong_key")
if (BUG and BUG not in BUGS) or (FAULT and FAULT not in FAULTS) or (len(sys.argv) > 1 and not (BUG or FAULT)):
    sys.exit("port.py: unknown option %s; --bug one of %s, --fault one of %s" % (sys.argv[1:], BUGS, FAULTS))


class Rejected(Exception):
    """Inputs outside the law's domain: answered with {"error": ...}."""


def num(x):
    return float(x)  # JSON numbers and the strings "inf" / "-inf"


def out(x):
    if isinstance(x, list):
        return [out(v) for v in x]
    if isinstance(x, float) and math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def require(ok, message):
    if not ok:
        raise Rejected(message)


# --- E3-geometry §3: material combination -------------------------------------------------
def point_stiffness(i):
    k1, k2 = num(i["k1"]), num(i["k2"])
    require(k1 >= 0 and k2 >= 0, "stiffness must be >= 0")
    require(not (math.isinf(k1) and math.isinf(k2)), "at most one side may be rigid")
    if BUG == "stiffness_mean":
        return {"k": k2 if math.isinf(k1) else k1 if math.isinf(k2) else (k1 + k2) / 2}
    if math.isinf(k1):
        return {"k": k2}
    if math.isinf(k2):
        return {"k": k1}
    return {"k": 0.0 if k1 + k2 == 0 else k1 * k2 / (k1 + k2)}


def dissipation(i):
    k1, k2, d1, d2 = num(i["k1"]), num(i["k2"]), num(i["d1"]), num(i["d2"])
    require(min(k1, k2, d1, d2) >= 0, "must be >= 0")
    require(not (math.isinf(k1) and math.isinf(k2)), "at most one side may be rigid")
    if math.isinf(k1):
        return {"d": d2}
    if math.isinf(k2):
        return {"d": d1}
    if k1 + k2 == 0:
        return {"d": 0.0}
    return {"d": k2 / (k1 + k2) * d1 + k1 / (k1 + k2) * d2}


def harmonic(a, b):
    return 0.0 if a + b == 0 else 2 * a * b / (a + b)


def friction(i):
    s1, d1, s2, d2 = (num(i[k]) for k in ("mu_s1", "mu_d1", "mu_s2", "mu_d2"))
    require(min(s1, d1, s2, d2) >= 0, "friction must be >= 0")
    require(d1 <= s1 and d2 <= s2, "dynamic friction may not exceed static friction")
    return {"mu_s": harmonic(s1, s2), "mu_d": harmonic(d1, d2)}


def relaxation_time(i):
    t1, t2 = num(i.get("tau1", 0.1)), num(i.get("tau2", 0.1))
    require(t1 >= 0 and t2 >= 0, "relaxation time must be >= 0")
    return {"tau": t1 + t2}


# --- E3-geometry §4: friction regularisation ----------------------------------------------
def step5(x):
    return x * x * x * (10 + x * (6 * x - 15))


def stribeck(i):
    speed, vs = num(i["speed"]), num(i.get("vs", 1e-4))
    mu_s, mu_d = num(i["mu_s"]), num(i["mu_d"])
    require(speed >= 0 and vs > 0 and 0 <= mu_d <= mu_s, "out of domain")
    s = speed / vs
    if s < 1:
        return {"mu": mu_s * step5(s)}
    if s < 3:
        return {"mu": mu_s - (mu_s - mu_d) * step5((s - 1) / 2)}
    return {"mu": mu_d}


def atan_over_x(i):
    x = num(i["x"])
    require(math.isfinite(x), "x must be finite")
    x2 = x * x
    if x2 <= 0.12 * 0.12:
        v = 1.0 / 17
        for n in (15, 13, 11, 9, 7, 5, 3):
            v = 1.0 / n - x2 * v
        return {"value": 1 - x2 * v}
    return {"value": math.atan(x) / x}


def atan_friction(i):
    speed, vs, mu_d = num(i["speed"]), num(i.get("vs", 1e-4)), num(i["mu_d"])
    require(speed >= 0 and vs > 0 and mu_d >= 0, "out of domain")
    return {"mu": 2 / math.pi * mu_d * math.atan(speed / vs)}


def discrete_friction(i):
    mu_s, mu_d = num(i["mu_s"]), num(i["mu_d"])
    require(0 <= mu_d <= mu_s, "dynamic friction may not exceed static friction")
    return {"mu": mu_s if BUG == "discrete_mu_s" else mu_d}


# --- E3-geometry §2.1, E3-SAP §2.2: point contact -----------------------------------------
def continuous_force(i):
    k, d, x, xdot = num(i["k"]), num(i["d"]), num(i["depth"]), num(i["xdot"])
    require(k >= 0 and d >= 0 and x >= 0, "out of domain")
    sign = -1 if BUG == "hunt_crossley_sign" else 1
    fn = k * x * (1 + sign * d * xdot)
    return {"fn": 0.0, "skipped": True} if fn <= 0 else {"fn": fn, "skipped": False}


def dot(a, b):
    return sum(p * q for p, q in zip(a, b))


def continuous_contact(i):
    k, d, mu_s, mu_d = num(i["k"]), num(i["d"]), num(i["mu_s"]), num(i["mu_d"])
    vs, x = num(i.get("vs", 1e-4)), num(i["depth"])
    pa, pb, n, va, vb = ([num(v) for v in i[key]] for key in ("p_WCa", "p_WCb", "nhat_BA_W", "v_WAc", "v_WBc"))
    require(k >= 0 and d >= 0 and vs > 0 and 0 <= mu_d <= mu_s and x >= 0, "out of domain")
    require(abs(dot(n, n) - 1) <= 1e-10, "nhat_BA_W must be a unit vector")
    require(abs(x - dot([b - a for a, b in zip(pa, pb)], n)) <= 1e-9,
            "point-pair identity, formula sheet (0.1)")
    v_AcBc = [b - a for a, b in zip(va, vb)]
    xdot = dot(v_AcBc, n)  # > 0 approaching
    sign = -1 if BUG == "hunt_crossley_sign" else 1
    fn = k * x * (1 + sign * d * xdot)
    vt = [v - xdot * m for v, m in zip(v_AcBc, n)]
    slip = math.sqrt(dot(vt, vt)) if dot(vt, vt) > 1e-14 ** 2 else 0.0
    result = {"p_WC": [(a + b) / 2 for a, b in zip(pa, pb)], "slip": slip, "xdot": xdot,
              "separation_speed": -xdot}
    if fn <= 0:
        return {**result, "fn": 0.0, "ft_A": [0.0] * 3, "f_Bc_W": [0.0] * 3, "skipped": True}
    mu = stribeck({"speed": slip, "vs": vs, "mu_s": mu_s, "mu_d": mu_d})["mu"]
    ft = [mu * fn * v / slip for v in vt] if slip > 0 else [0.0] * 3
    f_B = [-(fn * m + f) for m, f in zip(n, ft)]
    return {**result, "fn": fn, "ft_A": ft, "f_Bc_W": f_B, "skipped": False}


def discrete_pair(i):
    ka, kb, x = num(i["kA"]), num(i["kB"]), num(i["depth"])
    pa, pb, n = ([num(v) for v in i[k]] for k in ("p_WCa", "p_WCb", "nhat_BA_W"))
    require(ka >= 0 and kb >= 0 and math.isfinite(ka) and math.isfinite(kb), "stiffness")
    require(x >= 0, "depth must be >= 0")
    require(abs(dot(n, n) - 1) <= 1e-10, "nhat_BA_W must be a unit vector")
    require(abs(x - dot([b - a for a, b in zip(pa, pb)], n)) <= 1e-9,
            "point-pair identity, formula sheet (0.1)")
    wa = 0.5 if ka + kb == 0 else ka / (ka + kb)
    k = 0.0 if ka + kb == 0 else ka * kb / (ka + kb)
    return {"p_WC": [wa * a + (1 - wa) * b for a, b in zip(pa, pb)], "phi0": -x, "fn0": k * x,
            "k": k, "z_C": [-v for v in n]}


# --- E3-SAP §3.1: kSap ------------------------------------------------------------------
def delassus(w):
    w = [num(v) for v in w] if isinstance(w, list) else [num(w)]
    if len(w) == 1:
        w = w * 3
    rms = math.sqrt(dot(w, w) / 3)
    return max(0.5 * (w[0] + w[1]), rms), max(w[2], rms)


def friction_cone(i):
    h, phi0, mu, k, tau = (num(i[key]) for key in ("dt", "phi0", "mu", "k", "tau"))
    beta, sigma = num(i.get("beta", 1.0)), num(i.get("sigma", 1e-3))
    vc = [num(v) for v in i["vc"]]
    require(h > 0 and mu >= 0 and k > 0 and tau >= 0 and beta >= 0 and sigma > 0, "out of domain")
    wt, wn = delassus(i["w"])
    Rn = max(beta * beta / (4 * math.pi * math.pi) * wn, 1 / (h * k * (h + tau)))
    Rt = sigma * wt
    vhat_n = -phi0 / (h + tau)
    R = [Rt, Rt, Rn]
    y = [(v_hat - v) / r for v_hat, v, r in zip([0.0, 0.0, vhat_n], vc, R)]
    yr = math.sqrt(y[0] ** 2 + y[1] ** 2 + 1e-14)
    yn = y[2]
    mu_hat, mu_tilde2 = mu * Rt / Rn, mu * mu * Rt / Rn
    no_contact = yn <= 0 if BUG == "ksap_region" else yn <= -mu_hat * yr
    if yr <= mu * yn:
        mode, g = "stiction", list(y)
    elif not no_contact:
        gn = (yn + mu_hat * yr) / (1 + mu_tilde2)
        mode, g = "sliding", [mu * gn * y[0] / yr, mu * gn * y[1] / yr, gn]
    else:
        mode, g = "no_contact", [0.0, 0.0, 0.0]
    cost = 0.5 * sum(r * v * v for r, v in zip(R, g))
    return {"Rt": Rt, "Rn": Rn, "vhat_n": vhat_n, "y": y, "gamma": g, "mode": mode, "cost": cost}


# --- E3-SAP §3.2: Similar / Lagged --------------------------------------------------------
def hunt_crossley(i):
    lagged = i["approximation"] == "lagged"
    require(i["approximation"] in ("similar", "lagged"), "approximation")
    h, mu, k, d, fe0, vn0 = (num(i[key]) for key in ("dt", "mu", "k", "d", "fe0", "vn0"))
    vs, sigma = num(i.get("vs", 1e-4)), num(i.get("sigma", 1e-3))
    vc = [num(v) for v in i["vc"]]
    require(h > 0 and mu >= 0 and k >= 0 and d >= 0 and vs > 0 and sigma >= 0, "out of domain")
    wt, _ = delassus(i["w"])
    n0 = max(h * fe0, 0.0) * max(1 - d * vn0, 0.0)
    eps = max(vs, mu * sigma * wt * n0)
    vt2 = vc[0] ** 2 + vc[1] ** 2
    s = math.sqrt(vt2 + eps * eps) - eps
    z = vc[2] if lagged else vc[2] - mu * s

    def n(z):
        return h * max(fe0 - h * k * z, 0.0) * max(1 - d * z, 0.0)

    def N(z):
        v_hat = min(fe0 / h / (k + 1e-20), 1 / (d + 1e-20))
        zb = min(z, v_hat)
        df = -h * k * zb
        return h * (zb * (fe0 + df / 2) - d * zb * zb / 2 * (fe0 + 2 * df / 3))

    t_soft = [vc[0] / (s + eps), vc[1] / (s + eps)]
    if lagged:
        bound = mu * n(z) if BUG == "lagged_mu_gamma_n" else mu * n0
        cost = -N(vc[2]) + mu * n0 * s
    else:
        bound = mu * n(z)
        cost = -N(z)
    gamma = [-bound * t_soft[0], -bound * t_soft[1], n(z)]
    return {"n0": n0, "eps": eps, "z": z, "n": n(z), "N": N(z), "gamma": gamma, "cost": cost}


# --- MJ-solvers §2a: row parameters -------------------------------------------------------
def mujoco_row(i):
    diag, pos = num(i["diag_approx"]), num(i["pos"])
    margin, vel = num(i.get("margin", 0.0)), num(i.get("vel", 0.0))
    solref = [num(v) for v in i.get("solref", [0.02, 1])]
    solimp = [num(v) for v in i.get("solimp", [0.9, 0.95, 0.001, 0.5, 2])]
    h, refsafe = num(i.get("timestep", 0.002)), i.get("refsafe", True)
    require(diag > 0 and h > 0, "out of domain")
    # getsolparam: mixed signs -> default, refsafe, clamps.
    if (solref[0] > 0) != (solref[1] > 0) and BUG != "row_mixed_solref":
        solref = [0.02, 1.0]
    if refsafe and solref[0] > 0:
        solref[0] = max(solref[0], 2 * h)
    clamp = lambda v: min(0.9999, max(1e-4, v))
    dmin, dmax, width, mid, p = clamp(solimp[0]), clamp(solimp[1]), max(0.0, solimp[2]), clamp(solimp[3]), max(1.0, solimp[4])
    if BUG == "row_no_clamp":
        dmin, dmax, width, mid, p = solimp
    # getimpedance (2.1)
    if dmin == dmax or width <= 1e-15:
        imp = 0.5 * (dmin + dmax)
    else:
        x = abs(pos - margin) / width
        if x >= 1:
            y = 1.0
        elif x <= 0:
            y = 0.0
        elif p == 1:
            y = x
        elif x <= mid:
            y = x ** p / mid ** (p - 1)
        else:
            y = 1 - (1 - x) ** p / (1 - mid) ** (p - 1)
        imp = dmin + y * (dmax - dmin)
    # mj_makeImpedance (2.2)
    if solref[0] > 0:
        K = 1 / max(1e-15, dmax * dmax * solref[0] ** 2 * solref[1] ** 2)
        B = 2 / max(1e-15, dmax * solref[0])
    else:
        K = -solref[0] / max(1e-15, dmax * dmax)
        B = -solref[1] / max(1e-15, dmax)
    ratio = imp / (1 - imp) if BUG == "row_r_inverted" else (1 - imp) / imp
    R = ratio * diag if BUG == "row_no_floor" else max(1e-15, ratio * diag)
    aref = -B * vel - K * imp * (pos - margin)
    return {"K": K, "B": B, "imp": imp, "R": R, "aref": aref}


LAWS = {
    "material.point_stiffness": point_stiffness, "material.dissipation": dissipation,
    "material.friction": friction, "material.relaxation_time": relaxation_time,
    "friction.stribeck": stribeck, "friction.atan_over_x": atan_over_x,
    "friction.atan": atan_friction, "friction.discrete": discrete_friction,
    "point.continuous_force": continuous_force, "point.continuous_contact": continuous_contact,
    "point.discrete_pair": discrete_pair,
    "sap.friction_cone": friction_cone, "sap.hunt_crossley": hunt_crossley,
    "mujoco.row": mujoco_row,
}


def fault(answer):
    """The protocol fault of --fault on the third query."""
    if FAULT == "garbage":
        sys.stdout.write("the answer is 42\n")
    elif FAULT == "hang":
        sys.stdout.flush()
        time.sleep(3600)
    elif FAULT == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif FAULT == "abort":
        os.abort()
    elif FAULT == "exit":
        sys.exit(3)
    elif FAULT == "wrong_key":
        sys.stdout.write(json.dumps({"output": answer["outputs"]}) + "\n")
    elif FAULT == "missing_output":
        answer["outputs"].pop(sorted(answer["outputs"])[0])
        sys.stdout.write(json.dumps(answer) + "\n")
    elif FAULT == "nan_output":
        answer["outputs"][sorted(answer["outputs"])[0]] = float("nan")
        sys.stdout.write(json.dumps(answer) + "\n")  # Python writes NaN: not JSON
    elif FAULT == "null_output":
        answer["outputs"][sorted(answer["outputs"])[0]] = None  # what JSON writers make of NaN
        sys.stdout.write(json.dumps(answer) + "\n")
    elif FAULT == "extra_output":
        answer["outputs"]["bonus"] = 1.0
        sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def main():
    faulted = False
    for count, line in enumerate(sys.stdin, start=1):
        query = json.loads(line)
        try:
            answer = {"outputs": {k: out(v) for k, v in LAWS[query["law"]](query["inputs"]).items()}}
        except (Rejected, KeyError, ValueError, ZeroDivisionError) as e:
            answer = {"error": f"{type(e).__name__}: {e}"}
        if FAULT and count >= 3 and "outputs" in answer and not faulted:
            faulted = True
            fault(answer)
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
