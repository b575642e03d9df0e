// Emulator fixtures for import tests: 200 calculations over two datasets, with names that are hard to turn into file
// names (`/`, `..`, duplicates differing only in case or Unicode normalisation, accents, Windows device names,
// characters Windows refuses, control and bidi characters, very long names), a few variables and one calculation
// linked to no dataset.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FixtureCalculation {
  id: number;
  name: string;
  owner: number;
  expression: string;
  locked: boolean;
  datasetId: string | null;
  variable?: boolean;
}

/** Names given to the first calculations of each dataset; the rest are "Metric <n>". */
export const HARD_NAMES: readonly string[] = [
  'Revenue / Cost',
  '../../etc/passwd',
  '..',
  '.',
  '.hidden',
  'Margin',
  'Margin',
  'margin',
  'MARGIN',
  'Café crème',
  'Cafe\u0301 crème', // the same name in NFD
  'CON',
  'nul.old',
  'LPT1',
  'com9 ',
  'a<b>c:d"e|f?g*h',
  'back\\slash',
  'tab\there\nnewline',
  'trailing dots...',
  '   ',
  'emoji 📈 growth',
  '\u202Eevil\u202C.txt',
  'Ünïcödé Ωmega – naïve façade',
  `${'Très long nom de calcul '.repeat(12)}fin`,
  'Marge brute %',
  'Margin.calc',
];

export interface ImportFixtures {
  readonly path: string;
  readonly calculations: readonly FixtureCalculation[];
  /** Non-variable calculations per dataset id. */
  readonly formulasOf: (datasetId: string) => FixtureCalculation[];
}

/**
 * Writes the fixtures file into `dir`: `sales` has ids 1001–1120 (with 3 variables), `ops` 2001–2079, and 3001 has no
 * dataset: 200 calculations. Both datasets start with the hard names, so names also collide across datasets.
 */
export function writeImportFixtures(dir: string): ImportFixtures {
  const calculations: FixtureCalculation[] = [];
  const add = (id: number, name: string, datasetId: string | null, i: number, variable = false): void => {
    const expression =
      i % 3 === 0
        ? `SUM(\`Sales\`) * ${i}`
        : i % 3 === 1
          ? `CASE WHEN \`Region\` = 'North' THEN SUM(\`Sales\`) ELSE ${i} END`
          : `-- metric ${i}\nSUM(\`Sales\`) - SUM(\`Cost\`) + ${i}`;
    calculations.push({ id, name, owner: 1, expression, locked: i % 5 === 0, datasetId, ...(variable ? { variable: true } : {}) });
  };
  for (let i = 0; i < 120; i++) add(1001 + i, HARD_NAMES[i] ?? `Metric ${i}`, 'sales', i, i >= 117);
  for (let i = 0; i < 79; i++) add(2001 + i, HARD_NAMES[i] ?? `Ops metric ${i}`, 'ops', i + 1000);
  add(3001, 'Unlinked', null, 7);
  const fixtures = {
    description: 'import tests: 200 calculations over two datasets with hard names',
    datasets: [
      { id: 'sales', name: 'Sales', columns: [] },
      { id: 'ops', name: 'Operations', columns: [] },
    ],
    calculations,
  };
  const path = join(dir, 'import-fixtures.json');
  writeFileSync(path, JSON.stringify(fixtures));
  return {
    path,
    calculations,
    formulasOf: (datasetId) => calculations.filter((c) => c.datasetId === datasetId && c.variable !== true),
  };
}
