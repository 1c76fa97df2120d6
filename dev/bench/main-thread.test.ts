import { describe, expect, it } from 'vitest';
import { mainThreadCpu, type TraceEvent } from './main-thread';

const PAGE = { pid: 2, tid: 20 };
const OTHER_RENDERER = { pid: 3, tid: 30 };
const COMPOSITOR = { pid: 2, tid: 21 };

function task(thread: { pid: number; tid: number }, dur: number, tdur: number, children: Array<[string, number]> = []): TraceEvent[] {
  return [
    { name: 'RunTask', ph: 'X', ...thread, dur, tdur },
    ...children.map(([name, childTdur]): TraceEvent => ({ name, ph: 'X', ...thread, dur: childTdur * 2, tdur: childTdur })),
  ];
}

const trace: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ...PAGE, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...OTHER_RENDERER, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...COMPOSITOR, args: { name: 'Compositor' } },
  // The page: a long layout task, then two frames; the wall-clock durations are stretched by load.
  ...task(PAGE, 60_000, 25_000, [['UpdateLayoutTree', 5_000], ['Layout', 15_000]]),
  ...task(PAGE, 9_000, 3_000, [['PrePaint', 500], ['Paint', 1_000], ['Commit', 700]]),
  ...task(PAGE, 8_000, 2_000, [['Paint', 800]]),
  // Another renderer (about:blank before the navigation) with fewer tasks, and the compositor.
  ...task(OTHER_RENDERER, 50_000, 50_000, [['Layout', 40_000]]),
  ...task(COMPOSITOR, 4_000, 4_000),
  // A task without thread time (not traced with it) counts for nothing.
  { name: 'RunTask', ph: 'X', ...PAGE, dur: 1_000 },
];

describe('mainThreadCpu', () => {
  it('sums the thread time of the page main thread only: tasks, the longest, rendering work and paints', () => {
    expect(mainThreadCpu(trace)).toEqual({ totalMs: 30, longestTaskMs: 25, renderingMs: 22.3, paints: 2 });
  });

  it('reads an empty trace as no work', () => {
    expect(mainThreadCpu([])).toEqual({ totalMs: 0, longestTaskMs: 0, renderingMs: 0, paints: 0 });
  });
});
