// MJ-solvers §4–§8 — the MuJoCo 3.3.8 oracle (npm mujoco-js 0.0.7, MuJoCo compiled to
// WebAssembly, run by nodejs). Prints one JSON object on stdout; the C++ oracle tests
// (oracle/mujoco338_oracle.cc) run it and read the answer.
//
//   node mujoco338.mjs NODE_MODULES problem XML CONE SOLVER ITERATIONS TOLERANCE STEPS WARM
//     settle STEPS mj_step calls with the model's own options, then mj_forward with a dense
//     Jacobian, the given cone, solver, cap and tolerance, warmstart on (WARM = 1) or off:
//     the problem as a simatlas/mujoco-problem/1 document plus the islands and statistics.
//   node mujoco338.mjs NODE_MODULES warmstart XML STEPS
//     qacc_warmstart before and after one mj_forward.
//   node mujoco338.mjs NODE_MODULES step XML STEPS QPOS QVEL CTRL
//     from qpos, qvel, ctrl (comma-separated; empty: none) mj_step STEPS times with the model's
//     own options: qpos and qvel after every step.
//   node mujoco338.mjs NODE_MODULES transitionfd XML INTEGRATOR
//     whether mjd_transitionFD refuses the model under the integrator (its message if so).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, command, ...args] = process.argv.slice(2);
const entry = path.join(modules ?? '', 'mujoco-js', 'dist', 'mujoco_wasm.js');
if (!modules || !fs.existsSync(entry)) {
  process.stderr.write(`mujoco338: ${entry} not found (npm install --prefix <build>/node mujoco-js@0.0.7)\n`);
  process.exit(2);
}
const { default: loadMujoco } = await import(pathToFileURL(entry).href);
const mj = await loadMujoco();

// Loads a host MJCF file through the module's in-memory file system.
function load(xml) {
  if (!fs.existsSync('/model')) mj.FS.mkdir('/model');
  mj.FS.writeFile('/model/scene.xml', fs.readFileSync(xml, 'utf8'));
  const model = mj.MjModel.loadFromXML('/model/scene.xml');
  if (!model) throw new Error(`MuJoCo 3.3.8 cannot load ${xml}`);
  return { m: model, d: new mj.MjData(model) };
}

const list = (x, n) => Array.from(x).slice(0, n);
const kinds = ['equality', 'friction_dof', 'friction_tendon', 'limit_joint', 'limit_tendon',
  'contact_frictionless', 'contact_pyramidal', 'contact_elliptic'];

// The constraint problem of the last mj_forward in the mujoco-problem format.
function problemDocument(m, d, source) {
  const nv = m.nv, nefc = d.nefc;
  // Dense M from qM's tree layout (dof_Madr: the diagonal, then the entries of the ancestors
  // along dof_parentid), as mj_fullM does; the binding's mj_fullM overflows for large nv.
  const M = Array.from({ length: nv }, () => new Array(nv).fill(0));
  const qM = d.qM, madr = m.dof_Madr, parent = m.dof_parentid;
  for (let i = 0; i < nv; ++i) {
    let adr = madr[i];
    M[i][i] = qM[adr++];
    for (let j = parent[i]; j >= 0; j = parent[j]) M[i][j] = M[j][i] = qM[adr++];
  }
  const J = d.efc_J;
  const efc = [];
  for (let i = 0; i < nefc; ++i) {
    const row = {
      type: kinds[d.efc_type[i]], J: list(J.subarray(i * nv, (i + 1) * nv), nv), R: d.efc_R[i],
      aref: d.efc_aref[i], frictionloss: d.efc_frictionloss[i],
    };
    if (d.efc_type[i] >= 5) row.contact = d.efc_id[i];
    efc.push(row);
  }
  const contacts = [];
  for (let c = 0; c < d.ncon; ++c) {
    const con = d.contact.get(c);
    if (con.efc_address < 0) continue;
    contacts.push({ index: c, dim: con.dim, friction: list(con.friction, 5), mu: con.mu,
      efc_address: con.efc_address });
  }
  const solvers = ['PGS', 'CG', 'Newton'];
  return {
    schema: 'simatlas/mujoco-problem/1', source, nv, M, qacc_smooth: list(d.qacc_smooth, nv),
    opt: { cone: m.opt.cone === 1 ? 'elliptic' : 'pyramidal', solver: solvers[m.opt.solver],
      iterations: m.opt.iterations, tolerance: m.opt.tolerance, impratio: m.opt.impratio,
      timestep: m.opt.timestep, meaninertia: m.stat.meaninertia },
    efc, contacts,
    expected: { efc_force: list(d.efc_force, nefc), qacc: list(d.qacc, nv),
      efc_b: list(d.efc_b, nefc), solver_iter: list(d.solver_niter, 20).reduce((a, b) => a + b, 0) },
  };
}

