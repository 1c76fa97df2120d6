// `npm run data:export [-- --out FILE]` and `npm run data:import -- FILE [--replace]`: the venue's data
// as one versioned JSON file (src/shared/venue-data/format.ts), from and into the store the site uses by the
// usual settings: Upstash when UPSTASH_REDIS_REST_URL and _TOKEN are set, else the local Redis that
// `npm start` uses (REDIS_URL, 127.0.0.1:6379, or its own redis-server on .data/redis/), through
// the same stand-in (dev/runtime/store-stand-in.ts).
//
// Export writes venue-data-<time>.json (or --out FILE; `--out -`: standard output). Import refuses a
// store that already holds data unless --replace is given, and writes everything in one step.
import { writeFile, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { recordFamilies } from '../src/features/record-families';
import { countsOf, readVenueDataFile, VenueDataFileError, venueDataFile, venueDataFileName } from '../src/shared/venue-data/format';
import type { RecordFamilies } from '../src/shared/venue-data/registry';
import { readVenueData, StoreNotEmptyError, writeVenueData } from '../src/shared/venue-data/store';
import { writeReportsOf } from '../src/features/reports/server/rebuild';
import { plural } from '../src/domain/dates';
import { UsageError } from './runtime/args';
import { store } from './runtime/store-stand-in';

const USAGE = 'usage: npm run data:export [-- --out FILE]   |   npm run data:import -- FILE [--replace]';

export interface DataCommand {
  action: 'export' | 'import';
  /** export: where to write ('-' = standard output; undefined = a file named by the time); import: the file to read. */
  file: string | undefined;
  replace: boolean;
}

export function parseDataArgs(argv: readonly string[]): DataCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { out: { type: 'string' }, replace: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [action, ...rest] = parsed.positionals;
  if (action === 'export') {
    if (rest.length > 0 || parsed.values.replace) throw new UsageError(`export takes only --out FILE`);
    return { action, file: parsed.values.out, replace: false };
  }
  if (action === 'import') {
    if (parsed.values.out !== undefined) throw new UsageError('import takes a FILE and --replace, not --out');
    if (rest.length !== 1) throw new UsageError('import needs exactly one FILE');
    return { action, file: rest[0], replace: parsed.values.replace ?? false };
  }
  throw new UsageError(`unknown action ${JSON.stringify(action ?? '')}`);
}

export interface CommandResult {
  code: number;
  /** What goes to standard error (progress and problems). */
  message: string;
  /** What goes to standard output (the file, with --out -). */
  output?: string;
}

/** Runs the command against the store configured in process.env (the caller sets it up), for every registered record family. */
export async function runDataCommand(command: DataCommand, now = new Date(), families: RecordFamilies = recordFamilies): Promise<CommandResult> {
  if (command.action === 'export') {
    const { data, skipped } = await readVenueData(families);
    const text = venueDataFile(data, families);
    const counts = countsOf(data, families);
    const warning = skipped.length > 0 ? `\nleft out (not a readable record): ${skipped.join(', ')}` : '';
    if (command.file === '-') return { code: 0, message: `exported ${counts}${warning}`, output: text };
    const file = command.file ?? venueDataFileName(now);
    await writeFile(file, text);
    return { code: 0, message: `exported ${counts} to ${file}${warning}` };
  }
  let text: string;
  try {
    text = await readFile(command.file!, 'utf8');
  } catch (error) {
    return { code: 1, message: `cannot read ${command.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  try {
    const data = readVenueDataFile(text, families);
    await writeVenueData(families, data, { replace: command.replace, now: now.getTime() });
    // The reports' aggregates are not in the file: they follow from the records just written.
    const { days } = await writeReportsOf(data, families);
    return { code: 0, message: `imported ${countsOf(data, families)} from ${command.file}; reports rebuilt (${plural(days, 'day')})` };
  } catch (error) {
    if (error instanceof VenueDataFileError) return { code: 1, message: `${command.file}: ${error.message}` };
    if (error instanceof StoreNotEmptyError) return { code: 1, message: `${error.message} Nothing was written. To overwrite it: npm run data:import -- ${command.file} --replace` };
    throw error;
  }
}

async function main(): Promise<number> {
  let command: DataCommand;
  try {
    command = parseDataArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  const running = await store.start({ private: false, siteUrl: '' });
  try {
    Object.assign(process.env, running.env);
    for (const note of running.notes ?? []) process.stderr.write(`${note}\n`);
    const result = await runDataCommand(command);
    if (result.output !== undefined) process.stdout.write(result.output);
    process.stderr.write(`${result.message}\n`);
    return result.code;
  } finally {
    await running.close?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
