/**
 * The local runtime's function host: every file in netlify/functions loaded once and kept warm, as a
 * deployed Netlify Function instance is, and each request routed to the function whose `config.path`
 * (and `config.method`, when set) matches it. NetlifyDev's own function serving builds the function
 * into a fresh directory and starts a new worker for every call (about 0.5–3 s each on this machine),
 * which says nothing about how the functions behave or perform once deployed.
 *
 * Routing follows Netlify's rules for the patterns this project uses: literal segments, `:name`
 * segments (handed to the function as `context.params`) and a trailing `*`; a function without a
 * path answers at /.netlify/functions/{name}. Anything else in a path is refused at start, naming the
 * file, rather than silently never matching.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTION_SECURITY_HEADERS } from '../src/security/headers';

/** What a function receives as its second argument here: the subset of Netlify's Context the site reads. */
export interface LocalFunctionContext {
  ip: string;
  params: Record<string, string>;
  requestId: string;
}

export type FunctionEntry = (request: Request, context: LocalFunctionContext) => Response | Promise<Response>;

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
  entry: FunctionEntry;
}

export interface FunctionMatch {
  fn: HostedFunction;
  params: Record<string, string>;
}

const FUNCTION_EXTENSIONS = new Set(['.ts', '.mts', '.js', '.mjs']);

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
      if (part === '') return undefined;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return undefined;
      }
    } else if (segment !== part) {
      return undefined;
    }
  }
  return parts.length === pattern.segments.length ? params : undefined;
}

function asStringList(value: unknown, what: string, file: string): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.some((item) => typeof item !== 'string')) throw new Error(`${file}: config.${what} must be a string or an array of strings`);
  return list as string[];
}

/** Reads a loaded function module into a HostedFunction, or throws naming the file. */
export function describeFunctionModule(name: string, file: string, module: Record<string, unknown>): HostedFunction {
  const entry = module['default'];
  if (typeof entry !== 'function') throw new Error(`${file}: a function must export a default handler`);
  const config = (module['config'] ?? {}) as Record<string, unknown>;
  const paths = asStringList(config['path'], 'path', file);
  const patterns = (paths.length > 0 ? paths : [`/.netlify/functions/${name}`]).map((path) => compileRoutePattern(path, file));
  return {
    name,
    file,
    patterns,
    methods: asStringList(config['method'], 'method', file).map((method) => method.toUpperCase()),
    preferStatic: config['preferStatic'] === true,
    entry: entry as FunctionEntry,
  };
}

export class FunctionHost {
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
        if (params) return { fn, params };
      }
    }
    return undefined;
  }

  /**
   * Runs the matched function. The client's address is set as Netlify sets it (context.ip and the
   * x-nf-client-connection-ip header, never taken from what the client sent). A function that throws
   * gets Netlify's answer to a crashed function: a 500, with the error logged here and not sent.
   */
  async invoke(found: FunctionMatch, request: Request, clientIp: string): Promise<Response> {
    const requestId = randomUUID();
    request.headers.set('x-nf-client-connection-ip', clientIp);
    request.headers.set('x-nf-request-id', requestId);
    try {
      return await found.fn.entry(request, { ip: clientIp, params: found.params, requestId });
    } catch (error) {
      console.error(`[function ${found.fn.name}]`, error);
      return new Response(JSON.stringify({ error: 'The function failed to answer.' }), {
        status: 500,
        headers: { ...FUNCTION_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
  }
}

/** Loads every function file of the directory (top level, .ts/.mts/.js/.mjs) once. */
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
