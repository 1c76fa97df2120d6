// A bundled function runs behind Netlify's bootstrap (___netlify-bootstrap.mjs in every bundle): the
// adapter that turns a Lambda invocation into the v2 API's Request and Context (client IP, request id,
// route parameters, cookies, waitUntil) and streams the Response back through AWS Lambda's response
// streaming. This module plays the Lambda side for the local runtime and the cold-start benchmark: the
// `awslambda` global the bootstrap expects, the event Netlify's edge sends, and the streamed answer
// turned back into a Response. Plain JavaScript so a bare `node` can load it (dev/bench/cold-start-probe.mjs).
import { PassThrough } from 'node:stream';

/** Answers that never have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A Lambda response stream: the bootstrap sets the status and headers once (HttpResponseStream.from),
 * then writes the body and ends it.
 */
class ResponseStream extends PassThrough {
  constructor() {
    super();
    /** @type {(metadata: LambdaResponseMetadata) => void} */
    this.answer = () => {};
    /** @type {Promise<LambdaResponseMetadata>} */
    this.metadata = new Promise((resolve) => {
      this.answer = resolve;
    });
  }
}

/**
 * @typedef {{ statusCode: number, headers?: Record<string, string | number | boolean>, multiValueHeaders?: Record<string, ReadonlyArray<string | number | boolean>> }} LambdaResponseMetadata
 * @typedef {(event: object, responseStream: ResponseStream, context: object) => Promise<void>} StreamingHandler
 */

/**
 * Defines the `awslambda` global of AWS Lambda's Node runtime, the part Netlify's bootstrap uses. It
 * replaces the one @netlify/dev's lambda-local defines for its own function serving, which the local
 * runtime turns off.
 */
export function installLambdaStreaming() {
  const global = /** @type {Record<string, unknown>} */ (globalThis);
  global['awslambda'] = {
    /** @param {StreamingHandler} handler */
    streamifyResponse: (handler) => handler,
    HttpResponseStream: {
      /** @param {ResponseStream} stream @param {LambdaResponseMetadata} metadata */
      from(stream, metadata) {
        stream.answer(metadata);
        return stream;
      },
    },
  };
}

/**
 * The Lambda event Netlify's edge sends for a request: the body base64-encoded (exact bytes), and the
 * `config.path` pattern that matched (the bootstrap derives `context.params` from it).
 * @param {Request} request @param {string | undefined} route
 */
export async function lambdaEvent(request, route) {
  const url = new URL(request.url);
  /** @type {Record<string, string>} */
  const headers = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await request.arrayBuffer());
  return {
    rawUrl: url.href,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    body: body.length > 0 ? body.toString('base64') : undefined,
    isBase64Encoded: body.length > 0,
    route,
  };
}

/**
 * The Response the bootstrap streamed. Its own platform headers (x-nf-*: invocation metadata, start
 * timestamp) are for Netlify's edge, which removes them: so are they here.
 * @param {LambdaResponseMetadata} metadata @param {ResponseStream} stream @param {() => void} onCancel
 */
function toResponse(metadata, stream, onCancel) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(metadata.headers ?? {})) headers.set(name, String(value));
  for (const [name, values] of Object.entries(metadata.multiValueHeaders ?? {})) {
    for (const value of values) headers.append(name, String(value));
  }
  for (const name of [...headers.keys()]) if (name.startsWith('x-nf-')) headers.delete(name);
  if (NULL_BODY_STATUSES.has(metadata.statusCode)) {
    stream.resume();
    return new Response(null, { status: metadata.statusCode, headers });
  }
  const chunks = stream[Symbol.asyncIterator]();
  const body = new ReadableStream(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
      },
      cancel() {
        onCancel();
        stream.destroy();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: metadata.statusCode, headers });
}

/**
 * Invokes a handler of Netlify's bootstrap (`getLambdaHandler(...)`) as Lambda would. `response`
 * settles once the function has answered (rejects when it threw first); `finished` once the invocation
 * ends: body written and every `context.waitUntil` promise settled, as the bootstrap waits for them.
 * `finished` rejects with a failure that happened after the answer, unless the client had gone.
 * @param {StreamingHandler} handler @param {Request} request
 * @param {{ route: string | undefined, requestId: string, timeoutMs: number }} call
 * @returns {{ response: Promise<Response>, finished: Promise<void> }}
 */
export function invokeLambdaHandler(handler, request, call) {
  const stream = new ResponseStream();
  const deadline = Date.now() + call.timeoutMs;
  const context = {
    awsRequestId: call.requestId,
    callbackWaitsForEmptyEventLoop: true,
    clientContext: {},
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
  let answered = false;
  let clientGone = false;
  const invocation = lambdaEvent(request, call.route).then((event) => handler(event, stream, context));
  /** @type {Promise<Response>} */
  const response = new Promise((resolve, reject) => {
    void stream.metadata.then((metadata) => {
      answered = true;
      resolve(toResponse(metadata, stream, () => (clientGone = true)));
    });
    invocation.then(
      () => (answered ? undefined : reject(new Error('the function ended without answering'))),
      (error) => (answered ? undefined : reject(error)),
    );
  });
  const finished = invocation.then(
    () => undefined,
    (error) => {
      if (answered && !clientGone) throw error;
    },
  );
  return { response, finished };
}
