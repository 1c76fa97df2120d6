/** A message template rendered on the server: its HTML and its plain-text part. */
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { formatAddress, phoneHref } from '../../domain/site';
import { site } from '../../data/site';
import type { Venue } from '../../mail/templates/layout';

/** Rendered once; the text part is read from the HTML (React Email's own conversion), not rendered again. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}

/** The venue as every message names it, from site.json. */
export const venue: Venue = {
  name: site.name,
  address: formatAddress(site.address),
  phone: site.phone,
  phoneHref: phoneHref(site.phone),
  email: site.email,
};
