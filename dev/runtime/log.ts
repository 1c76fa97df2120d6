// What the local runtime reports besides its ready line: one line each on stderr, marked as its own.

/** An error as a short phrase: its message (or name), else the thrown value as text. */
export function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function warn(message: string): void {
  process.stderr.write(`[local runtime] ${message}\n`);
}
