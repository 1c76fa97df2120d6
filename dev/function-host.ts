/**
 * The local runtime's function host: every function loaded once and kept warm, as a deployed Netlify
 * Function instance is, and each request routed to the function whose `config.path` (and
 * `config.method`, when set) matches it. `npm start` hosts the bundles Netlify's bundler built
 * (dev/functions/bundled-functions.ts), called through Netlify's own bootstrap; the sources can be
 * hosted too (loadFunctionHost), called directly with the same context. NetlifyDev's own function
 * serving builds the function into a fresh directory and starts a new worker for every call (about
 * 0.5–3 s each on this machine), which says nothing about how the functions behave once deployed.
 *
 * Routing follows Netlify's rules for the patterns this project uses: literal segments, `:name`
 * segments (the function's `context.params`) and a trailing `*`; a function without a path answers
 * at /.netlify/functions/{name}. Anything else in a path is refused at start, naming the function,
 * rather than silently never matching. A scheduled function (`config.schedule`) has no public path:
 * only the scheduler calls it (`trigger`), the way Netlify does.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTION_SECURITY_HEADERS } from '../src/security/headers';

/** What a function receives as its second argument from the source host: the part of Netlify's Context the site reads. */
export interface LocalFunctionContext {
  ip: string;
  params: Record<string, string>;
  requestId: string;
  /** Keeps the call alive until the promise settles, after the answer; a failure is logged. */
  waitUntil(promise: Promise<unknown>): void;
}

export type FunctionEntry = (request: Request, context: LocalFunctionContext) => Response | Promise<Response>;

/** One call as the platform makes it. */
export interface FunctionCall {
  ip: string;
  params: Record<string, string>;
  requestId: string;
  /** The `config.path` pattern that matched; none for a scheduled call or a default path. */
  route: string | undefined;
}

/**
 * A call under way: `response` settles with the answer (rejects when the function failed before
 * answering); `finished` when everything the call started has ended (its body, its `waitUntil` work)
 * and rejects with a failure after the answer.
 */
export interface FunctionRun {
  response: Promise<Response>;
  finished: Promise<void>;
}

export type FunctionRunner = (request: Request, call: FunctionCall) => FunctionRun;

/** One compiled `config.path` pattern. */
export interface RoutePattern {
  source: string;
  /** Literal text, or a parameter name prefixed with ':', per segment; '*' captures the rest. */
  segments: string[];
}

export interface HostedFunction {
  name: string;
  file: string;
  patterns: RoutePattern[];
  /** Upper-case methods from config.method; empty means every method. */
  methods: string[];
  preferStatic: boolean;
  /** The cron expression of a scheduled function. */
  schedule: string | undefined;
  run: FunctionRunner;
}

export interface FunctionMatch {
  fn: HostedFunction;
  params: Record<string, string>;
  /** The pattern that matched, as declared. */
  route: string;
}

const FUNCTION_EXTENSIONS = new Set(['.ts', '.mts', '.js', '.mjs']);
/** How long shutdown waits for calls still running (their waitUntil work included). */
const DRAIN_LIMIT_MS = 5000;

/** Compiles one `config.path` value, or throws naming the function file. */
export function compileRoutePattern(source: string, file: string): RoutePattern {
  if (!source.startsWith('/')) throw new Error(`${file}: config.path '${source}' must start with '/'`);
  const segments = source.split('/').slice(1);
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    if (segment === '*' && isLast) return;
    if (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) return;
    if (/^[A-Za-z0-9._~-]*$/.test(segment)) return;
    throw new Error(`${file}: config.path '${source}' uses a pattern the local runtime does not support (segment '${segment}')`);
  });
  return { source, segments };
}

/** The parameters of a pathname matching the pattern, or undefined when it does not match. */
export function matchRoutePattern(pattern: RoutePattern, pathname: string): Record<string, string> | undefined {
  const parts = pathname.split('/').slice(1);
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.segments.length; index += 1) {
    const segment = pattern.segments[index]!;
    if (segment === '*') {
      params['0'] = parts.slice(index).join('/');
      return params;
    }
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) {
      // Handed over as sent, still percent-encoded, as Netlify does; routeParam() decodes.
      if (part === '') return undefined;
      params[segment.slice(1)] = part;
    } else if (segment !== part) {
      return undefined;
    }
  }
  return parts.length === pattern.segments.length ? params : undefined;
}

/** The routes of a function: its paths, or /.netlify/functions/{name}; none for a scheduled function (Netlify refuses both). */
export function functionRoutes(name: string, file: string, paths: string[], schedule: string | undefined): RoutePattern[] {
  if (schedule !== undefined) {
    if (paths.length > 0) throw new Error(`${file}: a scheduled function must not declare a path (Netlify refuses the deploy)`);
    return [];
  }
  return (paths.length > 0 ? paths : [`/.netlify/functions/${name}`]).map((path) => compileRoutePattern(path, file));
}

function asStringList(value: unknown, what: string, file: string): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.some((item) => typeof item !== 'string')) throw new Error(`${file}: config.${what} must be a string or an array of strings`);
  return list as string[];
}

