// Cron expressions as Netlify's Scheduled Functions read them: five fields (minute, hour, day of
// month, month, day of week) in UTC, with `*`, steps (`*/15`, `0-30/10`), ranges, lists and month/day
// names, and the extensions @yearly, @monthly, @weekly, @daily, @midnight and @hourly (Netlify has no
// @reboot nor @annually). When both day fields are restricted, a day matching either one runs, as in cron.

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldRule {
  name: string;
  min: number;
  max: number;
  /** Names for the values from `min` on. */
  names?: string[];
}

const FIELDS: FieldRule[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES },
  // 7 is Sunday too.
  { name: 'day of week', min: 0, max: 7, names: DAY_NAMES },
];

export interface CronSchedule {
  source: string;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday. */
  daysOfWeek: ReadonlySet<number>;
  /** Whether each day field is restricted (does not start with `*`). */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

export class CronError extends Error {}

function parseValue(text: string, rule: FieldRule, expression: string): number {
  const named = rule.names?.indexOf(text.toLowerCase()) ?? -1;
  const value = named >= 0 ? named + rule.min : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < rule.min || value > rule.max) {
    throw new CronError(`'${expression}': ${rule.name} '${text}' is not between ${rule.min} and ${rule.max}`);
  }
  return value;
}

function parseField(text: string, rule: FieldRule, expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined || range === '') throw new CronError(`'${expression}': ${rule.name} '${part}' is malformed`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!/^\d+$/.test(stepText ?? '1') || step < 1) throw new CronError(`'${expression}': ${rule.name} step '${stepText}' is not a positive number`);
    let from: number;
    let to: number;
    if (range === '*') {
      [from, to] = [rule.min, rule.max];
    } else if (range.includes('-')) {
      const [low = '', high = ''] = range.split('-');
      [from, to] = [parseValue(low, rule, expression), parseValue(high, rule, expression)];
      if (from > to) throw new CronError(`'${expression}': ${rule.name} range '${range}' runs backwards`);
    } else {
      from = parseValue(range, rule, expression);
      to = stepText === undefined ? from : rule.max;
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Parses an expression, or throws a CronError saying what is wrong with it. */
export function parseCron(expression: string): CronSchedule {
  const trimmed = expression.trim();
  const expanded = trimmed.startsWith('@') ? MACROS[trimmed.toLowerCase()] : trimmed;
  if (expanded === undefined) throw new CronError(`'${expression}': unknown macro (use one of ${Object.keys(MACROS).join(', ')})`);
  const fields = expanded.split(/\s+/);
  if (fields.length !== FIELDS.length) throw new CronError(`'${expression}': expected 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`);
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = fields.map((field, index) => parseField(field, FIELDS[index]!, expression)) as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (daysOfWeek.delete(7)) daysOfWeek.add(0);
  return {
    source: expression,
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthRestricted: !fields[2]!.startsWith('*'),
    dayOfWeekRestricted: !fields[4]!.startsWith('*'),
  };
}

function dayMatches(schedule: CronSchedule, time: Date): boolean {
  const byMonthDay = schedule.daysOfMonth.has(time.getUTCDate());
  const byWeekDay = schedule.daysOfWeek.has(time.getUTCDay());
  if (schedule.dayOfMonthRestricted && schedule.dayOfWeekRestricted) return byMonthDay || byWeekDay;
  return byMonthDay && byWeekDay;
}

/** How far ahead a next run is looked for: a schedule with none within it (e.g. 30 February) never runs. */
const SEARCH_YEARS = 5;

/** The first time strictly after `after` (whole minutes, UTC) the schedule runs, or undefined when it never does. */
export function nextRun(schedule: CronSchedule, after: Date): Date | undefined {
  const time = new Date(after.getTime());
  time.setUTCSeconds(0, 0);
  time.setUTCMinutes(time.getUTCMinutes() + 1);
  const limit = after.getTime() + SEARCH_YEARS * 366 * 24 * 60 * 60 * 1000;
  while (time.getTime() <= limit) {
    if (!schedule.months.has(time.getUTCMonth() + 1)) {
      time.setUTCMonth(time.getUTCMonth() + 1, 1);
      time.setUTCHours(0, 0);
    } else if (!dayMatches(schedule, time)) {
      time.setUTCDate(time.getUTCDate() + 1);
      time.setUTCHours(0, 0);
    } else if (!schedule.hours.has(time.getUTCHours())) {
      time.setUTCHours(time.getUTCHours() + 1, 0);
    } else if (!schedule.minutes.has(time.getUTCMinutes())) {
      time.setUTCMinutes(time.getUTCMinutes() + 1);
    } else {
      return time;
    }
  }
  return undefined;
}
