// `npm run schedule -- <function>`: runs a scheduled function now in the running `npm start`, as
// Netlify's scheduler would at its next time (dev/runtime/control.ts); without a name, lists the
// scheduled functions and their next runs. Exits 1 when the function did not answer 2xx.
//
//   npm run schedule -- [<function>] [--port N]     (the runtime's port: --port, else $PORT, else 8888)
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { ScheduledRun } from './functions/scheduler';
import { parsePort, UsageError } from './runtime/args';
import { SCHEDULED_FUNCTIONS_PATH } from './runtime/control';

const DEFAULT_PORT = 8888;

export interface CommandResult {
  code: number;
  output: string;
}

interface Listing {
  scheduledFunctions: Array<{ function: string; schedule: string; nextRun: string | undefined }>;
}

function parse(argv: string[], env: NodeJS.ProcessEnv): { name: string | undefined; port: number } {
  let values: { port?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: { port: { type: 'string' } }, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (positionals.length > 1) throw new UsageError(`one function at a time, got ${positionals.join(' ')}`);
  const portText = values.port ?? env['PORT']?.trim();
  return { name: positionals[0], port: portText ? parsePort(portText, values.port ? '--port' : 'PORT') : DEFAULT_PORT };
}

export async function scheduleCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  let target: { name: string | undefined; port: number };
  try {
    target = parse(argv, env);
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, output: `${error.message}\nusage: npm run schedule -- [<function>] [--port N]` };
    throw error;
  }
  const base = `http://localhost:${target.port}${SCHEDULED_FUNCTIONS_PATH}`;
  let response: Response;
  try {
    response = target.name === undefined ? await fetch(base) : await fetch(`${base}/${encodeURIComponent(target.name)}`, { method: 'POST' });
  } catch {
    return { code: 1, output: `no local runtime answers on http://localhost:${target.port}: start it (npm start), or pass --port N` };
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ScheduledRun & Listing & { error: string }>;
  if (!response.ok) return { code: 1, output: body.error ?? `the runtime answered ${response.status}` };
  if (body.scheduledFunctions) {
    if (body.scheduledFunctions.length === 0) return { code: 0, output: 'no scheduled functions' };
    return { code: 0, output: body.scheduledFunctions.map((fn) => `${fn.function}  ${fn.schedule}  next run ${fn.nextRun ?? 'never'}`).join('\n') };
  }
  const status = body.status ?? 0;
  return { code: status >= 200 && status < 300 ? 0 : 1, output: `${body.function}: ${status} in ${body.ms} ms; next run ${body.nextRun}` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await scheduleCommand(process.argv.slice(2));
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
  process.exitCode = result.code;
}
