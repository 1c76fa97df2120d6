// Listening on and closing a local HTTP server: shared by the local runtime, the Upstash bridge and
// the Stripe emulator. Never deployed.
import type { Server } from 'node:http';

/** Starts listening; resolves with the port (the chosen one when `port` is 0), rejects on EADDRINUSE etc. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** The address clients use: IPv6 hosts in brackets, and the wildcard 0.0.0.0 reached at 127.0.0.1. */
export function serverUrl(host: string, port: number): string {
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return `http://${urlHost}:${port}`;
}

/** Stops accepting, ends open (keep-alive) connections and resolves once the server is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
