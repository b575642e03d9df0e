// Parse throughput: ours (parse + AST + analysis through analyzeCalculation) and our lexer alone, against
// node-sql-parser, sql-parser-cst and @joe-re/sql-parser given `SELECT <formula> AS x FROM t` (MySQL dialect).
// Each comparison runs in processes of its own (FORKS, one after the other), ours and the other alternating round by
// round (the machine is shared: load changes hit both alike); each peer is measured on the formulas it accepts, and
// ours on the same subset. Usage: node bench/parse.mjs [--json]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { getHeapCodeStatistics } from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCorpus } from './lib/corpus.mjs';
import { median, round } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const SELF = fileURLToPath(import.meta.url);
const FORMULA = new URL('../packages/formula/dist/index.js', import.meta.url).href;
const wrap = (formula) => `SELECT ${formula} AS x FROM t`;

/** The parsers as data: name → a loader returning `parse(formula)` that throws when the formula is refused. */
const PARSERS = {
  'calckit (parse+analysis)': async () => {
    const { analyzeCalculation } = await import(FORMULA);
    return (f) => analyzeCalculation(f);
  },
  'calckit lex only': async () => {
    const { lex } = await import(FORMULA);
    return (f) => lex(f);
  },
  'node-sql-parser': async () => {
    const { Parser } = require('node-sql-parser');
    const parser = new Parser();
    return (f) => parser.astify(wrap(f), { database: 'MySQL' });
  },
  'sql-parser-cst': async () => {
    const { parse } = require('sql-parser-cst');
    return (f) => parse(wrap(f), { dialect: 'mysql' });
  },
  '@joe-re/sql-parser': async () => {
    const { parse } = require('@joe-re/sql-parser');
    return (f) => parse(wrap(f));
  },
};
const PEERS = ['node-sql-parser', 'sql-parser-cst', '@joe-re/sql-parser'];

/** Which formulas (indices into the corpus) a parser accepts. Ours: those without syntax errors. */
async function accepted(name, formulas) {
  if (name.startsWith('calckit')) {
    const { parseFormula } = await import(FORMULA);
    return formulas.flatMap((f, i) => (parseFormula(f).errors.length === 0 ? [i] : []));
  }
  const parse = await PARSERS[name]();
  return formulas.flatMap((f, i) => {
    try {
      parse(f);
      return [i];
    } catch {
      return [];
    }
  });
}

/**
 * Warm-up until V8 has settled on its compiled code: `pass` runs in slices until the process's compiled code
 * (v8.getHeapCodeStatistics) has not grown for `quietMs`, after at least `minMs` and at most `maxMs`. A fixed warm-up
 * of 0.6 s was too short for a parser: measured on the corpus, our parse+analysis took ~2.5 s to reach its steady rate
 * (TurboFan still compiling its functions, on threads whose CPU time the process's time includes), the lexer ~0.5 s,
 * so a ratio measured after 0.6 s charged ours with compile time a lexer never pays. Every parser gets the same rule.
 */
function warmUp(pass, { minMs = 1000, quietMs = 1000, maxMs = 8000 } = {}) {
  const start = performance.now();
  let code = getHeapCodeStatistics().code_and_metadata_size;
  let grewAt = start;
  for (;;) {
    const sliceEnd = performance.now() + 100;
    while (performance.now() < sliceEnd) pass();
    const now = performance.now();
    const size = getHeapCodeStatistics().code_and_metadata_size;
    if (size !== code) {
      code = size;
      grewAt = now;
    }
    if (now - start >= maxMs || (now - start >= minMs && now - grewAt >= quietMs)) return now - start;
  }
}

/**
 * In a child process: loads the parsers, warms each up until its compiled code settles (warmUp), then runs `runs`
 * rounds; in each round every parser gets a timed run of at least `minMs` over `formulas`, one after the other, so a
 * change of machine load hits all of them alike. Returns per parser the median formulas/s by CPU time (user+system
 * of this process) and by wall time, the warm-up it took, and per parser after the first the median over rounds of
 * (first's rate / its rate).
 */
async function measure(names, formulas, { runs = 7, minMs = 250 } = {}) {
  const parsers = await Promise.all(names.map((n) => PARSERS[n]()));
  const bytes = formulas.reduce((n, f) => n + Buffer.byteLength(f), 0);
  const pass = (parse) => {
    for (const f of formulas) {
      try {
        parse(f);
      } catch {
        // Peers throw on refused formulas; only accepted ones are given to them, so this is never reached.
      }
    }
  };
  const warmUpMs = parsers.map((parse) => warmUp(() => pass(parse)));
  const cpuRates = names.map(() => []);
  const wallRates = names.map(() => []);
  for (let r = 0; r < runs; r++) {
    parsers.forEach((parse, i) => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      let passes = 0;
      while (performance.now() - t0 < minMs) {
        pass(parse);
        passes++;
      }
      const wallS = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      cpuRates[i].push((passes * formulas.length) / ((cpu.user + cpu.system) / 1e6));
      wallRates[i].push((passes * formulas.length) / wallS);
    });
  }
  return names.map((name, i) => {
    const formulasPerS = median(cpuRates[i]);
    return {
      name,
      formulas: formulas.length,
      bytes,
      formulasPerS,
      mbPerS: (formulasPerS * bytes) / formulas.length / 1e6,
      wallFormulasPerS: median(wallRates[i]),
      warmUpMs: Math.round(warmUpMs[i]),
      firstOverThis: i === 0 ? 1 : median(cpuRates[0].map((x, r) => x / cpuRates[i][r])),
    };
  });
}

