import type { ImageMetadata } from 'astro';
import raw from '../content/media.json';
import { ContentFileError, parseContentFile } from '../domain/content-file';
import { mediaSchema, missingPhotos } from '../domain/media';

/** The photo library: src/content/media/*.jpg with the alt texts of src/content/media.json. */
export const media = parseContentFile('src/content/media.json', mediaSchema, raw);

const modules = import.meta.glob<{ default: ImageMetadata }>('../content/media/*.jpg', { eager: true });
const images = new Map(Object.entries(modules).map(([file, module]) => [file.replace(/^.*\/([^/]+)\.jpg$/, '$1'), module.default]));

export interface Photo {
  name: string;
  src: ImageMetadata;
  alt: string;
}

/** Fails the build, naming the content file, when it refers to a photo that has no file or no alt text. */
export function checkPhotoReferences(file: string, references: readonly string[]): void {
  const missing = missingPhotos(references, media.photos, [...images.keys()]);
  if (missing.length > 0) {
    throw new ContentFileError(
      file,
      missing.map((name) => `photo "${name}" needs src/content/media/${name}.jpg and an alt text in src/content/media.json`),
    );
  }
}

checkPhotoReferences('src/content/media.json', [...Object.keys(media.photos), ...media.gallery]);

export function photo(name: string): Photo {
  const src = images.get(name);
  const alt = media.photos[name];
  if (!src || alt === undefined) throw new Error(`No photo named ${name} (src/content/media.json)`);
  return { name, src, alt };
}

/** The footer gallery's photos, in order. */
export const galleryPhotos: Photo[] = media.gallery.map(photo);
