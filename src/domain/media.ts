import * as z from 'zod';

/**
 * The photo library (src/content/media.json): each photo's image file (src/content/media/<name>.jpg,
 * as the content editor writes it: "/media/<name>.jpg") with its alt text, and the footer gallery's
 * order. Pages name a photo by its file name without extension ("bay-six"); the schema's output is
 * the alt text by name.
 */
const photoName = z.string().regex(/^[a-z0-9-]+$/, 'expected a file name without extension, like bay-six');

/** Where the content editor puts uploaded photos, as it writes them into media.json. */
export const PHOTO_PUBLIC_FOLDER = '/media';
const photoFile = z
  .string()
  .regex(/^\/media\/[a-z0-9-]+\.jpg$/, 'expected a JPEG photo named with lower-case letters, digits and dashes, like /media/bay-six.jpg');

/** "/media/bay-six.jpg" → "bay-six". */
export function photoNameOf(file: string): string {
  return file.slice(PHOTO_PUBLIC_FOLDER.length + 1, -'.jpg'.length);
}

const photoListSchema = z
  .array(z.object({ file: photoFile, alt: z.string().min(8, 'alt text must describe the photo') }))
  .min(1)
  .superRefine((photos, context) => {
    const names = photos.map((photo) => photo.file);
    names.forEach((file, index) => {
      if (names.indexOf(file) !== index) context.addIssue({ code: 'custom', path: [index, 'file'], message: `${file} is listed twice` });
    });
  })
  .transform((photos) => Object.fromEntries(photos.map((photo) => [photoNameOf(photo.file), photo.alt])));

export const mediaSchema = z
  .object({
    photos: photoListSchema,
    gallery: z.array(photoName).min(1),
  })
  .superRefine((media, context) => {
    media.gallery.forEach((name, index) => {
      if (!(name in media.photos)) context.addIssue({ code: 'custom', path: ['gallery', index], message: `no photo named ${name} in photos` });
    });
  });

export type Media = z.infer<typeof mediaSchema>;

/** Photo names referenced by a content file that have no entry (alt text) or no image file. */
export function missingPhotos(references: readonly string[], alts: Record<string, string>, files: readonly string[]): string[] {
  return references.filter((name) => !(name in alts) || !files.includes(name));
}

/** Every photo the library names: each needs its image file. */
export function libraryPhotoNames(media: Media): string[] {
  return [...Object.keys(media.photos), ...media.gallery];
}

/**
 * The footer gallery scrolls 1.2 px every 30 ms, i.e. 40 px per second, and wraps to its start
 * seamlessly: the photos are shown twice and the strip moves by exactly one set.
 */
export const GALLERY_STEP_PX = 1.2;
export const GALLERY_TICK_MS = 30;

export function gallerySpeed(stepPx = GALLERY_STEP_PX, tickMs = GALLERY_TICK_MS): number {
  return (stepPx / tickMs) * 1000;
}

export interface GalleryLoop {
  /** Width of one set of photos, tiles plus gaps: the distance travelled per loop (px). */
  distance: number;
  /** Seconds per loop at the gallery speed. */
  durationSeconds: number;
}

/** One loop of `count` tiles `tileWidth` wide with `gap` between (and after) each. */
export function galleryLoop(count: number, tileWidth: number, gap: number, speed = gallerySpeed()): GalleryLoop {
  const distance = count * (tileWidth + gap);
  return { distance, durationSeconds: Math.round((distance / speed) * 1000) / 1000 };
}
