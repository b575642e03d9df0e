// `calckit lint` and `calckit rules` run as processes (built dist): exit codes, formats, stdin, --fix, --max-warnings,
// config discovery, directives, cache and worker threads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');

function run(cwd: string, args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh directory with the given files (paths → contents; objects are written as JSON). */
function project(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-lint-'));
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const column = (name: string, type: string, order: number) => ({ name, id: name.toLowerCase(), type, visible: true, order });

describe('calckit lint: exit codes', () => {
  it('0 when clean, with no output', () => {
    const dir = project({ 'a.calc': 'SUM(`Sales`)\n' });
    const r = run(dir, ['lint']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });
  it('1 with errors, 0 with warnings only', () => {
    // ABS() lacks its argument: an error (a wrong argument count).
    expect(run(project({ 'a.calc': 'SUM(`Sales`) / ABS()' }), ['lint']).status).toBe(1);
    expect(run(project({ 'a.calc': 'SUM(Sales)' }), ['lint']).status).toBe(0);
  });
  it('2 for a bad lint configuration, naming the field', () => {
    const dir = project({ 'calckit.json': { lint: { rules: { 'bare-colum': 'error', 'keyword-case': ['warn', { keywords: 'shout' }] } } }, 'a.calc': 'SUM(`x`)' });
    const r = run(dir, ['lint']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('lint.rules.bare-colum: unknown rule "bare-colum"; did you mean "bare-column"?');
    expect(r.stderr).toContain('lint.rules.keyword-case[1].keywords: must be one of "upper", "lower" or "preserve"');
    expect(r.stdout).toBe('');
  });
  it('2 for an invalid project file', () => {
    const r = run(project({ 'calckit.json': '{ not json', 'a.calc': 'SUM(`x`)' }), ['lint']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not valid JSON');
  });
  it('2 for unmatched patterns unless --no-error-on-unmatched-pattern', () => {
    const dir = project({ 'a.calc': 'SUM(`x`)' });
    const r = run(dir, ['lint', 'missing/**/*.calc']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("no files matching 'missing/**/*.calc'");
    expect(run(dir, ['lint', '--no-error-on-unmatched-pattern', 'missing/**/*.calc', 'a.calc']).status).toBe(0);
  });
  it('2 for bad arguments', () => {
    const dir = project({ 'a.calc': 'SUM(`x`)' });
    expect(run(dir, ['lint', '--format', 'xml']).status).toBe(2);
    expect(run(dir, ['lint', '--max-warnings', 'many']).status).toBe(2);
  });
});

describe('calckit lint: --max-warnings and --quiet', () => {
  const dir = project({ 'a.calc': 'SUM(revenue) + SUM(cost)' });
  it('fails when warnings exceed the maximum', () => {
    const r = run(dir, ['lint', '--max-warnings', '1']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('calckit found too many warnings (maximum: 1)');
    expect(run(dir, ['lint', '--max-warnings', '2']).status).toBe(0);
  });
  it('--quiet reports errors only', () => {
    const r = run(dir, ['lint', '--quiet', '--max-warnings', '0']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });
  it('--quiet --fix fixes what error rules find, not warnings', () => {
    // A pasted en dash (a fixable error) and a bare column (a fixable warning).
    const d = project({ 'a.calc': 'SUM(revenue) \u2013 SUM(`a`)' });
    expect(run(d, ['lint', '--quiet', '--fix']).status).toBe(0);
    expect(readFileSync(join(d, 'a.calc'), 'utf8')).toBe('SUM(revenue) - SUM(`a`)');
  });
});

describe('calckit lint: formats', () => {
  // ABS() lacks its argument: an error (a wrong argument count) on line 2.
  const dir = project({ 'f/a b.calc': 'SUM(revenue)\n/ ABS()', 'f/ok.calc': 'SUM(`x`)' });
  it('stylish: grouped by file with code frames, no colour when piped', () => {
    const r = run(dir, ['lint', 'f']);
    expect(r.stdout).toContain('f/a b.calc\n  1:5  warning  Column name revenue is not quoted; write `revenue`  bare-column');
    expect(r.stdout).toContain('    > 2 | / ABS()\n        |      ^^');
    expect(r.stdout).toContain('✖ 2 problems (1 error, 1 warning)');
    expect(r.stdout).not.toContain('\u001b[');
    expect(run(dir, ['lint', 'f', '--color']).stdout).toContain('\u001b[31m');
  });
  it('json: ESLint-compatible', () => {
    const out = JSON.parse(run(dir, ['lint', 'f', '--format', 'json']).stdout);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ filePath: 'f/a b.calc', errorCount: 1, warningCount: 1, fixableWarningCount: 1 });
    expect(out[0].messages[1]).toMatchObject({ ruleId: 'argument-count', severity: 2, line: 2, column: 6, endLine: 2, endColumn: 8 });
    expect(out[1]).toMatchObject({ filePath: 'f/ok.calc', messages: [] });
  });
  it('sarif: validates against the SARIF 2.1.0 schema', () => {
    const r = run(dir, ['lint', 'f', '--format', 'sarif']);
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout);
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'sarif-schema-2.1.0.json'), 'utf8'));
    const ajv = new Ajv.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The validator is not vacuous: a region starting at column 0 is refused.
    const broken = structuredClone(log);
    broken.runs[0].results[0].locations[0].physicalLocation.region.startColumn = 0;
    expect(validate(broken)).toBe(false);
    const results = log.runs[0].results;
    expect(results).toHaveLength(2);
    expect(results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('f/a%20b.calc');
    expect(results[1]).toMatchObject({ ruleId: 'argument-count', level: 'error' });
    expect(log.runs[0].tool.driver.rules.length).toBeGreaterThan(25);
    // With the published docs' address, rules link to their pages (and still validate).
    const linked = JSON.parse(run(dir, ['lint', 'f', '--format', 'sarif'], undefined, { CALCKIT_RULES_DOCS_URL: 'https://docs.example.org/calckit/rules' }).stdout);
    expect(validate(linked), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(linked.runs[0].tool.driver.rules[0].helpUri).toBe('https://docs.example.org/calckit/rules/argument-count.md');
  });
  it('github: workflow commands', () => {
    const r = run(dir, ['lint', 'f', '--format', 'github']);
    expect(r.stdout.trim().split('\n')).toEqual([
      '::warning file=f/a b.calc,line=1,col=5,endLine=1,endColumn=12,title=calckit bare-column::Column name revenue is not quoted; write `revenue`',
      '::error file=f/a b.calc,line=2,col=6,endLine=2,endColumn=8,title=calckit argument-count::\'ABS\' takes 1 argument but was given 0: ABS(NUMERIC) → NUMERIC',
    ]);
  });
  it('junit: a suite per file, a failure per problem', () => {
    const xml = run(dir, ['lint', 'f', '--format', 'junit']).stdout;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<testsuites name="calckit lint" tests="3" failures="2" errors="0">/);
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml).toContain('<testcase name="f/ok.calc" classname="f/ok.calc" time="0" />');
  });
  it('-o writes the report to a file', () => {
    const r = run(dir, ['lint', 'f', '--format', 'json', '-o', 'out/report.json']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8'))).toHaveLength(2);
  });
});

describe('calckit lint: stdin', () => {
  const dir = project({ 'calckit.json': { lint: { overrides: [{ files: ['legacy/**'], rules: { 'bare-column': 'off' } }] } } });
  it('lints standard input under --stdin-filename', () => {
    const r = run(dir, ['lint', '-', '--stdin-filename', 'src/x.calc', '--format', 'json'], 'SUM(revenue)');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ filePath: 'src/x.calc', warningCount: 1 });
    expect(JSON.parse(run(dir, ['lint', '-', '--stdin-filename', 'legacy/x.calc', '--format', 'json'], 'SUM(revenue)').stdout)[0].messages).toEqual([]);
  });
  it('prints fixed text for stdin with --fix-dry-run', () => {
    const r = run(dir, ['lint', '-', '--fix-dry-run', '--format', 'json'], 'SUM(revenue)');
    expect(JSON.parse(r.stdout)[0].output).toBe('SUM(`revenue`)');
  });
});

describe('calckit lint: --fix', () => {
  it('writes fixed files and reports what is left', () => {
    const dir = project({ 'a.calc': "CASE WHEN Region = NULL THEN “x” ELSE NULL END / ABS()", 'b.calc': 'SUM(`ok`)' });
    const r = run(dir, ['lint', '--fix', '--format', 'json']);
    expect(readFileSync(join(dir, 'a.calc'), 'utf8')).toBe("CASE WHEN `Region` IS NULL THEN 'x' END / ABS()");
    expect(readFileSync(join(dir, 'b.calc'), 'utf8')).toBe('SUM(`ok`)');
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out[0].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['argument-count']);
    expect(out[0].output).toBeUndefined();
  });
  it('--fix-dry-run writes nothing', () => {
    const dir = project({ 'a.calc': 'SUM(revenue)' });
    const r = run(dir, ['lint', '--fix-dry-run', '--format', 'json']);
    expect(readFileSync(join(dir, 'a.calc'), 'utf8')).toBe('SUM(revenue)');
    expect(JSON.parse(r.stdout)[0].output).toBe('SUM(`revenue`)');
  });
});

