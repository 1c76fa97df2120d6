import { describe, expect, it } from 'vitest';
import { isCurrentPath, isExternalHref, linkAttributes, navigationSchema } from './navigation';
import navigation from '../content/navigation.json';

describe('navigation', () => {
  it('lists the nine header links, in order', () => {
    const parsed = navigationSchema.parse(navigation);
    expect(parsed.menu.map((link) => `${link.label} ${link.href}`)).toEqual([
      'Home /',
      'About /about',
      'Memberships /memberships',
      'Events /events',
      'League /league',
      'Menu /menu',
      'Gift Cards /gift-cards',
      'Contact /contact',
      'Member Login /member-login',
    ]);
    expect(parsed.quickLinks.map((link) => link.label)).toEqual(['Home', 'About', 'Memberships', 'League', 'Gift Cards', 'Contact']);
    expect(parsed.legal).toEqual([
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Terms of Service', href: '/terms' },
      { label: 'Accessibility', href: '/accessibility' },
    ]);
  });

  it('opens http links in a new tab and keeps site paths in place', () => {
    expect(isExternalHref('https://booking.example.com')).toBe(true);
    expect(isExternalHref('/about')).toBe(false);
    expect(linkAttributes('http://x.example')).toEqual({ href: 'http://x.example', target: '_blank', rel: 'noopener noreferrer' });
    expect(linkAttributes('/league')).toEqual({ href: '/league' });
  });

  it('marks the current page', () => {
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/', '/about')).toBe(false);
    expect(isCurrentPath('/about', '/about/')).toBe(true);
  });
});
