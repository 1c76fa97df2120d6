// Stripe's error answer: {"error": {"type", "code", "message", "param", "doc_url"}} with its status.
export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'idempotency_error' | 'card_error' | 'rate_limit_error';

export class StripeApiError extends Error {
  readonly type: StripeErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    options: { type?: StripeErrorType; code?: string; param?: string } = {},
  ) {
    super(message);
    this.type = options.type ?? 'invalid_request_error';
    this.code = options.code;
    this.param = options.param;
  }

  body(requestId: string): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) {
      error['code'] = this.code;
      error['doc_url'] = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.param) error['param'] = this.param;
    error['request_log_url'] = `https://dashboard.stripe.com/test/logs/${requestId}`;
    return { error };
  }
}

/** 404 for an unknown id: "No such customer: 'cus_123'". */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
}

/** The stored object with this id, or Stripe's 404 for it. */
export function existing<T>(objects: ReadonlyMap<string, T>, kind: string, id: string, param = 'id'): T {
  const found = objects.get(id);
  if (found === undefined) throw noSuch(kind, id, param);
  return found;
}
