// `npm run reports:rebuild`: recomputes the staff reports' day aggregates from the records, in the
// store the site uses by the usual settings (as `npm run data:export` finds it), after a restore or
// to fix a counting bug. The data import rebuilds them by itself.
import { pathToFileURL } from 'node:url';
import { rebuildReports } from '../src/features/reports/server/rebuild';
import { store } from './runtime/store-stand-in';

async function main(): Promise<number> {
  const running = await store.start({ private: false, siteUrl: '' });
  try {
    Object.assign(process.env, running.env);
    for (const note of running.notes ?? []) process.stderr.write(`${note}\n`);
    const { days, activeMembers } = await rebuildReports();
    process.stderr.write(`reports rebuilt from the records: ${days} days with activity, ${activeMembers} active members\n`);
    return 0;
  } finally {
    await running.close?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
