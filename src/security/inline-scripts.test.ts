import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScripts, scriptHashSource } from './inline-scripts';

describe('inlineScripts', () => {
  it('finds classic and module inline scripts, and leaves out external scripts and data blocks', () => {
    const html = [
      '<script>one()</script>',
      '<script type="module">two()</script>',
      '<SCRIPT TYPE="text/javascript">three()</SCRIPT >',
      "<script type='application/ld+json'>{\"@type\":\"Place\"}</script>",
      '<script type="application/json">{"a":1}</script>',
      '<script src="/_astro/a.js"></script>',
      '<script type="module" src="/_astro/b.js"></script>',
      '<script data-src="/x.js" data-note="a > b">four()</script>',
      '<script type="importmap">{"imports":{}}</script>',
    ].join('\n');
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()', 'four()', '{"imports":{}}']);
  });

  it('keeps the script text exactly, across lines', () => {
    expect(inlineScripts('<script>\n  if (a < b) go();\n</script>')).toEqual(['\n  if (a < b) go();\n']);
  });
});

describe('scriptHashSource', () => {
  it('is the CSP hash source the browser computes (the CSP specification example)', () => {
    expect(scriptHashSource("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });

  it('hashes line breaks as the HTML parser normalises them', () => {
    expect(scriptHashSource('a();\r\nb();\rc();')).toBe(scriptHashSource('a();\nb();\nc();'));
  });
});

describe('inlineScriptHashes', () => {
  it('lists each distinct script once, sorted', () => {
    const hashes = inlineScriptHashes('<script>x()</script><script>y()</script><script>x()</script>');
    expect(hashes).toEqual([scriptHashSource('x()'), scriptHashSource('y()')].sort());
  });

  it('is empty for a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([]);
  });
});
