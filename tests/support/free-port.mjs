// Prints a free TCP port on 127.0.0.1 (used synchronously from configs through execFileSync).
import { freePort } from '../../dev/free-port.mjs';

process.stdout.write(String(await freePort()));
