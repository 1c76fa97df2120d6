/**
 * The inline scripts of an HTML page a Content-Security-Policy must allow, as `'sha256-…'` sources.
 * Works on the HTML Astro writes (script elements are never nested in comments or templates there).
 */
import { createHash } from 'node:crypto';

/** `<script attributes>content</script>`; attribute values may contain `>` inside quotes. */
const SCRIPT_ELEMENT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** Script types the browser runs (or, for import maps and speculation rules, still checks against script-src). */
const JAVASCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/**
 * The text of every inline script the browser checks against script-src: no `src`, and a JavaScript
 * type (or none). Data blocks such as JSON-LD (`application/ld+json`) are not scripts and are left out.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attrs = attributes(match[1]!);
    if (attrs.has('src')) continue;
    const type = (attrs.get('type') ?? '').trim().toLowerCase().split(';')[0]!.trim();
    if (JAVASCRIPT_TYPES.has(type)) scripts.push(match[2]!);
  }
  return scripts;
}

/** The CSP source for one inline script: sha256 of its text as the browser reads it (line breaks normalised to \n). */
export function scriptHashSource(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}'`;
}

/** The distinct hash sources of a page's inline scripts, sorted. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHashSource))].sort();
}
