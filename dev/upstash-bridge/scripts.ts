// Lua scripts as Upstash accepts them, made acceptable to plain Redis: Upstash's `#!lua flags=…`
// shebang is commented out, and script hashes are mapped both ways so callers keep using the hash of
// the script they sent.
import { createHash } from 'node:crypto';

export interface Rewritten {
  args: string[];
  /** Turns Redis's reply into the one Upstash gives, when they differ. */
  fixReply?: (reply: unknown) => unknown;
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** `#!lua flags=allow-key-locking` (Upstash) is rejected by plain Redis: comment the shebang out. */
function stripShebang(script: string): string | undefined {
  if (!script.startsWith('#!lua')) return undefined;
  const newline = script.indexOf('\n');
  const first = newline === -1 ? script : script.slice(0, newline);
  // Keep the line (as a Lua comment) so line numbers in Redis error messages stay the same.
  return `-- ${first.slice(2)}${newline === -1 ? '' : script.slice(newline)}`;
}

export class ScriptRewriter {
  /** sha1(original script) -> sha1(script as sent to Redis). */
  private readonly shaMap = new Map<string, string>();

  /** Rewrites script commands (EVAL, EVALSHA, SCRIPT LOAD/EXISTS) for plain Redis; others pass as they are. */
  rewrite(args: string[]): Rewritten {
    const name = args[0]!.toUpperCase();
    if ((name === 'EVAL' || name === 'EVAL_RO') && args[1] !== undefined) {
      const stripped = stripShebang(args[1]);
      if (stripped === undefined) return { args };
      this.shaMap.set(sha1(args[1]), sha1(stripped));
      return { args: [args[0]!, stripped, ...args.slice(2)] };
    }
    if ((name === 'EVALSHA' || name === 'EVALSHA_RO') && args[1] !== undefined) {
      const mapped = this.shaMap.get(args[1].toLowerCase());
      return mapped ? { args: [args[0]!, mapped, ...args.slice(2)] } : { args };
    }
    if (name === 'SCRIPT' && args[1]?.toUpperCase() === 'LOAD' && args[2] !== undefined) {
      const stripped = stripShebang(args[2]);
      if (stripped === undefined) return { args };
      const original = sha1(args[2]);
      this.shaMap.set(original, sha1(stripped));
      // Answer the hash of the script the caller sent, as Upstash does.
      return { args: [args[0]!, args[1], stripped], fixReply: () => original };
    }
    if (name === 'SCRIPT' && args[1]?.toUpperCase() === 'EXISTS') {
      return { args: [...args.slice(0, 2), ...args.slice(2).map((sha) => this.shaMap.get(sha.toLowerCase()) ?? sha)] };
    }
    return { args };
  }
}
