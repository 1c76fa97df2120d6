import * as z from 'zod';

import { MEMBER_LOGIN_EMAIL_MESSAGE } from './member-login-texts';

export * from './member-login-texts';

/** Member login by e-mail: a valid address is required. */

export const memberLoginSchema = z.object({
  email: z
    .string({ error: MEMBER_LOGIN_EMAIL_MESSAGE })
    .trim()
    .max(254, MEMBER_LOGIN_EMAIL_MESSAGE)
    .pipe(z.email({ error: MEMBER_LOGIN_EMAIL_MESSAGE })),
});

export type MemberLogin = z.output<typeof memberLoginSchema>;
