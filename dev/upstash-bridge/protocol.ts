// The Upstash REST wire format: a command is a JSON array of arguments, a reply is `{ result }` or
// `{ error }` JSON, strings base64-encoded when the client asks for it (Upstash-Encoding: base64).
type Json = string | number | null | Json[];

/** A request the bridge answers with this status and `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Redis (or the connection to it) is not available. */
export class UnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, `Service Unavailable: Redis is unreachable (${describe(cause)})`);
  }
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}

function toArg(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return 'null';
  return JSON.stringify(value);
}

export function parseCommand(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(400, 'ERR a command must be a non-empty JSON array');
  }
  return value.map(toArg);
}

/** A list of commands (a pipeline or a transaction); `what` names it in the error. */
export function parseCommands(value: unknown, what: string): string[][] {
  if (!Array.isArray(value) || value.length === 0) throw new HttpError(400, `ERR ${what} must be a non-empty array of commands`);
  return value.map(parseCommand);
}

/**
 * Converts a node-redis RESP2 reply into the JSON Upstash answers. With base64 encoding every string
 * is base64-encoded except a top-level "OK": @upstash/redis leaves a top-level "OK" as is but
 * base64-decodes every string inside arrays (so a nested "OK" must be encoded like any other).
 */
export function encodeReply(reply: unknown, base64: boolean, nested = false): Json {
  if (reply === null || reply === undefined) return null;
  if (Buffer.isBuffer(reply)) {
    if (!base64) return reply.toString('utf8');
    return !nested && reply.length === 2 && reply[0] === 0x4f && reply[1] === 0x4b ? 'OK' : reply.toString('base64');
  }
  if (typeof reply === 'string') {
    return base64 && (nested || reply !== 'OK') ? Buffer.from(reply, 'utf8').toString('base64') : reply;
  }
  if (typeof reply === 'number') return reply;
  if (typeof reply === 'bigint') return Number(reply);
  if (typeof reply === 'boolean') return reply ? 1 : 0;
  if (reply instanceof Error) return encodeReply(reply.message, base64, nested);
  if (Array.isArray(reply)) return reply.map((item) => encodeReply(item, base64, true));
  return null; // maps/sets only exist in RESP3; Upstash's client turns objects into null anyway.
}
