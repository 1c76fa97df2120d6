// What the fault-injecting proxies of the reliability suite share: a server on a loopback port whose
// fault mode can be switched mid-run. The mode 'refused' closes the port (connection refused); every
// switch closes the open connections, so none carries the previous mode over.
import type { Server, Socket } from 'node:net';

/** Listens on a free loopback port; answers the port. */
export async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

export abstract class FaultProxy<Mode extends string> {
  protected mode: Mode;
  protected readonly sockets = new Set<Socket>();
  private listening = true;

  protected constructor(
    protected readonly server: Server,
    readonly port: number,
    initial: Mode,
  ) {
    this.mode = initial;
  }

  get currentMode(): Mode {
    return this.mode;
  }

  /** Switches the fault; open connections are closed so none carries the previous mode over. */
  async setMode(mode: Mode): Promise<void> {
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

  /** Keeps a connection to close on the next switch. */
  protected track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
