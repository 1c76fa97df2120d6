#!/usr/bin/env node
/**
 * Generates the site's placeholder photography and the hero video, locally and reproducibly:
 *   node dev/media/generate.mjs
 *
 * - Photos: SVG scenes (simulator bays, bar, lounge, food, drinks, party games) rendered by sharp
 *   to JPEG under src/content/media/ (1600 px wide, quality 70). Pages serve them through
 *   astro:assets, which makes the responsive WebP widths at build time.
 * - Hero video: 6 s, 720p, seamless loop of a simulator screen with a ball flight, encoded by ffmpeg
 *   to public/media/hero.mp4 (H.264) and hero.webm (VP9); its first frame is the poster
 *   (src/content/media/hero-poster.jpg), so the switch from poster to video never jumps.
 *   Skipped with a message when ffmpeg is not installed (the generated files are committed).
 *
 * Replace any file with a real photo of the same name (and update its alt text in
 * src/content/media.json) when the venue has its own photography.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('../../', import.meta.url));
const photoDir = `${root}src/content/media/`;
const videoDir = `${root}public/media/`;
mkdirSync(photoDir, { recursive: true });
mkdirSync(videoDir, { recursive: true });

const W = 1600;
const H = 1067;

/** Deterministic pseudo-random numbers so every run draws the same pictures. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const svg = (width, height, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs>${defs}<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>` +
  `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>` +
  `<radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.7"/></radialGradient>` +
  `</defs>${body}<rect width="${width}" height="${height}" fill="url(#vignette)"/></svg>`;

const SKIES = {
  day: ['#2f6fb8', '#9fd2f2', '#e9f6ff'],
  sunset: ['#3b2a6b', '#e07a5f', '#f6c177'],
  dusk: ['#0f1f45', '#3d5a9e', '#f0a868'],
  coastal: ['#1f5fa0', '#8ec9ea', '#dff2fb'],
  night: ['#050b1c', '#13254d', '#2e4a7d'],
};

/** The golf course seen on a simulator screen: sky, tree line, fairway in perspective, green and flag. */
function course(x, y, w, h, { sky = 'day', water = false, seed = 1 } = {}) {
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
function hud(x, y, scale, values) {
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

/** A simulator bay: dark room, glowing screen with a course, hitting mat, side panels and LED strips. */
function bay({ sky = 'day', water = false, seed = 1, wide = false, label = '', stats = true, people = 0 } = {}) {
  const r = random(seed * 7);
  const sx = wide ? 120 : 250;
  const sw = W - sx * 2;
  const sy = 110;
  const sh = wide ? 640 : 610;
  const c = course(sx, sy, sw, sh, { sky, water, seed });
  const glow = SKIES[sky][1];
  const silhouettes = Array.from({ length: people }, (_, i) => {
    const px = 360 + i * (880 / Math.max(people - 1, 1)) + r() * 40;
    const s = 1.1 + r() * 0.25;
    return `<g transform="translate(${px} ${H - 40}) scale(${s})" fill="#030605"><circle cx="0" cy="-300" r="30"/><path d="M-55 -260 Q0 -285 55 -260 L70 -120 L45 -120 L40 0 L-40 0 L-45 -120 L-70 -120 Z"/></g>`;
  }).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="#060b09"/>` +
      `<rect x="${sx - 60}" y="${sy - 40}" width="${sw + 120}" height="${sh + 120}" fill="${glow}" opacity="0.35" filter="url(#blur)"/>` +
      `<rect x="0" y="0" width="${sx - 30}" height="${H}" fill="#0b1410"/><rect x="${W - sx + 30}" y="0" width="${sx - 30}" height="${H}" fill="#0b1410"/>` +
      `<rect x="${sx - 34}" y="${sy - 20}" width="6" height="${sh + 40}" fill="#3ccf7a" opacity="0.9"/><rect x="${W - sx + 28}" y="${sy - 20}" width="6" height="${sh + 40}" fill="#3ccf7a" opacity="0.9"/>` +
      `<rect x="${sx - 50}" y="${sy - 20}" width="40" height="${sh + 40}" fill="#3ccf7a" opacity="0.35" filter="url(#soft)"/><rect x="${W - sx + 10}" y="${sy - 20}" width="40" height="${sh + 40}" fill="#3ccf7a" opacity="0.35" filter="url(#soft)"/>` +
      c.body +
      (stats ? hud(sx + 24, sy + 24, 1, [['CARRY', '247 yd'], ['BALL SPEED', '156 mph'], ['SPIN', '2,480']]) : '') +
      (label ? `<text x="${sx + sw - 24}" y="${sy + 46}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="bold" fill="#ffffff" opacity="0.85">${label}</text>` : '') +
      `<polygon points="0,${sy + sh + 10} ${W},${sy + sh + 10} ${W},${H} 0,${H}" fill="#0a120e"/>` +
      `<polygon points="${W * 0.3},${sy + sh + 40} ${W * 0.7},${sy + sh + 40} ${W * 0.86},${H} ${W * 0.14},${H}" fill="#1d5b34"/>` +
      `<polygon points="${W * 0.3},${sy + sh + 40} ${W * 0.7},${sy + sh + 40} ${W * 0.72},${sy + sh + 60} ${W * 0.28},${sy + sh + 60}" fill="#2b7a47"/>` +
      `<ellipse cx="${W / 2}" cy="${H - 120}" rx="240" ry="30" fill="${glow}" opacity="0.12" filter="url(#soft)"/>` +
      `<rect x="${W / 2 - 4}" y="${H - 150}" width="8" height="18" fill="#e9e2cf"/><circle cx="${W / 2}" cy="${H - 158}" r="11" fill="#ffffff"/>` +
      silhouettes,
    c.defs,
  );
}

/** The back bar: shelves of lit bottles, pendant lights, a counter and stools, a TV with golf on. */
function bar({ seed = 3, taps = false } = {}) {
  const r = random(seed);
  const shelves = [250, 390, 530];
  const bottles = shelves
    .map((sy) =>
      Array.from({ length: 22 }, (_, i) => {
        const bx = 470 + i * 30 + r() * 6;
        const bh = 70 + r() * 45;
        const colours = ['#c7792c', '#e0a84a', '#7fb069', '#d9e7e0', '#8a3b2e', '#f2c94c'];
        const colour = colours[Math.floor(r() * colours.length)];
        return `<rect x="${bx}" y="${sy - bh}" width="20" height="${bh}" rx="6" fill="${colour}" opacity="0.85"/><rect x="${bx + 7}" y="${sy - bh - 20}" width="6" height="22" fill="${colour}" opacity="0.8"/>`;
      }).join('') + `<rect x="440" y="${sy}" width="720" height="10" fill="#f2c94c" opacity="0.9"/><rect x="440" y="${sy - 6}" width="720" height="24" fill="#f2c94c" opacity="0.4" filter="url(#soft)"/>`,
    )
    .join('');
  const lights = [300, 640, 980, 1320]
    .map((lx) => `<line x1="${lx}" y1="0" x2="${lx}" y2="120" stroke="#333" stroke-width="3"/><circle cx="${lx}" cy="140" r="90" fill="#f6c177" opacity="0.35" filter="url(#blur)"/><path d="M${lx - 40} 140 Q${lx} 90 ${lx + 40} 140 Z" fill="#f6c177"/>`)
    .join('');
  const tapsRow = taps
    ? Array.from({ length: 10 }, (_, i) => `<rect x="${560 + i * 50}" y="640" width="14" height="90" rx="6" fill="#d8d8d8"/><rect x="${556 + i * 50}" y="600" width="22" height="46" rx="5" fill="${['#3ccf7a', '#f2c94c', '#e07a5f', '#5fb4e0'][i % 4]}"/>`).join('')
    : '';
  const stools = [260, 520, 780, 1040, 1300]
    .map((x) => `<ellipse cx="${x}" cy="880" rx="70" ry="20" fill="#1f2b25"/><rect x="${x - 6}" y="880" width="12" height="170" fill="#151b18"/><ellipse cx="${x}" cy="1050" rx="50" ry="10" fill="#151b18"/>`)
    .join('');
  const tv = course(1230, 230, 300, 180, { sky: 'sunset', seed: seed + 11 });
  return svg(
    W,
    H,
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b130c"/><stop offset="1" stop-color="#0b0806"/></linearGradient><linearGradient id="counter" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a3a22"/><stop offset="1" stop-color="#24160d"/></linearGradient>${tv.defs}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      `<rect x="420" y="120" width="760" height="460" fill="#0d0a08"/>` +
      bottles +
      `<rect x="1210" y="210" width="340" height="220" rx="10" fill="#050505"/>` +
      tv.body +
      lights +
      tapsRow +
      `<rect x="0" y="720" width="${W}" height="110" fill="url(#counter)"/><rect x="0" y="716" width="${W}" height="8" fill="#c69c6d" opacity="0.7"/>` +
      `<rect x="0" y="830" width="${W}" height="${H - 830}" fill="#0b0806"/>` +
      stools,
  );
}

/** A lounge (Back 9 Lounge, The Bunker VIP): big screen, leather seating, warm lamps. */
function lounge({ seed = 5, vip = false, party = false } = {}) {
  const r = random(seed);
  const screen = course(480, 160, 640, 360, { sky: vip ? 'dusk' : 'coastal', seed: seed + 3 });
  const bokeh = party
    ? Array.from({ length: 40 }, () => `<circle cx="${r() * W}" cy="${r() * 260}" r="${8 + r() * 22}" fill="${['#f2c94c', '#f6c177', '#5fe095'][Math.floor(r() * 3)]}" opacity="${0.3 + r() * 0.4}"/>`).join('') +
      `<path d="M0 90 Q400 200 800 100 T1600 110" stroke="#f6c177" stroke-width="2" fill="none" opacity="0.6"/>`
    : '';
  const sofa = (x, y, w, colour) =>
    `<rect x="${x}" y="${y}" width="${w}" height="150" rx="30" fill="${colour}"/><rect x="${x + 20}" y="${y - 70}" width="${w - 40}" height="100" rx="26" fill="${colour}" opacity="0.9"/><rect x="${x + 30}" y="${y + 10}" width="${w - 60}" height="8" rx="4" fill="#ffffff" opacity="0.06"/>`;
  return svg(
    W,
    H,
    `<defs><linearGradient id="lwall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${vip ? '#121a2b' : '#14201a'}"/><stop offset="1" stop-color="#060908"/></linearGradient>${screen.defs}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#lwall)"/>` +
      Array.from({ length: 16 }, (_, i) => `<rect x="${i * 100}" y="0" width="2" height="620" fill="#ffffff" opacity="0.03"/>`).join('') +
      `<rect x="440" y="120" width="720" height="440" fill="${vip ? '#5d7fd1' : '#8ec9ea'}" opacity="0.25" filter="url(#blur)"/>` +
      `<rect x="470" y="150" width="660" height="380" rx="10" fill="#030303"/>` +
      screen.body +
      bokeh +
      `<circle cx="170" cy="420" r="150" fill="#f6c177" opacity="0.3" filter="url(#blur)"/><rect x="160" y="420" width="20" height="300" fill="#2a1f14"/><path d="M110 420 L230 420 L200 340 L140 340 Z" fill="#f6c177"/>` +
      `<circle cx="1430" cy="420" r="150" fill="#f6c177" opacity="0.3" filter="url(#blur)"/><rect x="1420" y="420" width="20" height="300" fill="#2a1f14"/><path d="M1370 420 L1490 420 L1460 340 L1400 340 Z" fill="#f6c177"/>` +
      `<rect x="0" y="700" width="${W}" height="${H - 700}" fill="#0a0d0b"/>` +
      `<rect x="0" y="700" width="${W}" height="6" fill="#3ccf7a" opacity="0.5"/>` +
      sofa(120, 790, 560, vip ? '#3a2a1c' : '#1f4a33') +
      sofa(920, 790, 560, vip ? '#3a2a1c' : '#1f4a33') +
      `<rect x="690" y="880" width="220" height="60" rx="12" fill="#2b1d12"/><circle cx="760" cy="875" r="14" fill="#f2c94c" opacity="0.8"/><rect x="820" y="860" width="24" height="20" rx="4" fill="#d9e7e0" opacity="0.7"/>`,
    screen.defs ? '' : '',
  );
}

/** Food and drink seen from above on a dark table. */
function food({ kind = 'bowl', seed = 9 } = {}) {
  const r = random(seed);
  const cx = W / 2;
  const cy = H / 2 + 20;
  const scatter = (n, colours, radius, spread) =>
    Array.from({ length: n }, () => {
      const a = r() * Math.PI * 2;
      const d = r() * spread;
      return `<circle cx="${cx + Math.cos(a) * d}" cy="${cy + Math.sin(a) * d}" r="${radius * (0.6 + r() * 0.8)}" fill="${colours[Math.floor(r() * colours.length)]}"/>`;
    }).join('');
  const plate = `<circle cx="${cx + 20}" cy="${cy + 30}" r="400" fill="#000" opacity="0.5" filter="url(#blur)"/><circle cx="${cx}" cy="${cy}" r="390" fill="#e9e6df"/><circle cx="${cx}" cy="${cy}" r="330" fill="#f6f4ef"/>`;
  let dish = '';
  if (kind === 'bowl') {
    dish =
      `<circle cx="${cx}" cy="${cy}" r="300" fill="#2b2b2b"/><circle cx="${cx}" cy="${cy}" r="280" fill="#f3ecd8"/>` +
      `<path d="M${cx} ${cy} L${cx + 280} ${cy} A280 280 0 0 1 ${cx} ${cy + 280} Z" fill="#3d7a3a"/>` +
      `<path d="M${cx} ${cy} L${cx} ${cy + 280} A280 280 0 0 1 ${cx - 280} ${cy} Z" fill="#c0392b"/>` +
      `<path d="M${cx} ${cy} L${cx - 280} ${cy} A280 280 0 0 1 ${cx} ${cy - 280} Z" fill="#e9c46a"/>` +
      scatter(40, ['#8d5524', '#a0522d'], 16, 150) +
      `<ellipse cx="${cx + 120}" cy="${cy - 120}" rx="90" ry="55" fill="#7fb069"/>` +
      scatter(20, ['#ffffff', '#f1faee'], 6, 260);
  } else if (kind === 'burger') {
    dish =
      `<circle cx="${cx}" cy="${cy}" r="230" fill="#c68642"/><circle cx="${cx}" cy="${cy}" r="210" fill="#d99a56"/>` +
      scatter(60, ['#f5e6c8'], 5, 190) +
      `<path d="M${cx - 250} ${cy + 40} Q${cx} ${cy + 120} ${cx + 250} ${cy + 40}" stroke="#7fb069" stroke-width="26" fill="none"/>` +
      Array.from({ length: 26 }, (_, i) => `<rect x="${cx + 250 + (i % 2) * 30}" y="${cy - 300 + i * 24}" width="22" height="120" rx="8" fill="#e9b949" transform="rotate(${-20 + r() * 40} ${cx + 300} ${cy})"/>`).join('');
  } else if (kind === 'pizza') {
    dish =
      `<circle cx="${cx}" cy="${cy}" r="320" fill="#c98b47"/><circle cx="${cx}" cy="${cy}" r="285" fill="#e8b04a"/><circle cx="${cx}" cy="${cy}" r="270" fill="#f4cf6b"/>` +
      scatter(26, ['#a4262c', '#b33a3a'], 30, 220) +
      scatter(30, ['#3d7a3a'], 8, 230) +
      Array.from({ length: 4 }, (_, i) => `<line x1="${cx}" y1="${cy}" x2="${cx + Math.cos((i * Math.PI) / 4) * 320}" y2="${cy + Math.sin((i * Math.PI) / 4) * 320}" stroke="#9c6b35" stroke-width="4" opacity="0.6"/><line x1="${cx}" y1="${cy}" x2="${cx - Math.cos((i * Math.PI) / 4) * 320}" y2="${cy - Math.sin((i * Math.PI) / 4) * 320}" stroke="#9c6b35" stroke-width="4" opacity="0.6"/>`).join('');
  } else if (kind === 'wings') {
    dish = Array.from({ length: 10 }, (_, i) => {
      const a = (i / 10) * Math.PI * 2;
      return `<ellipse cx="${cx + Math.cos(a) * 170}" cy="${cy + Math.sin(a) * 170}" rx="85" ry="48" fill="${i % 2 ? '#b5531f' : '#a0441a'}" transform="rotate(${(a * 180) / Math.PI} ${cx + Math.cos(a) * 170} ${cy + Math.sin(a) * 170})"/>`;
    }).join('') + `<circle cx="${cx}" cy="${cy}" r="70" fill="#f1ece0"/><circle cx="${cx}" cy="${cy}" r="56" fill="#eae4cf"/>` + scatter(16, ['#7fb069'], 10, 80);
  }
  return svg(
    W,
    H,
    `<defs><linearGradient id="wood" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#1c130c"/><stop offset="1" stop-color="#0d0906"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#wood)"/>` +
      Array.from({ length: 14 }, (_, i) => `<rect x="0" y="${i * 80}" width="${W}" height="2" fill="#000" opacity="0.35"/>`).join('') +
      plate +
      dish +
      `<rect x="1280" y="180" width="40" height="700" rx="18" fill="#c9c9c9" opacity="0.7" transform="rotate(8 1300 530)"/>` +
      `<circle cx="200" cy="200" r="120" fill="#3ccf7a" opacity="0.12" filter="url(#blur)"/>`,
  );
}

/** A cocktail or a blended special against bar bokeh. */
function drink({ blended = false, seed = 13 } = {}) {
  const r = random(seed);
  const bokeh = Array.from({ length: 36 }, () => `<circle cx="${r() * W}" cy="${r() * H * 0.7}" r="${20 + r() * 60}" fill="${['#f6c177', '#f2c94c', '#e07a5f', '#5fe095'][Math.floor(r() * 4)]}" opacity="${0.15 + r() * 0.3}"/>`).join('');
  const liquid = blended ? ['#ff9fb2', '#f25f7a'] : ['#f6c177', '#d97b29'];
  const glass = blended
    ? `<path d="M640 360 L960 360 L900 860 L700 860 Z" fill="url(#liq)" opacity="0.95"/><path d="M640 360 L960 360 L900 860 L700 860 Z" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/><ellipse cx="800" cy="350" rx="170" ry="40" fill="#fff5f7"/><circle cx="800" cy="300" r="30" fill="#c1121f"/><rect x="840" y="160" width="12" height="240" fill="#3ccf7a" transform="rotate(14 846 280)"/>`
    : `<path d="M600 320 L1000 320 L800 620 Z" fill="url(#liq)" opacity="0.95"/><path d="M600 320 L1000 320 L800 620 Z" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="6"/><rect x="792" y="620" width="16" height="230" fill="#ffffff" opacity="0.5"/><ellipse cx="800" cy="860" rx="130" ry="22" fill="#ffffff" opacity="0.45"/><circle cx="930" cy="330" r="46" fill="#f4d35e" stroke="#e9b949" stroke-width="8"/>`;
  return svg(
    W,
    H,
    `<defs><linearGradient id="liq" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${liquid[0]}"/><stop offset="1" stop-color="${liquid[1]}"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="#0c0907"/>` +
      `<g filter="url(#blur)">${bokeh}</g>` +
      `<rect x="0" y="880" width="${W}" height="${H - 880}" fill="#1b130c"/><rect x="0" y="876" width="${W}" height="6" fill="#c69c6d" opacity="0.5"/>` +
      `<ellipse cx="800" cy="900" rx="300" ry="30" fill="${liquid[1]}" opacity="0.25" filter="url(#soft)"/>` +
      glass,
  );
}

/** Family party games as they look on the simulator screen. */
function game(kind, seed) {
  const r = random(seed);
  const scene = {
    'magic-pond': () =>
      `<rect width="${W}" height="${H}" fill="#06263a"/><ellipse cx="800" cy="700" rx="900" ry="420" fill="#0d5c7d"/>` +
      Array.from({ length: 14 }, () => `<ellipse cx="${r() * W}" cy="${520 + r() * 500}" rx="${50 + r() * 60}" ry="${20 + r() * 20}" fill="#3e9d52" opacity="0.9"/>`).join('') +
      [0, 1, 2, 3].map((i) => `<ellipse cx="800" cy="680" rx="${80 + i * 90}" ry="${30 + i * 34}" fill="none" stroke="#5fe095" stroke-width="6" opacity="${0.9 - i * 0.2}"/>`).join('') +
      Array.from({ length: 30 }, () => `<circle cx="${r() * W}" cy="${r() * 400}" r="${r() * 4 + 1}" fill="#d7f7ff" opacity="0.8"/>`).join(''),
    'party-putt': () =>
      `<rect width="${W}" height="${H}" fill="#170a2b"/><polygon points="300,1067 1300,1067 1050,380 550,380" fill="#1f7a47"/><polygon points="300,1067 1300,1067 1050,380 550,380" fill="none" stroke="#f72585" stroke-width="10"/>` +
      [0, 1, 2].map((i) => `<ellipse cx="${650 + i * 150}" cy="${470 + (i % 2) * 60}" rx="26" ry="10" fill="#050505"/>`).join('') +
      ['#f72585', '#4cc9f0', '#f2c94c', '#ffffff'].map((c, i) => `<circle cx="${560 + i * 160}" cy="${900 - i * 40}" r="22" fill="${c}"/>`).join('') +
      `<rect x="300" y="380" width="1000" height="8" fill="#4cc9f0" opacity="0.8" filter="url(#soft)"/>`,
    'cannon-bowl': () =>
      `<rect width="${W}" height="${H}" fill="#1b0f07"/><polygon points="560,1067 1040,1067 880,360 720,360" fill="#c98b47"/>` +
      Array.from({ length: 12 }, (_, i) => `<line x1="${560 + i * 40}" y1="1067" x2="${720 + i * 14}" y2="360" stroke="#8a5a2b" stroke-width="2"/>`).join('') +
      [[800, 380], [780, 360], [820, 360], [760, 340], [800, 340], [840, 340]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="12" ry="34" fill="#ffffff"/><rect x="${x - 12}" y="${y - 16}" width="24" height="5" fill="#e63946"/>`).join('') +
      `<circle cx="800" cy="860" r="70" fill="#222"/><circle cx="780" cy="840" r="10" fill="#555"/><rect x="420" y="100" width="760" height="120" rx="20" fill="#e63946" opacity="0.25" filter="url(#soft)"/>`,
    'streets-of-neon': () =>
      `<rect width="${W}" height="${H}" fill="#0b0520"/>` +
      Array.from({ length: 18 }, (_, i) => {
        const bw = 70 + r() * 60;
        const bh = 200 + r() * 400;
        const colour = ['#f72585', '#4cc9f0', '#7209b7', '#3ccf7a'][i % 4];
        return `<rect x="${i * 92}" y="${620 - bh}" width="${bw}" height="${bh}" fill="#120a2e"/><rect x="${i * 92}" y="${620 - bh}" width="${bw}" height="6" fill="${colour}"/>` +
          Array.from({ length: 6 }, (_, j) => `<rect x="${i * 92 + 12}" y="${620 - bh + 30 + j * 40}" width="${bw - 24}" height="10" fill="${colour}" opacity="${0.2 + r() * 0.5}"/>`).join('');
      }).join('') +
      `<polygon points="200,1067 1400,1067 1100,620 500,620" fill="#1f7a47"/><polygon points="200,1067 1400,1067 1100,620 500,620" fill="none" stroke="#4cc9f0" stroke-width="8"/><ellipse cx="820" cy="700" rx="30" ry="10" fill="#000"/><circle cx="760" cy="960" r="20" fill="#ffffff"/>`,
    scrapyard: () =>
      `<rect width="${W}" height="${H}" fill="#2b1d14"/><rect y="0" width="${W}" height="500" fill="#5b4636"/>` +
      Array.from({ length: 16 }, () => `<rect x="${r() * W}" y="${380 + r() * 260}" width="${120 + r() * 200}" height="${60 + r() * 120}" fill="${['#7f5539', '#9c6644', '#6b705c', '#a5a58d'][Math.floor(r() * 4)]}" transform="rotate(${-15 + r() * 30} 800 500)"/>`).join('') +
      [0, 1, 2].map((i) => `<circle cx="${450 + i * 350}" cy="640" r="${90 - i * 10}" fill="none" stroke="#f2c94c" stroke-width="16"/><circle cx="${450 + i * 350}" cy="640" r="${30 - i * 4}" fill="#e63946"/>`).join('') +
      `<rect x="0" y="820" width="${W}" height="247" fill="#3a2a1e"/>`,
  }[kind];
  return svg(W, H, scene());
}

/** The photos: file name → scene. The alt texts live in src/content/media.json. */
const photos = {
  'bay-sunrise': () => bay({ sky: 'day', seed: 1, label: 'BAY 1' }),
  'bay-coastal': () => bay({ sky: 'coastal', water: true, seed: 2, label: 'BAY 3' }),
  'bay-sunset': () => bay({ sky: 'sunset', seed: 3, label: 'BAY 4' }),
  'bay-six': () => bay({ sky: 'dusk', water: true, seed: 4, wide: true, label: 'BAY 6', people: 3 }),
  'bay-night': () => bay({ sky: 'night', seed: 5, label: 'BAY 2' }),
  'bay-league': () => bay({ sky: 'day', seed: 6, label: 'LEAGUE NIGHT', people: 2 }),
  'bar-back': () => bar({ seed: 3 }),
  'bar-taps': () => bar({ seed: 8, taps: true }),
  'lounge-back9': () => lounge({ seed: 5 }),
  'lounge-bunker': () => lounge({ seed: 7, vip: true }),
  'lounge-party': () => lounge({ seed: 9, party: true }),
  'food-bowl': () => food({ kind: 'bowl', seed: 10 }),
  'food-burger': () => food({ kind: 'burger', seed: 11 }),
  'food-pizza': () => food({ kind: 'pizza', seed: 12 }),
  'food-wings': () => food({ kind: 'wings', seed: 13 }),
  'drink-cocktail': () => drink({ seed: 14 }),
  'drink-blended': () => drink({ seed: 15, blended: true }),
  'game-streets-of-neon': () => game('streets-of-neon', 16),
  'game-magic-pond': () => game('magic-pond', 17),
  'game-party-putt': () => game('party-putt', 18),
  'game-cannon-bowl': () => game('cannon-bowl', 19),
  'game-scrapyard': () => game('scrapyard', 20),
};

for (const [name, draw] of Object.entries(photos)) {
  const file = `${photoDir}${name}.jpg`;
  await sharp(Buffer.from(draw())).jpeg({ quality: 70, mozjpeg: true }).toFile(file);
  console.log(`photo  ${name}.jpg  ${(statSync(file).size / 1024).toFixed(0)} KB`);
}

// ---- Hero: poster + seamless 6 s loop ------------------------------------------------------------
const HW = 1664;
const HH = 936;
const FPS = 24;
const SECONDS = 6;
const screen = { x: 0, y: 0, w: HW, h: HH * 0.86 };
const heroCourse = course(screen.x, screen.y, screen.w, screen.h, { sky: 'sunset', water: true, seed: 21 });
const heroBackground = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${HW}" height="${HH}"><defs>${heroCourse.defs}<radialGradient id="v" cx="50%" cy="45%" r="75%"><stop offset="50%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.75"/></radialGradient></defs>` +
      `<rect width="${HW}" height="${HH}" fill="#060b09"/>${heroCourse.body}` +
      `<polygon points="0,${screen.h} ${HW},${screen.h} ${HW},${HH} 0,${HH}" fill="#123f25"/><polygon points="${HW * 0.25},${screen.h} ${HW * 0.75},${screen.h} ${HW * 0.9},${HH} ${HW * 0.1},${HH}" fill="#1d5b34"/>` +
      `<rect width="${HW}" height="${HH}" fill="url(#v)"/></svg>`,
  ),
)
  .raw()
  .toBuffer({ resolveWithObject: true });

/** Ball flight at time t (seconds): launch at 0.5 s, lands at 4.1 s near the flag, rests, resets on the tee. */
function heroOverlay(t) {
  const launch = 0.5;
  const land = 4.1;
  const teeX = HW / 2;
  const teeY = HH - 70;
  const targetX = heroCourse.vx + 40;
  const targetY = heroCourse.horizon + 18;
  let ball = '';
  let trail = '';
  const read = t > land + 0.2 && t < SECONDS - 0.5;
  if (t < launch || t >= SECONDS - 0.4) {
    ball = `<circle cx="${teeX}" cy="${teeY}" r="16" fill="#fff"/>`;
  } else {
    const p = Math.min((t - launch) / (land - launch), 1);
    const point = (q) => {
      // A gentle draw: the ball starts right of the target line and curls back to the flag.
      const x = teeX + (targetX - teeX) * q + HW * 0.09 * Math.sin(Math.PI * q) * (1 - q * 0.35);
      const base = teeY + (targetY - teeY) * Math.pow(q, 0.55);
      const arc = Math.sin(Math.PI * q) * HH * 0.32;
      return [x, base - arc, 16 - 13 * Math.pow(q, 0.5)];
    };
    const [bx, by, br] = point(p);
    const steps = 40;
    const pts = Array.from({ length: steps + 1 }, (_, i) => point((p * i) / steps)).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    const fade = t > land ? Math.max(0, 1 - (t - land) / 1.2) : 1;
    trail = `<polyline points="${pts}" fill="none" stroke="#5fe095" stroke-width="5" stroke-linecap="round" opacity="${0.85 * fade}"/>`;
    ball = t < SECONDS - 0.9 ? `<circle cx="${bx}" cy="${by}" r="${Math.max(br, 3)}" fill="#fff"/>` : '';
  }
  const hudOpacity = read ? Math.min(1, (t - land - 0.2) / 0.3, (SECONDS - 0.5 - t) / 0.3) : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${HW}" height="${HH}">${trail}${ball}<g opacity="${hudOpacity.toFixed(2)}">${hud(HW / 2 - 330, 120, 1.45, [['CARRY', '251 yd'], ['BALL SPEED', '158 mph'], ['LAUNCH', '12.4°']])}</g></svg>`;
}

/** One frame: the still scene with the moving ball and read-outs (a still camera keeps the file small). */
async function heroFrame(t, width, height) {
  const left = Math.round((HW - 1600) / 2);
  const top = Math.round((HH - 900) / 2);
  const composed = await sharp(heroBackground.data, { raw: heroBackground.info })
    .composite([{ input: Buffer.from(heroOverlay(t)) }])
    .raw()
    .toBuffer();
  return sharp(composed, { raw: heroBackground.info }).removeAlpha().extract({ left, top, width: 1600, height: 900 }).resize(width, height);
}

const posterFile = `${photoDir}hero-poster.jpg`;
await (await heroFrame(0, 1600, 900)).jpeg({ quality: 70, mozjpeg: true }).toFile(posterFile);
console.log(`poster hero-poster.jpg  ${(statSync(posterFile).size / 1024).toFixed(0)} KB`);

const ffmpegFound = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
if (!ffmpegFound) {
  console.log('ffmpeg is not installed: the hero video (public/media/hero.mp4, hero.webm) was NOT regenerated.');
  console.log('Install it (Debian: apt-get install -y --no-install-recommends ffmpeg) and run this script again.');
} else {
  const frames = [];
  for (let i = 0; i < FPS * SECONDS; i += 1) frames.push(await (await heroFrame(i / FPS, 1280, 720)).raw().toBuffer());
  const raw = `${videoDir}.hero-frames.rgb`;
  writeFileSync(raw, Buffer.concat(frames));
  const input = ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', '1280x720', '-r', String(FPS), '-i', raw];
  const run = (args) =>
    new Promise((resolve, reject) => {
      const child = spawn('ffmpeg', args, { stdio: 'inherit' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
    });
  await run([...input, '-an', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-tune', 'animation', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', `${videoDir}hero.mp4`]);
  await run([...input, '-an', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', `${videoDir}hero.webm`]);
  spawnSync('rm', ['-f', raw]);
  for (const file of ['hero.mp4', 'hero.webm']) console.log(`video  ${file}  ${(statSync(`${videoDir}${file}`).size / 1024).toFixed(0)} KB`);
}
