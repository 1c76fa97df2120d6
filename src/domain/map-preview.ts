/**
 * The contact page's map preview: a stylised street map around the venue, drawn as SVG from the site's
 * coordinates, so the page shows where the venue is without loading the map provider. The streets are
 * an illustration (a seeded grid with an arterial, a highway, a creek and a park), never data: the real
 * map loads only when the visitor asks for it.
 */

export interface MapPreviewInput {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** Width and height of the drawing: the 16:10 frame the contact page shows it in. */
export const MAP_PREVIEW_SIZE = { width: 1600, height: 1000 } as const;

/** The site's palette (tailwind.config.cjs): the preview is an image, so it cannot read the CSS. */
const PALETTE = {
  ground: '#0e1813',
  block: '#15221b',
  street: '#2a3a31',
  arterial: '#3d5145',
  highway: '#8a7a3c',
  park: '#173a26',
  water: '#1d3a40',
  text: '#f3f7f4',
  muted: '#b3c2b9',
  accent: '#3ccf7a',
  accentOn: '#03140a',
} as const;

/** A small deterministic generator (mulberry32), seeded from the coordinates: the same place draws the same streets. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Positions of the grid's streets along one axis: roughly every `spacing` px, jittered, never closer than half of it. */
function streetLines(length: number, spacing: number, random: () => number): number[] {
  const lines: number[] = [];
  for (let at = spacing * (0.3 + random() * 0.5); at < length; at += spacing * (0.75 + random() * 0.5)) lines.push(Math.round(at));
  return lines;
}

export function mapPreviewSvg({ name, address, latitude, longitude }: MapPreviewInput): string {
  const { width, height } = MAP_PREVIEW_SIZE;
  const random = seeded(Math.round(Math.abs(latitude * 1e4)) * 31 + Math.round(Math.abs(longitude * 1e4)));
  const centre = { x: width / 2, y: height / 2 };
  const columns = streetLines(width, 150, random);
  const rows = streetLines(height, 130, random);
  const streets = [
    ...columns.map((x) => `<path d="M${x} 0V${height}"/>`),
    ...rows.map((y) => `<path d="M0 ${y}H${width}"/>`),
  ].join('');
  const park = { x: Math.round(width * 0.12), y: Math.round(height * 0.58), w: Math.round(width * 0.2), h: Math.round(height * 0.26) };
  /** A point at fractions of the frame, in whole pixels. */
  const at = (x: number, y: number) => `${Math.round(x * width)} ${Math.round(y * height)}`;
  const card = { w: 560, h: 120 };
  const cardX = Math.round(centre.x - card.w / 2);
  const cardY = Math.round(centre.y + 40);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="${PALETTE.block}"/>`,
    `<path d="M${at(-0.0125, 0.18)}C${at(0.25, 0.32)} ${at(0.3, 0.05)} ${at(0.55, 0.2)}S${at(0.85, 0.42)} ${at(1.0125, 0.3)}" fill="none" stroke="${PALETTE.water}" stroke-width="26" stroke-linecap="round"/>`,
    `<g fill="none" stroke="${PALETTE.ground}" stroke-width="22">${streets}</g>`,
    `<g fill="none" stroke="${PALETTE.street}" stroke-width="12">${streets}</g>`,
    `<rect x="${park.x}" y="${park.y}" width="${park.w}" height="${park.h}" rx="28" fill="${PALETTE.park}"/>`,
    `<path d="M0 ${centre.y + 18}H${width}M${centre.x - 60} 0V${height}" fill="none" stroke="${PALETTE.arterial}" stroke-width="20"/>`,
    `<path d="M${at(0.62, 1.02)}C${at(0.7, 0.6)} ${at(0.78, 0.35)} ${at(1.0125, 0.12)}" fill="none" stroke="${PALETTE.highway}" stroke-width="26" stroke-linecap="round"/>`,
    `<g transform="translate(${centre.x} ${centre.y})">`,
    `<circle r="70" fill="${PALETTE.accent}" fill-opacity="0.18"/>`,
    `<path d="M0 8C-22-18-36-34-36-54a36 36 0 0 1 72 0c0 20-14 36-36 62Z" fill="${PALETTE.accent}" stroke="${PALETTE.accentOn}" stroke-width="4"/>`,
    `<circle cy="-54" r="14" fill="${PALETTE.text}"/>`,
    '</g>',
    `<rect x="${cardX}" y="${cardY}" width="${card.w}" height="${card.h}" rx="24" fill="${PALETTE.ground}" fill-opacity="0.92" stroke="${PALETTE.street}" stroke-width="3"/>`,
    `<text x="${centre.x}" y="${cardY + 52}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" font-weight="800" fill="${PALETTE.text}">${escapeXml(name)}</text>`,
    `<text x="${centre.x}" y="${cardY + 94}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="26" fill="${PALETTE.muted}">${escapeXml(address)}</text>`,
    '</svg>',
  ].join('');
}
