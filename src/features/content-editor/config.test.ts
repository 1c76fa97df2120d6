import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { contentFiles, contentFolders, type ContentCollectionName } from '../../domain/content-files';
import { contentPath } from '../../domain/content-file';
import { editorConfig, FILES_COLLECTION, githubRepo } from './config';
import { editorJsonSchema, formFields, type EditorField, type JsonSchema } from './fields';
import { fieldWords } from './words';

const samples = Object.fromEntries(
  Object.entries(contentFiles).map(([name, file]) => [name, JSON.parse(readFileSync(new URL(`../../content/${file.file}`, import.meta.url), 'utf8'))]),
) as Record<ContentCollectionName, unknown>;
const config = editorConfig({ repo: 'venue/website', branch: 'main', siteUrl: 'https://golf.example', logo: '/logo.svg', editorialWorkflow: false }, samples);
const fileForms = (config.collections.find((collection) => collection.name === FILES_COLLECTION)!['files'] as Array<{ name: string; file: string; label: string; fields: EditorField[] }>);

/**
 * Every leaf a schema can hold, as dotted paths (list items without index, a map's keys from the file),
 * read from the schema on its own, not by the editor's code: what the editor must offer a field for.
 */
function schemaLeaves(node: JsonSchema, sample: unknown, path = ''): string[] {
  const variants = node.anyOf ?? node.oneOf;
  if (variants) return [...new Set(variants.flatMap((variant) => schemaLeaves(variant, sample, path)))];
  if (node.type === 'array') return schemaLeaves(node.items ?? {}, Array.isArray(sample) ? sample[0] : undefined, path);
  if (node.type === 'object' && node.properties) {
    return Object.entries(node.properties).flatMap(([key, child]) => schemaLeaves(child, (sample as Record<string, unknown> | undefined)?.[key], path ? `${path}.${key}` : key));
  }
  if (node.type === 'object' && typeof node.additionalProperties === 'object') {
    return Object.keys((sample as object | undefined) ?? {}).flatMap((key) => schemaLeaves(node.additionalProperties as JsonSchema, undefined, `${path}.${key}`));
  }
  return [path];
}

function formLeaves(fields: readonly EditorField[], path = ''): string[] {
  return fields.flatMap((field) => {
    const here = path ? `${path}.${field.name}` : field.name;
    if (field.fields) return formLeaves(field.fields, here);
    return [here];
  });
}

describe('content editor configuration', () => {
  it('has a form for every content file in contentFiles, writing that file', () => {
    expect(fileForms.map((form) => form.name).sort()).toEqual(Object.keys(contentFiles).sort());
    for (const form of fileForms) expect(form.file).toBe(contentPath(form.name as ContentCollectionName));
  });

  it.each(Object.keys(contentFiles) as ContentCollectionName[])('offers a field for every field of the %s schema', (name) => {
    const form = fileForms.find((each) => each.name === name)!;
    expect(form.label.length).toBeGreaterThan(5);
    expect(formLeaves(form.fields).sort()).toEqual(schemaLeaves(editorJsonSchema(contentFiles[name].schema), samples[name]).sort());
  });

  it('has a folder collection for every content folder, the body in markdown; staff add and delete events, never a policy page', () => {
    for (const [name, { folder, schema, bodyField }] of Object.entries(contentFolders)) {
      const collection = config.collections.find((each) => each.name === name)!;
      const open = name !== 'policies';
      expect(collection).toMatchObject({ folder: `src/content/${folder}`, create: open, delete: open, extension: 'md', format: 'frontmatter' });
      const fields = collection['fields'] as EditorField[];
      const leaves = schemaLeaves(editorJsonSchema(schema), undefined).map((leaf) => (leaf === bodyField ? 'body' : leaf));
      expect(formLeaves(fields).sort()).toEqual(leaves.sort());
      expect(fields.at(-1)).toMatchObject({ name: 'body', widget: 'markdown' });
    }
    const policies = config.collections.find((each) => each.name === 'policies')!['fields'] as EditorField[];
    // The note for staff comes first, as the top of the form.
    expect(policies.map((field) => field.name)).toEqual(['staffNote', 'title', 'description', 'body']);
    expect(policies[0]).toMatchObject({ label: 'Note for staff (never shown on the site)', widget: 'text', required: false });
  });

  it('uses fitting widgets: times and dates pickers, prices with cents, choices, markdown for FAQ answers', () => {
    const find = (fields: readonly EditorField[], path: string): EditorField | undefined => {
      const [head, ...rest] = path.split('.');
      const found = fields.find((field) => field.name === head);
      return rest.length === 0 ? found : find(found?.fields ?? [], rest.join('.'));
    };
    const form = (name: string) => fileForms.find((each) => each.name === name)!.fields;
    expect(find(form('site'), 'hours.days.opens')).toMatchObject({ widget: 'datetime', date_format: false, time_format: 'HH:mm', format: 'HH:mm' });
    expect(find(form('league'), 'sessions.startDate')).toMatchObject({ widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false });
    expect(find(form('menu'), 'food.categories.items.price')).toMatchObject({ widget: 'number', value_type: 'float', label: 'Price' });
    expect(find(form('memberships'), 'plans.monthlyRates.12-month')).toMatchObject({ widget: 'number', value_type: 'int' });
    expect(find(form('membership-page'), 'faq.items.answer')).toMatchObject({ widget: 'markdown' });
    expect(find(form('media'), 'photos.file')).toMatchObject({ widget: 'image' });
    expect(find(form('navigation'), 'services.link')).toMatchObject({ widget: 'select', required: false });
    expect(find(form('menu'), 'food.categories')).toMatchObject({ widget: 'list', summary: '{{fields.label}}' });
  });

  it('refuses a schema shape it cannot show instead of leaving the field out', () => {
    expect(() => formFields(z.object({ pair: z.tuple([z.string(), z.number()]) }), { words: fieldWords })).toThrow(/pair/);
  });

  it('commits through GitHub with Netlify as the sign-in provider, pull requests when asked', () => {
    expect(config.backend).toMatchObject({ name: 'github', repo: 'venue/website', branch: 'main', base_url: 'https://api.netlify.com', auth_endpoint: 'auth' });
    expect(config).not.toHaveProperty('publish_mode');
    expect(config.logo).toEqual({ src: '/logo.svg' });
    expect(editorConfig({ repo: null, branch: 'main', siteUrl: 'https://golf.example', logo: '/logo.svg', editorialWorkflow: true }, samples)).toMatchObject({ publish_mode: 'editorial_workflow' });
    expect(githubRepo('https://github.com/venue/website')).toBe('venue/website');
    expect(githubRepo('https://github.com/venue/website.git')).toBe('venue/website');
    expect(githubRepo('venue/website')).toBe('venue/website');
    expect(githubRepo('https://gitlab.com/venue/website')).toBeNull();
    expect(githubRepo(undefined)).toBeNull();
  });
});
