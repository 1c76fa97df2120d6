/**
 * Which CSS a built page needs before its first paint: the rules of the site's stylesheet whose
 * classes and ids occur in the page (its markup and the scripts it ships, which add classes), with
 * every @font-face, @keyframes and rule that names no class or id. Lenient by design: a rule is kept
 * when any of its selectors could match, ignoring tags, attributes and states (:hover, :checked…),
 * so nothing the page can show (on load, on hover, once a script or island adds its classes) loses a style.
 */
import postcss, { type AtRule, type Container, type Rule } from 'postcss';

/** Words of a page that may name a class or id: its markup and script text split at quotes, spaces and markup characters. */
export function pageTokens(text: string): Set<string> {
  return new Set(text.split(/[\s"'`<>=]+/).filter(Boolean));
}

/** A CSS identifier with its escapes resolved (`sm\:grid-cols-2` → `sm:grid-cols-2`, `w-\[17rem\]` → `w-[17rem]`). */
function unescapeIdentifier(identifier: string): string {
  return identifier.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, escaped: string) => (/^[0-9a-fA-F]{1,6}\s?$/.test(escaped) ? String.fromCodePoint(parseInt(escaped, 16)) : escaped));
}

/** The classes and ids a selector requires; what sits inside :not() is an absence, so it requires nothing. */
export function requiredNames(selector: string): string[] {
  let positive = selector;
  for (let previous = ''; previous !== positive; ) {
    previous = positive;
    positive = positive.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  }
  // Attribute selectors go; an escaped bracket belongs to a class name (`w-\[17rem\]`).
  positive = positive.replace(/(?<!\\)\[(?:\\.|[^\]\\])*\]/g, '');
  return [...positive.matchAll(/[.#]((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)].map((match) => unescapeIdentifier(match[1]!));
}

function selectorMayMatch(selector: string, tokens: ReadonlySet<string>): boolean {
  return requiredNames(selector).every((name) => tokens.has(name));
}

function prune(container: Container, tokens: ReadonlySet<string>): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const rule = node as Rule;
      // Keyframe steps (from, to, 50%) live inside @keyframes, which is kept whole.
      if (!rule.selectors.some((selector) => selectorMayMatch(selector, tokens))) rule.remove();
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      if (/keyframes$/i.test(atRule.name) || atRule.name === 'font-face' || !atRule.nodes) return;
      prune(atRule, tokens);
      if (atRule.nodes.length === 0) atRule.remove();
    }
  });
}

/** The part of `css` a page made of `tokens` may use, minified by dropping what it cannot. */
export function usedCss(css: string, tokens: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  prune(root, tokens);
  return root.toString();
}