/**
 * Formulas as they stand while being typed: each corpus formula cut at 40% and at 70% of its length (an unclosed
 * call or CASE, an operator without its operand, a string still open), the text an editor analyses on most keystrokes.
 */
function typingFormulas(corpus) {
  return corpus.flatMap((f) => [0.4, 0.7].map((share) => f.slice(0, Math.round(f.length * share))));
}

function runOneChild(names, indices, set) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, '--child', names.join('|'), indices.join(','), set], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${names.join(', ')} exited with ${code}`))));
  });
}

/**
 * Processes per comparison. One Node.js process may run this code in a fast or a slow mode for its whole life (the
 * same code measured 2.3 or 4.0 µs per formula for our lexer in back-to-back processes, with the same functions
 * optimised): like JMH's forks, each comparison runs in several processes, one after the other, and the figures are
 * the medians over them.
 */
const FORKS = 3;

/** A comparison in FORKS child processes: per parser the median over processes of each figure (ratios included). */
async function runChild(names, indices, set = 'corpus') {
  const forks = [];
  for (let i = 0; i < FORKS; i++) forks.push(await runOneChild(names, indices, set));
  return names.map((_, p) => {
    const runs = forks.map((fork) => fork[p]);
    const of = (key) => median(runs.map((r) => r[key]));
    return { ...runs[0], formulasPerS: of('formulasPerS'), mbPerS: of('mbPerS'), wallFormulasPerS: of('wallFormulasPerS'), firstOverThis: of('firstOverThis'), forks: runs.map((r) => ({ formulasPerS: r.formulasPerS, firstOverThis: r.firstOverThis, warmUpMs: r.warmUpMs })) };
  });
}

/** The section's result: every parser's acceptance count and throughput, and ours on each peer's subset. */
export async function benchParse({ log = () => {} } = {}) {
  const corpus = loadCorpus().map((e) => e.formula);
  const all = corpus.map((_, i) => i);
  const oursAccepts = await accepted('calckit (parse+analysis)', corpus);
  log('  parse: ours and our lexer on the whole corpus');
  const [ours, lexOnly] = await runChild(['calckit (parse+analysis)', 'calckit lex only'], all);
  // The same on the formulas that parse: error recovery (3 corpus formulas are broken on purpose) costs extra.
  log('  parse: ours and our lexer on the formulas that parse');
  const [oursValid, lexValid] = await runChild(['calckit (parse+analysis)', 'calckit lex only'], oursAccepts);
  // While typing, most texts have a syntax error: what error recovery costs where it runs most.
  log('  parse: ours and our lexer on the corpus cut short (formulas being typed)');
  const typing = typingFormulas(corpus);
  const [oursTyping, lexTyping] = await runChild(['calckit (parse+analysis)', 'calckit lex only'], typing.map((_, i) => i), 'typing');
  const peers = [];
  for (const peer of PEERS) {
    const subset = await accepted(peer, corpus);
    log(`  parse: ${peer} (${subset.length}/${corpus.length} accepted)`);
    if (subset.length === 0) {
      peers.push({ name: peer, accepted: 0, of: corpus.length });
      continue;
    }
    const [oursSame, theirs] = await runChild(['calckit (parse+analysis)', peer], subset);
    peers.push({ name: peer, accepted: subset.length, of: corpus.length, peer: theirs, oursOnSame: oursSame, oursOverPeer: theirs.firstOverThis });
  }
  return {
    method:
      `formulas/s = median of 7 rounds of timed runs (≥250 ms each, after a warm-up that lasts until V8's compiled code has not grown for 1 s: 1–8 s) by the process CPU time (user+system); ours and the compared parser alternate within one process, and ratios are the median of the per-round ratios; each comparison runs in ${FORKS} processes one after the other, and every figure is the median over them; MB/s counts the formula text only (peers get it wrapped as SELECT <formula> AS x FROM t)`,
    corpusFormulas: corpus.length,
    ours: { accepted: oursAccepts.length, of: corpus.length, ...ours },
    lexOnly,
    parseOverLex: 1 / lexOnly.firstOverThis,
    valid: { ours: oursValid, lexOnly: lexValid, parseOverLex: 1 / lexValid.firstOverThis },
    typing: { ours: oursTyping, lexOnly: lexTyping, parseOverLex: 1 / lexTyping.firstOverThis },
    peers,
  };
}

if (process.argv[2] === '--child') {
  const corpus = loadCorpus().map((e) => e.formula);
  const set = process.argv[5] === 'typing' ? typingFormulas(corpus) : corpus;
  const formulas = process.argv[4].split(',').map((i) => set[Number(i)]);
  process.stdout.write(JSON.stringify(await measure(process.argv[3].split('|'), formulas)));
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchParse({ log: (m) => console.error(m) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    const f = (r) => `${Math.round(r.formulasPerS)} formulas/s, ${round(r.mbPerS)} MB/s`;
    console.log(`ours: ${f(result.ours)}; lex only: ${f(result.lexOnly)}; parse+analysis takes ${round(result.parseOverLex)}× lex time`);
    for (const p of result.peers) if (p.peer) console.log(`${p.name} ${p.accepted}/${p.of}: ${f(p.peer)}; ours on the same: ${f(p.oursOnSame)} → ${round(p.oursOverPeer, 1)}×`);
  }
}
