// Mail: the SMTP server of SMTP_URL / SMTP_HOST when set (never in private runs), else the local mail
// catcher (dev/mail-catcher/) on MAIL_CATCHER_PORT (its web page) or free ports; its page's address
// is on the ready line.
import { startMailCatcherThread } from '../mail-catcher/index';
import { parsePort } from './args';
import type { RunningStandIn, StandIn } from './stand-ins';

export const mail: StandIn = {
  name: 'the mail catcher',
  async start(context): Promise<RunningStandIn> {
    const configured = process.env['SMTP_URL']?.trim() || process.env['SMTP_HOST']?.trim();
    if (!context.private && configured) return { env: {}, readyPhrase: 'mail: SMTP server of SMTP_URL' };
    const port = process.env['MAIL_CATCHER_PORT']?.trim() ? parsePort(process.env['MAIL_CATCHER_PORT'], 'MAIL_CATCHER_PORT') : 0;
    const delay = Number(process.env['MAIL_CATCHER_DELAY_MS'] ?? 0);
    const catcher = await startMailCatcherThread({ httpPort: port, delayMs: Number.isFinite(delay) ? delay : 0 });
    return {
      env: { SMTP_URL: catcher.smtpUrl, MAIL_CATCHER_URL: catcher.url },
      readyPhrase: `mail: ${catcher.url}`,
      close: () => catcher.close(),
    };
  },
};
