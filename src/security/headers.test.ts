import { describe, expect, it } from 'vitest';
import { COMMON_SECURITY_HEADERS, FUNCTION_SECURITY_HEADERS, pagePolicy, parsePolicy, STATIC_SECURITY_HEADERS } from './headers';

const HASH = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

describe('page policy', () => {
  const policy = parsePolicy(pagePolicy({ scriptHashes: [HASH, HASH], frameOrigins: ['https://www.openstreetmap.org'] }));

  it('allows scripts only from the site and the given hashes, never inline or eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'", HASH]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('frames only the given origins and is framed by no one', () => {
    expect(policy.get('frame-src')).toEqual(['https://www.openstreetmap.org']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parsePolicy(pagePolicy({ scriptHashes: [], frameOrigins: [] })).get('frame-src')).toEqual(["'none'"]);
  });

  it('keeps plugins, base URLs, form targets and connections to the site', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'"]);
  });
});

describe('header sets', () => {
  it('gives functions and static files the same common headers', () => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
      expect(FUNCTION_SECURITY_HEADERS[name]).toBe(value);
      expect(STATIC_SECURITY_HEADERS[name]).toBe(value);
    }
    expect(COMMON_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(COMMON_SECURITY_HEADERS['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}/);
  });

  it('lets a function answer load, run and embed nothing', () => {
    const policy = parsePolicy(FUNCTION_SECURITY_HEADERS['Content-Security-Policy']!);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('parsePolicy', () => {
  it('reads directives case-insensitively and keeps the first of a repeated one', () => {
    expect(parsePolicy("Script-Src 'self' a; ; script-src b;img-src x")).toEqual(new Map([['script-src', ["'self'", 'a']], ['img-src', ['x']]]));
  });
});
