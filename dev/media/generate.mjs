#!/usr/bin/env node
/**
 * Generates the site's placeholder photography and the hero video, locally and reproducibly:
 *   node dev/media/generate.mjs
 *
 * - Photos: SVG scenes (simulator bays, bar, lounge, food, drinks, party games; scenes.mjs) rendered
 *   by sharp to JPEG under src/content/media/ (1600 px wide, quality 70). Pages serve them through
 *   astro:assets, which makes the responsive WebP widths at build time.
 * - Hero video (hero.mjs): 6 s, 720p, seamless loop of a simulator screen with a ball flight, encoded
 *   by ffmpeg to public/media/hero.mp4 (H.264) and hero.webm (VP9); its first frame is the poster
 *   (src/content/media/hero-poster.jpg), so the switch from poster to video never jumps.
 *   Skipped with a message when ffmpeg is not installed (the generated files are committed).
 *
 * Replace any file with a real photo of the same name (and update its alt text in
 * src/content/media.json) when the venue has its own photography.
 */
import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateHero } from './hero.mjs';
import { bar, bay, drink, food, game, lounge } from './scenes.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const photoDir = `${root}src/content/media/`;
const videoDir = `${root}public/media/`;
mkdirSync(photoDir, { recursive: true });
mkdirSync(videoDir, { recursive: true });

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

await generateHero(photoDir, videoDir);
