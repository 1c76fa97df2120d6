import { describe, expect, it } from 'vitest';
import { gallerySpeed, galleryLoop, mediaSchema, missingPhotos } from './media';
import media from '../content/media.json';

describe('footer gallery', () => {
  it('moves 1.2 px every 30 ms, i.e. 40 px per second', () => expect(gallerySpeed()).toBeCloseTo(40, 10));

  it('travels exactly one set of tiles per loop so the doubled strip wraps seamlessly', () => {
    expect(galleryLoop(18, 288, 16)).toEqual({ distance: 5472, durationSeconds: 136.8 });
    // At 40 px/s, one 30 ms tick moves 1.2 px.
    const { distance, durationSeconds } = galleryLoop(18, 288, 16);
    expect((distance / durationSeconds) * 0.03).toBeCloseTo(1.2, 6);
  });

  it('ships 18 gallery photos, each with alt text', () => {
    const parsed = mediaSchema.parse(media);
    expect(parsed.gallery).toHaveLength(18);
    expect(new Set(parsed.gallery).size).toBe(18);
  });

  it('rejects a gallery entry without a photo', () => {
    const result = mediaSchema.safeParse({ photos: [{ file: '/media/a.jpg', alt: 'A photo of a bay' }], gallery: ['a', 'b'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['gallery', 1]);
  });

  it('reads the library list as alt text by photo name, refusing a file twice or a name with capitals', () => {
    expect(mediaSchema.parse({ photos: [{ file: '/media/bay-six.jpg', alt: 'Bay 6 with three golfers' }], gallery: ['bay-six'] }).photos).toEqual({ 'bay-six': 'Bay 6 with three golfers' });
    const twice = mediaSchema.safeParse({ photos: [{ file: '/media/a.jpg', alt: 'A photo of a bay' }, { file: '/media/a.jpg', alt: 'A photo of a bay' }], gallery: ['a'] });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['photos', 1, 'file'], message: '/media/a.jpg is listed twice' });
    expect(mediaSchema.safeParse({ photos: [{ file: '/media/Bay Six.jpg', alt: 'A photo of a bay' }], gallery: ['a'] }).error?.issues[0]?.path).toEqual(['photos', 0, 'file']);
  });

  it('finds references with no file or no alt text', () => {
    expect(missingPhotos(['a', 'b', 'c'], { a: 'x', b: 'y' }, ['a', 'c'])).toEqual(['b', 'c']);
  });
});
