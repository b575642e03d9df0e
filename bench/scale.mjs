// Scale: lint time per KB of one formula from 1 KB to 1 MB, on flat chains (`Region` = 'R1' OR SUM(`Sales`) > 2
// AND `Cost` * 2 < 3 OR …: a tree as deep as the chain is long). Linear time keeps the figure flat across sizes; a walk
// that is quadratic somewhere shows as a figure growing with the size. Also parse+analysis (analyzeCalculation) per
// KB. In-process (lintText, analyzeCalculation), CPU time, median of repeated runs after a warm-up, in a child process
// of its own. Usage: node bench/scale.mjs [--json] [--quick]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.mjs';

const SELF = fileURLToPath(import.meta.url);
const LINT = new URL('../packages/lint/dist/index.js', import.meta.url).href;
const FORMULA = new URL('../packages/formula/dist/index.js', import.meta.url).href;
export const SCALE_SIZES_KB = [1, 10, 100, 1000];

/** A flat chain of about `kb` KB: comparisons, aggregates and arithmetic joined by OR and AND. */
export function flatChain(kb) {
  const terms = [];
  let length = 0;
  for (let i = 0; length < kb * 1024; i++) {
    const term = [`\`Region\` = 'R${i}'`, `SUM(\`Sales\`) > ${i}`, `\`Cost\` * 2 < ${i}`][i % 3];
    const joined = i === 0 ? term : `${i % 2 ? ' OR ' : ' AND '}${term}`;
    terms.push(joined);
    length += joined.length;
  }
  return terms.join('');
}

/** CPU milliseconds of one call of `fn`. */
function cpuMs(fn) {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** In the child: for each size, warm up, then time runs until `minMs` of CPU and at least `minRuns` runs. */
async function measure(sizes, { minMs, minRuns }) {
  const { lintText } = await import(LINT);
  const { analyzeCalculation } = await import(FORMULA);
  const out = [];
  for (const kb of sizes) {
    const text = flatChain(kb);
    const actualKb = text.length / 1024;
    const jobs = { lint: () => lintText(text), analysis: () => analyzeCalculation(text) };
    const row = { kb, bytes: text.length, terms: text.split(/ OR | AND /).length };
    for (const [name, fn] of Object.entries(jobs)) {
      // The garbage of the previous size is collected first (untimed), so that no size pays for another's.
      globalThis.gc?.();
      fn();
      const runs = [];
      let total = 0;
      while (runs.length < minRuns || total < minMs) {
        const t = cpuMs(fn);
        runs.push(t);
        total += t;
      }
      const ms = median(runs);
      row[name] = { runs: runs.length, ms, msPerKb: ms / actualKb };
    }
    out.push(row);
  }
  return out;
}

/** The section's result: per size, lint and parse+analysis CPU ms and ms per KB, and the growth from 1 KB to 1 MB. */
export async function benchScale({ sizes = SCALE_SIZES_KB, quick = false, log = () => {} } = {}) {
  log(`  scale: flat chains of ${sizes.map((kb) => (kb >= 1000 ? `${kb / 1000} MB` : `${kb} KB`)).join(', ')}`);
  const rows = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', SELF, '--child', sizes.join(','), quick ? 'quick' : 'full'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(text)) : reject(new Error(`scale child exited with ${code}`))));
  });
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    method: `lintText (default rules) and analyzeCalculation of one formula, CPU time of the process, median of at least ${quick ? 2 : 3} runs and ${quick ? 0.3 : 1} s after a warm-up run, a full garbage collection (untimed) before each size; ms per KB of formula text`,
    rows,
    lintGrowth: last.lint.msPerKb / first.lint.msPerKb,
    analysisGrowth: last.analysis.msPerKb / first.analysis.msPerKb,
  };
}

if (process.argv[2] === '--child') {
  const sizes = process.argv[3].split(',').map(Number);
  const quick = process.argv[4] === 'quick';
  process.stdout.write(JSON.stringify(await measure(sizes, { minMs: quick ? 300 : 1000, minRuns: quick ? 2 : 3 })));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchScale({ quick: process.argv.includes('--quick'), log: (m) => console.error(m) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else for (const r of result.rows) console.log(`${String(r.kb).padStart(5)} KB  lint ${r.lint.msPerKb.toFixed(3)} ms/KB (${r.lint.ms.toFixed(1)} ms)  parse+analysis ${r.analysis.msPerKb.toFixed(3)} ms/KB (${r.analysis.ms.toFixed(1)} ms)`);
}
