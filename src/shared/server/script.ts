/**
 * Lua scripts with named parts. A script names its KEYS and ARGV (each argument typed: a number, a
 * string or JSON) and the steps it composes: shared Lua with named parts of its own (the rate limit's
 * count, the outbox's queueing). The helper writes the Lua locals that bind each name to its KEYS[n] /
 * ARGV[n], and `run` lays the values out from the same declaration, so neither a caller nor a script
 * counts positions, and a missing part is a type error and, at run time, an error naming it.
 *
 * Layout, in declaration order. KEYS: the script's keys, the keys of each step used once or
 * optionally ('' while absent), the keys of each instance of a repeated step, the variadic keys.
 * ARGV: the script's arguments, the arguments of each step used once or optionally ('' while absent),
 * a presence flag per optional step and a count per repeated step, the arguments of each instance of
 * a repeated step, the variadic arguments.
 *
 * A key whose name ends in '?' may be left out (null): it passes '' and its local is nil.
 * A step's Lua defines local functions that take the step's bound parts (a table) first; the script
 * names that table. Every key goes through KEYS; the clock is an argument.
 */
import { createHash } from 'node:crypto';
import type { Store } from './store';

export type ArgKind = 'number' | 'string' | 'json';
type ArgKinds = Readonly<Record<string, ArgKind>>;
type ArgValue<K extends ArgKind> = K extends 'number' ? number : K extends 'string' ? string : unknown;

type RequiredName<N extends string> = N extends `${string}?` ? never : N;
type OptionalName<N extends string> = N extends `${infer Name}?` ? Name : never;

/** The values of keys named `K` ('name?' may be null or left out). */
export type KeyInput<K extends string> = { [N in RequiredName<K>]: string } & { [N in OptionalName<K>]?: string | null };
/** The values of arguments declared `A`, typed by their kind. */
export type ArgInput<A extends ArgKinds> = { -readonly [N in keyof A]: ArgValue<A[N]> };

export interface Step<K extends string = string, A extends ArgKinds = ArgKinds> {
  readonly keys: readonly K[];
  readonly args: A;
  /** Lua defining the step's local functions; each takes the step's bound parts first. */
  readonly lua: string;
}

export type StepInput<S> = S extends Step<infer K, infer A> ? { keys: KeyInput<K>; args: ArgInput<A> } : never;

type Count = 'optional' | 'many';
interface Composed<S extends Step, C extends Count> {
  readonly step: S;
  readonly count: C;
}
type StepUse = Step | Composed<Step, Count>;

/** A step the script may run or not: its input may be null, its table is nil then. */
export const optional = <S extends Step>(step: S): Composed<S, 'optional'> => ({ step, count: 'optional' });
/** A step run for each of a list of inputs: its local is a list of tables. */
export const many = <S extends Step>(step: S): Composed<S, 'many'> => ({ step, count: 'many' });

type StepsInput<S extends Record<string, StepUse>> = {
  [N in keyof S]: S[N] extends Composed<infer T, 'many'> ? Array<StepInput<T>> : S[N] extends Composed<infer T, 'optional'> ? StepInput<T> | null : StepInput<S[N]>;
};

export type ScriptInput<K extends string, A extends ArgKinds, S extends Record<string, StepUse>, VK extends string, VA extends string> = {
  keys: KeyInput<K> & { [N in VK]: readonly string[] };
  args: ArgInput<A> & { [N in VA]: ReadonlyArray<string | number> };
} & (keyof S extends never ? { steps?: Record<string, never> } : { steps: StepsInput<S> });

export interface ScriptSpec<K extends string, A extends ArgKinds, S extends Record<string, StepUse>, VK extends string, VA extends string> {
  /** For error messages: 'bay hold'. */
  name: string;
  keys: readonly K[];
  args: A;
  steps?: S;
  /** The rest of KEYS, as a list. */
  variadicKeys?: VK;
  /** The rest of ARGV, as a list of strings. */
  variadicArgs?: VA;
  /** The script itself, using the bound names. */
  lua: string;
}

export interface Script<Input> {
  readonly name: string;
  /** The Lua sent to Redis: the steps' functions, the bindings, then the script. */
  readonly source: string;
  readonly sha1: string;
  /** KEYS and ARGV in the order the source binds them; throws naming a missing or unknown part. */
  layout(input: Input): { keys: string[]; args: Array<string | number> };
  /** One round trip: EVAL the first time this store client runs the script, EVALSHA after. */
  run(store: Store, input: Input): Promise<unknown>;
}

const LUA_WORDS = new Set('and break do else elseif end false for function if in local nil not or repeat return then true until while'.split(' '));

function checkName(script: string, name: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || LUA_WORDS.has(name) || name.startsWith('__')) throw new Error(`script ${script}: "${name}" cannot name a Lua local`);
}

interface KeyPart {
  name: string;
  optional: boolean;
}

const keyPart = (declared: string): KeyPart => (declared.endsWith('?') ? { name: declared.slice(0, -1), optional: true } : { name: declared, optional: false });

interface StepPlan {
  name: string;
  count: 'one' | Count;
  step: Step;
  keys: KeyPart[];
  args: Array<[string, ArgKind]>;
}

