/**
 * A gift card's messages: the purchaser's receipt (sent when the card is issued: amount, recipient,
 * delivery date, and never the code when the card goes to someone else) and the card itself (to the
 * recipient, or to the purchaser to print, due on the delivery date: amount, message, code, how to
 * use it and the printable card attached). The card's message holds the code, so the outbox deletes
 * it once sent (`secret`).
 */
import { headerText } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { formatCents } from '../../../domain/money';
import { formatEventDate } from '../../../domain/dates';
import { site } from '../../../data/site';
import { giftCards } from '../catalogue';
import { groupCode } from '../rules/code';
import type { GiftCardRecord } from '../server/record';
import { printableCard } from './printable';

export const receiptKey = (checkoutSessionId: string) => `gift-card-receipt:${checkoutSessionId}`;
/** The card's message; each new code (a staff resend) is a new message. */
export const cardMessageKey = (id: string, codeVersion: number) => `gift-card:${id}:${codeVersion}`;

export const BALANCE_PATH = '/gift-cards/balance';
export const HOW_TO_USE = `Show this code at the venue to pay for bay time, food and drinks, or enter it when you book a bay on our website. Check what is left at any time at ${BALANCE_PATH} on our website.`;

export function receiptMessage(card: GiftCardRecord): MailMessage {
  const amount = formatCents(card.amountCents);
  const when = formatEventDate(card.deliverOn);
  const delivery = card.toSelf
    ? `We will e-mail you the card with its code, ready to print, on ${when}.`
    : `We will e-mail it to ${headerText(card.recipient.name)} (${card.recipient.email}) on ${when}. The code goes only to them.`;
  return {
    key: receiptKey(card.checkoutSessionId),
    to: [card.purchaser.email],
    subject: headerText(`Your ${amount} gift card receipt – ${site.name}`),
    content: {
      title: 'Thank you for your gift card',
      preview: `${amount} gift card, delivered ${when}`,
      blocks: [
        { kind: 'paragraph', text: `Hi ${headerText(card.purchaser.name)}, thank you for your purchase. ${delivery}` },
        {
          kind: 'facts',
          facts: [
            { label: 'Amount paid', value: amount },
            { label: 'Recipient', value: card.toSelf ? 'You (to print)' : `${headerText(card.recipient.name)}, ${card.recipient.email}` },
            { label: 'Delivery date', value: when },
            { label: 'Card', value: `ending ${card.codeHint}` },
          ],
        },
        { kind: 'paragraph', text: giftCards.terms },
      ],
    },
  };
}

export function cardMessage(card: GiftCardRecord, code: string): MailMessage {
  const amount = formatCents(card.amountCents);
  const from = headerText(card.purchaser.name);
  const grouped = groupCode(code);
  return {
    key: cardMessageKey(card.id, card.codeVersion),
    to: [card.recipient.email],
    subject: headerText(card.toSelf ? `Your ${amount} gift card to print – ${site.name}` : `${from} sent you a ${amount} gift card – ${site.name}`),
    secret: true,
    content: {
      title: card.toSelf ? 'Your gift card' : `A gift card from ${from}`,
      preview: `${amount} at ${site.name}`,
      blocks: [
        { kind: 'paragraph', text: `Hi ${headerText(card.recipient.name)}, ${card.toSelf ? 'here is the gift card you bought, ready to print (attached).' : `${from} sent you a gift card for ${site.name}.`}` },
        ...(card.message ? [{ kind: 'paragraph' as const, text: card.message }] : []),
        { kind: 'facts', facts: [{ label: 'Amount', value: amount }, { label: 'Code', value: grouped }] },
        { kind: 'paragraph', text: HOW_TO_USE },
        { kind: 'paragraph', text: 'The attached card prints on one page.' },
        { kind: 'paragraph', text: giftCards.terms },
      ],
    },
    attachments: [
      {
        filename: 'gift-card.html',
        contentType: 'text/html; charset=utf-8',
        content: printableCard({ venueName: site.name, title: giftCards.design.title, designText: giftCards.design.text, amount, to: card.recipient.name, from: card.purchaser.name, message: card.message, code: grouped, howToUse: HOW_TO_USE, terms: giftCards.terms }),
      },
    ],
  };
}
