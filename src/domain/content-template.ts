import * as z from 'zod';

/**
 * Texts in the content files that name facts kept in another file ("from {membershipFrom} a month",
 * "up to {maxGuests} guests"), so a price or a capacity is written once. A field's schema says
 * whether it may hold placeholders: `templateText()` accepts only the names below and parses to a
 * Template, which the content loader fills once with values derived from the content files.
 */
export const TEMPLATE_NAMES = [
  'membershipFrom',
  'maxGuests',
  'teamFormat',
  'sessionCount',
  'weeks',
  'teeDays',
  'teeSlots',
  'teamPrice',
  'personPrice',
  'phone',
  'email',
  /** Bay booking's free-cancellation notice: "4 hours". */
  'cancellationHours',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type TemplateValues = Record<TemplateName, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** A content text with {placeholders}, filled when the file is loaded; `local` names are left for the page to fill per item. */
export class Template {
  constructor(
    readonly text: string,
    readonly local: readonly string[] = [],
  ) {}
}

export interface TemplateTextOptions {
  /** Names a page fills per item ({tier} on each plan's button); the loader leaves them as they are. */
  local?: readonly string[];
  /** The rule for the raw text (a length limit); any non-empty text by default. */
  text?: z.ZodString;
}

/** A text that may name {placeholders}: the content values and the `local` names. Any other name is an error on this field. */
export function templateText({ local = [], text = z.string().min(1) }: TemplateTextOptions = {}) {
  const known = new Set<string>([...TEMPLATE_NAMES, ...local]);
  return text
    .superRefine((value, context) => {
      for (const [, name] of value.matchAll(PLACEHOLDER)) {
        if (!known.has(name!)) context.addIssue({ code: 'custom', message: `unknown placeholder {${name}}; known: ${[...known].map((each) => `{${each}}`).join(', ')}` });
      }
    })
    .transform((value) => new Template(value, local));
}

/** Replaces {name} tokens; an unknown token is an error so a typo never reaches the page. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder {${name}} in "${template}"`);
    return String(value);
  });
}

/** A parsed content file with every Template filled: the shape pages read. */
export type Filled<T> = T extends Template
  ? string
  : T extends readonly (infer Item)[]
    ? Filled<Item>[]
    : T extends object
      ? { [Key in keyof T]: Filled<T[Key]> }
      : T;

/** Fills every Template in a parsed content file, leaving each one's local names as they are. */
export function fillTemplates<T>(content: T, values: TemplateValues): Filled<T> {
  const visit = (value: unknown): unknown => {
    if (value instanceof Template) {
      const kept = Object.fromEntries(value.local.map((name) => [name, `{${name}}`]));
      return fillTemplate(value.text, { ...values, ...kept });
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
    return value;
  };
  return visit(content) as Filled<T>;
}
