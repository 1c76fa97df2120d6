// Payments: the real Stripe API when STRIPE_SECRET_KEY is set (never in private runs), else the local
// Stripe emulator (dev/stripe-emulator/) on STRIPE_EMULATOR_PORT or a free port, sending its signed
// webhooks to this site.
import { startStripeEmulator } from '../stripe-emulator/index';
import { parsePort } from './args';
import { warn } from './log';
import type { RunningStandIn, StandIn } from './stand-ins';

export const stripe: StandIn = {
  name: 'the Stripe emulator',
  async start(context): Promise<RunningStandIn> {
    const stripeKey = process.env['STRIPE_SECRET_KEY']?.trim();
    if (!context.private && stripeKey) {
      return { env: {}, readyPhrase: `Stripe ${stripeKey.startsWith('sk_live_') ? 'live' : 'test'} mode (STRIPE_SECRET_KEY)` };
    }
    const port = process.env['STRIPE_EMULATOR_PORT']?.trim() ? parsePort(process.env['STRIPE_EMULATOR_PORT'], 'STRIPE_EMULATOR_PORT') : 0;
    const emulator = await startStripeEmulator({
      port,
      webhookUrl: `${context.siteUrl}/api/stripe-webhook`,
      siteUrl: context.siteUrl,
      log: (line) => warn(line),
    });
    return {
      env: {
        STRIPE_SECRET_KEY: emulator.secretKey,
        STRIPE_API_BASE: emulator.url,
        STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
        STRIPE_PORTAL_LOGIN_URL: emulator.portalLoginUrl,
      },
      readyPhrase: `Stripe emulator: ${emulator.url}`,
      close: () => emulator.close(),
    };
  },
};
