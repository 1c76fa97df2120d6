import type { z } from 'zod';

/** Raised when a content file staff edited does not match its schema. The message names file and field. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Content file ${file} is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ContentFileError';
  }
}

/** Formats a zod issue path the way a person reads it: plans[1].prices.monthly */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return text ? `${text}.${name}` : name;
  }, '');
}

/** Validates a content file's parsed data, or throws a ContentFileError naming the file and every bad field. */
export function parseContentFile<Schema extends z.ZodType>(file: string, schema: Schema, data: unknown): z.output<Schema> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentFileError(
    file,
    result.error.issues.map((issue) => `${formatIssuePath(issue.path) || '(file)'}: ${issue.message}`),
  );
}
