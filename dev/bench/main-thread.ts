// The main thread's CPU time over a page load, read from a Chrome trace (Lighthouse's).
//
// Lighthouse's Total Blocking Time comes from wall-clock task lengths, which a busy machine stretches:
// a task that waited for a core looks as long as one that worked. Trace events also carry `tdur`, the
// time the thread actually ran, which the machine's load barely changes: the figures here are what the
// page makes the browser do, comparable between runs on a quiet and a busy machine.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadCpu {
  /** CPU time of every task on the page's renderer main thread, in ms. */
  totalMs: number;
  /** CPU time of its longest task, in ms. */
  longestTaskMs: number;
  /** Style, layout and paint work (recalculation, layout, pre-paint, paint), in ms. */
  renderingMs: number;
  /** How many times the main thread painted: one or more per frame it produced. */
  paints: number;
}

const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint']);

/** The page's main thread: of the renderer main threads in the trace, the one that ran the most tasks. */
function pageMainThread(events: readonly TraceEvent[]): string | undefined {
  const mains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const tasks = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name === 'RunTask' && mains.has(thread)) tasks.set(thread, (tasks.get(thread) ?? 0) + 1);
  }
  return [...tasks].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function mainThreadCpu(events: readonly TraceEvent[]): MainThreadCpu {
  const thread = pageMainThread(events);
  const own = events.filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === thread && event.tdur !== undefined);
  const tasks = own.filter((event) => event.name === 'RunTask').map((event) => event.tdur ?? 0);
  const ms = (microseconds: number) => microseconds / 1000;
  return {
    totalMs: ms(tasks.reduce((sum, tdur) => sum + tdur, 0)),
    longestTaskMs: ms(Math.max(0, ...tasks)),
    renderingMs: ms(own.filter((event) => RENDERING.has(event.name)).reduce((sum, event) => sum + (event.tdur ?? 0), 0)),
    paints: own.filter((event) => event.name === 'Paint').length,
  };
}