function problem([xml, cone, solver, iterations, tolerance, steps, warm]) {
  const { m, d } = load(xml);
  for (let k = 0; k < Number(steps); ++k) mj.mj_step(m, d);
  m.opt.jacobian = mj.mjtJacobian.mjJAC_DENSE.value;
  m.opt.cone = cone === 'elliptic' ? 1 : 0;
  m.opt.solver = ['PGS', 'CG', 'Newton'].indexOf(solver);
  m.opt.iterations = Number(iterations);
  m.opt.tolerance = Number(tolerance);
  const bit = mj.mjtDisableBit.mjDSBL_WARMSTART.value;
  m.opt.disableflags = warm === '1' ? (m.opt.disableflags & ~bit) : (m.opt.disableflags | bit);
  const qacc_warmstart = list(d.qacc_warmstart, m.nv);
  mj.mj_forward(m, d);
  // Statistics: island k's iteration i at solver[k·mjNSOLVER + i], mjNSOLVER = 200.
  const nsolver = d.solver.size() / 20;
  const niter = list(d.solver_niter, 20);
  const stats = niter.map((n, k) => {
    const out = [];
    for (let i = 0; i < Math.min(n, nsolver); ++i) {
      const s = d.solver.get(k * nsolver + i);
      out.push([s.improvement, s.gradient, s.lineslope, s.nactive, s.nchange, s.neval, s.nupdate]);
    }
    return out;
  });
  return {
    version: mj.mj_versionString(), problem: problemDocument(m, d, `MuJoCo ${mj.mj_versionString()} ${xml} steps=${steps}`),
    nisland: d.nisland, dof_island: list(d.dof_island, m.nv), efc_island: list(d.efc_island, d.nefc),
    solver_niter: niter, mjNSOLVER: nsolver, stats, qacc_warmstart,
  };
}

function warmstart([xml, steps]) {
  const { m, d } = load(xml);
  for (let k = 0; k < Number(steps); ++k) mj.mj_step(m, d);
  for (let i = 0; i < m.nv; ++i) d.qacc_warmstart[i] = 0.125 * (i + 1);
  const before = list(d.qacc_warmstart, m.nv);
  mj.mj_forward(m, d);
  return { version: mj.mj_versionString(), before, after: list(d.qacc_warmstart, m.nv),
    qacc: list(d.qacc, m.nv) };
}

function step([xml, steps, qpos, qvel, ctrl]) {
  const { m, d } = load(xml);
  const set = (target, csv) => (csv ? csv.split(',').map(Number) : []).forEach((x, i) => { target[i] = x; });
  set(d.qpos, qpos);
  set(d.qvel, qvel);
  set(d.ctrl, ctrl);
  const states = [];
  for (let k = 0; k < Number(steps); ++k) {
    mj.mj_step(m, d);
    states.push({ qpos: list(d.qpos, m.nq), qvel: list(d.qvel, m.nv) });
  }
  return { version: mj.mj_versionString(), integrator: m.opt.integrator, states };
}

function transitionfd([xml, integrator]) {
  const { m, d } = load(xml);
  m.opt.integrator = mj.mjtIntegrator[integrator].value;
  const nx = 2 * m.nv + m.na;
  try {
    mj.mjd_transitionFD(m, d, 1e-6, 0, new Float64Array(nx * nx), null, null, null);
    return { version: mj.mj_versionString(), refused: false, message: '' };
  } catch (e) {
    return { version: mj.mj_versionString(), refused: true, message: String(e.message ?? e) };
  }
}

const commands = { problem, warmstart, step, transitionfd };
if (!commands[command]) {
  process.stderr.write(`mujoco338: unknown command '${command}' (problem, warmstart, step, transitionfd)\n`);
  process.exit(2);
}
try {
  process.stdout.write(JSON.stringify(commands[command](args)) + '\n');
} catch (e) {
  process.stderr.write(`mujoco338: ${e.message ?? e}\n`);
  process.exit(1);
}
