import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ContentFileError, parseContentFile } from './content-file';
import { fillTemplate, fillTemplates, Template, TEMPLATE_NAMES, templateText, type TemplateValues } from './content-template';
import { homeSchema, membershipPageSchema } from './page-content';
import home from '../content/home.json';
import membershipPage from '../content/membership-page.json';

const values = Object.fromEntries(TEMPLATE_NAMES.map((name) => [name, `<${name}>`])) as TemplateValues;

describe('template texts', () => {
  it('parse to a Template that keeps the text and the names left to the page', () => {
    const label = templateText({ local: ['tier'] }).parse('Choose {tier}');
    expect(label).toBeInstanceOf(Template);
    expect(label).toMatchObject({ text: 'Choose {tier}', local: ['tier'] });
  });

  it('reject an unknown placeholder, naming the file and the field', () => {
    const broken = structuredClone(home);
    broken.cards.items[0]!.text = 'From {membershipPrice} a month';
    const load = () => parseContentFile('src/content/home.json', homeSchema, broken);
    expect(load).toThrow(ContentFileError);
    expect(load).toThrow(/src\/content\/home\.json is invalid:\n {2}- cards\.items\[0\]\.text: unknown placeholder \{membershipPrice\}/);
  });

  it('keep the raw text rule of the field (a description length)', () => {
    const schema = z.object({ description: templateText({ text: z.string().min(50) }) });
    expect(() => parseContentFile('x.json', schema, { description: 'Short {maxGuests}' })).toThrow(/description: .*50/);
  });

  it('fill every Template of a parsed file once, leaving local names and other fields as they are', () => {
    const page = membershipPageSchema.parse(membershipPage);
    const filled = fillTemplates(page, values);
    expect(filled.seo.description).toContain('from <membershipFrom> a month');
    expect(filled.chooseLabel).toBe('Choose {tier}');
    expect(filled.faq).toEqual(page.faq);
    expect(fillTemplate(filled.chooseLabel, { tier: 'Bogey+' })).toBe('Choose Bogey+');
  });

  it('rejects unknown placeholders when filling', () => expect(() => fillTemplate('{nope}', {})).toThrow(/nope/));
});
