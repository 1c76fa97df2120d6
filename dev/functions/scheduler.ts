// Netlify's Scheduled Functions in the local runtime: every function with a `config.schedule` is
// called at each time its cron expression names (UTC), while `npm start` runs, and on demand
// (`npm run schedule -- <name>`, through the runtime's control endpoint). Each call is the one Netlify
// makes (FunctionHost.trigger); its answer is only logged, as Netlify only logs it.
import type { FunctionHost, HostedFunction } from '../function-host';
import { nextRun, parseCron, type CronSchedule } from './cron';

/** What a run reports: the function's status, how long it took, and when it runs next. */
export interface ScheduledRun {
  function: string;
  status: number;
  ms: number;
  nextRun: string | undefined;
}

export interface SchedulerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/** Timers are re-armed at most this far ahead (Node's timers overflow past 24.8 days). */
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

export class UnknownScheduledFunctionError extends Error {}

interface Entry {
  fn: HostedFunction;
  cron: CronSchedule;
  timer?: unknown;
}

export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private running = false;

  /** Parses every schedule now, so a malformed expression stops the runtime at start, naming the function. */
  constructor(
    private readonly host: FunctionHost,
    private readonly origin: string,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
    private readonly clock: SchedulerClock = systemClock,
  ) {
    for (const fn of host.scheduled()) {
      try {
        this.entries.set(fn.name, { fn, cron: parseCron(fn.schedule!) });
      } catch (error) {
        throw new Error(`${fn.name}: config.schedule ${(error as Error).message}`);
      }
    }
  }

  /** The scheduled functions with their expressions and next runs. */
  list(): Array<{ function: string; schedule: string; nextRun: string | undefined }> {
    return [...this.entries.values()].map(({ fn, cron }) => ({ function: fn.name, schedule: cron.source, nextRun: this.next(cron)?.toISOString() }));
  }

  /** Starts calling every scheduled function at its times. */
  start(): void {
    this.running = true;
    for (const entry of this.entries.values()) this.arm(entry);
  }

  stop(): void {
    this.running = false;
    for (const entry of this.entries.values()) this.clock.clearTimeout(entry.timer);
  }

  /** Calls a scheduled function now, as Netlify would at its next time; throws UnknownScheduledFunctionError for a name that is none. */
  async run(name: string): Promise<ScheduledRun> {
    const entry = this.entries.get(name);
    if (!entry) {
      const known = [...this.entries.keys()].join(', ') || 'none';
      throw new UnknownScheduledFunctionError(`no scheduled function named '${name}' (scheduled functions: ${known})`);
    }
    return this.call(entry);
  }

  private next(cron: CronSchedule): Date | undefined {
    return nextRun(cron, new Date(this.clock.now()));
  }

  /** Sets the timer for the first run after `after` (now by default). */
  private arm(entry: Entry, after = new Date(this.clock.now())): void {
    const due = nextRun(entry.cron, after);
    if (!this.running || !due) return;
    const wait = due.getTime() - this.clock.now();
    entry.timer = this.clock.setTimeout(
      () => {
        if (wait > LONGEST_WAIT_MS) this.arm(entry, after);
        // A timer may fire a little early: the next run is the one after `due`, never `due` again.
        else {
          void this.call(entry, due)
            .catch((error: unknown) => this.log(`[schedule] ${entry.fn.name}: ${(error as Error).message}`))
            .finally(() => this.arm(entry, new Date(Math.max(due.getTime(), this.clock.now()))));
        }
      },
      Math.min(wait, LONGEST_WAIT_MS),
    );
  }

  /** Calls the function for its run at `at`, telling it the run after that. */
  private async call(entry: Entry, at = new Date(this.clock.now())): Promise<ScheduledRun> {
    const started = this.clock.now();
    const following = nextRun(entry.cron, at) ?? at;
    const response = await this.host.trigger(entry.fn, this.origin, following);
    await response.body?.cancel().catch(() => {});
    const run = { function: entry.fn.name, status: response.status, ms: this.clock.now() - started, nextRun: following.toISOString() };
    this.log(`[schedule] ${run.function}: ${run.status} in ${run.ms} ms; next run ${run.nextRun}`);
    return run;
  }
}
