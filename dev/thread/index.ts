/**
 * Runs a local stand-in's server on its own thread, so the runtime's functions and the stand-ins
 * for hosted services (the store, the mail server) do not share one event loop: on Netlify, neither
 * Upstash's nor the SMTP provider's work is the function's. Never deployed.
 */
import { Worker } from 'node:worker_threads';

export interface ThreadServer<Values> {
  /** The started server's plain values (addresses, ports), as it answered them when ready. */
  values: Values;
  /** Asks the server to close, then ends the thread (after 2 s at most). */
  close(): Promise<void>;
}

type FromThread<Values> = { type: 'ready'; values: Values } | { type: 'failed'; message: string } | { type: 'closed' };

/**
 * Calls `start(options)`, an export of `module` answering an object with `close()`, on a new thread.
 * A server that fails to start rejects with "<name> did not start: <its error>".
 */
export async function startOnThread<Values>(module: URL, start: string, options: unknown, name: string): Promise<ThreadServer<Values>> {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { module: module.href, start, options } });
  const messages = (wanted: FromThread<Values>['type'][]) =>
    new Promise<FromThread<Values>>((resolve, reject) => {
      const onMessage = (message: FromThread<Values>) => {
        if (!wanted.includes(message.type)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const started = await messages(['ready', 'failed']);
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(`${name} did not start: ${started.type === 'failed' ? started.message : started.type}`);
  }
  let closing: Promise<void> | undefined;
  return {
    values: started.values,
    close() {
      closing ??= (async () => {
        const closed = messages(['closed']);
        worker.postMessage('close');
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
        await worker.terminate();
      })();
      return closing;
    },
  };
}
