// Prints one closing line for every vitest run of this checkout ("Tests: N passed, N failed, N skipped"), summed from
// the JSON reports the vitest configurations write, so CI can count the tests of all suites together.
import { existsSync, readFileSync } from 'node:fs';

const reports = ['vitest-main.json', 'vitest-e2e.json'].map((name) => new URL(`../node_modules/.cache/calckit/${name}`, import.meta.url));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
