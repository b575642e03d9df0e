// A throwaway project for the `calckit test` processes: `formulas/<name>.calc` files, each a calculation of the
// `sales` dataset (Region, Revenue, Cost), and other files as given (paths relative to the project's root).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function salesProject(formulas: Record<string, string>, files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-test-'));
  mkdirSync(join(root, 'formulas'));
  const calculations = Object.fromEntries(Object.keys(formulas).map((name, i) => [`formulas/${name}.calc`, { id: i + 1, dataset: 'sales' }]));
  writeFileSync(join(root, 'calckit.json'), JSON.stringify({ datasets: { sales: { id: 'sales', schema: 'sales.json' } }, calculations }));
  writeFileSync(
    join(root, 'sales.json'),
    JSON.stringify([
      { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 0 },
      { name: 'Revenue', id: 'revenue', type: 'DECIMAL', visible: true, order: 1 },
      { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 2 },
    ]),
  );
  for (const [name, text] of Object.entries(formulas)) writeFileSync(join(root, `formulas/${name}.calc`), text);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}