/** Waits until a set that may grow while waiting is empty. */
async function settleAll(pending: Set<Promise<unknown>>): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** Calls a function module's handler directly, with a context like Netlify's (waitUntil included). */
export function runEntry(name: string, entry: FunctionEntry): FunctionRunner {
  return (request, { ip, params, requestId }) => {
    const work = new Set<Promise<unknown>>();
    const waitUntil = (promise: Promise<unknown>) => {
      const tracked: Promise<unknown> = Promise.resolve(promise)
        .catch((error: unknown) => console.error(`[function ${name}] waitUntil:`, error))
        .finally(() => work.delete(tracked));
      work.add(tracked);
    };
    const response = (async () => entry(request, { ip, params, requestId, waitUntil }))();
    return { response, finished: response.then(() => settleAll(work), () => settleAll(work)) };
  };
}

/** Reads a loaded function module into a HostedFunction, or throws naming the file. */
export function describeFunctionModule(name: string, file: string, module: Record<string, unknown>): HostedFunction {
  const entry = module['default'];
  if (typeof entry !== 'function') throw new Error(`${file}: a function must export a default handler`);
  const config = (module['config'] ?? {}) as Record<string, unknown>;
  const schedule = config['schedule'];
  if (schedule !== undefined && typeof schedule !== 'string') throw new Error(`${file}: config.schedule must be a cron expression`);
  return {
    name,
    file,
    patterns: functionRoutes(name, file, asStringList(config['path'], 'path', file), schedule),
    methods: asStringList(config['method'], 'method', file).map((method) => method.toUpperCase()),
    preferStatic: config['preferStatic'] === true,
    schedule,
    run: runEntry(name, entry as FunctionEntry),
  };
}

/** Netlify's answer to a function that failed: a 500 without the error's text. */
function crashResponse(): Response {
  return new Response(JSON.stringify({ error: 'The function failed to answer.' }), {
    status: 500,
    headers: { ...FUNCTION_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export class FunctionHost {
  /** Calls not yet finished (answer sent, waitUntil work still running, or both). */
  private readonly running = new Set<Promise<void>>();

  constructor(readonly functions: readonly HostedFunction[]) {
    const owners = new Map<string, string>();
    for (const fn of functions) {
      for (const pattern of fn.patterns) {
        const owner = owners.get(pattern.source);
        if (owner) throw new Error(`config.path '${pattern.source}' is declared by both ${owner} and ${fn.name}`);
        owners.set(pattern.source, fn.name);
      }
    }
  }

  /** The function serving this method and pathname, if any. */
  match(method: string, pathname: string): FunctionMatch | undefined {
    for (const fn of this.functions) {
      if (fn.methods.length > 0 && !fn.methods.includes(method.toUpperCase())) continue;
      for (const pattern of fn.patterns) {
        const params = matchRoutePattern(pattern, pathname);
        if (params) return { fn, params, route: pattern.source };
      }
    }
    return undefined;
  }

  /** The scheduled functions. */
  scheduled(): HostedFunction[] {
    return this.functions.filter((fn) => fn.schedule !== undefined);
  }

  /**
   * Runs the matched function. The client's address is set as Netlify sets it (context.ip and the
   * x-nf-client-connection-ip header, never taken from what the client sent). A function that throws
   * gets Netlify's answer to a crashed function: a 500, with the error logged here and not sent.
   */
  async invoke(found: FunctionMatch, request: Request, clientIp: string): Promise<Response> {
    return this.call(found.fn, request, { ip: clientIp, params: found.params, requestId: randomUUID(), route: found.route });
  }

  /**
   * Calls a scheduled function as Netlify's scheduler does: a POST whose JSON body names the next
   * run (`{ "next_run": … }`), from Netlify's "Clockwork" agent.
   */
  async trigger(fn: HostedFunction, origin: string, nextRun: Date): Promise<Response> {
    const request = new Request(new URL(`/.netlify/functions/${fn.name}`, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' },
      body: JSON.stringify({ next_run: nextRun.toISOString() }),
    });
    return this.call(fn, request, { ip: '127.0.0.1', params: {}, requestId: randomUUID(), route: undefined });
  }

  /** Waits (at most `limitMs`) for the calls still running, as a deployed instance finishes its waitUntil work. */
  async drain(limitMs = DRAIN_LIMIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
    await Promise.race([settleAll(this.running), limit]);
    clearTimeout(timer);
  }

  private async call(fn: HostedFunction, request: Request, call: FunctionCall): Promise<Response> {
    request.headers.set('x-nf-client-connection-ip', call.ip);
    request.headers.set('x-nf-request-id', call.requestId);
    let run: FunctionRun;
    try {
      run = fn.run(request, call);
    } catch (error) {
      console.error(`[function ${fn.name}]`, error);
      return crashResponse();
    }
    const finished: Promise<void> = run.finished
      .catch((error: unknown) => console.error(`[function ${fn.name}]`, error))
      .finally(() => this.running.delete(finished));
    this.running.add(finished);
    try {
      return await run.response;
    } catch (error) {
      console.error(`[function ${fn.name}]`, error);
      return crashResponse();
    }
  }
}

/** Loads every function source file of the directory (top level, .ts/.mts/.js/.mjs) once. */
export async function loadFunctionHost(directory: string): Promise<FunctionHost> {
  const names = (await readdir(directory, { withFileTypes: true }))
    .filter((dirent) => dirent.isFile() && FUNCTION_EXTENSIONS.has(extname(dirent.name)))
    .map((dirent) => dirent.name)
    .sort();
  const functions: HostedFunction[] = [];
  for (const fileName of names) {
    const file = join(directory, fileName);
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    functions.push(describeFunctionModule(basename(fileName, extname(fileName)), file, module));
  }
  return new FunctionHost(functions);
}

/** The client address as Netlify reports it: IPv4-mapped IPv6 addresses in their IPv4 form. */
export function normalizeClientIp(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
