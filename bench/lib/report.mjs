// Renders the benchmark results as Markdown: the goals (ratios against references measured in the same run)
// first, then each section with ratios beside absolute figures, then the machine, versions and methods.
import { median, round } from './stats.mjs';

const na = (r) => r === undefined || r === null || r.notAvailable !== undefined;
const fmt = (x, d = 2) => (typeof x === 'number' && Number.isFinite(x) ? String(round(x, d)) : '—');
const times = (x, d = 1) => (typeof x === 'number' && Number.isFinite(x) ? `${fmt(x, d)}×` : '—');
const ms = (x) => (typeof x === 'number' ? `${fmt(x, 1)} ms` : '—');
const s = (x) => (typeof x === 'number' ? `${fmt(x, x < 10 ? 2 : 0)} s` : '—');
const rate = (r) => (r ? `${Math.round(r.formulasPerS).toLocaleString('en')} formulas/s, ${fmt(r.mbPerS)} MB/s` : '—');

/**
 * How many times lint's time `calckit schema pull`, `diff`, `impact` and `rename` may take on the same project: the
 * issue's "small multiple". Set at 2× from the first runs of 10,000 calculations over 50 datasets (impact 1.0–1.3×, the
 * impact of a rename 0.5×, pull, diff and rename about 0.3×), with room for the noise of a shared machine.
 */
const SCHEMA_COMMANDS_OVER_LINT = 2;
/** How many times the CPU time of the same rows in JSON `calckit eval` may take over a CSV file. */
const CSV_OVER_JSON = 1.5;
/** The workbench page's budgets: its size over the editor's alone, its load and keystrokes over the Node server's. */
const WORKBENCH_SIZE_OVER_EDITOR = 4;
const WORKBENCH_LOAD_OVER_NODE = 3;
const WORKBENCH_KEYSTROKE_OVER_NODE = 2;
const kib = (bytes) => (typeof bytes === 'number' ? `${fmt(bytes / 1024, 1)} KiB` : '—');
/** The schema commands of bench/schemas.mjs, as the goals and the table name them. */
const SCHEMA_COMMAND_LABELS = {
  pull: '`calckit schema pull`',
  diff: '`calckit schema diff`',
  impact: '`calckit schema impact`',
  impactOfRename: '`calckit schema impact --schema` (a rename)',
  rename: '`calckit schema rename`',
};

