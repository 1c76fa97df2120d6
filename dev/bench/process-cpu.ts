// CPU time another process has used, read from Linux's /proc: the whole process (every thread) and
// its main thread alone (a Node process's JavaScript event loop). Steadier than requests per second
// on a shared machine, where other processes take the cores for part of a timed run.
import { readFile } from 'node:fs/promises';

export interface ProcessCpu {
  /** Milliseconds of user + system time, all threads. */
  processMs: number;
  /** Milliseconds of user + system time of the main thread. */
  mainThreadMs: number;
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux for every architecture). */
const TICKS_PER_SECOND = 100;

/** utime + stime of one /proc stat line, in milliseconds (the fields after the command's closing parenthesis). */
export function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The CPU time of `pid` so far; null where /proc cannot be read (not Linux). */
export async function processCpu(pid: number): Promise<ProcessCpu | null> {
  try {
    const [whole, main] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8')]);
    return { processMs: statCpuMs(whole), mainThreadMs: statCpuMs(main) };
  } catch {
    return null;
  }
}
