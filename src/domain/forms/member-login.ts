import { z } from 'zod';

/** Member login by e-mail (spec section 5). */
export const MEMBER_LOGIN_EMAIL_MESSAGE = 'Please enter a valid email address';

export const memberLoginSchema = z.object({
  email: z
    .string({ error: MEMBER_LOGIN_EMAIL_MESSAGE })
    .trim()
    .max(254, MEMBER_LOGIN_EMAIL_MESSAGE)
    .pipe(z.email({ error: MEMBER_LOGIN_EMAIL_MESSAGE })),
});

export type MemberLogin = z.output<typeof memberLoginSchema>;