describe('calckit lint: configuration', () => {
  const dir = project({
    'calckit.json': {
      service: { name: 'ACME', baseUrl: 'https://acme.example.com' },
      datasets: { sales: { id: 'ds-1', schema: 'schemas/sales.json' } },
      calculations: { 'f/margin.calc': { id: 1, dataset: 'sales' }, 'f/base.calc': { id: 2 }, 'f/nested.calc': { id: 3 } },
      lint: { rules: { 'bare-column': 'error', 'keyword-case': ['warn', { functions: 'lower', keywords: 'preserve' }] }, overrides: [{ files: ['legacy/**'], rules: { 'bare-column': 'off' } }], ignores: ['drafts/**'] },
    },
    'schemas/sales.json': [column('Sales', 'DECIMAL', 0), column('Region', 'STRING', 1)],
    'f/margin.calc': 'sum(`sales`) + sum(Region = 3)',
    'f/base.calc': 'sum(`x`)',
    'f/nested.calc': 'sum(`y`) + ACME_BEAST_MODE(2)',
    'f/deep.calc': 'ACME_BEAST_MODE(3)',
    'legacy/old.calc': 'sum(x)',
    'drafts/wip.calc': 'SUM(',
    'sub/dir/calckit.json': { lint: { rules: { 'bare-column': 'off' } } },
    'sub/dir/x.calc': 'SUM(y)',
  });
  const byFile = () => {
    const out = JSON.parse(run(dir, ['lint', '--format', 'json']).stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; severity: number }> }>;
    return Object.fromEntries(out.map((r) => [r.filePath, r.messages.map((m) => `${m.ruleId}:${m.severity}`)]));
  };
  it('finds the nearest calckit.json, applies rules, overrides, ignores and the dataset schema', () => {
    const files = byFile();
    expect(Object.keys(files).sort()).toEqual(['f/base.calc', 'f/deep.calc', 'f/margin.calc', 'f/nested.calc', 'legacy/old.calc', 'sub/dir/x.calc']);
    expect(files['f/margin.calc']).toEqual(['unknown-column:2', 'bare-column:2', 'comparison-type:2']);
    expect(files['legacy/old.calc']).toEqual([]);
    expect(files['sub/dir/x.calc']).toEqual([]);
    expect(files['f/deep.calc']).toEqual(['nested-calculation-depth:2']);
    expect(files['f/nested.calc']).toEqual([]);
  });
  it('mentions a file named on the command line that lint.ignores skips', () => {
    const r = run(dir, ['lint', 'drafts/wip.calc']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('calckit lint: drafts/wip.calc is ignored by lint.ignores in calckit.json');
  });
  it('--config uses the given project file for every file', () => {
    const r = run(dir, ['lint', '--config', 'sub/dir/calckit.json', '--format', 'json', 'f/base.calc', 'legacy/old.calc']);
    const out = JSON.parse(r.stdout);
    expect(out.map((f: { messages: unknown[] }) => f.messages.length)).toEqual([0, 0]);
  });
  it('--print-config shows the settings for one file', () => {
    const r = run(dir, ['lint', '--print-config', 'legacy/old.calc']);
    expect(r.status).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.rules['bare-column']).toBe('off');
    expect(printed.rules['keyword-case']).toEqual(['warn', { keywords: 'preserve', functions: 'lower' }]);
    expect(printed.project).toBe(join(dir, 'calckit.json'));
    expect(JSON.parse(run(dir, ['lint', '--print-config', 'f/margin.calc']).stdout).schema.columns).toEqual(['Sales: DECIMAL', 'Region: STRING']);
  });
});

