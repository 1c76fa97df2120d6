import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run with `vitest run --config tests/vitest.config.ts --project unit|integration|build|reliability`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'dev/**/*.test.ts', 'netlify/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'tests/bridge/**/*.test.ts'],
          // A private redis-server and an Upstash REST bridge in front of it, once per run.
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/integration-env.ts'],
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Builds the site into a temporary folder with known secret values and searches the output.
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          // Fuzz, faults and load against the local runtime serving dist/ (npm run build first); one
          // runtime for all parts, started by the test file. Prints its summary table at the end.
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/reliability/global-setup.ts'],
          fileParallelism: false,
          sequence: { concurrent: false },
          // A loaded 2-core machine: starting the runtime alone can take 30 s.
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
