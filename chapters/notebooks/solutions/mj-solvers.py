# MJ-solvers §2a, implementation exercise of the notebook — reference solution: one
# non-friction efc row (impedance, K, B, R, aref) in plain Python, as MuJoCo's getsolparam,
# getimpedance and makeImpedance compute it.
import math

def my_row(law, inputs):
    diag, pos, margin, vel = inputs["diag_approx"], inputs["pos"], inputs["margin"], inputs["vel"]
    solref, solimp, h = list(inputs["solref"]), list(inputs["solimp"]), inputs["timestep"]
    if not (diag >= 0 and h > 0 and all(map(math.isfinite, [diag, pos, margin, vel, *solref, *solimp]))):
        raise ValueError("out of the law's domain")
    # getsolparam: mixed solref -> default; refsafe: timeconst >= 2h; clamp solimp.
    if (solref[0] > 0) != (solref[1] > 0):
        solref = [0.02, 1.0]
    if inputs["refsafe"] and solref[0] > 0 and solref[0] < 2 * h:
        solref[0] = 2 * h
    clamp = lambda x: min(0.9999, max(1e-4, x))
    dmin, dmax, width, mid, p = clamp(solimp[0]), clamp(solimp[1]), max(0.0, solimp[2]), \
        clamp(solimp[3]), max(1.0, solimp[4])
    # getimpedance: the sigmoid of |pos - margin| / width between dmin and dmax.
    if dmin == dmax or width <= 1e-15:
        imp = 0.5 * (dmin + dmax)
    else:
        x = abs((pos - margin) / width)
        if x >= 1 or x <= 0:
            imp = dmax if x >= 1 else dmin
        else:
            if p == 1:
                y = x
            elif x <= mid:
                y = x ** p / mid ** (p - 1)
            else:
                y = 1 - (1 - x) ** p / (1 - mid) ** (p - 1)
            imp = dmin + y * (dmax - dmin)
    # K, B from solref (standard: timeconst, dampratio; direct: -stiffness, -damping), with dmax.
    if solref[0] > 0:
        K = 1 / max(1e-15, dmax * dmax * solref[0] ** 2 * solref[1] ** 2)
        B = 2 / max(1e-15, dmax * solref[0])
    else:
        K, B = -solref[0] / max(1e-15, dmax * dmax), -solref[1] / max(1e-15, dmax)
    R = max(1e-15, (1 - imp) / imp * diag)
    aref = -B * vel - K * imp * (pos - margin)
    return {"K": K, "B": B, "imp": imp, "R": R, "aref": aref}