describe('calckit lint: directives', () => {
  it('honours inline directives and reports unused ones', () => {
    const dir = project({ 'a.calc': '-- calckit-disable-next-line bare-column\nSUM(revenue)\n+ SUM(cost) /* calckit-disable-line division-by-zero */' });
    const out = JSON.parse(run(dir, ['lint', '--format', 'json']).stdout);
    expect(out[0].messages.map((m: { ruleId: string; line: number }) => `${m.line}:${m.ruleId}`)).toEqual(['3:bare-column', '3:unused-directive']);
  });
});

describe('calckit lint: cache and workers', () => {
  it('--cache reuses results for unchanged files and re-lints changed ones', () => {
    const dir = project({ 'a.calc': 'SUM(revenue)' });
    expect(run(dir, ['lint', '--cache', '--format', 'json']).status).toBe(0);
    const cacheFile = join(dir, '.calckit/cache/lint.json');
    expect(existsSync(cacheFile)).toBe(true);
    // Tamper with the stored message: a cache hit shows it, proving the file was not linted again.
    writeFileSync(cacheFile, readFileSync(cacheFile, 'utf8').replace('Column name revenue', 'CACHED revenue'));
    expect(run(dir, ['lint', '--cache', '--format', 'json']).stdout).toContain('CACHED revenue');
    writeFileSync(join(dir, 'a.calc'), 'SUM(revenue) ');
    expect(run(dir, ['lint', '--cache', '--format', 'json']).stdout).not.toContain('CACHED');
    // Settings are part of the key.
    writeFileSync(join(dir, 'calckit.json'), JSON.stringify({ lint: { rules: { 'bare-column': 'error' } } }));
    expect(run(dir, ['lint', '--cache']).status).toBe(1);
  });
  it('worker threads give the same results as one thread', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`f/${String(i).padStart(3, '0')}.calc`] = i % 3 === 0 ? `SUM(c${i}) / ABS()` : `SUM(\`c${i}\`)`;
    const dir = project(files);
    const one = run(dir, ['lint', '--format', 'json', '--concurrency', 'off']);
    const many = run(dir, ['lint', '--format', 'json', '--concurrency', '3']);
    expect(many.status).toBe(1);
    expect(many.stdout).toBe(one.stdout);
    expect(JSON.parse(many.stdout)).toHaveLength(60);
  });
});

