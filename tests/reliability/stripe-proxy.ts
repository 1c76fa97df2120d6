// A fault-injecting HTTP proxy between the site's functions and the Stripe emulator. The runtime's
// STRIPE_API_BASE points here, so its real Stripe SDK client meets each fault as it would meet Stripe's:
//   pass     forwards every request to the emulator unchanged
//   error500 answers 500 with Stripe's error body ({ error: { type: 'api_error', message } })
//   refused  nothing listens on the port (connection refused)
//   reset    accepts connections and closes them at once, before any answer (connection reset)
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { FaultProxy, listenOnFreePort } from './fault-proxy';

export type StripeFaultMode = 'pass' | 'error500' | 'refused' | 'reset';

export class StripeFaultProxy extends FaultProxy<StripeFaultMode> {
  /** Requests that reached the proxy per mode (refused connections never do). */
  readonly seen: Record<StripeFaultMode, number> = { pass: 0, error500: 0, refused: 0, reset: 0 };

  private constructor(
    server: Server,
    port: number,
    private readonly target: URL,
  ) {
    super(server, port, 'pass');
  }

  static async start(target: string): Promise<StripeFaultProxy> {
    let proxy: StripeFaultProxy | undefined;
    const server = createServer((req, res) => proxy!.handle(req, res));
    server.keepAliveTimeout = 5_000;
    server.on('connection', (socket: Socket) => proxy!.accept(socket));
    proxy = new StripeFaultProxy(server, await listenOnFreePort(server), new URL(target));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private accept(socket: Socket): void {
    if (this.mode === 'reset') {
      this.seen.reset += 1;
      socket.destroy();
      return;
    }
    this.track(socket);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const mode = this.mode;
    this.seen[mode] += 1;
    if (mode === 'error500') {
      req.resume();
      req.once('end', () => {
        const body = JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (injected by the reliability suite).' } });
        res.writeHead(500, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'request-id': 'req_injected' });
        res.end(body);
      });
      return;
    }
    const upstream = httpRequest(
      { host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers: { ...req.headers, host: this.target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', () => res.destroy());
    req.pipe(upstream);
  }
}
