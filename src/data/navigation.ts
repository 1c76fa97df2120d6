import raw from '../content/navigation.json';
import { parseContentFile } from '../domain/content-file';
import { navigationSchema, type NavLink } from '../domain/navigation';
import { site } from './site';

/** Header menu and footer links (src/content/navigation.json). */
export const navigation = parseContentFile('src/content/navigation.json', navigationSchema, raw);

/** The address a navigation link points to: a site path, or one of site.json's external links. */
export function navHref(link: NavLink): string {
  return 'href' in link ? link.href : site.links[link.link];
}
