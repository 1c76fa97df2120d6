// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Registers the site's own client directives (see ./interaction.ts and ./after-load.ts).
 * @returns {import('astro').AstroIntegration}
 */
export default function clientDirectives() {
  return {
    name: 'venue:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
        addClientDirective({ name: 'afterload', entrypoint: fileURLToPath(new URL('./after-load.ts', import.meta.url)) });
      },
    },
  };
}
