import { parse } from 'yaml';

/** A markdown file with YAML front matter ("---" lines around it), as the content editor writes it. */
export interface MarkdownFile {
  frontMatter: Record<string, unknown>;
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/;

/** Splits and parses a markdown file; throws a message naming what is wrong with its front matter. */
export function parseMarkdownFile(text: string): MarkdownFile {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error('no front matter: the file must start with a line "---", its fields, and another "---"');
  const frontMatter: unknown = parse(match[1]!) ?? {};
  if (typeof frontMatter !== 'object' || Array.isArray(frontMatter)) throw new Error('the front matter must be a list of fields ("name: value")');
  return { frontMatter: frontMatter as Record<string, unknown>, body: match[2]! };
}
