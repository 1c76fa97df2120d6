// The one way the local tools and the tests pick a port: plain JavaScript, so TypeScript modules,
// the test runners and a bare `node` (tests/support/free-port.mjs, run from configs) all share it.
import { createServer } from 'node:net';

/**
 * A TCP port that was free on 127.0.0.1 a moment ago (bound to port 0, then released). Nothing
 * listens on it afterwards, so it also serves as an address that refuses connections.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
