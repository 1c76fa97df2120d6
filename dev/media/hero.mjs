// The hero video: a 6 s, 720p, seamless loop of a simulator screen with a ball flight, encoded by
// ffmpeg to hero.mp4 (H.264) and hero.webm (VP9); its first frame is the poster (hero-poster.jpg), so
// the switch from poster to video never jumps. Without ffmpeg only the poster is made, with a message.
import { spawn, spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { course, hud } from './drawing.mjs';

const HW = 1664;
const HH = 936;
const FPS = 24;
const SECONDS = 6;
const screen = { x: 0, y: 0, w: HW, h: HH * 0.86 };
const heroCourse = course(screen.x, screen.y, screen.w, screen.h, { sky: 'sunset', water: true, seed: 21 });

/** The still scene every frame starts from, as raw pixels. */
function heroBackground() {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${HW}" height="${HH}"><defs>${heroCourse.defs}<radialGradient id="v" cx="50%" cy="45%" r="75%"><stop offset="50%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.75"/></radialGradient></defs>` +
        `<rect width="${HW}" height="${HH}" fill="#060b09"/>${heroCourse.body}` +
        `<polygon points="0,${screen.h} ${HW},${screen.h} ${HW},${HH} 0,${HH}" fill="#123f25"/><polygon points="${HW * 0.25},${screen.h} ${HW * 0.75},${screen.h} ${HW * 0.9},${HH} ${HW * 0.1},${HH}" fill="#1d5b34"/>` +
        `<rect width="${HW}" height="${HH}" fill="url(#v)"/></svg>`,
    ),
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
}

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
async function heroFrame(background, t, width, height) {
  const left = Math.round((HW - 1600) / 2);
  const top = Math.round((HH - 900) / 2);
  const composed = await sharp(background.data, { raw: background.info })
    .composite([{ input: Buffer.from(heroOverlay(t)) }])
    .raw()
    .toBuffer();
  return sharp(composed, { raw: background.info }).removeAlpha().extract({ left, top, width: 1600, height: 900 }).resize(width, height);
}

/** Writes the poster into `photoDir` and, when ffmpeg is installed, the video into `videoDir`. */
export async function generateHero(photoDir, videoDir) {
  const background = await heroBackground();
  const posterFile = `${photoDir}hero-poster.jpg`;
  await (await heroFrame(background, 0, 1600, 900)).jpeg({ quality: 70, mozjpeg: true }).toFile(posterFile);
  console.log(`poster hero-poster.jpg  ${(statSync(posterFile).size / 1024).toFixed(0)} KB`);

  const ffmpegFound = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  if (!ffmpegFound) {
    console.log('ffmpeg is not installed: the hero video (public/media/hero.mp4, hero.webm) was NOT regenerated.');
    console.log('Install it (Debian: apt-get install -y --no-install-recommends ffmpeg) and run this script again.');
  } else {
    const frames = [];
    for (let i = 0; i < FPS * SECONDS; i += 1) frames.push(await (await heroFrame(background, i / FPS, 1280, 720)).raw().toBuffer());
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
}
