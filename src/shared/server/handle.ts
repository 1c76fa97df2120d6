/**
 * The wrapper every function runs in: method check (405 with Allow), and errors turned into JSON
 * answers a visitor can act on. Internal text never leaves the server; the real error is logged.
 */
import { jsonError, methodNotAllowed, withSecurityHeaders } from './http';
import { HttpError, type FunctionContext } from './request';
import { StoreUnavailableError, StoreUnconfiguredError } from './store';
import { isStripeError, PaymentsUnconfiguredError } from '../payments/payment-errors';

export const STORE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few minutes.';
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Payment service is unavailable. Please try again in a few minutes.';
export const PAYMENTS_UNCONFIGURED_MESSAGE = 'Online payments are not available right now. Please call us to complete your purchase.';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export type FunctionHandler = (request: Request, context?: FunctionContext) => Promise<Response>;

/** Maps any thrown error to its answer. */
export function errorResponse(error: unknown, extraHeaders: Record<string, string> = {}): Response {
  if (error instanceof HttpError) return jsonError(error.status, error.message, error.extra, { ...extraHeaders, ...error.headers });
  if (error instanceof StoreUnconfiguredError) {
    console.error('[store]', error.message);
    return jsonError(503, STORE_UNAVAILABLE_MESSAGE, {}, { ...extraHeaders, 'Retry-After': '60' });
  }
  if (error instanceof StoreUnavailableError) {
    console.error('[store]', error, error.cause ?? '');
    return jsonError(503, STORE_UNAVAILABLE_MESSAGE, {}, { ...extraHeaders, 'Retry-After': '60' });
  }
  if (error instanceof PaymentsUnconfiguredError) {
    console.error('[stripe]', error.message);
    return jsonError(503, PAYMENTS_UNCONFIGURED_MESSAGE, {}, extraHeaders);
  }
  if (isStripeError(error)) {
    console.error('[stripe]', error.type, error.statusCode ?? '', error.message);
    return jsonError(502, PAYMENTS_UNAVAILABLE_MESSAGE, {}, extraHeaders);
  }
  console.error('[function]', error);
  return jsonError(500, INTERNAL_ERROR_MESSAGE, {}, extraHeaders);
}

/** Headers to add to every answer of a function, its errors included. */
export type AnswerHeaders = Readonly<Record<string, string>>;

export interface HandleOptions {
  /** Added to every answer, errors included (admin answers: no-store, Vary: Cookie). */
  headers?: AnswerHeaders;
  /** Runs before the work; what it throws is answered like the work's own errors. */
  guard?: (request: Request) => void | Promise<void>;
}

/**
 * Wraps a function body: refuses other methods (405 with Allow), runs the guard, maps errors, and
 * sets the security headers on every answer. A HEAD request, where HEAD is listed, runs the GET work
 * and answers its status and headers without the body.
 */
export function handle(
  methods: readonly string[],
  work: (request: Request, context: FunctionContext) => Promise<Response>,
  options: HandleOptions = {},
): FunctionHandler {
  const extra = options.headers ?? {};
  return async (request, context) => {
    if (!methods.includes(request.method)) return methodNotAllowed(methods);
    const head = request.method === 'HEAD';
    try {
      await options.guard?.(request);
      const answer = withSecurityHeaders(await work(head ? new Request(request, { method: 'GET' }) : request, context ?? {}), extra);
      return head ? new Response(null, { status: answer.status, statusText: answer.statusText, headers: answer.headers }) : answer;
    } catch (error) {
      return errorResponse(error, { ...extra });
    }
  };
}
