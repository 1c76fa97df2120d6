import * as z from 'zod';

/** The opt-out link's token: 22 URL-safe characters as the site writes it. */
export const optOutBody = z.object({
  token: z.string({ error: 'The link is incomplete: open it again from the e-mail' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'The link is incomplete: open it again from the e-mail'),
});
export type OptOutBody = z.infer<typeof optOutBody>;