function unique(script: string, names: readonly string[], where: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    checkName(script, name);
    if (seen.has(name)) throw new Error(`script ${script}: "${name}" is named twice ${where}`);
    seen.add(name);
  }
}

const readArg = (kind: ArgKind, at: string) => (kind === 'number' ? `tonumber(${at})` : kind === 'json' ? `cjson.decode(${at})` : at);
const readKey = (part: KeyPart, at: string) => (part.optional ? `(${at} ~= '' and ${at} or nil)` : at);

/** The step's parts as a Lua table constructor, its keys from KEYS[keyAt + 1...] and arguments from ARGV[argAt + 1...]. */
function tableOf(plan: StepPlan, keyAt: (offset: number) => string, argAt: (offset: number) => string): string {
  const fields = [...plan.keys.map((part, index) => `${part.name} = ${readKey(part, `KEYS[${keyAt(index + 1)}]`)}`), ...plan.args.map(([name, kind], index) => `${name} = ${readArg(kind, `ARGV[${argAt(index + 1)}]`)}`)];
  return `{ ${fields.join(', ')} }`;
}

export function defineStep<const K extends string = never, const A extends ArgKinds = Record<never, ArgKind>>(step: Step<K, A>): Step<K, A> {
  unique('step', [...step.keys.map((declared) => keyPart(declared).name), ...Object.keys(step.args)], 'in a step');
  return step;
}

export function defineScript<
  const K extends string = never,
  const A extends ArgKinds = Record<never, ArgKind>,
  const S extends Record<string, StepUse> = Record<never, never>,
  const VK extends string = never,
  const VA extends string = never,
