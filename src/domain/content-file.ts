import type { z } from 'zod';

/** A field of a content file: "src/content/site.json" and "rates.items" ("" for the file as a whole). */
export interface ContentPlace {
  file: string;
  field: string;
}

/**
 * Something wrong in the content: every place it involves (the file that states the rule first, then
 * the files it refers to, so an edit to either one is refused naming its own field) and what is wrong.
 */
export interface ContentProblem {
  places: readonly [ContentPlace, ...ContentPlace[]];
  message: string;
}

/** A problem at `place`, also involving `others`. */
export function contentProblem(message: string, place: ContentPlace, ...others: ContentPlace[]): ContentProblem {
  return { places: [place, ...others], message };
}

interface ProblemBlock {
  file: string;
  problems: readonly string[];
}

/** Raised when a content file staff edited does not match its schema or the other files. The message names each file and field. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
    /** The other files with problems, after this one. */
    more: readonly ProblemBlock[] = [],
  ) {
    super([{ file, problems }, ...more].map((block) => `Content file ${block.file} is invalid:\n${block.problems.map((problem) => `  - ${problem}`).join('\n')}`).join('\n'));
    this.name = 'ContentFileError';
  }
}

/**
 * The error for `problems`, by file: a problem is told under `first` when it involves that file (the one
 * staff just edited, named first), else under the file that states the rule; each line names the field
 * and the other places involved.
 */
export function contentProblemsError(problems: readonly ContentProblem[], first?: string): ContentFileError {
  const blocks = new Map<string, string[]>(first ? [[first, []]] : []);
  for (const { places, message } of problems) {
    const place = places.find((each) => each.file === first) ?? places[0];
    const others = places.filter((each) => each !== place).map((each) => (each.field ? `${each.file}: ${each.field}` : each.file));
    const line = `${place.field ? `${place.field}: ` : ''}${message}${others.length > 0 ? ` (see also ${others.join(', ')})` : ''}`;
    blocks.set(place.file, [...(blocks.get(place.file) ?? []), line]);
  }
  const [head, ...rest] = [...blocks].filter(([, lines]) => lines.length > 0).map(([file, lines]) => ({ file, problems: lines }));
  if (!head) throw new Error('contentProblemsError: no problems');
  return new ContentFileError(head.file, [...head.problems], rest);
}

/**
 * "src/content/league.json": how errors and staff name a content file. Every collection (content-files.ts)
 * is the JSON file of its name; a function reading a few of them imports only their schemas, not that list.
 */
export function contentPath(name: string): string {
  return `src/content/${contentFileName(name)}`;
}

/** A collection's file inside src/content/. */
export function contentFileName(name: string): string {
  return `${name}.json`;
}

/** Formats a zod issue path the way a person reads it: plans[1].prices.monthly */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return text ? `${text}.${name}` : name;
  }, '');
}

/**
 * A content file's parsed data, or a problem naming the file and each bad field. A file is parsed once
 * per process (a function's cold start): without zod's compiled fast path (`jitless`), whose compiling
 * costs more than the one parse it would speed up.
 */
export function checkContentFile<Schema extends z.ZodType>(file: string, schema: Schema, data: unknown): { ok: true; data: z.output<Schema> } | { ok: false; problems: ContentProblem[] } {
  const result = schema.safeParse(data, { jitless: true });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => contentProblem(issue.message, { file, field: formatIssuePath(issue.path) || '(file)' })) };
}

/** Validates a content file's parsed data, or throws a ContentFileError naming the file and every bad field. */
export function parseContentFile<Schema extends z.ZodType>(file: string, schema: Schema, data: unknown): z.output<Schema> {
  const checked = checkContentFile(file, schema, data);
  if (checked.ok) return checked.data;
  throw contentProblemsError(checked.problems, file);
}
