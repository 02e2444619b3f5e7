// MJ-solvers §6, §9 — the MuJoCo 3.3.8-dev oracle (npm mujoco-js 0.0.7, MuJoCo compiled to
// WebAssembly, run by nodejs). Prints one JSON object on stdout; the C++ oracle tests
// (oracle/mujoco338_oracle.cc) run it and read the answer.
//
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

const commands = { warmstart, step, transitionfd };
if (!commands[command]) {
  process.stderr.write(`mujoco338: unknown command '${command}' (warmstart, step, transitionfd)\n`);
  process.exit(2);
}
try {
  process.stdout.write(JSON.stringify(commands[command](args)) + '\n');
} catch (e) {
  process.stderr.write(`mujoco338: ${e.message ?? e}\n`);
  process.exit(1);
}
