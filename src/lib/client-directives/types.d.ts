// Lets .astro files type-check the site's own client directives (registered in ./integration.mjs).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer-over, touch, focus or click on an element matching this selector. */
    'client:interaction'?: string;
  }
}
