// Vitest configuration of the end-to-end tests (a real VS Code in headless Chromium): run by `npm run test:e2e`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    reporters: ['default', ['json', { outputFile: 'node_modules/.cache/calckit/vitest-e2e.json' }]],
  },
});
