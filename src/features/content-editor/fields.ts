import * as z from 'zod';
import { clockTimeSchema } from '../../domain/hours';

/**
 * The content editor's form for a content file, derived from the file's own zod schema (through its
 * JSON Schema), so a field added to a schema appears in the editor without a second list to keep:
 * objects become groups, arrays lists, enums choices, numbers number inputs (whole or with cents),
 * booleans switches, 24-hour times and dates pickers, the fields a file names markdown or images. Labels and hints
 * come from the field names (src/features/content-editor/words.ts). A schema shape the editor cannot
 * show throws, naming the field, instead of leaving it out.
 */

/** A Decap CMS field, as its config writes one. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  fields?: EditorField[];
  field?: EditorField;
  options?: string[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  step?: number;
  date_format?: string | false;
  time_format?: string | false;
  format?: string;
  summary?: string;
  collapsed?: boolean;
  default?: unknown;
  choose_url?: boolean;
}

/** The part of JSON Schema zod writes for the content schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
}

/** What a form is derived from besides the schema. */
export interface FieldWords {
  /** "offPeak" → "Off-peak price". */
  label(name: string): string;
  hint(name: string): string | undefined;
}

export interface FormOptions {
  words: FieldWords;
  /** Dotted paths (list items without index: "faq.items.answer") edited as markdown. */
  markdown?: readonly string[];
  /** Dotted paths holding an image file's address: an upload or a pick from the media library. */
  images?: readonly string[];
  /** Fields whose text is long: a multi-line box instead of one line. */
  longText?: (name: string) => boolean;
  /**
   * The file's current content: a map keyed by data (a plan's rate per billing term) gets one input
   * per key the file has.
   */
  sample?: unknown;
}

/** The schema as the editor writes the file: its input side (before transforms and defaults apply). */
export function editorJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/** The pattern of a 24-hour time ("18:30"), as the schemas write it. */
const CLOCK_TIME = editorJsonSchema(clockTimeSchema).pattern;
const SUMMARY_KEYS = ['title', 'name', 'label', 'question', 'tier', 'file', 'day'];

/** The one object a union of objects edits as: every variant's fields, required where all variants require them. */
function mergeVariants(variants: JsonSchema[], path: string): JsonSchema {
  if (!variants.every((variant) => variant.type === 'object' && variant.properties)) throw new Error(`content editor: ${path} is a union the editor cannot show`);
  const properties: Record<string, JsonSchema> = {};
  for (const variant of variants) {
    for (const [name, property] of Object.entries(variant.properties!)) {
      const known = properties[name];
      // A discriminator ("kind": "weekly" | "dated" | …) becomes one choice of its values.
      if (known?.const !== undefined || property.const !== undefined) {
        const values = [...(known?.enum ?? (known?.const !== undefined ? [known.const] : [])), ...(property.const !== undefined ? [property.const] : property.enum ?? [])];
        properties[name] = { type: 'string', enum: [...new Set(values)] };
      } else properties[name] ??= property;
    }
  }
  const required = Object.keys(properties).filter((name) => variants.every((variant) => variant.required?.includes(name)));
  return { type: 'object', properties, required };
}

const childSamples = (samples: readonly unknown[], key: string) =>
  samples.flatMap((sample) => (sample && typeof sample === 'object' && !Array.isArray(sample) ? [(sample as Record<string, unknown>)[key]] : []));
const itemSamples = (samples: readonly unknown[]) => samples.flatMap((sample) => (Array.isArray(sample) ? sample : []));

function objectFields(node: JsonSchema, path: string, samples: readonly unknown[], options: FormOptions): EditorField[] {
  if (node.properties) {
    return Object.entries(node.properties).map(([name, property]) =>
      field(name, property, node.required?.includes(name) ?? false, path ? `${path}.${name}` : name, childSamples(samples, name), options),
    );
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    const keys = [...new Set(samples.flatMap((sample) => (sample && typeof sample === 'object' ? Object.keys(sample) : [])))];
    if (keys.length === 0) throw new Error(`content editor: ${path} is a map with no keys in the file to edit`);
    const value = node.additionalProperties;
    return keys.map((key) => field(key, value, true, `${path}.${key}`, childSamples(samples, key), options));
  }
  throw new Error(`content editor: ${path} is an object without fields`);
}

