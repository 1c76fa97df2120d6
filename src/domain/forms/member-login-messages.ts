/** Member login by e-mail (spec section 5); free of zod so the login form ships it cheaply. */
export const MEMBER_LOGIN_EMAIL_MESSAGE = 'Please enter a valid email address';
