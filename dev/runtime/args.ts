// The command line of `npm start` and `npm run dev`: [--no-build] [--port N] [--private].
import { parseArgs } from 'node:util';

const DEFAULT_PORT = 8888;

export interface RuntimeArgs {
  build: boolean;
  /** 0 means: choose a free port. */
  port: number;
  private: boolean;
}

/** A mistake on the command line or in a port setting: reported as its message alone. */
export class UsageError extends Error {}

export function parsePort(value: string, what: string): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${what} must be a port number, got "${value}"`);
  const port = Number(value);
  if (port > 65535) throw new UsageError(`${what} must be a port number (0-65535), got ${port}`);
  return port;
}

/**
 * The port is --port, else 0 (a free one) with --private, else $PORT, else 8888. `npm run dev` has
 * nothing to build: it passes `allowBuildFlag = false` and --no-build is refused.
 */
export function parseRuntimeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env, allowBuildFlag = true): RuntimeArgs {
  let values: { 'no-build'?: boolean | undefined; port?: string | undefined; private?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { 'no-build': { type: 'boolean' }, port: { type: 'string' }, private: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!allowBuildFlag && values['no-build'] !== undefined) throw new UsageError("Unknown option '--no-build'");
  const isPrivate = values.private ?? false;
  let port: number;
  if (values.port !== undefined) port = parsePort(values.port, '--port');
  else if (isPrivate) port = 0;
  else if (env['PORT']?.trim()) port = parsePort(env['PORT'], 'PORT');
  else port = DEFAULT_PORT;
  return { build: !values['no-build'], port, private: isPrivate };
}
