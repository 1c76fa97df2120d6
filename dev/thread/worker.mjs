// Worker entry of dev/thread/index.ts: plain JavaScript, because a worker does not inherit the
// parent's TypeScript loader (`--import tsx`); it registers tsx itself, then starts the server.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

/** What crosses to the parent: the started server's plain values (its address), not its methods. */
const plainValues = (started) => Object.fromEntries(Object.entries(started).filter(([, value]) => typeof value !== 'function'));

try {
  const module = await import(workerData.module);
  const started = await module[workerData.start](workerData.options);
  parentPort.on('message', async (message) => {
    if (message !== 'close') return;
    await started.close().catch(() => {});
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  });
  parentPort.postMessage({ type: 'ready', values: plainValues(started) });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
