/**
 * The league's "tell me when registration opens" form (the league page and the registration page
 * while no session is open) and the body of POST /api/league-notify. Its texts are zod-free
 * (notify-texts.ts) so the page's small script ships them without a schema library.
 */
import * as z from 'zod';
import { NOTIFY_TEXTS } from './notify-texts';

export * from './notify-texts';

export const notifyFormSchema = z.object({
  email: z.string({ error: NOTIFY_TEXTS.email }).trim().max(254, NOTIFY_TEXTS.email).pipe(z.email({ error: NOTIFY_TEXTS.email })),
});

export type NotifyForm = z.output<typeof notifyFormSchema>;
