// A fault-injecting TCP proxy between the site's mail transport and the local mail catcher's SMTP
// server. The runtime's SMTP_URL points here, so nodemailer meets each fault as it would meet a
// provider's:
//   pass     forwards every connection to the catcher unchanged
//   refuse   answers the greeting with 554 (service unavailable) and closes
//   refused  nothing listens on the port (connection refused)
//   timeout  accepts connections and never says anything (the transport's greeting timeout)
//   drop     accepts connections and closes them at once (connection dropped)
import { connect, createServer, type Server, type Socket } from 'node:net';

export type SmtpFaultMode = 'pass' | 'refuse' | 'refused' | 'timeout' | 'drop';

export class SmtpFaultProxy {
  private mode: SmtpFaultMode = 'pass';
  private readonly sockets = new Set<Socket>();
  private listening = true;
  /** Connections that reached the proxy per mode (refused ones never do). */
  readonly seen: Record<SmtpFaultMode, number> = { pass: 0, refuse: 0, refused: 0, timeout: 0, drop: 0 };

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort: number): Promise<SmtpFaultProxy> {
    let proxy: SmtpFaultProxy | undefined;
    const server = createServer((socket) => proxy!.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    proxy = new SmtpFaultProxy(server, typeof address === 'object' && address ? address.port : 0, targetPort);
    return proxy;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Switches the fault; open connections are closed so none carries the previous mode over. */
  async setMode(mode: SmtpFaultMode): Promise<void> {
    this.mode = mode;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (mode === 'refused' && this.listening) {
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
      this.listening = false;
    } else if (mode !== 'refused' && !this.listening) {
      await new Promise<void>((resolve, reject) => {
        this.server.once('error', reject);
        this.server.listen(this.port, '127.0.0.1', () => {
          this.server.off('error', reject);
          resolve();
        });
      });
      this.listening = true;
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.listening = false;
  }

  private accept(socket: Socket): void {
    this.seen[this.mode] += 1;
    socket.on('error', () => undefined);
    if (this.mode === 'drop') {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
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
