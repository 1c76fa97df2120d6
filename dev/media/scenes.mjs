// The scenes of the placeholder photos: simulator bays, the bar, the lounges, food, drinks and the
// party games, each an SVG drawn from a seed so every run gives the same picture.
import { course, H, hud, random, SKIES, svg, W } from './drawing.mjs';

/** A simulator bay: dark room, glowing screen with a course, hitting mat, side panels and LED strips. */
export function bay({ sky = 'day', water = false, seed = 1, wide = false, label = '', stats = true, people = 0 } = {}) {
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
export function bar({ seed = 3, taps = false } = {}) {
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
export function lounge({ seed = 5, vip = false, party = false } = {}) {
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
export function food({ kind = 'bowl', seed = 9 } = {}) {
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
export function drink({ blended = false, seed = 13 } = {}) {
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
export function game(kind, seed) {
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
