/**
 * The printable card attached to the recipient's message (pure): one HTML page sized to print on one
 * sheet, with the amount, the message, the code and how to use it. Everything typed is escaped.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export interface PrintableCard {
  venueName: string;
  title: string;
  designText: string;
  amount: string;
  to: string;
  from: string;
  message: string;
  code: string;
  howToUse: string;
  terms: string;
}

export function printableCard(card: PrintableCard): string {
  const e = escapeHtml;
  const message = card.message ? `<p class="message">${e(card.message).replace(/\n/g, '<br>')}</p>` : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${e(card.venueName)} gift card</title>
<style>
@page { size: letter; margin: 0.75in; }
html, body { margin: 0; font-family: Georgia, serif; color: #14321f; }
.card { box-sizing: border-box; max-width: 7in; max-height: 9in; margin: 0 auto; padding: 0.5in; border: 3px solid #14532d; border-radius: 16px; page-break-inside: avoid; break-inside: avoid; }
h1 { margin: 0 0 0.1in; font-size: 28pt; } .amount { font-size: 40pt; font-weight: bold; margin: 0.15in 0; }
.code { font-family: 'Courier New', monospace; font-size: 22pt; letter-spacing: 2px; padding: 0.12in; border: 1px dashed #14532d; text-align: center; }
.message { font-style: italic; white-space: normal; } small { display: block; margin-top: 0.2in; font-size: 9pt; }
</style></head>
<body><div class="card">
<p>${e(card.venueName)}</p><h1>${e(card.title)}</h1><p>${e(card.designText)}</p>
<p class="amount">${e(card.amount)}</p>
<p>To ${e(card.to)}, from ${e(card.from)}</p>${message}
<p class="code">${e(card.code)}</p>
<p>${e(card.howToUse)}</p><small>${e(card.terms)}</small>
</div></body></html>
`;
}
