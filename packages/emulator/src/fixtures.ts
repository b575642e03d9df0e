// Reads and checks a fixtures file, then turns it into records (calculations analysed) for an empty database.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { checkWire } from '@calckit/protocol';
import { FixturesSchema, type Fixtures } from './fixtures-format.js';
import { judgeFormula } from './analyze.js';
import { checkDatasetColumns } from './validation/dataset-columns.js';
import type { CalculationRecord, FixtureData, ViewRecord } from './model.js';

export class FixturesError extends Error {}

/** Parses fixtures from JSON text; every problem is listed with its place in the file. */
export function parseFixtures(text: string, source = 'fixtures'): Fixtures {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new FixturesError(`${source}: not valid JSON (${(error as Error).message})`);
  }
  return checkFixtures(raw, source);
}

/** Checks a fixtures value (parsed JSON or an object literal) and fills in the defaults. */
export function checkFixtures(raw: unknown, source = 'fixtures'): Fixtures {
  const checked = checkWire(FixturesSchema, raw, '(root)');
  if (!checked.ok) {
    throw new FixturesError(`${source}: ${checked.errors.map((e) => e.message).join('; ')}`);
  }
  return checked.value;
}

export function readFixturesFile(path: string): Fixtures {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new FixturesError(`cannot read fixtures file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseFixtures(text, path);
}

function duplicates<T>(items: readonly T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const item of items) (seen.has(item) ? dup : seen).add(item);
  return [...dup];
}

/** Cross-checks the fixtures and computes each calculation's stored fields with the formula analyzer. */
export function prepareFixtures(fixtures: Fixtures, options: { serviceName: string; now: number }): FixtureData {
  const problems: string[] = [];
  const dupCheck = (what: string, ids: readonly (string | number)[]): void => {
    for (const d of duplicates(ids)) problems.push(`duplicate ${what} id ${JSON.stringify(d)}`);
  };
  dupCheck('dataset', fixtures.datasets.map((d) => d.id));
  dupCheck('calculation', fixtures.calculations.map((c) => c.id));
  dupCheck('page', fixtures.pages.map((p) => p.id));
  dupCheck('view', fixtures.pages.flatMap((p) => p.views.map((v) => v.id)));
  dupCheck('code package version', fixtures.codePackages.map((p) => `${p.id}@${p.version}`));

  const datasets = new Map(fixtures.datasets.map((d) => [d.id, d]));
  for (const d of fixtures.datasets) {
    // A dataset may start without columns (its schema not set yet); a list given must be valid.
    if (d.columns.length === 0) continue;
    for (const e of checkDatasetColumns(d.columns)) problems.push(`dataset ${d.id}: ${e.message}`);
  }
  for (const c of fixtures.calculations) {
    if (c.datasetId !== null && !datasets.has(c.datasetId)) {
      problems.push(`calculation ${c.id}: dataset ${JSON.stringify(c.datasetId)} is not listed in datasets`);
    }
  }
  for (const p of fixtures.codePackages) {
    dupCheck(`function of package ${p.id}@${p.version}:`, p.functions.map((f) => f.name));
    for (const f of p.functions) {
      dupCheck(`input of ${p.id}@${p.version}/${f.name}:`, f.inputs.map((i) => i.name));
      try {
        // Compiled, never run: a syntax error is reported at load time rather than at the first call.
        new Script(`(async function (${f.inputs.map((i) => i.name).join(', ')}) {\n${f.body}\n})`);
      } catch (error) {
        problems.push(`function ${p.id}@${p.version}/${f.name}: body does not compile (${(error as Error).message})`);
      }
    }
  }
  if (problems.length > 0) throw new FixturesError(`fixtures: ${problems.join('; ')}`);

  // Nesting is judged against the fixtures' own calculations; dependencies come from a first analysis pass.
  const firstPass = new Map<number, readonly number[]>();
  const noNesting = { dependenciesOf: () => [], dependentsOf: () => [] };
  for (const c of fixtures.calculations) {
    const schema = c.datasetId === null ? undefined : datasets.get(c.datasetId)?.columns;
    const v = judgeFormula(c.id, c.expression, { serviceName: options.serviceName, nesting: noNesting, ...(schema ? { schema } : {}) });
    firstPass.set(c.id, v.analysis.functionTemplateDependencies);
  }
  const nesting = {
    dependenciesOf: (id: number) => firstPass.get(id),
    dependentsOf: (id: number) => [...firstPass].filter(([, deps]) => deps.includes(id)).map(([k]) => k),
  };
  const calculations: CalculationRecord[] = fixtures.calculations.map((c) => {
    const schema = c.datasetId === null ? undefined : datasets.get(c.datasetId)?.columns;
    const verdict = judgeFormula(c.id, c.expression, { serviceName: options.serviceName, nesting, ...(schema ? { schema } : {}) });
    if (verdict.illegalDepth !== undefined) problems.push(`calculation ${c.id}: ILLEGAL_DEPTH: ${verdict.illegalDepth}`);
    const created = c.created ?? options.now;
    return {
      id: c.id,
      name: c.name,
      owner: c.owner,
      locked: c.locked,
      global: c.global,
      expression: c.expression,
      datasetId: c.datasetId,
      legacyId: c.legacyId ?? `calculation_${randomUUID()}`,
      created,
      lastModified: Math.max(created, options.now),
      archived: c.archived,
      hidden: c.hidden,
      variable: c.variable,
      analysis: verdict.analysis,
    };
  });
  if (problems.length > 0) throw new FixturesError(`fixtures: ${problems.join('; ')}`);

  const views: ViewRecord[] = fixtures.pages.flatMap((p) => p.views.map((v) => ({ ...v, pageId: p.id })));
  return {
    datasets: fixtures.datasets.map((d) => ({ id: d.id, name: d.name, columns: d.columns, updated: options.now })),
    calculations,
    pages: fixtures.pages.map((p) => ({ id: p.id, title: p.title, cardCount: p.cardCount })),
    views,
    codeFunctions: fixtures.codePackages.flatMap((p) => p.functions.map((definition) => ({ packageId: p.id, version: p.version, definition }))),
  };
}
