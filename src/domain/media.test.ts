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
    const result = mediaSchema.safeParse({ photos: { a: 'A photo of a bay' }, gallery: ['a', 'b'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['gallery', 1]);
  });

  it('finds references with no file or no alt text', () => {
    expect(missingPhotos(['a', 'b', 'c'], { a: 'x', b: 'y' }, ['a', 'c'])).toEqual(['b', 'c']);
  });
});
