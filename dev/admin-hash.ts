// `npm run admin:hash [-- <password>]`: prints the scrypt hash to put in ADMIN_PASSWORD_HASH.
// Without an argument it reads the password from stdin (hidden when typed at a terminal), so it
// does not end up in the shell history.
import { createInterface } from 'node:readline';
import { hashPassword } from '../src/features/staff/server/password';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let prompting = true;
  output._writeToOutput = (text: string) => {
    if (prompting) process.stderr.write(text);
  };
  return new Promise((resolve) => {
    rl.question('New admin password: ', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    prompting = false;
  });
}

const password = process.argv[2] ?? (await readPassword());
if (password.length < 12) {
  console.error('Choose a password of at least 12 characters.');
  process.exit(1);
}
console.log(await hashPassword(password));
console.error('Set this value as ADMIN_PASSWORD_HASH (Netlify: Site configuration → Environment variables), with ADMIN_JWT_SECRET (e.g. openssl rand -base64 48).');
