// Test runner configuration: workspace packages resolve to their TypeScript sources (the "source" export condition).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // Tests run in Vite's server (SSR) environment, which has its own conditions: without this, packages resolve to dist.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'extension/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'test/e2e/**'],
    // The JSON report feeds scripts/test-summary.mjs, which prints CI's closing line.
    reporters: ['default', ['json', { outputFile: 'node_modules/.cache/calckit/vitest-main.json' }]],
    // Starts MariaDB once for the differential tests (only when the run includes them).
    globalSetup: ['test/evaluate/mariadb.global.ts'],
    testTimeout: 30_000,
    // Its ESM imports a JSON file without an import attribute, which Node refuses: Vite transforms it instead.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    hookTimeout: 60_000,
  },
});