/** The goals, each computed from this run's results: { goal, target, measured, met }. */
export function goals(results) {
  const out = [];
  const parse = results.parse;
  const nsp = na(parse) ? undefined : parse.peers.find((p) => p.name === 'node-sql-parser');
  out.push({ goal: 'parse+analysis MB/s vs node-sql-parser (same formulas)', target: '≥ 15×', value: nsp?.oursOverPeer, met: nsp?.oursOverPeer >= 15, shown: times(nsp?.oursOverPeer) });
  const overLex = na(parse) ? undefined : parse.parseOverLex;
  out.push({ goal: 'parse+analysis time vs our lex-only time', target: '≤ 4×', value: overLex, met: overLex <= 4, shown: times(overLex) });
  const lint = results.lint;
  const r10k = na(lint) ? undefined : lint.sizes?.[10000]?.calckitOverSqlfluff;
  out.push({ goal: '`calckit lint` vs sqlfluff, 10,000 files (CPU time)', target: '≥ 500×', value: r10k, met: r10k >= 500, shown: times(r10k, 0) });
  // Both figures from the side-by-side run, where the two servers do the same kind of work edit by edit.
  const side = na(results.editor?.sideBySide) ? undefined : results.editor.sideBySide;
  // The median over rounds of each round's ratio (lsp-side-by-side.mjs); a run made before rounds has one ratio.
  const p99 = side?.ours.changeToDiagnostics.p99;
  const p50 = side?.peer.changeToDiagnostics.p50;
  const editorRatio = side?.oursP99OverPeerP50 ?? (p99 !== undefined && p50 ? p99 / p50 : undefined);
  const perRound = side?.perRound ? `; rounds ${side.perRound.map((r) => times(r.oursP99OverPeerP50, 2)).join(', ')}` : '';
  out.push({ goal: 'our change→diagnostics p99 vs sql-language-server p50 (side by side)', target: '< 1×', value: editorRatio, met: editorRatio < 1, shown: editorRatio !== undefined ? `${times(editorRatio, 2)} (${ms(p99)} vs ${ms(p50)}${perRound})` : '—' });
  // The emulator's p99 under 16 clients: the median over its rounds (each a fresh emulator process and database).
  const em = na(results.emulator) ? undefined : results.emulator;
  const emP99 = em?.medianP99Ms ?? em?.p99Ms;
  out.push({ goal: `emulator update p99 with ${em?.clients ?? 16} clients (wall, fsynced)`, target: '< 10 ms', value: emP99, met: emP99 < 10, shown: em ? `${ms(emP99)} (p50 ${ms(em.p50Ms)}, ${Math.round(em.updatesPerSecond)} updates/s)` : '—' });
  const rss = na(lint) ? undefined : lint.sizes?.[10000]?.calckit?.maxRssMb;
  out.push({ goal: 'CLI peak RSS linting 10,000 files', target: '< 300 MB', value: rss, met: rss < 300, shown: rss ? `${fmt(rss, 0)} MB` : '—' });
  const scale = na(results.scale) ? undefined : results.scale;
  out.push({ goal: 'lint time per KB of a 1 MB flat chain vs a 1 KB one (linear time; a quadratic walk would be ~1,000×)', target: '≤ 3×', value: scale?.lintGrowth, met: scale?.lintGrowth <= 3, shown: scale ? `${times(scale.lintGrowth, 2)} (${fmt(scale.rows[scale.rows.length - 1].lint.msPerKb, 3)} vs ${fmt(scale.rows[0].lint.msPerKb, 3)} ms/KB)` : '—' });
  const imp = na(results.import) ? undefined : results.import;
  for (const [key, label] of [['latency', `${imp?.latencyMs ?? 10} ms round trip`], ['loopback', 'loopback']]) {
    const r = imp?.[key];
    out.push({
      goal: `\`calckit import\` of 1,000 calculations vs reading them one at a time with the client, ${label} (wall)`,
      target: '≥ 4×',
      value: r?.ratio,
      met: r?.ratio >= 4,
      shown: r ? `${times(r.ratio, 2)} in process (${s(r.importS)} vs ${s(r.oneAtATimeS)}); ${times(r.processRatio, 2)} as a command (${s(r.importProcessS)})` : '—',
    });
  }
  // Schema commands against lint on the same project, whole processes: CPU time of the command and of the emulator
  // while it runs (lint calls no service), wall clock beside.
  const sch = na(results.schemas) ? undefined : results.schemas;
  const count = (n) => (typeof n === 'number' ? n.toLocaleString('en') : '10,000');
  for (const [name, command] of Object.entries(SCHEMA_COMMAND_LABELS)) {
    const c = na(sch?.commands?.[name]) ? undefined : sch.commands[name];
    out.push({
      goal: `${command} vs \`calckit lint\`, ${count(sch?.calculations)} calculations over ${sch?.datasets ?? 50} datasets (CPU time, the emulator's included)`,
      target: `≤ ${SCHEMA_COMMANDS_OVER_LINT}×`,
      value: c?.overLintCpu,
      met: c?.overLintCpu <= SCHEMA_COMMANDS_OVER_LINT,
      shown: c ? `${times(c.overLintCpu, 2)} (${s(c.totalCpuS)} vs ${s(sch.lint.totalCpuS)}; wall ${times(c.overLintWall, 2)})` : '—',
    });
  }
  const ev = na(results.evaluate) ? undefined : results.evaluate;
  out.push({
    goal: `evaluation rows/s vs MariaDB's SELECT on the same ${ev ? ev.rows.toLocaleString('en') : '1,000,000'} rows, slowest of ${ev?.formulas.length ?? 'the'} formulas (CPU time)`,
    target: '≥ 1×',
    value: ev?.minOursOverMariadb,
    met: ev?.minOursOverMariadb >= 1,
    shown: ev ? `${times(ev.minOursOverMariadb, 2)} (geometric mean ${times(ev.geomeanOursOverMariadb, 2)})` : '—',
  });
  out.push({
    goal: 'evaluation heap per row at the full size vs at 100,000 rows (linear memory)',
    target: '≤ 1.2×',
    value: ev?.memoryGrowth,
    met: ev?.memoryGrowth <= 1.2,
    shown: ev?.memoryGrowth ? `${times(ev.memoryGrowth, 2)} (${ev.memory.map((m) => `${fmt(m.bytesPerRow, 0)} B/row at ${m.rows.toLocaleString('en')}`).join(', ')})` : '—',
  });
  const csv = na(results.csv) ? undefined : results.csv;
  const slowest = csv?.formulas.reduce((a, b) => (b.csvOverJson > a.csvOverJson ? b : a));
  out.push({
    goal: `\`calckit eval\` over a ${csv ? csv.rows.toLocaleString('en') : '100,000'}-row CSV vs the same rows in JSON, slowest of ${csv?.formulas.length ?? 'the'} runs (formulas with and without a schema; whole process, CPU time)`,
    target: `≤ ${CSV_OVER_JSON}×`,
    value: csv?.maxCsvOverJson,
    met: csv?.maxCsvOverJson <= CSV_OVER_JSON,
    shown: slowest ? `${times(csv.maxCsvOverJson, 2)} (${slowest.name}${slowest.schema ? ', schema' : ', no schema'}: ${s(slowest.csvCpuS)} vs ${s(slowest.jsonCpuS)})` : '—',
  });
  out.push({
    goal: `CSV read into the evaluator's table: heap per row at ${csv ? csv.memory[1].rows.toLocaleString('en') : '400,000'} rows vs at ${csv ? csv.memory[0].rows.toLocaleString('en') : '100,000'} (linear memory)`,
    target: '≤ 1.2×',
    value: csv?.memoryGrowth,
    met: csv?.memoryGrowth <= 1.2,
    shown: csv ? `${times(csv.memoryGrowth, 2)} (${csv.memory.map((m) => `${fmt(m.bytesPerRow, 0)} B/row at ${m.rows.toLocaleString('en')}`).join(', ')})` : '—',
  });
  const wb = na(results.workbench) ? undefined : results.workbench;
  const size = wb?.size;
  out.push({
    goal: 'workbench page (editor, LSP client, language server, evaluator), brotli, vs the editor and its LSP client alone',
    target: `≤ ${WORKBENCH_SIZE_OVER_EDITOR}×`,
    value: size?.brotliOverEditor,
    met: size?.brotliOverEditor <= WORKBENCH_SIZE_OVER_EDITOR,
    shown: size ? `${times(size.brotliOverEditor, 2)} (${kib(size.page.brotli)} vs ${kib(size.editor.brotli)}; gzip ${kib(size.page.gzip)} vs ${kib(size.editor.gzip)})` : '—',
  });
  const load = na(wb?.load) ? undefined : wb.load;
  out.push({
    goal: 'workbench page load to first diagnostics (headless Chromium, no cache) vs the Node server from spawn, same formula and schema',
    target: `≤ ${WORKBENCH_LOAD_OVER_NODE}×`,
    value: load?.pageOverNode,
    met: load?.pageOverNode <= WORKBENCH_LOAD_OVER_NODE,
    shown: load ? `${times(load.pageOverNode, 2)} (${ms(load.pageMs)} vs ${ms(load.nodeMs)})` : '—',
  });
  const keys = na(wb?.keystroke) ? undefined : wb.keystroke;
  // As an analyst types (the server's default debounce on both sides), and the server's own work (no debounce) in the
  // page's worker against Node: the page's no-debounce figure adds the frame Chromium shows each key in first (the
  // Workbench page table).
  for (const p of ['p50', 'p99']) {
    const value = keys?.asTyped?.[`${p}PageOverNode`];
    out.push({
      goal: `workbench keystroke→diagnostics ${p}, typed in the page vs the same changes to the Node server (5,000 characters, the server's default debounce)`,
      target: `≤ ${WORKBENCH_KEYSTROKE_OVER_NODE}×`,
      value,
      met: value <= WORKBENCH_KEYSTROKE_OVER_NODE,
      shown: keys?.asTyped ? `${times(value, 2)} (${ms(keys.asTyped.page[p])} vs ${ms(keys.asTyped.node[p])})` : '—',
    });
  }
  for (const p of ['p50', 'p99']) {
    const value = keys?.[`${p}WorkerOverNode`];
    out.push({
      goal: `workbench language server change→diagnostics ${p} in the page's Web Worker vs in Node, the same messages (no debounce)`,
      target: `≤ ${WORKBENCH_KEYSTROKE_OVER_NODE}×`,
      value,
      met: value <= WORKBENCH_KEYSTROKE_OVER_NODE,
      shown: keys?.workerAlone ? `${times(value, 2)} (${ms(keys.workerAlone[p])} vs ${ms(keys.node[p])})` : '—',
    });
  }
  return out.map((g) => ({ ...g, met: g.value === undefined ? undefined : Boolean(g.met) }));
}

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderMarkdown(results) {
  const lines = [];
  const m = results.machine;
  lines.push(`Run ${results.startedAt} on ${m.cpu} (${m.cores} cores, ${m.memoryGb} GB), ${m.os}, Node ${m.node}; load average at start ${m.loadAverage1m}.`);
  lines.push('');
  lines.push('**Goals** (ratios against references measured in the same run):');
  lines.push('');
  lines.push(table(['Goal', 'Target', 'Measured', 'Met'], results.goals.map((g) => [g.goal, g.target, g.shown, g.met === undefined ? 'not available' : g.met ? 'yes' : '**no**'])));
  lines.push('');

  const p = results.parse;
  lines.push('**Parse throughput** (corpus of ' + (na(p) ? '?' : p.corpusFormulas) + ' formulas)');
  lines.push('');
  if (na(p)) lines.push(`not available: ${p?.notAvailable}`);
  else {
    const rows = [
      ['calckit parse+analysis', '—', `${p.ours.accepted}/${p.ours.of} parse`, rate(p.ours), ''],
      ['calckit lex only (reference)', `${times(p.parseOverLex)} (parse+analysis time / lex time)`, `${p.lexOnly.formulas}/${p.ours.of}`, rate(p.lexOnly), p.valid ? `on the ${p.valid.ours.formulas} that parse: ${times(p.valid.parseOverLex)} (ours ${rate(p.valid.ours)}; lex ${rate(p.valid.lexOnly)})` : ''],
      ...(p.typing ? [['calckit parse+analysis, formulas cut short (being typed)', `${times(p.typing.parseOverLex)} (parse+analysis time / lex time)`, `${p.typing.ours.formulas} texts`, rate(p.typing.ours), `lex ${rate(p.typing.lexOnly)}`]] : []),
      ...p.peers.map((x) => [x.name, x.peer ? `ours ${times(x.oursOverPeer)} faster` : '—', `${x.accepted}/${x.of}`, rate(x.peer), x.oursOnSame ? `ours on the same ${x.accepted}: ${rate(x.oursOnSame)}` : 'accepts none']),
    ];
    lines.push(table(['Parser', 'Ratio', 'Accepted', 'Throughput', 'Ours on the same formulas'], rows));
    lines.push('', 'Ours = `analyzeCalculation` (lex, parse, AST, analysis; the checkSum is hashed when first read, which these runs do not do, as the linter and the editor do not); each ratio is ours against the other on the same formulas in the same process.');
  }
  lines.push('');

  const l = results.lint;
  lines.push('**Lint from the command line** (whole process; CPU seconds, wall in brackets)');
  lines.push('');
  if (na(l)) lines.push(`not available: ${l?.notAvailable}`);
  else {
    const rows = [];
    for (const [n, row] of Object.entries(l.sizes)) {
      rows.push([`${Number(n).toLocaleString('en')} files`, `vs sqlfluff ${times(row.calckitOverSqlfluff, 0)}; vs sqlint ${times(row.calckitOverSqlint, 2)}`,
        `${s(row.calckit.cpuS)} (${s(row.calckit.wallS)}), ${fmt(row.calckit.maxRssMb, 0)} MB peak`,
        row.sqlfluff?.cpuS !== undefined ? `${s(row.sqlfluff.cpuS)} (${s(row.sqlfluff.wallS)}) extrapolated` : (row.sqlfluff?.notAvailable ?? l.sqlfluff?.notAvailable ?? '—'),
        row.sqlint?.cpuS !== undefined ? `${s(row.sqlint.cpuS)} (${s(row.sqlint.wallS)})` : (row.sqlint?.notAvailable ?? '—')]);
    }
    lines.push(table(['Files', 'Ratio (their CPU / ours)', 'calckit lint', 'sqlfluff --dialect mysql', 'sqlint'], rows));
    lines.push('');
    const st = l.startup;
    lines.push(`Start-up: \`calckit --version\` ${s(st.version.cpuS)} CPU (${s(st.version.wallS)} wall); \`calckit lint\` of one file ${s(st.lintOneFile.cpuS)} CPU (${s(st.lintOneFile.wallS)} wall); an empty \`node -e 0\` ${s(st.nodeEmpty.cpuS)} CPU — medians of 5 runs.`);
    const joe = na(results.parse) ? undefined : results.parse.peers.find((x) => x.name === '@joe-re/sql-parser');
    if (l.sqlfluff?.samples) {
      const acc = l.sqlfluff.accepted;
      lines.push(`sqlfluff was run on samples of ${l.sqlfluff.samples.map((x) => x.files).join(' and ')} files (${l.sqlfluff.samples.map((x) => s(x.cpuS)).join(', ')} CPU) and extrapolated linearly: ${s(l.sqlfluff.startupCpuS)} start-up + ${s(l.sqlfluff.perFileCpuS)} per file${acc ? `; it parses ${acc.accepted}/${acc.of} sample files without a PRS error` : ''}. sqlint (the linter of sql-language-server) silently skips statements its parser refuses${joe ? ` (its parser, @joe-re/sql-parser, accepts ${joe.accepted}/${joe.of} corpus formulas: see parse throughput)` : ''}, so it does far less work per file.`);
    }
  }
  lines.push('');

  const sc = results.scale;
  if (sc !== undefined) {
    lines.push('**Lint time per KB of one formula** (flat chains of OR/AND comparisons, aggregates and arithmetic: a tree as deep as the chain is long; in process, CPU time)');
    lines.push('');
    if (na(sc)) lines.push(`not available: ${sc?.notAvailable}`);
    else {
      const size = (kb) => (kb >= 1000 ? `${fmt(kb / 1000, 1)} MB` : `${kb} KB`);
      lines.push(table(['Formula', 'Terms', 'Lint per KB', 'Lint', 'Parse+analysis per KB', 'Parse+analysis'], sc.rows.map((r) => [size(r.kb), r.terms.toLocaleString('en'), `${fmt(r.lint.msPerKb, 3)} ms`, ms(r.lint.ms), `${fmt(r.analysis.msPerKb, 3)} ms`, ms(r.analysis.ms)])));
      lines.push('', `Per KB, the largest formula costs ${times(sc.lintGrowth, 2)} the smallest to lint and ${times(sc.analysisGrowth, 2)} to parse and analyse (1× is linear time).`);
    }
    lines.push('');
  }

  const e = results.editor ?? {};
  const sb = e.sideBySide;
  lines.push(
    na(sb)
      ? '**Editor latency**'
      : `**Editor latency** (over stdio, side by side: the two servers edited in turn, ${sb.edits} edits each after ${sb.warmup} warm-up edits, in a ${sb.ours.documentBytes.toLocaleString('en')}-character document, the whole text sent, no debounce: ${sb.ours.tokenEditToDiagnostics ? 'first a digit typed into a number near the middle and deleted again, a token changed, which both servers parse and lint again; then ' : ''}a space typed after a space near the middle and deleted again${sb.ours.tokenEditToDiagnostics ? ', which ours moves its diagnostics over instead' : ''}${sb.rounds ? `; ${sb.rounds} rounds, each with fresh server processes, every figure the median over them` : ''})`,
  );
  lines.push('');
  const er = [];
  const tokenEdit = (side) => (side.tokenEditToDiagnostics ? `${ms(side.tokenEditToDiagnostics.p50)} / ${ms(side.tokenEditToDiagnostics.p99)}` : '—');
  if (na(sb)) er.push(['calckit-language-server, sql-language-server', 'not available', '', '', sb?.notAvailable ?? '']);
  else {
    er.push(['calckit-language-server', `${ms(sb.ours.changeToDiagnostics.p50)} / ${ms(sb.ours.changeToDiagnostics.p99)}`, tokenEdit(sb.ours), `${ms(sb.ours.completion.p50)} / ${ms(sb.ours.completion.p99)}`, `a CASE formula in a project with a dataset schema; ${sb.ours.diagnosticsOnDocument} diagnostics`]);
    er.push(['sql-language-server', `${ms(sb.peer.changeToDiagnostics.p50)} / ${ms(sb.peer.changeToDiagnostics.p99)}`, tokenEdit(sb.peer), `${ms(sb.peer.completion.p50)} / ${ms(sb.peer.completion.p99)}`, `${sb.peerStatements} SELECT statements, parsed and linted whole (default rules); ${sb.peer.diagnosticsOnDocument} diagnostics; started with bench/lib/sql-language-server-preload.cjs`]);
  }
  lines.push(table(['Server', 'change→diagnostics p50 / p99 (a space)', 'a digit typed p50 / p99', 'completion p50 / p99', 'Document'], er));
  if (!na(sb)) lines.push('', `Ratio: our p50 is ${times(sb.ours.changeToDiagnostics.p50 / sb.peer.changeToDiagnostics.p50, 2)} theirs, our p99 ${times(sb.ours.changeToDiagnostics.p99 / sb.peer.changeToDiagnostics.p99, 2)} theirs (below 1× is faster).`);
  if (!na(e.ours)) {
    lines.push(
      '',
      `Our server alone (bench/lsp-latency.mjs, ${e.ours.iterations} edits): change→diagnostics ${ms(e.ours.changeToDiagnostics.p50)} / ${ms(e.ours.changeToDiagnostics.p99)}${e.ours.tokenEditToDiagnostics ? ` (a digit typed: ${ms(e.ours.tokenEditToDiagnostics.p50)} / ${ms(e.ours.tokenEditToDiagnostics.p99)})` : ''}; completion ${ms(e.ours.completionAfterChange.p50)} / ${ms(e.ours.completionAfterChange.p99)} after a change, ${ms(e.ours.completionCached.p50)} / ${ms(e.ours.completionCached.p99)} on an unchanged version; 100 KB formula: completion p50 ${ms(e.ours.hugeFormula.completionP50)} while its diagnostics take ${ms(e.ours.hugeFormula.diagnosticsP50)}.`,
    );
  }
  lines.push('');

  lines.push('**Memory**');
  lines.push('');
  const mem = [];
  mem.push([`language server, ${na(e.ours) ? '1,000' : e.ours.documents.toLocaleString('en')} open documents`, na(e.ours) ? 'not available' : `${fmt(e.ours.rssWithDocumentsMb, 0)} MB RSS (${fmt(e.ours.rssIdleMb, 0)} MB idle; all opened and linted in ${ms(e.ours.openAndLintAllMs)})`]);
  const largest = na(l) ? undefined : Math.max(...Object.keys(l.sizes).map(Number));
  mem.push([`\`calckit lint\`, ${(largest ?? 10000).toLocaleString('en')} files`, largest ? `${fmt(l.sizes[largest].calckit.maxRssMb, 0)} MB peak RSS` : 'not available']);
  lines.push(table(['Process', 'Memory'], mem));
  lines.push('');

  const em = results.emulator;
  lines.push('**Emulator** (update formula over loopback HTTP, file database, each update fsynced before its answer)');
  lines.push('');
  if (na(em)) lines.push(`not available: ${em?.notAvailable}`);
  else {
    lines.push(table(
      ['Clients', 'Updates/s', 'p50', 'p99', 'Emulator CPU per update', "The disk's fsync p50 / p99", 'Load', 'Updates', 'Errors'],
      [[em.clients, Math.round(em.updatesPerSecond), ms(em.p50Ms), ms(em.p99Ms), ms(em.emulatorCpuMsPerUpdate), em.diskFsyncP99Ms === undefined ? '—' : `${ms(em.diskFsyncP50Ms)} / ${ms(em.diskFsyncP99Ms)}`, em.loadAverage1m ?? '—', em.updates, em.errors]],
    ));
  }
  lines.push('');

  const im = results.import;
  lines.push('**Import** (`calckit import --dataset` of 1,000 calculations from the emulator, against reading them one at a time with the client)');
  lines.push('');
  if (na(im)) lines.push(`not available: ${im?.notAvailable}`);
  else {
    const rows = [];
    for (const [key, label] of [['loopback', 'loopback'], ['latency', `${im.latencyMs} ms round trip`]]) {
      const r = im[key];
      rows.push([label, 'one at a time (`client.readCalculation` in a loop)', s(r.oneAtATimeS), `${s(r.oneAtATimeCpuS)} / ${s(r.oneAtATimeEmulatorCpuS)}`, '1×']);
      rows.push([
        label,
        `\`runImport\` in process (search, reads of ${im.batchSize ?? 1} calculations, ${im.concurrency} requests at once, checks, files, state, calckit.json)`,
        s(r.importS),
        `${s(r.importCpuS)} / ${s(r.importEmulatorCpuS)}`,
        times(r.ratio, 2),
      ]);
      rows.push([label, '`calckit import` as a command (process start-up included)', s(r.importProcessS), '—', times(r.processRatio, 2)]);
      if (r.filesOnlyS !== undefined) rows.push([label, "creating the import's 1,000 files alone (no service: the part no read saves)", s(r.filesOnlyS), '—', '—']);
    }
    lines.push(table(['Network', 'Side', 'Wall (median)', 'CPU: this process / emulator', 'Ratio'], rows));
    lines.push(
      '',
      `Medians of ${im.rounds} rounds after a warm-up of each side. The import reads the calculations ${im.batchSize ?? 1} per request with the community-documented read of several calculations (\`POST …/functions/list/id\`; the client falls back to single reads on a service without it), so it sends about ${Math.ceil(1000 / (im.batchSize ?? 1))} reads where the other side sends 1,000: over loopback, where both sides are bound by this machine's CPU (client and emulator share its ${results.machine.cores} cores) and requests in flight gain nothing, fewer requests is what saves time, and what remains is mostly creating the files; with a round trip between client and service, as with a real one, fewer round trips count most. The round trip is added by a proxy process that holds each chunk half of it in each direction.`,
    );
  }
  lines.push('');

  const sch = results.schemas;
  if (sch !== undefined) {
    lines.push(
      na(sch)
        ? '**Schema commands at scale**'
        : `**Schema commands at scale** (a project of ${sch.calculations.toLocaleString('en')} calculations over ${sch.datasets} datasets, ${sch.columns.toLocaleString('en')} columns, served by the emulator; each command a whole process; ${sch.rounds === 1 ? 'one round' : `medians of ${sch.rounds} rounds`})`,
    );
    lines.push('');
    if (na(sch)) lines.push(`not available: ${sch?.notAvailable}`);
    else {
      const k = sch.checks;
      const cpu = (c) => `${s(c.cpuS)} + ${s(c.serviceCpuS)}`;
      const rows = [['`calckit lint` (reference)', s(sch.lint.wallS), cpu(sch.lint), '1×', `${sch.lint.problems.toLocaleString('en')} problems, ${fmt(sch.lint.maxRssMb, 0)} MB peak`]];
      if (sch.pullFirst) rows.push(['`calckit schema pull`, first (creates the files)', s(sch.pullFirst.wallS), cpu(sch.pullFirst), `${times(sch.pullFirst.overLintCpu, 2)} (wall ${times(sch.pullFirst.overLintWall, 2)})`, `${sch.datasets} schema files written and mapped; once`]);
      const what = {
        pull: () => 'every dataset, nothing changed (the refresh)',
        diff: () => `every dataset; ${k.changedDatasets} changed in the service (a column renamed, one dropped, one retyped each), ${k.diffFoundChanges} reported`,
        impact: () => `every dataset, against the service's schemas: ${k.impact.findings.toLocaleString('en')} findings in ${k.impact.formulas.toLocaleString('en')} formulas`,
        impactOfRename: () => `one dataset against a proposed schema file renaming \`${k.renamed?.column ?? '?'}\`: ${k.impactOfRename.findings.toLocaleString('en')} findings in ${k.impactOfRename.formulas.toLocaleString('en')} formulas`,
        rename: () => `\`${k.renamed.column}\` of ${k.renamed.dataset}, in ${k.renamed.formulas} formulas and the schema file`,
      };
      for (const [name, c] of Object.entries(sch.commands)) {
        const label = SCHEMA_COMMAND_LABELS[name] ?? name;
        rows.push(na(c) ? [label, '—', '—', '—', `not available: ${c.notAvailable}`] : [label, s(c.wallS), cpu(c), `${times(c.overLintCpu, 2)} (wall ${times(c.overLintWall, 2)})`, what[name]()]);
      }
      lines.push(table(['Command', 'Wall (median)', 'CPU: command + emulator', "Ratio to lint's CPU", 'What it did'], rows));
      lines.push('', `The formulas are real ones (the valid formulas of test/corpus/published.jsonl with the columns their pages name, and test/corpus/formulas.jsonl; ${sch.formulaPool} kept that lint without an error against their columns' types), numbers re-drawn with a fixed seed, one in 50 nesting another; the emulator process started with them in ${s(sch.emulatorStartS)}.`);
    }
    lines.push('');
  }

  const ev = results.evaluate;
  if (ev !== undefined) {
    lines.push(`**Evaluation** (${na(ev) ? '' : `${ev.rows.toLocaleString('en')} generated rows, `}\`compileFormula\` in process against MariaDB ${na(ev) ? '' : ev.mariadb ?? ''} running the same SELECT on the same rows; CPU time)`);
    lines.push('');
    if (na(ev)) lines.push(`not available: ${ev?.notAvailable}`);
    else {
      lines.push(table(
        ['Formula', 'Group by', 'Ours', 'MariaDB', 'Ours / MariaDB (rows/s)'],
        ev.formulas.map((f) => [`\`\` ${f.formula.replace(/\|/g, '\\|')} \`\``, f.groupBy ? f.groupBy.join(', ') : '—', `${ms(f.oursCpuMs)} (${Math.round(f.oursRowsPerS).toLocaleString('en')} rows/s)`, f.mariadbRowsPerS ? `${ms(f.mariadbCpuMs)} (${Math.round(f.mariadbRowsPerS).toLocaleString('en')} rows/s)` : ms(f.mariadbCpuMs), times(f.oursOverMariadb, 2)]),
      ));
      lines.push('', `Heap growth per row (the typed table and every formula's results held): ${ev.memory.map((m) => `${fmt(m.bytesPerRow, 0)} bytes at ${m.rows.toLocaleString('en')} rows (${fmt(m.heapMb, 0)} MB)`).join('; ')}. Method: ${ev.method}.`);
    }
    lines.push('');
  }

  const csv = results.csv;
  if (csv !== undefined) {
    lines.push(`**\`calckit eval\` over CSV vs JSON** (${na(csv) ? '' : `${csv.rows.toLocaleString('en')} generated rows, ${fmt(csv.csvMb, 1)} MB of CSV; `}whole processes, CPU time${na(csv) ? '' : `, medians of ${csv.rounds} round${csv.rounds === 1 ? '' : 's'}`})`);
    lines.push('');
    if (na(csv)) lines.push(`not available: ${csv?.notAvailable}`);
    else {
      lines.push(table(
        ['Formula', 'Group by', 'Schema', 'CSV', 'JSON', 'CSV / JSON'],
        csv.formulas.map((f) => [`\`\` ${f.formula.replace(/\|/g, '\\|')} \`\``, f.groupBy ? f.groupBy.join(', ') : '—', f.schema ? 'given' : 'read from the cells', `${s(f.csvCpuS)} (${fmt(f.csvMaxRssMb, 0)} MB peak)`, `${s(f.jsonCpuS)} (${fmt(f.jsonMaxRssMb, 0)} MB peak)`, times(f.csvOverJson, 2)]),
      ));
      lines.push('', `Heap held by the CSV's cells and the evaluator's table made of them: ${csv.memory.map((m) => `${fmt(m.bytesPerRow, 0)} bytes per row at ${m.rows.toLocaleString('en')} rows (${fmt(m.heapMb, 0)} MB)`).join('; ')}.`);
    }
    lines.push('');
  }

  const wb = results.workbench;
  if (wb !== undefined) {
    lines.push('**Workbench page** (packages/workbench in headless Chromium, its language server in a Web Worker, against calckit-language-server over stdio fed the messages the page sent, with the same initialize parameters)');
    lines.push('');
    if (na(wb)) lines.push(`not available: ${wb?.notAvailable}`);
    else {
      const rows = [
        ...wb.size.files.map((f) => [`\`${f.file}\``, kib(f.raw), kib(f.gzip), kib(f.brotli)]),
        ['the page (all of the above)', kib(wb.size.page.raw), kib(wb.size.page.gzip), kib(wb.size.page.brotli)],
        ['the editor alone (CodeMirror 6 + @codemirror/lsp-client, minimal bundle)', kib(wb.size.editor.raw), kib(wb.size.editor.gzip), kib(wb.size.editor.brotli)],
      ];
      lines.push(table(['Size', 'minified', 'gzip -9', 'brotli 11'], rows));
      lines.push('');
      const timing = [];
      const load = wb.load;
      timing.push(na(load)
        ? ['load to first diagnostics', 'not available', '', load?.notAvailable ?? '']
        : ['load to first diagnostics (median of ' + load.loads + ')', ms(load.pageMs), ms(load.nodeMs), `${times(load.pageOverNode, 2)}; page loads ${load.pageRunsMs.map((x) => fmt(x, 0)).join(', ')} ms`]);
      const k = wb.keystroke;
      if (na(k)) timing.push(['keystroke→diagnostics', 'not available', '', k?.notAvailable ?? '']);
      else {
        const keysTyped = `${k.keystrokes} keys after ${k.warmup}, ${k.documentBytes.toLocaleString('en')} characters; median of ${k.rounds} rounds`;
        const rounds = (pick, p) => k.perRound.map((r) => `${fmt(pick(r).page[p], 1)}/${fmt(pick(r).node[p], 1)}`).join(', ');
        for (const p of ['p50', 'p99']) {
          timing.push([`keystroke→diagnostics ${p}, as typed: the server's default debounce (${keysTyped})`, ms(k.asTyped.page[p]), ms(k.asTyped.node[p]), `${times(k.asTyped[`${p}PageOverNode`], 2)}; rounds ${rounds((r) => r.asTyped, p)} ms`]);
        }
        for (const p of ['p50', 'p99']) {
          timing.push([`keystroke→diagnostics ${p}, no debounce`, ms(k.page[p]), ms(k.node[p]), `${times(k[`${p}PageOverNode`], 2)}; rounds ${rounds((r) => r, p)} ms`]);
        }
      }
      lines.push(table(['Timing', 'Page', 'Node server', 'Ratio'], timing));
      if (!na(k) && k.workerAlone) {
        lines.push('', `Where the page's time goes, with no debounce (p50): from the key to the client posting the change (the browser's input, the editor's update) ${ms(k.pageKeyToChange.p50)}; the page's worker script alone in a blank document, fed the same messages, answers in ${ms(k.workerAlone.p50)} (p99 ${ms(k.workerAlone.p99)}; the Node server's ${ms(k.node.p50)} / ${ms(k.node.p99)}); in a Chromium without DeferRendererTasksAfterInput the page takes ${ms(k.pageUndeferred.p50)} (p99 ${ms(k.pageUndeferred.p99)}): after a key, Chromium holds other tasks, the worker's message among them, until the frame that shows the key is drawn, which is most of the rest.`);
      }
    }
    lines.push('');
  }

  lines.push('**Versions**: ' + Object.entries(results.versions).map(([k, v]) => `${k} ${v ?? 'not installed'}`).join(', ') + '.');
  lines.push('');
  lines.push(`**Method**: ${results.method}`);
  return lines.join('\n');
}
