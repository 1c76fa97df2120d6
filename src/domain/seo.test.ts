import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageTitle, resolveSeo, serializeJsonLd } from './seo';

const site = {
  siteName: 'Verona Indoor Golf',
  siteUrl: 'https://golf.example',
  locale: 'en_US',
  keywords: ['indoor golf', 'Verona WI'],
  image: '/og-image.jpg',
  imageAlt: 'Golf simulator bay',
};

describe('pageTitle', () => {
  it('appends the site name', () => expect(pageTitle('About', site.siteName)).toBe('About | Verona Indoor Golf'));
  it('keeps a title that already names the site', () =>
    expect(pageTitle('Verona Indoor Golf – Home', site.siteName)).toBe('Verona Indoor Golf – Home'));
  it('uses the site name for an empty title', () => expect(pageTitle('  ', site.siteName)).toBe('Verona Indoor Golf'));
});

describe('canonicalUrl', () => {
  it('drops query, fragment and trailing slash', () =>
    expect(canonicalUrl('/league/?a=1#x', site.siteUrl)).toBe('https://golf.example/league'));
  it('keeps the root slash', () => expect(canonicalUrl('/', site.siteUrl)).toBe('https://golf.example/'));
});

describe('resolveSeo', () => {
  it('derives canonical, robots, Open Graph and Twitter tags from the page and the site', () => {
    const seo = resolveSeo({ title: 'Menu', description: 'Food and drink.', path: '/menu/', keywords: ['menu'] }, site);
    expect(seo.title).toBe('Menu | Verona Indoor Golf');
    expect(seo.canonical).toBe('https://golf.example/menu');
    expect(seo.robots).toBe('index, follow');
    expect(seo.keywords).toBe('menu, indoor golf, Verona WI');
    expect(seo.openGraph['og:url']).toBe(seo.canonical);
    expect(seo.openGraph['og:image']).toBe('https://golf.example/og-image.jpg');
    expect(seo.twitter['twitter:card']).toBe('summary_large_image');
    expect(seo.twitter['twitter:title']).toBe('Menu | Verona Indoor Golf');
  });

  it('keeps a standalone title as it is', () => {
    const seo = resolveSeo({ title: '404 Page Not Found', description: 'x', path: '/x', standaloneTitle: true }, site);
    expect(seo.title).toBe('404 Page Not Found');
  });

  it('sets noindex when asked', () => {
    const seo = resolveSeo({ title: 'Admin', description: 'Staff only.', path: '/admin', noindex: true }, site);
    expect(seo.robots).toBe('noindex, nofollow');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
