# E3-SAP §3.1, implementation exercise of the notebook — reference solution: the kSap
# friction-cone constraint (formula sheet (3.2)-(3.4)) in plain Python.
import math

def my_friction_cone(law, inputs):
    h, mu, k, tau = inputs["dt"], inputs["mu"], inputs["k"], inputs["tau"]
    beta, sigma, phi0 = inputs["beta"], inputs["sigma"], inputs["phi0"]
    w = inputs["w"] * 3 if len(inputs["w"]) == 1 else inputs["w"]
    if not (h > 0 and k > 0 and mu >= 0 and tau >= 0 and beta >= 0 and sigma > 0
            and min(w) >= 0 and math.isfinite(phi0)):
        raise ValueError("out of the law's domain")
    # Regularisation: w_rms = sqrt(|w|^2/3), wt, wn; Rn = max(near-rigid, compliance), Rt = sigma wt.
    w_rms = math.sqrt(sum(x * x for x in w) / 3.0)
    wt, wn = max(0.5 * (w[0] + w[1]), w_rms), max(w[2], w_rms)
    Rn = max(beta * beta / (4 * math.pi * math.pi) * wn, 1.0 / (h * k * (h + tau)))
    Rt = sigma * wt
    if not Rt > 0:
        raise ValueError("w must make Rt > 0")
    vhat_n = -phi0 / (h + tau)
    R = [Rt, Rt, Rn]
    vc = inputs["vc"]
    y = [(v_hat - v) / r for v_hat, v, r in zip([0.0, 0.0, vhat_n], vc, R)]
    # Projection on the friction cone in the R norm: stiction, sliding or no contact.
    yr = math.sqrt(y[0] ** 2 + y[1] ** 2 + 1e-14)
    mu_tilde, mu_hat = mu * math.sqrt(Rt / Rn), mu * Rt / Rn
    if yr <= mu * y[2]:
        mode, gamma = "stiction", list(y)
    elif y[2] > -mu_hat * yr:
        gn = (y[2] + mu_hat * yr) / (1 + mu_tilde * mu_tilde)
        mode, gamma = "sliding", [mu * gn * y[0] / yr, mu * gn * y[1] / yr, gn]
    else:
        mode, gamma = "no_contact", [0.0, 0.0, 0.0]
    cost = 0.5 * sum(g * r * g for g, r in zip(gamma, R))
    return {"Rt": Rt, "Rn": Rn, "vhat_n": vhat_n, "y": y, "gamma": gamma, "mode": mode,
            "cost": cost}
