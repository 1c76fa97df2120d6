import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ContentFileError, formatIssuePath, parseContentFile } from './content-file';
import { formatAddress, phoneHref, siteSchema } from './site';
import site from '../content/site.json';

describe('parseContentFile', () => {
  const schema = z.object({ plans: z.array(z.object({ price: z.number().positive() })) });

  it('returns the data when it is valid', () => {
    expect(parseContentFile('plans.json', schema, { plans: [{ price: 5 }] })).toEqual({ plans: [{ price: 5 }] });
  });

  it('names the file and the field that is wrong', () => {
    const run = () => parseContentFile('src/content/plans.json', schema, { plans: [{ price: 5 }, { price: -1 }] });
    expect(run).toThrow(ContentFileError);
    expect(run).toThrow(/src\/content\/plans\.json/);
    expect(run).toThrow(/plans\[1\]\.price/);
  });

  it('formats paths', () => expect(formatIssuePath(['a', 0, 'b'])).toBe('a[0].b'));
});

describe('site settings', () => {
  it('the shipped site.json is valid and uses the placeholder name', () => {
    const parsed = siteSchema.parse(site);
    expect(parsed.name).toBe('Verona Indoor Golf');
    expect(parsed.placeholder).toBe(true);
  });

  it('formats the address and phone link', () => {
    expect(formatAddress({ street: '1 Main St', city: 'Verona', region: 'WI', postalCode: '53593', country: 'US' })).toBe(
      '1 Main St, Verona, WI 53593',
    );
    expect(phoneHref('(608) 555-0100')).toBe('tel:+16085550100');
  });
});
