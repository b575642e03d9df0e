// `calckit analyze` run as a process: JSON on stdout with the seed's field names, exit codes 0/1/2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const run = (args: string[], input?: string) => spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'calckit-analyze-'));

describe('calckit analyze', () => {
  it('prints the calculation fields for a file', () => {
    const file = join(dir, 'ratio.calc');
    writeFileSync(file, '\uFEFFCASE WHEN sum(`Orders`) = 0 THEN 0 ELSE sum(`Profit`) / sum(`Orders`) END\n');
    const r = run(['analyze', file]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.expression).toBe('CASE WHEN sum(`Orders`) = 0 THEN 0 ELSE sum(`Profit`) / sum(`Orders`) END');
    expect(out).toMatchObject({ aggregated: true, analytic: false, dataType: 'DECIMAL', cacheWindow: 'non_dynamic', status: 'VALID' });
    expect(out.functions.sort()).toEqual(['SUM', 'SVC_OP_DIVIDE']);
    expect(out.columnPositions[0]).toEqual({ columnName: '`Orders`', columnPosition: 14 });
    expect(out.checkSum).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads standard input and honours --service', () => {
    const r = run(['analyze', '--service', 'ACME', '-'], 'DATEDIFF(ADDDATE(CURRENT_DATE(), -1), `d`) * 2 + 1 - 3 / 4');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.functions.filter((f: string) => f.includes('_OP_')).sort()).toEqual(['ACME_OP_ADD', 'ACME_OP_DIVIDE', 'ACME_OP_MULTIPLY', 'ACME_OP_SUBTRACT']);
    expect(out.cacheWindow).toBe('day');
  });

  it('uses a schema for types and unknown columns', () => {
    const schema = join(dir, 'schema.json');
    writeFileSync(schema, JSON.stringify([{ name: 'Qty', id: 'qty', type: 'LONG', visible: true, order: 0 }]));
    const r = run(['analyze', '--schema', schema, '-'], '`Qty` * 2 + LENGTH(`qty`)');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dataType: 'LONG', status: 'INVALID' });
    expect(r.stderr).toContain('<stdin>:1:20: warning: Unknown column `qty` (unknown-column)');
  });

  it('exits 1 listing syntax errors', () => {
    const r = run(['analyze', '-'], 'CASE WHEN `a` > 1 THEN 1');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('<stdin>:1:25: error: CASE at 1:1 is missing END (missing-end)');
    expect(JSON.parse(r.stdout).status).toBe('INVALID');
  });

  it('exits 2 for unreadable input and bad options', () => {
    const missing = run(['analyze', join(dir, 'nope.calc')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect(run(['analyze', '--service', 'a b', '-'], '1').status).toBe(2);
    const badSchema = join(dir, 'bad.json');
    writeFileSync(badSchema, '{not json');
    const r = run(['analyze', '--schema', badSchema, '-'], '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('bad.json');
    expect(run(['analyze']).status).toBe(2);
  });
});
