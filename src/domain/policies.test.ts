// The shipped policy pages say what the code does: the cookies it sets, the services it uses, the
// standard the site is checked against, with the facts other files own filled in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentTemplateValues } from './content-context';
import { fillTemplate } from './content-template';
import { POLICY_PAGES, policyFileFields, policyPageSchema } from './policies';
import { parseMarkdownFile } from '../lib/markdown-file';
import { SESSION_COOKIE } from '../features/staff/server/session';
import { MEMBER_SESSION_COOKIE } from '../features/memberships/server/member-session';
import { SENT_TTL_SECONDS } from '../shared/mail/outbox';
import { SIGN_IN_LINK_MINUTES } from '../features/memberships/contract/member-sign-in-texts';
import { league } from '../features/league/catalogue';
import { membershipCatalog } from '../features/memberships/catalogue';
import { site } from '../data/site';
import { contentFiles } from './content-files';

const raw = (file: string) => JSON.parse(readFileSync(new URL(`../content/${file}`, import.meta.url), 'utf8')) as unknown;
const bayBooking = contentFiles['bay-booking'].schema.parse(raw('bay-booking.json'));
const events = contentFiles.events.schema.parse(raw('events.json'));
const values = contentTemplateValues({ site, memberships: membershipCatalog, league, maxGuests: events.maxGuests, bayBooking });

/** A shipped page as visitors read it: its body with every placeholder filled. */
function page(name: string) {
  const { frontMatter, body } = parseMarkdownFile(readFileSync(new URL(`../content/policies/${name}.md`, import.meta.url), 'utf8'));
  const parsed = policyPageSchema.parse(policyFileFields(frontMatter, body));
  return { ...parsed, text: fillTemplate(parsed.body.text, values) };
}

describe('the shipped policy pages', () => {
  it('each has a title, a line for search engines and a note for staff that it is a starting point', () => {
    for (const name of POLICY_PAGES) {
      const policy = page(name);
      expect(policy.title.length).toBeGreaterThan(0);
      expect(policy.staffNote).toMatch(/starting point/);
      expect(policy.text).not.toContain(policy.staffNote!);
    }
  });

  it('privacy names the cookies the site sets, its processors, no trackers, how long things last and how to ask for a copy or deletion', () => {
    const { text } = page('privacy');
    expect(text).toContain(`**${SESSION_COOKIE}**`);
    expect(text).toContain(`**${MEMBER_SESSION_COOKIE}**`);
    for (const processor of ['Stripe', 'e-mail provider', 'Netlify', 'Upstash']) expect(text).toContain(processor);
    expect(text).toContain('no advertising or analytics cookies and uses no trackers');
    expect(text).toContain(`for ${SIGN_IN_LINK_MINUTES} minutes`);
    expect(text).toContain(`kept for ${SENT_TTL_SECONDS / 86_400} days`);
    expect(text).toContain(`e-mail ${site.email} or call ${site.phone}`);
    for (const stored of ['League registration', 'Event requests', 'Bay bookings', 'Member sign-in']) expect(text).toContain(`**${stored}:**`);
  });

  it('terms carry the cancellation limit of bay-booking.json and the league price of league.json', () => {
    const { text } = page('terms');
    const hours = bayBooking.cancellation.freeUntilHoursBefore;
    expect(text).toContain(`until ${hours} hour${hours === 1 ? '' : 's'} before your start time, and what you paid is refunded in full`);
    expect(text).toContain(`$${league.pricePerTeamPerSession} per team per session`);
    expect(text).toContain('non-refundable');
  });

  it('accessibility states the WCAG 2.2 AA target, the automated checks and how to report a problem', () => {
    const { text } = page('accessibility');
    expect(text).toContain('WCAG) 2.2, level AA');
    expect(text).toContain('checked automatically with axe');
    expect(text).toContain(`call ${site.phone} or e-mail ${site.email}`);
  });
});
