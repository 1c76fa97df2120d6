/** Member login by e-mail: the message of an address that is not one; free of zod so the login form ships it cheaply. */
export const MEMBER_LOGIN_EMAIL_MESSAGE = 'Please enter a valid email address';
