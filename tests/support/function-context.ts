// The context the local runtime hands a function for a request: the route parameters of its
// config.path, matched the way dev/function-host.ts (and Netlify) match them.
import type { Config } from '@netlify/functions';
import { compileRoutePattern, matchRoutePattern } from '../../dev/function-host';
import type { FunctionContext } from '../../src/shared/server/request';

export function functionContext(config: Config, request: Request, extra: Omit<FunctionContext, 'params'> = {}): FunctionContext {
  const pathname = new URL(request.url).pathname;
  const paths = typeof config.path === 'string' ? [config.path] : (config.path ?? []);
  for (const path of paths) {
    const params = matchRoutePattern(compileRoutePattern(path, 'test'), pathname);
    if (params) return { ...extra, params };
  }
  throw new Error(`${pathname} matches none of ${paths.join(', ')}`);
}

/** The function as the local runtime calls it: with the route parameters its config.path matches. */
export function routed(
  fn: (request: Request, context?: FunctionContext) => Promise<Response>,
  config: Config,
): (request: Request, extra?: Omit<FunctionContext, 'params'>) => Promise<Response> {
  return (request, extra) => fn(request, functionContext(config, request, extra));
}
