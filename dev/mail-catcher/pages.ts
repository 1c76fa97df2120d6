// The mail catcher's web pages: the list of caught messages and one message (its HTML in a sandboxed
// frame that runs no script and loads nothing, its text, attachments and headers).
import type { CaughtMessage } from './store';

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1b2a1f}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}iframe{width:100%;height:32rem;border:1px solid #ccc}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}a:focus-visible{outline:3px solid #2b6}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function listPage(messages: readonly CaughtMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escape(message.receivedAt)}</td><td>${escape(message.to.join(', '))}</td><td><a href="/messages/${message.id}">${escape(message.subject || '(no subject)')}</a></td><td>${message.attachments.length}</td></tr>`,
    )
    .join('');
  return page(
    'Local mail',
    `<h1>Local mail</h1><p>Messages the site sent while no SMTP_URL is set. Nothing here leaves this machine. JSON: <a href="/api/messages">/api/messages</a>.</p>
<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No mail yet.</td></tr>'}</tbody></table>`,
  );
}

export function messagePage(message: CaughtMessage): string {
  const attachments = message.attachments
    .map((attachment, index) => `<li><a href="/messages/${message.id}/attachments/${index}">${escape(attachment.filename)}</a> (${escape(attachment.contentType)}, ${attachment.size} bytes)</li>`)
    .join('');
  const headers = message.headers.map((header) => `<tr><th scope="row">${escape(header.name)}</th><td>${escape(header.value)}</td></tr>`).join('');
  return page(
    message.subject,
    `<p><a href="/">All messages</a></p><h1>${escape(message.subject)}</h1>
<p>From ${escape(message.from)} to ${escape(message.to.join(', '))}${message.replyTo.length ? `, reply to ${escape(message.replyTo.join(', '))}` : ''}</p>
<h2>HTML</h2><iframe title="HTML part" sandbox srcdoc="${escape(message.html)}"></iframe>
<h2>Text</h2><pre>${escape(message.text)}</pre>
<h2>Attachments</h2>${attachments ? `<ul>${attachments}</ul>` : '<p>None.</p>'}
<h2>Headers</h2><table><tbody>${headers}</tbody></table>`,
  );
}
