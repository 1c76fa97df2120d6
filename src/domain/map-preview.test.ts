import { describe, expect, it } from 'vitest';
import { MAP_PREVIEW_SIZE, mapPreviewSvg } from './map-preview';

const place = { name: 'Verona Indoor Golf', address: '1 Main St, Verona, WI 53593', latitude: 42.9908, longitude: -89.5332 };

describe('mapPreviewSvg', () => {
  it('draws the frame at the preview size with the venue pinned at its centre', () => {
    const svg = mapPreviewSvg(place);
    expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${MAP_PREVIEW_SIZE.width} ${MAP_PREVIEW_SIZE.height}"`));
    expect(svg).toContain(`translate(${MAP_PREVIEW_SIZE.width / 2} ${MAP_PREVIEW_SIZE.height / 2})`);
    expect(svg).toContain('>Verona Indoor Golf</text>');
    expect(svg).toContain('>1 Main St, Verona, WI 53593</text>');
  });

  it('draws the same streets for the same place and others for another', () => {
    expect(mapPreviewSvg(place)).toBe(mapPreviewSvg(place));
    expect(mapPreviewSvg({ ...place, latitude: 43.07 })).not.toBe(mapPreviewSvg(place));
  });

  it('escapes the texts it writes into the markup', () => {
    const svg = mapPreviewSvg({ ...place, name: 'Tee & <Grill>' });
    expect(svg).toContain('>Tee &#38; &#60;Grill&#62;</text>');
    expect(svg).not.toContain('<Grill>');
  });
});
