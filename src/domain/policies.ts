import * as z from 'zod';
import { templateText } from './content-template';

/**
 * The policy pages (/privacy, /terms, /accessibility): one markdown file each in
 * src/content/policies/, its front matter the page's title, its line for search engines and a note
 * for staff that no visitor sees, its body the page in markdown. The body may name the facts other
 * files own ({phone}, {email}, {cancellationHours}, {teamPrice}…), filled when the site is built, so
 * a limit or a price is written once.
 */
export const POLICIES_FOLDER = 'policies';

/** The pages, by file name: each is served at /{name} and linked from the footer. */
export const POLICY_PAGES = ['privacy', 'terms', 'accessibility'] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];

const TITLE_MESSAGE = 'a policy page needs a title';

export const policyPageSchema = z.object({
  /** For staff only: never rendered on the site. */
  staffNote: z.string().optional(),
  title: z.string({ error: TITLE_MESSAGE }).trim().min(1, TITLE_MESSAGE).max(80, 'keep the title under 80 characters'),
  description: z.string({ error: 'write the line search engines show' }).trim().min(50, 'write the line search engines show (50 to 160 characters)').max(160, 'keep the line search engines show under 160 characters'),
  body: templateText({ text: z.string().trim().min(1, 'write the page') }),
});
export type PolicyPageContent = z.infer<typeof policyPageSchema>;

/** A policy file's fields as the schema reads them: the front matter (an emptied field left out) and the markdown body. */
export function policyFileFields(frontMatter: Readonly<Record<string, unknown>>, body: string): Record<string, unknown> {
  const fields = Object.entries(frontMatter).filter(([name, value]) => name !== 'body' && value !== '' && value !== null && value !== undefined);
  return { ...Object.fromEntries(fields), body };
}
