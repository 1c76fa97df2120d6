// One cold start of one bundled function, as a fresh Lambda instance has it: a new process loads the
// bundle's ___netlify-entry-point.mjs (Netlify's bootstrap and the function), then answers one request.
// Prints one JSON line: the status, the load time and the first call's time (ms, inside this process),
// and the CPU time the process had spent by then (user + system, ms: what other load on the machine
// does not inflate).
//
//   node dev/bench/cold-start-probe.mjs <bundle folder> <method> <url> [<route pattern>]
//
// Plain JavaScript run by a bare `node`, so no loader adds to what is measured. Never deployed.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installLambdaStreaming, invokeLambdaHandler } from '../functions/lambda-bridge.mjs';

const [folder, method, url, route] = process.argv.slice(2);
if (!folder || !method || !url) {
  process.stderr.write('usage: node dev/bench/cold-start-probe.mjs <bundle folder> <method> <url> [<route pattern>]\n');
  process.exit(2);
}

const started = performance.now();
installLambdaStreaming();
const { handler } = await import(pathToFileURL(join(folder, '___netlify-entry-point.mjs')).href);
const loaded = performance.now();
const { response } = invokeLambdaHandler(handler, new Request(url, { method }), { route, requestId: randomUUID(), timeoutMs: 60_000 });
const answer = await response;
await answer.arrayBuffer();
const answered = performance.now();
const cpu = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ status: answer.status, loadMs: loaded - started, firstCallMs: answered - loaded, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
process.exit(0);
