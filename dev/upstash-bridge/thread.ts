/**
 * Runs the Upstash REST bridge on its own thread (dev/thread), so the local runtime's functions and
 * the stand-in for the hosted store do not share one event loop. Same options and the same URL/token
 * as startUpstashBridge. Never deployed.
 */
import { startOnThread } from '../thread/index';
import type { UpstashBridgeOptions } from './index';

export interface UpstashBridgeThread {
  url: string;
  token: string;
  close(): Promise<void>;
}

export async function startUpstashBridgeThread(opts: UpstashBridgeOptions): Promise<UpstashBridgeThread> {
  const thread = await startOnThread<{ url: string }>(new URL('./index.ts', import.meta.url), 'startUpstashBridge', opts, 'the Upstash bridge');
  return { url: thread.values.url, token: opts.token, close: thread.close };
}
