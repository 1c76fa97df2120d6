// The functions of netlify/functions and the paths their `config` declares, read from the source the
// way Netlify reads them (statically: the path must be a string literal or an array of them).
import { readdirSync, readFileSync } from 'node:fs';

export const functionsDirectory = new URL('../../netlify/functions/', import.meta.url);

const CONFIG = /export const config: Config = \{ path: (?<path>'[^'`$]+'|\[(?:'[^'`$]+'(?:, )?)+\]) \};/;
const SCHEDULE = /export const config: Config = \{ schedule: '(?<schedule>[^'`$]+)' \};/;

export interface FunctionFile {
  name: string;
  /** The declared paths, or null when the config is missing or not literal. */
  paths: string[] | null;
  /** A scheduled function's literal cron expression (it has no path), else null. */
  schedule: string | null;
}

export function functionFiles(): FunctionFile[] {
  return readdirSync(functionsDirectory)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => {
      const source = readFileSync(new URL(name, functionsDirectory), 'utf8');
      const match = CONFIG.exec(source);
      return {
        name,
        paths: match ? [...match.groups!['path']!.matchAll(/'([^']+)'/g)].map((found) => found[1]!) : null,
        schedule: SCHEDULE.exec(source)?.groups?.['schedule'] ?? null,
      };
    });
}
