import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run with `vitest run --config tests/vitest.config.ts --project unit|integration|build`.
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
    ],
  },
});
