import * as z from 'zod';

/** Admin login: the password is required; the server decides whether it is right. */
export const ADMIN_PASSWORD_REQUIRED_MESSAGE = 'Password is required';

export const adminLoginSchema = z.object({
  password: z
    .string({ error: ADMIN_PASSWORD_REQUIRED_MESSAGE })
    .min(1, ADMIN_PASSWORD_REQUIRED_MESSAGE)
    .max(1024, 'Password is too long'),
});

export type AdminLogin = z.output<typeof adminLoginSchema>;
