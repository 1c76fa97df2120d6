/** What a page says about itself to search engines and social networks. */
export interface PageSeoInput {
  title: string;
  description: string;
  /** Path of the page ("/about"); the canonical URL is derived from it and the site address. */
  path: string;
  keywords?: readonly string[];
  /** Site-relative or absolute URL of the sharing image. */
  image?: string;
  imageAlt?: string;
  noindex?: boolean;
  /** Use the title as it is, without " | site name" (the 404 page's title stands alone, word for word). */
  standaloneTitle?: boolean;
  type?: 'website' | 'article';
}

export interface SiteSeoDefaults {
  siteName: string;
  siteUrl: string;
  locale: string;
  keywords: readonly string[];
  image: string;
  imageAlt: string;
}

export interface ResolvedSeo {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  robots: string;
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
}

/** The full title shown in the tab: "About | Verona Indoor Golf", or the site name alone for the home page. */
export function pageTitle(title: string, siteName: string): string {
  const trimmed = title.trim();
  if (!trimmed || trimmed === siteName) return siteName;
  return trimmed.includes(siteName) ? trimmed : `${trimmed} | ${siteName}`;
}

/** Canonical URL of a path on the site: no query, no fragment, no trailing slash except for the root. */
export function canonicalUrl(path: string, siteUrl: string): string {
  const url = new URL(path, siteUrl);
  url.search = '';
  url.hash = '';
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

export function resolveSeo(page: PageSeoInput, site: SiteSeoDefaults): ResolvedSeo {
  const title = page.standaloneTitle ? page.title : pageTitle(page.title, site.siteName);
  const canonical = canonicalUrl(page.path, site.siteUrl);
  const image = new URL(page.image ?? site.image, site.siteUrl).href;
  const imageAlt = page.imageAlt ?? site.imageAlt;
  const keywords = [...new Set([...(page.keywords ?? []), ...site.keywords])].join(', ');
  return {
    title,
    description: page.description,
    keywords,
    canonical,
    robots: page.noindex ? 'noindex, nofollow' : 'index, follow',
    openGraph: {
      'og:type': page.type ?? 'website',
      'og:site_name': site.siteName,
      'og:locale': site.locale,
      'og:title': title,
      'og:description': page.description,
      'og:url': canonical,
      'og:image': image,
      'og:image:alt': imageAlt,
    },
    twitter: {
      'twitter:card': 'summary_large_image',
      'twitter:title': title,
      'twitter:description': page.description,
      'twitter:image': image,
      'twitter:image:alt': imageAlt,
    },
  };
}

/**
 * JSON-LD as a string safe to place inside a <script> element: "<" is escaped so a value
 * containing "</script>" cannot end the element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
