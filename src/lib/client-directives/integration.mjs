// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Registers the site's own client directives (see ./interaction.ts).
 * @returns {import('astro').AstroIntegration}
 */
export default function clientDirectives() {
  return {
    name: 'venue:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
      },
    },
  };
}
