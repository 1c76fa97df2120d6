// The bridge's connections to Redis: one shared connection for ordinary commands (node-redis writes
// concurrent commands back to back on it), and dedicated ones for blocking commands, a few of which
// are kept idle for reuse. A dropped connection is replaced on the next command.
import { createClient, ErrorReply, RESP_TYPES } from 'redis';
import { UnavailableError } from './protocol';

const CONNECT_TIMEOUT_MS = 1500;
const MAX_IDLE_DEDICATED = 4;

/** The subset of the node-redis client this bridge uses. */
export interface RawClient {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy(): void;
  sendCommand(args: ReadonlyArray<string>): Promise<unknown>;
  multi(): { addCommand(args: ReadonlyArray<string>): unknown; exec(): Promise<unknown[]> };
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Sends one command; rejects with Redis's ErrorReply, or UnavailableError when the connection fails. */
export async function send(client: RawClient, args: string[]): Promise<unknown> {
  try {
    return await client.sendCommand(args);
  } catch (error) {
    if (error instanceof ErrorReply) throw error;
    throw new UnavailableError(error);
  }
}

export class RedisConnections {
  private readonly clients = new Set<RawClient>();
  private readonly idle: RawClient[] = [];
  private sharedClient: RawClient | undefined;
  private connecting: Promise<RawClient> | undefined;
  private closed = false;

  constructor(private readonly redisUrl: string) {}

  /** The shared connection, (re)connected when needed. */
  async shared(): Promise<RawClient> {
    if (this.sharedClient?.isReady) return this.sharedClient;
    if (!this.connecting) {
      if (this.sharedClient) this.dispose(this.sharedClient);
      this.sharedClient = undefined;
      this.connecting = this.connectNew()
        .then((client) => (this.sharedClient = client))
        .finally(() => {
          this.connecting = undefined;
        });
    }
    return this.connecting;
  }

  /** Runs `work` on a connection of its own (an idle one when there is one). */
  async withDedicated<T>(work: (client: RawClient) => Promise<T>): Promise<T> {
    let client: RawClient | undefined;
    while (!client && this.idle.length > 0) {
      const candidate = this.idle.pop()!;
      if (candidate.isReady) client = candidate;
      else this.dispose(candidate);
    }
    client ??= await this.connectNew();
    try {
      return await work(client);
    } finally {
      if (!this.closed && client.isReady && this.idle.length < MAX_IDLE_DEDICATED) this.idle.push(client);
      else this.dispose(client);
    }
  }

  /** Ends every connection; later commands fail as unavailable. */
  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    for (const client of [...this.clients]) this.dispose(client);
    this.idle.length = 0;
    this.sharedClient = undefined;
  }

  private async connectNew(): Promise<RawClient> {
    if (this.closed) throw new UnavailableError(new Error('bridge closed'));
    const client = createClient({
      url: this.redisUrl,
      RESP: 2,
      disableOfflineQueue: true,
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false },
    }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }) as unknown as RawClient;
    client.on('error', () => {
      // Connection errors surface on the commands (503); a dropped connection is replaced lazily.
    });
    this.clients.add(client);
    try {
      await client.connect();
    } catch (error) {
      this.dispose(client);
      throw new UnavailableError(error);
    }
    if (this.closed) {
      this.dispose(client);
      throw new UnavailableError(new Error('bridge closed'));
    }
    return client;
  }

  private dispose(client: RawClient): void {
    this.clients.delete(client);
    try {
      client.destroy();
    } catch {
      // already closed
    }
  }
}
