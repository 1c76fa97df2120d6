/**
 * A prize card's message: to every winner at once (the card is theirs together), with what it was
 * won for, the amount, the code, how to use it and the printable card. It holds the code, so the
 * outbox deletes it once sent (`secret`); its key is the card's message key, so a staff resend and a
 * void treat it as any card's message.
 */
import { headerText } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { formatCents } from '../../../domain/money';
import { site } from '../../../data/site';
import { giftCards } from '../catalogue';
import { groupCode } from '../rules/code';
import type { GiftCardRecord, Person } from '../server/record';
import { cardMessageKey, HOW_TO_USE } from './emails';
import { printableCard } from './printable';

/** Names joined the way a greeting reads: "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function greetingNames(names: readonly string[]): string {
  const clean = names.map((name) => headerText(name)).filter((name) => name !== '');
  return clean.length <= 1 ? (clean[0] ?? 'there') : `${clean.slice(0, -1).join(', ')} and ${clean.at(-1)}`;
}

/** `card.message` says what it was won for ("Closest to Pin, week 3 of the Winter Session: 4 ft 2 in"). */
export function prizeMessage(card: GiftCardRecord, code: string, winners: readonly Person[]): MailMessage {
  const amount = formatCents(card.amountCents);
  const grouped = groupCode(code);
  const names = greetingNames(winners.map((winner) => winner.name));
  return {
    key: cardMessageKey(card.id, card.codeVersion),
    to: [...new Set(winners.map((winner) => winner.email))],
    subject: headerText(`You won a ${amount} gift card – ${site.name}`),
    secret: true,
    content: {
      title: 'Congratulations: a prize for you',
      preview: `${amount} gift card at ${site.name}`,
      blocks: [
        { kind: 'paragraph', text: `Hi ${names}, congratulations! You won a ${amount} gift card for ${site.name}.` },
        { kind: 'facts', facts: [{ label: 'Won for', value: card.message }, { label: 'Amount', value: amount }, { label: 'Code', value: grouped }] },
        { kind: 'paragraph', text: `${HOW_TO_USE} The card is yours together: one code, one balance.` },
        { kind: 'paragraph', text: 'The attached card prints on one page.' },
        { kind: 'paragraph', text: giftCards.terms },
      ],
    },
    attachments: [
      {
        filename: 'gift-card.html',
        contentType: 'text/html; charset=utf-8',
        content: printableCard({ venueName: site.name, title: giftCards.design.title, designText: giftCards.design.text, amount, to: names, from: site.name, message: card.message, code: grouped, howToUse: HOW_TO_USE, terms: giftCards.terms }),
      },
    ],
  };
}
