import { describe, expect, it } from 'vitest';
import type { MailMessage, RenderedMessage } from './message';
import { site } from '../../data/site';
import { MAIL_DOCTYPE, renderMessage } from './render';

const queued: MailMessage = {
  key: 'test:1',
  to: ['ann@example.com'],
  subject: 'Hello',
  content: {
    title: 'Your request',
    preview: 'We have it',
    blocks: [
      { kind: 'paragraph', text: 'Hi Ann <3 & co' },
      { kind: 'facts', facts: [{ label: 'Party size', value: '12' }] },
      { kind: 'link', text: 'Open it', href: 'https://verona.example/a?b=1&c=2' },
    ],
  },
  attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
};

describe('renderMessage', () => {
  it('renders the HTML part from the content with React Email’s layout, and the text part from the same content', () => {
    const rendered = renderMessage(queued);
    expect(rendered).toMatchObject({ key: 'test:1', to: ['ann@example.com'], subject: 'Hello', attachments: queued.attachments });
    expect(rendered).not.toHaveProperty('content');
    expect(rendered.html.startsWith(MAIL_DOCTYPE)).toBe(true);
    expect(rendered.html).toContain('Hi Ann &lt;3 &amp; co');
    expect(rendered.html).toContain('href="https://verona.example/a?b=1&amp;c=2"');
    expect(rendered.html).toContain(site.phone);
    expect(rendered.html).not.toMatch(/<img|<script|src="http/i);
    expect(rendered.text).toContain('Hi Ann <3 & co');
    expect(rendered.text).toContain('Party size: 12');
    expect(rendered.text).toContain('Open it: https://verona.example/a?b=1&c=2');
    expect(rendered.text).toContain(site.name);
  });

  it('sends a message queued already rendered (before content was kept as data) as it was stored', () => {
    const stored: RenderedMessage = { key: 'old:1', to: ['staff@verona.example'], subject: 'Old', html: '<p>old html</p>', text: 'old text' };
    expect(renderMessage(stored)).toEqual(stored);
  });
});
