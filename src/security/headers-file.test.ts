import { describe, expect, it } from 'vitest';
import { pagePaths, renderHeadersFile } from './headers-file';

describe('renderHeadersFile', () => {
  it('writes each path with its headers indented below it', () => {
    const text = renderHeadersFile(
      [
        { path: '/*', headers: { 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' } },
        { path: '/about/', headers: { 'Content-Security-Policy': "default-src 'self'" } },
      ],
      'Generated.\nDo not edit.',
    );
    expect(text).toBe(
      "# Generated.\n# Do not edit.\n\n/*\n  X-Content-Type-Options: nosniff\n  X-Frame-Options: DENY\n\n/about/\n  Content-Security-Policy: default-src 'self'\n",
    );
  });

  it('refuses a value that would break the file', () => {
    expect(() => renderHeadersFile([{ path: '/', headers: { A: 'one\ntwo' } }], 'x')).toThrow(/line break/);
  });
});

describe('pagePaths', () => {
  it('maps built files to the paths that answer them', () => {
    expect(pagePaths('index.html')).toEqual(['/', '/index.html']);
    expect(pagePaths('about/index.html')).toEqual(['/about/', '/about/index.html']);
    expect(pagePaths('admin/login/index.html')).toEqual(['/admin/login/', '/admin/login/index.html']);
    expect(pagePaths('404.html')).toEqual(['/404', '/404.html']);
  });
});
