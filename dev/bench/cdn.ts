// The built site served as a CDN serves it, for the page benchmarks: every file of dist/ read once
// into memory, the header rules (dist/_headers and netlify.toml) parsed once with Netlify's own parser,
// and each answer a lookup. The local runtime re-reads and re-parses the header rules for every request
// (a few ms of CPU each, ~1 s per hundred): on a 2-core machine that work competes with the browser
// being measured, which a visitor's phone never shares with Netlify's CDN. Given a running site, the
// server passes /api/* to it, so an island that calls the functions (/book) gets their real answers
// while the site's runtime does nothing but answer those calls.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { closeServer, listen, serverUrl } from '../http-server';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The Content-Type a static file is served with, by its extension. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

/** Netlify's default for files the header rules say nothing about: revalidate on every use. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

interface HeaderRule {
  forRegExp: RegExp;
  values: Record<string, string>;
}

export interface StaticFile {
  body: Buffer;
  status: number;
  headers: Record<string, string>;
}

/** A lookup from request path to answer, built once from a built site's folder. */
export interface SiteFiles {
  answer(pathname: string): StaticFile;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The candidates Netlify tries for a path: the file itself, then the folder's index.html, then `.html`. */
export function candidatePaths(pathname: string): string[] {
  if (pathname.endsWith('/')) return [`${pathname}index.html`];
  return [pathname, `${pathname}/index.html`, `${pathname}.html`];
}

export async function loadSiteFiles(distDirectory: string, netlifyConfigPath: string): Promise<SiteFiles> {
  const files = new Map<string, Buffer>();
  await Promise.all(
    (await listFiles(distDirectory)).map(async (file) => {
      files.set(`/${relative(distDirectory, file).split(sep).join('/')}`, await readFile(file));
    }),
  );
  const { headers: rules, errors } = await parseAllHeaders({ headersFiles: [join(distDirectory, '_headers')], netlifyConfigPath, configHeaders: [], minimal: false });
  if (errors.length > 0) throw new Error(`The header rules do not parse: ${errors.map((error) => error.message).join('; ')}`);
  const headersFor = (pathname: string, file: string): Record<string, string> => {
    const matched = (rules as HeaderRule[]).filter(({ forRegExp }) => forRegExp.test(pathname)).reduce<Record<string, string>>((all, { values }) => ({ ...all, ...values }), {});
    const lowerCased = Object.fromEntries(Object.entries(matched).map(([name, value]) => [name.toLowerCase(), value]));
    return { 'content-type': contentTypeOf(file), 'cache-control': DEFAULT_CACHE_CONTROL, ...lowerCased };
  };
  return {
    answer(pathname) {
      const found = candidatePaths(pathname).find((candidate) => files.has(candidate));
      if (found) return { body: files.get(found)!, status: 200, headers: headersFor(pathname, found) };
      return { body: files.get('/404.html') ?? Buffer.from('Not found'), status: 404, headers: headersFor('/404.html', '/404.html') };
    },
  };
}

export interface CdnServer {
  url: string;
  close(): Promise<void>;
}

/** Request headers that describe one hop, not the request: the forwarded request sets its own. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Passes a request to `api` (a running site's origin) and its answer back, cookies included. */
async function forward(req: IncomingMessage, res: ServerResponse, api: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.entries(req.headers).flatMap(([name, value]) => (HOP_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]]));
  const answer = await fetch(new URL(req.url ?? '/', api), {
    method: req.method ?? 'GET',
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    redirect: 'manual',
  });
  const body = Buffer.from(await answer.arrayBuffer());
  // fetch has already decoded the body: its length and encoding are this answer's own.
  const passed = [...answer.headers].filter(([name]) => !['content-encoding', 'content-length', 'set-cookie', 'transfer-encoding', 'connection'].includes(name));
  res.writeHead(answer.status, [...passed.flat(), ...answer.headers.getSetCookie().flatMap((cookie) => ['set-cookie', cookie]), 'content-length', String(body.length)]);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Serves `distDirectory` on a free loopback port (GET and HEAD; other methods 405, as for static files).
 * With `api` (a running site's origin), /api/* is that site's answer instead.
 */
export async function startCdn(distDirectory: string, netlifyConfigPath: string, options: { port?: number; api?: string | undefined } = {}): Promise<CdnServer> {
  const site = await loadSiteFiles(distDirectory, netlifyConfigPath);
  const { port = 0, api } = options;
  const server: Server = createServer((req, res) => {
    if (api && (req.url ?? '').startsWith('/api/')) {
      forward(req, res, api).catch(() => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"error":"The running site did not answer."}');
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://cdn.invalid').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = site.answer(pathname);
    res.writeHead(file.status, { ...file.headers, 'content-length': String(file.body.length) });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  });
  const host = '127.0.0.1';
  const bound = await listen(server, port, host);
  return { url: serverUrl(host, bound), close: () => closeServer(server) };
}