>(spec: ScriptSpec<K, A, S, VK, VA>): Script<ScriptInput<K, A, S, VK, VA>> {
  const keys = spec.keys.map(keyPart);
  const args = Object.entries(spec.args) as Array<[string, ArgKind]>;
  const steps: StepPlan[] = Object.entries(spec.steps ?? {}).map(([name, use]) => {
    const step = 'step' in use ? use.step : use;
    return { name, count: 'step' in use ? use.count : 'one', step, keys: step.keys.map(keyPart), args: Object.entries(step.args) as Array<[string, ArgKind]> };
  });
  const variadic = [spec.variadicKeys, spec.variadicArgs].filter((name): name is VK | VA => name !== undefined);
  unique(spec.name, [...keys.map((part) => part.name), ...args.map(([name]) => name), ...steps.map((step) => step.name), ...variadic], 'in the script');

  const fixed = steps.filter((step) => step.count !== 'many');
  const repeated = steps.filter((step) => step.count === 'many');
  const lines: string[] = [];
  let keyAt = 0;
  let argAt = 0;
  for (const part of keys) lines.push(`local ${part.name} = ${readKey(part, `KEYS[${++keyAt}]`)}`);
  for (const [name, kind] of args) lines.push(`local ${name} = ${readArg(kind, `ARGV[${++argAt}]`)}`);
  const tables = fixed.map((plan) => {
    const table = tableOf(plan, (offset) => String(keyAt + offset), (offset) => String(argAt + offset));
    keyAt += plan.keys.length;
    argAt += plan.args.length;
    return table;
  });
  const flags = steps.filter((step) => step.count !== 'one').map((step) => [step.name, ++argAt] as const);
  const flagOf = (name: string) => flags.find(([each]) => each === name)![1];
  fixed.forEach((plan, index) => {
    lines.push(plan.count === 'one' ? `local ${plan.name} = ${tables[index]}` : `local ${plan.name} = nil\nif ARGV[${flagOf(plan.name)}] == '1' then ${plan.name} = ${tables[index]} end`);
  });
  const cursor = repeated.length > 0 || variadic.length > 0;
  if (cursor) lines.push(`local __k, __a = ${keyAt}, ${argAt}`);
  for (const plan of repeated) {
    lines.push(
      `local ${plan.name} = {}`,
      `for __i = 1, tonumber(ARGV[${flagOf(plan.name)}]) do`,
      `  ${plan.name}[__i] = ${tableOf(plan, (offset) => `__k + ${offset}`, (offset) => `__a + ${offset}`)}`,
      `  __k, __a = __k + ${plan.keys.length}, __a + ${plan.args.length}`,
      'end',
    );
  }
  if (spec.variadicKeys) lines.push(`local ${spec.variadicKeys} = {}`, `for __i = __k + 1, #KEYS do ${spec.variadicKeys}[#${spec.variadicKeys} + 1] = KEYS[__i] end`);
  if (spec.variadicArgs) lines.push(`local ${spec.variadicArgs} = {}`, `for __i = __a + 1, #ARGV do ${spec.variadicArgs}[#${spec.variadicArgs} + 1] = ARGV[__i] end`);
  const functions = [...new Set(steps.map((plan) => plan.step.lua.trim()))];
  const source = [`-- ${spec.name}`, ...functions, ...lines, spec.lua.trim(), ''].join('\n');
  const sha1 = createHash('sha1').update(source).digest('hex');

  const layout = (input: ScriptInput<K, A, S, VK, VA>) => {
    const at = (what: string) => `script ${spec.name}: ${what}`;
    const keyValues = (parts: readonly KeyPart[], given: unknown, where: string): string[] => {
      const values = record(given, at(`${where}keys`));
      refuseUnknown(values, [...parts.map((part) => part.name), ...(where === '' && spec.variadicKeys ? [spec.variadicKeys] : [])], at(`${where}key`));
      return parts.map((part) => {
        const value = values[part.name];
        if (part.optional && (value === undefined || value === null)) return '';
        if (typeof value !== 'string' || value === '') throw new Error(at(`${where}key "${part.name}" is missing`));
        return value;
      });
    };
    const argValues = (declared: ReadonlyArray<[string, ArgKind]>, given: unknown, where: string): Array<string | number> => {
      const values = record(given, at(`${where}args`));
      refuseUnknown(values, [...declared.map(([name]) => name), ...(where === '' && spec.variadicArgs ? [spec.variadicArgs] : [])], at(`${where}argument`));
      return declared.map(([name, kind]) => {
        const value = values[name];
        if (kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) throw new Error(at(`${where}argument "${name}" must be a number`));
        if (kind === 'string' && typeof value !== 'string') throw new Error(at(`${where}argument "${name}" must be a string`));
        if (kind === 'json' && value === undefined) throw new Error(at(`${where}argument "${name}" is missing`));
        return kind === 'json' ? JSON.stringify(value) : (value as string | number);
      });
    };
    const stepInputs = record(input.steps ?? {}, at('steps'));
    refuseUnknown(stepInputs, steps.map((plan) => plan.name), at('step'));
    const stepValues = (plan: StepPlan, given: unknown) => {
      const each = record(given, at(`step "${plan.name}"`));
      return { keys: keyValues(plan.keys, each.keys, `step "${plan.name}" `), args: argValues(plan.args, each.args, `step "${plan.name}" `) };
    };
    const outKeys = keyValues(keys, input.keys, '');
    const outArgs = argValues(args, input.args, '');
    for (const plan of fixed) {
      const given = stepInputs[plan.name];
      if (plan.count === 'optional' && (given === null || given === undefined)) {
        outKeys.push(...plan.keys.map(() => ''));
        outArgs.push(...plan.args.map(() => ''));
        continue;
      }
      const values = stepValues(plan, given);
      outKeys.push(...values.keys);
      outArgs.push(...values.args);
    }
    for (const plan of steps.filter((step) => step.count !== 'one')) {
      const given = stepInputs[plan.name];
      if (plan.count === 'optional') outArgs.push(given === null || given === undefined ? '0' : '1');
      else if (Array.isArray(given)) outArgs.push(given.length);
      else throw new Error(at(`step "${plan.name}" takes a list`));
    }
    for (const plan of repeated) {
      for (const given of stepInputs[plan.name] as unknown[]) {
        const values = stepValues(plan, given);
        outKeys.push(...values.keys);
        outArgs.push(...values.args);
      }
    }
    if (spec.variadicKeys) outKeys.push(...list(record(input.keys, at('keys'))[spec.variadicKeys], at(`keys "${spec.variadicKeys}"`)).map(String));
    if (spec.variadicArgs) outArgs.push(...list(record(input.args, at('args'))[spec.variadicArgs], at(`args "${spec.variadicArgs}"`)).map((value) => (typeof value === 'number' ? value : String(value))));
    return { keys: outKeys, args: outArgs };
  };

  return {
    name: spec.name,
    source,
    sha1,
    layout,
    run: async (store, input) => {
      const { keys: scriptKeys, args: scriptArgs } = layout(input);
      return evaluate(store, source, sha1, scriptKeys, scriptArgs);
    },
  };
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} must be a list`);
  return value;
}

function refuseUnknown(values: Record<string, unknown>, known: readonly string[], what: string): void {
  const unknown = Object.keys(values).find((name) => !known.includes(name));
  if (unknown !== undefined) throw new Error(`${what} "${unknown}" is not declared`);
}

/** Per store client, the scripts it has sent whole (EVAL caches a script in Redis, so EVALSHA finds it after). */
const sentWhole = new WeakMap<Store, Set<string>>();

/**
 * EVAL the first time a client runs a script, EVALSHA after; a NOSCRIPT answer (the store restarted or
 * flushed its scripts) falls back to EVAL. Sending the script whole first keeps a cold function's first
 * call one round trip, where EVALSHA first (the Upstash client's Script) would cost two whenever Redis
 * does not hold the script yet; later calls send only its hash.
 */
async function evaluate(store: Store, source: string, sha1: string, keys: string[], args: Array<string | number>): Promise<unknown> {
  let sent = sentWhole.get(store);
  if (!sent) sentWhole.set(store, (sent = new Set()));
  if (!sent.has(sha1)) {
    const answer = await store.eval(source, keys, args);
    sent.add(sha1);
    return answer;
  }
  try {
    return await store.evalsha(sha1, keys, args);
  } catch (error) {
    if (!(error instanceof Error) || !/NOSCRIPT/i.test(error.message)) throw error;
    return store.eval(source, keys, args);
  }
}
