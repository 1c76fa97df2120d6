/** The venue as every message names it at its foot, from site.json. */
import type { Venue } from './content';
import { formatAddress, phoneHref } from '../../domain/site';
import { site } from '../../data/site';

export const venue: Venue = {
  name: site.name,
  address: formatAddress(site.address),
  phone: site.phone,
  phoneHref: phoneHref(site.phone),
  email: site.email,
};
