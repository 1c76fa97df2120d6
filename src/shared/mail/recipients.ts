/** Who the site's messages come from and which staff addresses they notify (settings, else site.json). */
import { addressList, headerText } from './address';
import { site } from '../../data/site';
import { readMailSettings } from '../server/env';

/** MAIL_FROM, else the venue's name and e-mail from site.json. */
export function senderAddress(env: NodeJS.ProcessEnv = process.env): string {
  return readMailSettings(env).from ?? `"${headerText(site.name).replace(/["\\]/g, '')}" <${site.email}>`;
}

/** STAFF_NOTIFY_TO's addresses, else the venue's e-mail from site.json. */
export function staffAddresses(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = addressList(readMailSettings(env).staffTo ?? '');
  return listed.length > 0 ? listed : addressList(site.email);
}
