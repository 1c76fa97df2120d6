import { fileURLToPath } from 'node:url';

/** The repository's root folder: where dist/, netlify/ and node_modules/ are. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