describe('calckit lint: on a terminal', () => {
  // `script` (util-linux) runs the CLI on a pseudo-terminal, as a developer's shell would.
  const onTty = (cwd: string, args: string) =>
    spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${args}`, '/dev/null'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' } }).stdout;
  it('colours the report unless --no-color', () => {
    const dir = project({ 'a.calc': 'SUM(revenue) / ABS()' });
    expect(onTty(dir, 'lint')).toContain('\u001b[31merror\u001b[39m');
    expect(onTty(dir, 'lint --no-color')).not.toMatch(/\u001b\[\d+m/);
  });
  it('shows a progress line for long runs', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 250; i++) files[`f${i}.calc`] = 'SUM(`x`)';
    const out = onTty(project(files), 'lint');
    expect(out).toContain('Linting 1/250 files…');
    expect(out).toContain('\r\u001b[2K');
  });
});

describe('calckit rules', () => {
  it('lists every rule with its default', () => {
    const r = run(tmpdir(), ['rules']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^bare-column\s+problem\s+warn\s+yes\s+Require backticks around column names$/m);
    expect(r.stdout).toMatch(/^division-without-nullif\s+suggestion\s+off\s+sug\s+/m);
    const json = JSON.parse(run(tmpdir(), ['rules', '--json']).stdout);
    expect(json.find((x: { id: string }) => x.id === 'keyword-case')).toMatchObject({ category: 'layout', default: 'off', fixable: true, options: { keywords: 'upper', functions: 'upper' } });
  });
});
