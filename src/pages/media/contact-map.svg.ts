/** /media/contact-map.svg, written at build: the contact page's map preview, drawn from the site's coordinates. */
import type { APIRoute } from 'astro';
import { site } from '../../data/site';
import { mapPreviewSvg } from '../../domain/map-preview';
import { formatAddress } from '../../domain/site';

export const GET: APIRoute = () =>
  new Response(mapPreviewSvg({ name: site.name, address: formatAddress(site.address), latitude: site.map.latitude, longitude: site.map.longitude }), {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
