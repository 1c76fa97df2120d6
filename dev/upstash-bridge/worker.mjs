// Worker entry of dev/upstash-bridge/thread.ts: plain JavaScript, because a worker does not inherit
// the parent's TypeScript loader (`--import tsx`); it registers tsx itself, then loads the bridge.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

try {
  const { startUpstashBridge } = await import('./index.ts');
  const bridge = await startUpstashBridge(workerData);
  parentPort.on('message', async (message) => {
    if (message !== 'close') return;
    await bridge.close().catch(() => {});
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  });
  parentPort.postMessage({ type: 'ready', url: bridge.url });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
