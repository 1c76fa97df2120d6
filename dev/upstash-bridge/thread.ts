/**
 * Runs the Upstash REST bridge on its own thread, so the local runtime's functions and the stand-in
 * for the hosted store do not share one event loop (on Netlify, Upstash's work is not the function's).
 * Same options and the same URL/token as startUpstashBridge. Never deployed.
 */
import { Worker } from 'node:worker_threads';
import type { UpstashBridgeOptions } from './index';

export interface UpstashBridgeThread {
  url: string;
  token: string;
  close(): Promise<void>;
}

type FromBridge = { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'closed' };

export async function startUpstashBridgeThread(opts: UpstashBridgeOptions): Promise<UpstashBridgeThread> {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: opts });
  const messages = (wanted: FromBridge['type'][]) =>
    new Promise<FromBridge>((resolve, reject) => {
      const onMessage = (message: FromBridge) => {
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
    throw new Error(`the Upstash bridge did not start: ${started.type === 'failed' ? started.message : started.type}`);
  }
  let closing: Promise<void> | undefined;
  return {
    url: started.url,
    token: opts.token,
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
