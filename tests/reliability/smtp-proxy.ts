// A fault-injecting TCP proxy between the site's mail transport and the local mail catcher's SMTP
// server. The runtime's SMTP_URL points here, so nodemailer meets each fault as it would meet a
// provider's:
//   pass     forwards every connection to the catcher unchanged
//   refuse   answers the greeting with 554 (service unavailable) and closes
//   refused  nothing listens on the port (connection refused)
//   timeout  accepts connections and never says anything (the transport's greeting timeout)
//   drop     accepts connections and closes them at once (connection dropped)
import { connect, createServer, type Server, type Socket } from 'node:net';
import { FaultProxy, listenOnFreePort } from './fault-proxy';

export type SmtpFaultMode = 'pass' | 'refuse' | 'refused' | 'timeout' | 'drop';

export class SmtpFaultProxy extends FaultProxy<SmtpFaultMode> {
  /** Connections that reached the proxy per mode (refused ones never do). */
  readonly seen: Record<SmtpFaultMode, number> = { pass: 0, refuse: 0, refused: 0, timeout: 0, drop: 0 };

  private constructor(
    server: Server,
    port: number,
    private readonly targetPort: number,
  ) {
    super(server, port, 'pass');
  }

  static async start(targetPort: number): Promise<SmtpFaultProxy> {
    let proxy: SmtpFaultProxy | undefined;
    const server = createServer((socket) => proxy!.accept(socket));
    proxy = new SmtpFaultProxy(server, await listenOnFreePort(server), targetPort);
    return proxy;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  private accept(socket: Socket): void {
    this.seen[this.mode] += 1;
    socket.on('error', () => undefined);
    if (this.mode === 'drop') {
      socket.destroy();
      return;
    }
    this.track(socket);
    if (this.mode === 'refuse') {
      socket.end('554 5.3.2 Service unavailable, try again later\r\n');
      return;
    }
    if (this.mode === 'timeout') return;
    const upstream = connect(this.targetPort, '127.0.0.1');
    this.sockets.add(upstream);
    upstream.on('error', () => socket.destroy());
    upstream.once('close', () => {
      this.sockets.delete(upstream);
      socket.destroy();
    });
    socket.once('close', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  }
}