function scalarField(base: Omit<EditorField, 'widget'>, node: JsonSchema, path: string, options: FormOptions): EditorField {
  const name = base.name;
  switch (node.type) {
    case 'boolean':
      return { ...base, widget: 'boolean', required: false, default: false };
    case 'integer':
    case 'number': {
      const whole = node.type === 'integer';
      return {
        ...base,
        widget: 'number',
        value_type: whole ? 'int' : 'float',
        step: whole ? 1 : 0.01,
        ...(node.minimum !== undefined ? { min: node.minimum } : {}),
        ...(node.maximum !== undefined ? { max: node.maximum } : {}),
      };
    }
    case 'string': {
      if (node.enum) return { ...base, widget: 'select', options: node.enum.map(String) };
      if (node.format === 'date-time') return { ...base, widget: 'datetime' };
      if (node.pattern && node.pattern === CLOCK_TIME) return { ...base, widget: 'datetime', date_format: false, time_format: 'HH:mm', format: 'HH:mm' };
      if (node.pattern === ISO_DATE) return { ...base, widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, format: 'YYYY-MM-DD' };
      if (options.markdown?.includes(path)) return { ...base, widget: 'markdown' };
      if (options.images?.includes(path)) return { ...base, widget: 'image', choose_url: false };
      return { ...base, widget: options.longText?.(name) ? 'text' : 'string' };
    }
    default:
      throw new Error(`content editor: ${path} has a type the editor cannot show (${node.type ?? 'none'})`);
  }
}

/** What a collapsed list item shows: its name-like field, else its one-line values ("16:00 · 22:00"). */
function listSummary(fields: readonly EditorField[]): string {
  const named = SUMMARY_KEYS.find((key) => fields.some((each) => each.name === key && each.widget === 'string'));
  if (named) return `{{fields.${named}}}`;
  const shown = fields.filter((each) => ['string', 'select', 'datetime', 'number'].includes(each.widget));
  return shown.map((each) => `{{fields.${each.name}}}`).join(' · ');
}

/** The editor field for one schema property. */
export function field(name: string, schema: JsonSchema, required: boolean, path: string, samples: readonly unknown[], options: FormOptions): EditorField {
  const hint = options.words.hint(name);
  const base = { name, label: options.words.label(name), ...(hint ? { hint } : {}), required: required && schema.default === undefined };
  const node = schema.anyOf || schema.oneOf ? mergeVariants((schema.anyOf ?? schema.oneOf)!, path) : schema;
  if (node.type === 'object') {
    return { ...base, widget: 'object', collapsed: path.includes('.'), fields: objectFields(node, path, samples, options) };
  }
  if (node.type === 'array') {
    const items = node.items ?? {};
    const itemNode = items.anyOf || items.oneOf ? mergeVariants((items.anyOf ?? items.oneOf)!, path) : items;
    if (itemNode.type === 'object') {
      const fields = objectFields(itemNode, path, itemSamples(samples), options);
      return { ...base, widget: 'list', collapsed: true, summary: listSummary(fields), fields };
    }
    // A list of plain values: one input per item.
    return { ...base, widget: 'list', collapsed: false, field: scalarField({ name, label: base.label, required: true }, itemNode, path, options) };
  }
  return scalarField(base, node, path, options);
}

/** Every field of a content file's form, from its schema and current content. */
export function formFields(schema: z.ZodType, options: FormOptions): EditorField[] {
  const root = editorJsonSchema(schema);
  const node = root.anyOf || root.oneOf ? mergeVariants((root.anyOf ?? root.oneOf)!, '(file)') : root;
  return objectFields(node, '', options.sample === undefined ? [] : [options.sample], options);
}
