import * as z from 'zod';

/** Header menu, footer link lists and labels (src/content/navigation.json). */
const internalLink = z.object({ label: z.string().min(1), href: z.string().regex(/^\/[a-z0-9\-/]*$/, 'expected a site path like /about') });
/** A link to one of the external addresses of site.json's links (booking, ordering, …). */
const externalLinkName = z.enum(['booking', 'ordering', 'newsletter', 'facebook', 'instagram']);
type ExternalLinkName = z.infer<typeof externalLinkName>;
const externalLink = z.object({ label: z.string().min(1), link: externalLinkName });

export const navigationSchema = z.object({
  menu: z.array(internalLink).min(1),
  bookLabel: z.string().min(1),
  quickLinks: z.array(internalLink).min(1),
  services: z.array(z.union([internalLink, externalLink])).min(1),
  newsletterLabel: z.string().min(1),
  /** The footer's legal links: the policy pages. */
  legal: z.array(internalLink),
});

export type Navigation = z.infer<typeof navigationSchema>;
export type NavLink = Navigation['services'][number];

/** The address a navigation link points to: a site path, or one of site.json's external links. */
export function navHref(link: NavLink, links: Record<ExternalLinkName, string>): string {
  return 'href' in link ? link.href : links[link.link];
}

/** Whether a link leaves the site (and therefore opens in a new tab). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** Attributes for a link: external ones open in a new tab without giving the new page a handle on this one. */
export function linkAttributes(href: string): { href: string; target?: '_blank'; rel?: string } {
  return isExternalHref(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}

/** Whether a menu link is the current page ("/" only matches the home page). */
export function isCurrentPath(href: string, pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return href === '/' ? clean === '/' : clean === href || clean.startsWith(`${href}/`);
}
