// Running what a client sent: one command (POST /), a pipeline (POST /pipeline, each command answered
// on its own) or a transaction (POST /multi-exec, MULTI … EXEC). Commands that would change or hijack
// a shared connection are refused; blocking ones run on a connection of their own.
import { ErrorReply, MultiErrorReply } from 'redis';
import { RedisConnections, send } from './connections';
import { encodeReply, HttpError, parseCommand, parseCommands, UnavailableError } from './protocol';
import { ScriptRewriter, type Rewritten } from './scripts';

/** Commands that would change or hijack the state of a shared connection. */
const FORBIDDEN = new Set([
  'MULTI', 'EXEC', 'DISCARD', 'WATCH', 'UNWATCH',
  'SUBSCRIBE', 'PSUBSCRIBE', 'SSUBSCRIBE', 'UNSUBSCRIBE', 'PUNSUBSCRIBE', 'SUNSUBSCRIBE',
  'MONITOR', 'QUIT', 'RESET', 'SELECT', 'HELLO', 'AUTH', 'SYNC', 'PSYNC', 'CLIENT',
]);

/** Blocking commands run on a dedicated connection so they never stall the shared one. */
const BLOCKING = new Set([
  'BLPOP', 'BRPOP', 'BRPOPLPUSH', 'BLMOVE', 'BLMPOP', 'BZPOPMIN', 'BZPOPMAX', 'BZMPOP', 'WAIT', 'WAITAOF',
]);

/** An answer: the HTTP status and its JSON body. */
export type Answer = [number, unknown];

function check(args: string[]): void {
  const name = args[0]!.toUpperCase();
  if (FORBIDDEN.has(name)) throw new ErrorReply(`ERR Command is not available: '${args[0]}'`);
}

export class CommandRunner {
  private readonly scripts = new ScriptRewriter();

  constructor(private readonly connections: RedisConnections) {}

  async single(body: unknown, base64: boolean): Promise<Answer> {
    const command = parseCommand(body);
    try {
      return [200, { result: encodeReply(await this.run(command), base64) }];
    } catch (error) {
      if (error instanceof ErrorReply) return [400, { error: error.message }];
      throw error;
    }
  }

  async pipeline(body: unknown, base64: boolean): Promise<Answer> {
    const commands = parseCommands(body, 'a pipeline');
    // Sent together on the shared connection: node-redis writes them back to back (one round trip).
    const settled = await Promise.allSettled(commands.map((command) => this.run(command)));
    const unavailable = settled.find((s) => s.status === 'rejected' && !(s.reason instanceof ErrorReply));
    if (unavailable) throw (unavailable as PromiseRejectedResult).reason;
    return [
      200,
      settled.map((s) =>
        s.status === 'fulfilled' ? { result: encodeReply(s.value, base64) } : { error: (s.reason as Error).message },
      ),
    ];
  }

  async multiExec(body: unknown, base64: boolean): Promise<Answer> {
    const commands = parseCommands(body, 'a transaction');
    const rewritten: Rewritten[] = [];
    try {
      for (const command of commands) {
        check(command);
        rewritten.push(this.scripts.rewrite(command));
      }
    } catch (error) {
      if (error instanceof ErrorReply) return [400, { error: error.message }];
      throw error;
    }
    let replies: unknown[];
    try {
      // On the shared connection: node-redis writes MULTI … EXEC as one chain that no other command
      // can interleave with, and WATCH (the one thing that would need a connection of its own) is refused.
      const multi = (await this.connections.shared()).multi();
      for (const { args } of rewritten) multi.addCommand(args);
      replies = await multi.exec();
    } catch (error) {
      if (error instanceof MultiErrorReply) replies = error.replies;
      else if (error instanceof ErrorReply) {
        // A command rejected while queueing (unknown command, wrong arity): Redis discards the lot.
        const message = error.message.startsWith('EXECABORT')
          ? error.message
          : `EXECABORT Transaction discarded because of previous errors: ${error.message}`;
        return [400, { error: message }];
      }
      else if (error instanceof HttpError) throw error;
      else throw new UnavailableError(error);
    }
    return [
      200,
      replies.map((reply, i) => {
        if (reply instanceof ErrorReply) return { error: reply.message };
        const fix = rewritten[i]?.fixReply;
        return { result: encodeReply(fix ? fix(reply) : reply, base64) };
      }),
    ];
  }

  /** Runs one command; resolves to the raw reply, rejects with ErrorReply or UnavailableError. */
  private async run(command: string[]): Promise<unknown> {
    check(command);
    const { args, fixReply } = this.scripts.rewrite(command);
    const blocking = BLOCKING.has(args[0]!.toUpperCase());
    const reply = blocking
      ? await this.connections.withDedicated((client) => send(client, args))
      : await send(await this.connections.shared(), args);
    return fixReply ? fixReply(reply) : reply;
  }
}
