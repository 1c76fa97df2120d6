import * as z from 'zod';

import { MEMBER_LOGIN_EMAIL_MESSAGE } from './member-login-messages';

export * from './member-login-messages';

/** Member login by e-mail: a valid address is required. */

export const memberLoginSchema = z.object({
  email: z
    .string({ error: MEMBER_LOGIN_EMAIL_MESSAGE })
    .trim()
    .max(254, MEMBER_LOGIN_EMAIL_MESSAGE)
    .pipe(z.email({ error: MEMBER_LOGIN_EMAIL_MESSAGE })),
});

export type MemberLogin = z.output<typeof memberLoginSchema>;
