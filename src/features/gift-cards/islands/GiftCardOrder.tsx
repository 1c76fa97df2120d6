import { useEffect, useState, type FormEvent } from 'react';
import { callApi, ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../domain/money';
import { InputField, TextareaField } from '../../../islands/shared/Field';
import { buyGiftCard } from '../contract/gift-card-checkout';
import { MESSAGE_MAX } from '../contract/order-texts';
import { deliveryWindow } from '../rules/delivery';
import { emptyOrder, orderBody, orderProblems, type AmountContent, type OrderField, type OrderForm } from './order-state';

type Problems = Partial<Record<OrderField, string>>;

const choiceClass = (checked: boolean) =>
  `cursor-pointer rounded-button border px-5 py-3 text-center font-bold focus-within:shadow-focus ${checked ? 'border-accent bg-accent text-accent-on' : 'border-line bg-raised text-text hover:border-accent'}`;

/**
 * /gift-cards: amount (a preset or a custom one), purchaser, recipient or "send it to me to print",
 * message and delivery date, then the hosted Checkout for the amount the server decides.
 */
export default function GiftCardOrder({ content }: { content: AmountContent }) {
  const [form, setForm] = useState<OrderForm>(() => emptyOrder(content, deliveryWindow(Date.now()).first));
  const [dates, setDates] = useState(() => deliveryWindow(Date.now()));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => setDates(deliveryWindow(Date.now())), []);
  const set = <K extends keyof OrderForm>(key: K, value: OrderForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    const found = orderProblems(form, content, Date.now());
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const { url } = await callApi(buyGiftCard, { body: orderBody(form) });
      globalThis.location.assign(url);
    } catch (error) {
      const body = error instanceof ApiError ? error.json() : undefined;
      if (body?.fields) setProblems(body.fields as Problems);
      setFailure(body?.error ?? 'The payment page could not be opened. Please try again.');
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="card mt-8 space-y-8">
      <fieldset>
        <legend className="text-h3 font-extrabold">Amount</legend>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {content.presets.map((preset) => (
            <label key={preset} className={choiceClass(form.choice === preset)}>
              <input type="radio" name="amount" value={preset} checked={form.choice === preset} onChange={() => set('choice', preset)} className="sr-only" />
              {formatMoney(preset)}
            </label>
          ))}
          {content.custom.allowed ? (
            <label className={choiceClass(form.choice === 'custom')}>
              <input type="radio" name="amount" value="custom" checked={form.choice === 'custom'} onChange={() => set('choice', 'custom')} className="sr-only" />
              Other
            </label>
          ) : null}
        </div>
        {form.choice === 'custom' ? (
          <InputField
            id="customAmount"
            label={`Amount in dollars (${formatMoney(content.custom.min)}-${formatMoney(content.custom.max)})`}
            inputMode="numeric"
            value={form.customAmount}
            onChange={(event) => set('customAmount', event.target.value)}
            error={problems.amount}
            className="mt-4 max-w-xs"
          />
        ) : problems.amount ? (
          <p className="mt-2 text-small font-semibold text-danger">{problems.amount}</p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-h3 font-extrabold">From</legend>
        <InputField id="purchaserName" label="Your name" autoComplete="name" value={form.purchaserName} onChange={(event) => set('purchaserName', event.target.value)} error={problems.purchaserName} />
        <InputField id="purchaserEmail" label="Your e-mail" type="email" autoComplete="email" value={form.purchaserEmail} onChange={(event) => set('purchaserEmail', event.target.value)} error={problems.purchaserEmail} />
      </fieldset>

      <fieldset>
        <legend className="text-h3 font-extrabold">To</legend>
        <label className="mt-4 flex items-center gap-3">
          <input type="checkbox" checked={form.toSelf} onChange={(event) => set('toSelf', event.target.checked)} className="h-5 w-5" />
          Send it to me to print
        </label>
        {form.toSelf ? null : (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <InputField id="recipientName" label="Recipient's name" value={form.recipientName} onChange={(event) => set('recipientName', event.target.value)} error={problems.recipientName} />
            <InputField id="recipientEmail" label="Recipient's e-mail" type="email" value={form.recipientEmail} onChange={(event) => set('recipientEmail', event.target.value)} error={problems.recipientEmail} />
          </div>
        )}
      </fieldset>

      <TextareaField id="message" label={`Message (up to ${MESSAGE_MAX} characters)`} optional maxLength={MESSAGE_MAX} value={form.message} onChange={(event) => set('message', event.target.value)} error={problems.message} />
      <InputField id="deliverOn" label="Delivery date" type="date" min={dates.first} max={dates.last} value={form.deliverOn} onChange={(event) => set('deliverOn', event.target.value)} error={problems.deliverOn} hint="The card is e-mailed that morning (venue time)." className="max-w-xs" />

      {failure ? (
        <p role="alert" className="font-semibold text-danger">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
        {pending ? 'Opening payment…' : 'Continue to payment'}
      </button>
    </form>
  );
}
