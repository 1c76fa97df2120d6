// Lets .astro files type-check the site's own client directives (registered in ./integration.mjs).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer-over, touch, focus or click on an element matching this selector. */
    'client:interaction'?: string;
    /** Hydrate after the page's load event (when the browser is next idle), or at once on a pointer, touch or focus in the island. */
    'client:afterload'?: boolean;
  }
}
