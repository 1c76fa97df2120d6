import { describe, expect, it } from 'vitest';
import { pageTokens, requiredNames, usedCss } from './page-styles';

describe('requiredNames', () => {
  it('reads classes and ids with their escapes resolved', () => {
    expect(requiredNames('.sm\\:grid-cols-2 > #main .w-\\[17rem\\]:hover')).toEqual(['sm:grid-cols-2', 'main', 'w-[17rem]']);
  });

  it('requires nothing of what :not() excludes nor of attribute values', () => {
    expect(requiredNames('.menu-panel:not(.is-closed):not([hidden])')).toEqual(['menu-panel']);
    expect(requiredNames('a[href$=".pdf"]')).toEqual([]);
  });
});

describe('usedCss', () => {
  const css = [
    '@font-face{font-family:X;src:url(/x.woff2)}',
    'html{color:red}',
    '.card{padding:1rem}',
    '.unused{margin:0}',
    '.gallery:has(.gallery-pause:checked) .track{animation-play-state:paused}',
    '@media (min-width:640px){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}',
    '@media print{.never{display:none}}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
  ].join('');
  const tokens = pageTokens('<html><body class="card sm:flex"><div class="gallery"><input class="gallery-pause"><ul class="track"></ul></div><script>el.classList.add("is-playing")</script></body></html>');

  it('keeps the rules whose classes the page names, whatever their state', () => {
    const used = usedCss(css, tokens);
    expect(used).toContain('.card{padding:1rem}');
    expect(used).toContain('.gallery:has(.gallery-pause:checked) .track');
    expect(used).toContain('@media (min-width:640px){.sm\\:flex{display:flex}}');
  });

  it('keeps rules without classes, fonts and keyframes', () => {
    const used = usedCss(css, tokens);
    expect(used).toContain('html{color:red}');
    expect(used).toContain('@font-face');
    expect(used).toContain('@keyframes spin');
  });

  it('drops rules naming a class the page lacks, and at-rules left empty', () => {
    const used = usedCss(css, tokens);
    expect(used).not.toContain('.unused');
    expect(used).not.toContain('sm\\:hidden');
    expect(used).not.toContain('@media print');
  });

  it('counts classes a script adds', () => {
    expect(pageTokens('video.classList.add(\'is-playing\')').has('is-playing')).toBe(true);
  });
});
