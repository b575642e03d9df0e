// CPU profile of our parse+analysis path: runs analyzeCalculation over the corpus for a few seconds under
// `node --cpu-prof` and prints the functions with the most self time (and the file, for the lead to act on).
// Usage: node bench/profile.mjs [--seconds N] [--valid-only] [--json]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Summarises a .cpuprofile: self time per function (name + file:line), largest first, as shares of the total. */
export function summarise(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const f = node.callFrame;
    const file = f.url ? relative(ROOT, fileURLToPath(f.url.startsWith('file:') ? f.url : pathToFileURL(f.url))) : '';
    const key = `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
    const dt = deltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ fn, selfMs: Math.round(us / 1000), share: Math.round((us / total) * 1000) / 10 }));
}

/** Self time grouped by where the code lives (our packages, each dependency, Node, GC), as shares of the total. */
export function byOwner(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const groups = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const url = byId.get(id).callFrame.url;
    const name = byId.get(id).callFrame.functionName;
    let owner = 'node internals';
    if (name === '(garbage collector)') owner = 'garbage collector';
    else if (name === '(idle)' || name === '(program)') owner = name;
    else if (/\/packages\/([^/]+)\//.test(url)) owner = `packages/${/\/packages\/([^/]+)\//.exec(url)[1]}`;
    else if (/node_modules\/((@[^/]+\/)?[^/]+)/.test(url)) owner = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)[1];
    else if (url.startsWith('file:') || url.startsWith('/') || url.includes('[eval')) owner = 'benchmark loop';
    const dt = profile.timeDeltas[i] ?? 0;
    groups.set(owner, (groups.get(owner) ?? 0) + dt);
    total += dt;
  });
  return [...groups.entries()].sort((a, b) => b[1] - a[1]).map(([owner, us]) => ({ owner, share: Math.round((us / total) * 1000) / 10 }));
}

/** Profiles `seconds` of analyzeCalculation over the corpus (all of it, or only formulas that parse). */
export function profileParse({ seconds = 4, validOnly = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-prof-'));
  const script = `
    const { analyzeCalculation, parseFormula } = await import(${JSON.stringify(new URL('../packages/formula/dist/index.js', import.meta.url).href)});
    const { loadCorpus } = await import(${JSON.stringify(new URL('./lib/corpus.mjs', import.meta.url).href)});
    let formulas = loadCorpus().map((e) => e.formula);
    if (${validOnly}) formulas = formulas.filter((f) => parseFormula(f).errors.length === 0);
    const end = performance.now() + ${seconds * 1000};
    while (performance.now() < end) for (const f of formulas) analyzeCalculation(f);`;
  spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--input-type=module', '-e', script], { stdio: 'inherit' });
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return { top: summarise(profile), owners: byOwner(profile) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--seconds');
  const { top: rows, owners } = profileParse({ seconds: i === -1 ? 4 : Number(process.argv[i + 1]), validOnly: process.argv.includes('--valid-only') });
  if (process.argv.includes('--json')) console.log(JSON.stringify({ top: rows, owners }, null, 2));
  else {
    console.log('self time by owner: ' + owners.map((o) => `${o.owner} ${o.share}%`).join(', '));
    for (const r of rows) console.log(`${String(r.share).padStart(5)}%  ${String(r.selfMs).padStart(6)} ms  ${r.fn}`);
  }
}
