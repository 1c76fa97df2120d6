// Global setup of the reliability project: a file for the run's counts (recorder.ts), printed as the
// summary table when the run ends, whatever the outcome.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { summaryTable, type Summary } from './recorder';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the test file saves the run's counts (recorder.ts). */
    reliabilitySummaryFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'reliability-summary-'));
  const file = join(dir, 'summary.json');
  project.provide('reliabilitySummaryFile', file);
  return async () => {
    try {
      const summary = JSON.parse(await readFile(file, 'utf8')) as Summary;
      process.stdout.write(`\nReliability summary (requests sent by the suite, answers by status class, records lost)\n\n${summaryTable(summary)}\n\n`);
    } catch {
      process.stdout.write('\nReliability summary: no counts were recorded (the run stopped before its first request).\n\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
