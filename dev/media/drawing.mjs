// Drawing primitives shared by the photos and the hero video: the picture frame (size, vignette,
// blur filters), seeded random numbers, skies, the golf course on a simulator screen and the
// launch-monitor read-outs.

export const W = 1600;
export const H = 1067;

/** Deterministic pseudo-random numbers so every run draws the same pictures. */
export function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

export const svg = (width, height, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs>${defs}<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>` +
  `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>` +
  `<radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.7"/></radialGradient>` +
  `</defs>${body}<rect width="${width}" height="${height}" fill="url(#vignette)"/></svg>`;

export const SKIES = {
  day: ['#2f6fb8', '#9fd2f2', '#e9f6ff'],
  sunset: ['#3b2a6b', '#e07a5f', '#f6c177'],
  dusk: ['#0f1f45', '#3d5a9e', '#f0a868'],
  coastal: ['#1f5fa0', '#8ec9ea', '#dff2fb'],
  night: ['#050b1c', '#13254d', '#2e4a7d'],
};

/** The golf course seen on a simulator screen: sky, tree line, fairway in perspective, green and flag. */
export function course(x, y, w, h, { sky = 'day', water = false, seed = 1 } = {}) {
  const r = random(seed);
  const [top, mid, low] = SKIES[sky];
  const horizon = y + h * 0.46;
  const vx = x + w * (0.45 + r() * 0.1);
  const id = `c${seed}`;
  const hills = Array.from({ length: 9 }, (_, i) => `${x + (w * i) / 8},${horizon - 12 - r() * h * 0.09}`).join(' ');
  const trees = Array.from({ length: 28 }, () => {
    const tx = x + r() * w;
    const size = 10 + r() * 26;
    return `<ellipse cx="${tx}" cy="${horizon - size * 0.4}" rx="${size * 0.7}" ry="${size}" fill="#143d22" opacity="${0.75 + r() * 0.25}"/>`;
  }).join('');
  return {
    defs:
      `<linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.75" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>` +
      `<linearGradient id="${id}grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f9a45"/><stop offset="1" stop-color="#1f5e2c"/></linearGradient>` +
      `<linearGradient id="${id}fair" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9be07a"/><stop offset="1" stop-color="#3fae4f"/></linearGradient>` +
      `<clipPath id="${id}clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/></clipPath>`,
    body:
      `<g clip-path="url(#${id}clip)">` +
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}sky)"/>` +
      (sky === 'night' ? Array.from({ length: 40 }, () => `<circle cx="${x + r() * w}" cy="${y + r() * h * 0.4}" r="${r() * 1.8 + 0.4}" fill="#fff" opacity="${0.4 + r() * 0.6}"/>`).join('') : '') +
      `<polygon points="${x},${horizon} ${hills} ${x + w},${horizon} ${x + w},${y + h} ${x},${y + h}" fill="#2a6b3a" opacity="0.55"/>` +
      `<rect x="${x}" y="${horizon}" width="${w}" height="${h}" fill="url(#${id}grass)"/>` +
      trees +
      `<polygon points="${vx - w * 0.03},${horizon + 4} ${vx + w * 0.03},${horizon + 4} ${x + w * 0.82},${y + h} ${x + w * 0.18},${y + h}" fill="url(#${id}fair)"/>` +
      // mowing stripes
      Array.from({ length: 6 }, (_, i) => {
        const t0 = i / 6;
        const t1 = (i + 0.5) / 6;
        const yA = horizon + 4 + (y + h - horizon) * t0 * t0;
        const yB = horizon + 4 + (y + h - horizon) * t1 * t1;
        const half = (t) => w * 0.03 + (w * 0.32 - w * 0.03) * t * t;
        return `<polygon points="${vx - half(t0)},${yA} ${vx + half(t0)},${yA} ${vx + half(t1)},${yB} ${vx - half(t1)},${yB}" fill="#ffffff" opacity="0.06"/>`;
      }).join('') +
      `<ellipse cx="${vx + w * 0.05}" cy="${horizon + h * 0.12}" rx="${w * 0.05}" ry="${h * 0.018}" fill="#e8d9a8"/>` +
      (water ? `<ellipse cx="${x + w * 0.22}" cy="${horizon + h * 0.2}" rx="${w * 0.12}" ry="${h * 0.04}" fill="#5fb4e0" opacity="0.9"/>` : '') +
      `<ellipse cx="${vx}" cy="${horizon + 10}" rx="${w * 0.045}" ry="${h * 0.012}" fill="#b8f08f"/>` +
      `<line x1="${vx}" y1="${horizon + 10}" x2="${vx}" y2="${horizon - h * 0.07}" stroke="#f3f3f3" stroke-width="2"/>` +
      `<polygon points="${vx},${horizon - h * 0.07} ${vx + w * 0.025},${horizon - h * 0.058} ${vx},${horizon - h * 0.046}" fill="#e63946"/>` +
      `</g>`,
    horizon,
    vx,
  };
}

/** Launch-monitor read-outs drawn over the simulator screen. */
export function hud(x, y, scale, values) {
  return values
    .map(([label, value], i) => {
      const px = x + i * 150 * scale;
      return (
        `<g transform="translate(${px} ${y}) scale(${scale})">` +
        `<rect width="138" height="62" rx="10" fill="#07100c" opacity="0.72"/>` +
        `<text x="12" y="22" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#b3c2b9" letter-spacing="1.5">${label}</text>` +
        `<text x="12" y="50" font-family="DejaVu Sans, sans-serif" font-size="24" font-weight="bold" fill="#5fe095">${value}</text></g>`
      );
    })
    .join('');
}
