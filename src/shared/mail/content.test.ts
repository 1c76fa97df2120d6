import { describe, expect, it } from 'vitest';
import { mailText, TEXT_RULE, type MailContent, type Venue } from './content';

const venue: Venue = { name: 'Verona Indoor Golf', address: '100 Main St, Verona, WI 53593', phone: '(608) 555-0100', phoneHref: 'tel:+16085550100', email: 'hi@verona.example' };

const content: MailContent = {
  title: 'New event request',
  preview: 'New event request from Jamie Rivera',
  blocks: [
    { kind: 'paragraph', text: 'Jamie Rivera sent an event request.' },
    { kind: 'facts', facts: [{ label: 'Occasion', value: 'Birthday' }, { label: 'Party size', value: '12' }] },
    { kind: 'link', text: 'Open the request', href: 'https://verona.example/admin/event-requests#request-1' },
  ],
};

describe('mailText', () => {
  it('writes every block in order, a fact per line, links with their address, and the venue at the foot', () => {
    expect(mailText(content, venue)).toBe(
      [
        'NEW EVENT REQUEST',
        'Jamie Rivera sent an event request.',
        'Occasion: Birthday\nParty size: 12',
        'Open the request: https://verona.example/admin/event-requests#request-1',
        TEXT_RULE,
        'Verona Indoor Golf\n100 Main St, Verona, WI 53593\n(608) 555-0100',
      ].join('\n\n'),
    );
  });

  it('keeps a visitor’s text as written: markup stays text, nothing is interpreted', () => {
    const text = mailText({ ...content, blocks: [{ kind: 'facts', facts: [{ label: 'Additional requests', value: 'Cake & <b>balloons</b>' }] }] }, venue);
    expect(text).toContain('Additional requests: Cake & <b>balloons</b>');
  });
});
