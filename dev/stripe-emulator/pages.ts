// The browser pages Stripe hosts, emulated: Checkout (pay or subscribe), the customer portal and the
// portal's login page. Server-rendered HTML with plain forms, so they work in any browser and in tests.
import type { EmulatorCore } from './core';
import { StripeApiError } from './errors';
import type { CheckoutSessionObject, PriceObject, SubscriptionObject } from './objects';

export interface PageResult {
  status: number;
  html?: string;
  redirect?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

function cadence(price: PriceObject): string {
  const recurring = price.recurring;
  if (!recurring) return '';
  return recurring.interval_count === 1 ? `per ${recurring.interval}` : `every ${recurring.interval_count} ${recurring.interval}s`;
}

function date(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

const STYLE = `
  :root { color-scheme: light; --ink:#1a1f36; --muted:#5b6478; --line:#e3e8ee; --accent:#635bff; --danger:#c0123c; --ok:#0e7a4d; }
  * { box-sizing: border-box; }
  body { margin:0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background:#f6f8fa; }
  main { max-width: 960px; margin: 0 auto; padding: 32px 20px; }
  .test { display:inline-block; font-size:12px; font-weight:600; color:#a35200; background:#ffde92; border-radius:4px; padding:2px 8px; margin-left:8px; vertical-align:middle; }
  .grid { display:grid; gap:32px; grid-template-columns: 1fr; }
  @media (min-width: 760px) { .grid { grid-template-columns: 1fr 1fr; } }
  .panel { background:#fff; border:1px solid var(--line); border-radius:12px; padding:24px; }
  h1 { font-size: 24px; margin: 0 0 16px; } h2 { font-size: 18px; margin: 0 0 12px; }
  table { width:100%; border-collapse: collapse; } td, th { padding: 8px 0; text-align:left; border-bottom:1px solid var(--line); vertical-align: top; }
  td.amount, th.amount { text-align:right; white-space:nowrap; }
  .total td { font-weight:700; border-bottom:none; font-size:18px; }
  .muted { color: var(--muted); font-size: 14px; }
  label { display:block; font-weight:600; margin: 0 0 6px; }
  input[type=email] { width:100%; font:inherit; padding:10px 12px; border:1px solid #c9d1db; border-radius:8px; }
  input[type=email]:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #a5a1ff; outline-offset: 2px; }
  button { font:inherit; font-weight:600; border:0; border-radius:8px; padding:12px 16px; cursor:pointer; }
  .primary { width:100%; margin-top:16px; background: var(--accent); color:#fff; }
  .danger { background:#fff; color: var(--danger); border:1px solid var(--danger); padding:8px 12px; }
  .secondary { background:#fff; color: var(--ink); border:1px solid #c9d1db; padding:8px 12px; }
  .error { color: var(--danger); background:#fff0f3; border:1px solid #f5c2cf; border-radius:8px; padding:10px 12px; margin: 0 0 16px; }
  .notice { color: var(--ok); background:#eefbf4; border:1px solid #b7ebd0; border-radius:8px; padding:10px 12px; margin: 0 0 16px; }
  a { color: var(--accent); }
  ul.subs { list-style:none; margin:0; padding:0; } ul.subs li { border-top:1px solid var(--line); padding:16px 0; display:flex; justify-content:space-between; gap:16px; flex-wrap:wrap; align-items:center; }
  .status { font-size: 13px; font-weight:600; border-radius: 999px; padding: 2px 10px; background:#e3e8ee; }
  .status-active { background:#d7f7e4; color:#0e6245; } .status-canceled { background:#fde2e7; color:#a4102f; } .status-past_due { background:#fff3c4; color:#8a5a00; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function notFoundPage(what: string): PageResult {
  return { status: 404, html: layout('Not found', `<div class="panel"><h1>${escapeHtml(what)} not found</h1><p class="muted">This link is not valid in the Stripe emulator.</p></div>`) };
}

// ——— Checkout ———

function checkoutPage(core: EmulatorCore, session: CheckoutSessionObject, error?: string, email?: string): string {
  const items = core.checkout.sessionLineItems(session.id);
  const subscription = session.mode === 'subscription';
  const rows = items
    .map((item) => {
      const per = subscription ? ` <span class="muted">${escapeHtml(cadence(item.price))}</span>` : '';
      const quantity = item.quantity > 1 ? `<div class="muted">Qty ${item.quantity} × ${escapeHtml(money(item.price.unit_amount, item.currency))}</div>` : '';
      return `<tr><td>${escapeHtml(item.description)}${quantity}</td><td class="amount">${escapeHtml(money(item.amount_subtotal, item.currency))}${per}</td></tr>`;
    })
    .join('\n');
  const discountRows = session.discounts
    .map((discount) => {
      const coupon = core.state.coupons.get(discount.coupon);
      const label = coupon?.name ?? discount.coupon;
      const detail = coupon?.percent_off ? ` (${coupon.percent_off}% off)` : '';
      return `<tr><td>${escapeHtml(label + detail)}</td><td class="amount">−${escapeHtml(money(session.total_details.amount_discount, session.currency))}</td></tr>`;
    })
    .join('\n');
  const button = subscription ? 'Subscribe' : 'Pay';
  const prefilled = email ?? session.customer_email ?? (session.customer ? core.state.customers.get(session.customer)?.email : null) ?? '';
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  const totalLabel = subscription ? 'Total due today' : 'Total';
  return layout(
    subscription ? 'Subscribe' : 'Pay',
    `${back}
<div class="grid">
  <section class="panel" aria-labelledby="summary-title">
    <h1 id="summary-title">${subscription ? 'Subscribe' : 'Pay'}<span class="test">Test mode</span></h1>
    <table>
      <caption class="muted" style="text-align:left">Order summary</caption>
      <thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
      <tbody>
${rows}
${discountRows}
        <tr class="total"><td>${totalLabel}</td><td class="amount" data-testid="checkout-total">${escapeHtml(money(session.amount_total, session.currency))}</td></tr>
      </tbody>
    </table>
  </section>
  <section class="panel" aria-labelledby="pay-title">
    <h2 id="pay-title">Contact information</h2>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/checkout/${escapeHtml(session.id)}">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(prefilled)}">
      <p class="muted">Stripe emulator: no card details are needed; the payment always succeeds.</p>
      <button class="primary" type="submit">${button}</button>
    </form>
  </section>
</div>`,
  );
}

function closedCheckoutPage(session: CheckoutSessionObject): PageResult {
  const message = session.status === 'expired' ? 'This checkout session has expired.' : 'This checkout session is already complete.';
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  return { status: session.status === 'expired' ? 410 : 200, html: layout('Checkout', `<div class="panel"><h1>${escapeHtml(message)}</h1>${back}</div>`) };
}

export function successRedirect(session: CheckoutSessionObject): string | null {
  return session.success_url ? session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) : null;
}

export function getCheckout(core: EmulatorCore, id: string): PageResult {
  const session = core.state.sessions.get(id);
  if (!session) return notFoundPage('Checkout session');
  core.checkout.expireIfDue(session);
  if (session.status !== 'open') return closedCheckoutPage(session);
  return { status: 200, html: checkoutPage(core, session) };
}

export async function postCheckout(core: EmulatorCore, id: string, form: URLSearchParams): Promise<PageResult> {
  const session = core.state.sessions.get(id);
  if (!session) return notFoundPage('Checkout session');
  core.checkout.expireIfDue(session);
  if (session.status !== 'open') return closedCheckoutPage(session);
  const email = form.get('email') ?? '';
  let events;
  try {
    events = core.checkout.completeSession(id, { email });
  } catch (error) {
    if (error instanceof StripeApiError) return { status: 400, html: checkoutPage(core, session, error.message, email) };
    throw error;
  }
  // Stripe redirects once the payment succeeded; the emulator also waits for the site to take the
  // webhooks, so the success page can rely on them.
  await core.publish(events);
  const target = successRedirect(session);
  if (target) return { status: 303, redirect: target };
  return { status: 200, html: layout('Payment complete', `<div class="panel"><h1>Thanks for your ${session.mode === 'subscription' ? 'subscription' : 'payment'}</h1></div>`) };
}

// ——— Portal ———

function subscriptionLabel(core: EmulatorCore, subscription: SubscriptionObject): string {
  const price = subscription.items.data[0]?.price;
  if (!price) return subscription.id;
  return price.nickname ?? core.state.products.get(price.product)?.name ?? price.id;
}

function subscriptionLine(core: EmulatorCore, portalId: string, subscription: SubscriptionObject, cancelEnabled: boolean): string {
  const price = subscription.items.data[0]?.price;
  const amount = price ? `${money(price.unit_amount, price.currency)} ${cadence(price)}` : '';
  const periodEnd = core.subscriptions.periodEnd(subscription);
  let when: string;
  let action = '';
  const label = subscriptionLabel(core, subscription);
  const hidden = `<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">`;
  if (subscription.status === 'canceled') {
    when = `Canceled on ${date(subscription.ended_at ?? subscription.canceled_at ?? periodEnd)}`;
  } else if (subscription.cancel_at_period_end) {
    when = `Cancels on ${date(subscription.cancel_at ?? periodEnd)}`;
    action = `<form method="post" action="/portal/${escapeHtml(portalId)}/renew">${hidden}<button class="secondary" type="submit" aria-label="Renew subscription ${escapeHtml(label)}">Renew subscription</button></form>`;
  } else {
    when = `Renews on ${date(periodEnd)}`;
    if (cancelEnabled && (subscription.status === 'active' || subscription.status === 'past_due' || subscription.status === 'trialing')) {
      action = `<form method="post" action="/portal/${escapeHtml(portalId)}/cancel">${hidden}<button class="danger" type="submit">Cancel subscription</button></form>`;
    }
  }
  return `<li data-subscription="${escapeHtml(subscription.id)}">
    <div><strong>${escapeHtml(label)}</strong> <span class="status status-${escapeHtml(subscription.status)}">${escapeHtml(subscription.status.replace('_', ' '))}</span>
      <div class="muted">${escapeHtml(amount)}</div><div class="muted">${escapeHtml(when)}</div></div>
    ${action}
  </li>`;
}

export function getPortal(core: EmulatorCore, id: string, notice?: string | null): PageResult {
  const portal = core.state.portalSessions.get(id);
  if (!portal) return notFoundPage('Portal session');
  const customer = core.state.customers.get(portal.customer);
  const configuration = core.state.portalConfigurations.get(portal.configuration);
  const subscriptions = [...core.state.subscriptions.values()].reverse().filter((subscription) => subscription.customer === portal.customer);
  const cancelEnabled = configuration?.features.subscription_cancel.enabled ?? false;
  const list = subscriptions.length
    ? `<ul class="subs">${subscriptions.map((subscription) => subscriptionLine(core, id, subscription, cancelEnabled)).join('\n')}</ul>`
    : '<p class="muted">No subscriptions.</p>';
  const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to website</a></p>` : '';
  const headline = configuration?.business_profile.headline;
  const notices: Record<string, string> = {
    canceled: 'Your subscription has been canceled.',
    'cancel-scheduled': 'Your subscription will be canceled at the end of the billing period.',
    renewed: 'Your subscription will renew.',
  };
  const message = notice ? notices[notice] : undefined;
  return {
    status: 200,
    html: layout(
      'Billing portal',
      `${back}
<section class="panel" aria-labelledby="portal-title">
  <h1 id="portal-title">Manage your billing<span class="test">Test mode</span></h1>
  ${headline ? `<p>${escapeHtml(headline)}</p>` : ''}
  <p class="muted">Signed in as ${escapeHtml(customer?.email ?? portal.customer)}</p>
  ${message ? `<p class="notice" role="status">${escapeHtml(message)}</p>` : ''}
  <h2>Current subscriptions</h2>
  ${list}
</section>`,
    ),
  };
}

export async function postPortalAction(core: EmulatorCore, id: string, action: 'cancel' | 'renew', form: URLSearchParams): Promise<PageResult> {
  const portal = core.state.portalSessions.get(id);
  if (!portal) return notFoundPage('Portal session');
  const subscriptionId = form.get('subscription') ?? '';
  let events;
  try {
    events = action === 'cancel' ? core.portal.portalCancel(id, subscriptionId) : core.portal.portalRenew(id, subscriptionId);
  } catch (error) {
    if (error instanceof StripeApiError) return { status: 400, html: layout('Billing portal', `<div class="panel"><p class="error" role="alert">${escapeHtml(error.message)}</p><p><a href="/portal/${escapeHtml(id)}">Back to the portal</a></p></div>`) };
    throw error;
  }
  await core.publish(events);
  const notice = action === 'renew' ? 'renewed' : events.some((event) => event.type === 'customer.subscription.deleted') ? 'canceled' : 'cancel-scheduled';
  return { status: 303, redirect: `/portal/${id}?notice=${notice}` };
}

// ——— Portal login (Stripe's "customer portal login link") ———

function loginPage(email: string, error?: string): string {
  return layout(
    'Sign in to the billing portal',
    `<section class="panel" aria-labelledby="login-title" style="max-width:460px;margin:0 auto">
  <h1 id="login-title">Manage your billing<span class="test">Test mode</span></h1>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/portal-login">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
    <p class="muted">Stripe e-mails a sign-in link to this address; the emulator opens the portal directly.</p>
    <button class="primary" type="submit">Continue</button>
  </form>
</section>`,
  );
}

function loginDisabled(core: EmulatorCore): PageResult | null {
  const configuration = core.portal.defaultPortalConfiguration();
  if (configuration?.login_page.enabled) return null;
  return {
    status: 404,
    html: layout('Not available', '<div class="panel"><h1>The customer portal login link is not enabled</h1><p class="muted">Run <code>npm run stripe:setup</code> against this emulator (or start it with the catalogue seeded) to enable it.</p></div>'),
  };
}

export function getPortalLogin(core: EmulatorCore, query: URLSearchParams): PageResult {
  return loginDisabled(core) ?? { status: 200, html: loginPage(query.get('prefilled_email') ?? '') };
}

export function postPortalLogin(core: EmulatorCore, form: URLSearchParams): PageResult {
  const disabled = loginDisabled(core);
  if (disabled) return disabled;
  const email = (form.get('email') ?? '').trim();
  if (!email) return { status: 400, html: loginPage(email, 'Enter your email address.') };
  const customers = core.customers.customersByEmail(email);
  if (customers.length === 0) return { status: 404, html: loginPage(email, `No customer account was found for ${email}.`) };
  const withSubscriptions = customers.find((customer) => [...core.state.subscriptions.values()].some((subscription) => subscription.customer === customer.id));
  const customer = withSubscriptions ?? customers[0];
  if (!customer) return { status: 404, html: loginPage(email, `No customer account was found for ${email}.`) };
  const configuration = core.portal.defaultPortalConfiguration();
  const portal = core.portal.createPortalSession({ customer: customer.id, returnUrl: configuration?.default_return_url ?? null });
  return { status: 303, redirect: `/portal/${portal.id}` };
}
