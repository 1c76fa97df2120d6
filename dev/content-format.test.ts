import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asEditorWrites, CONTENT_DIRECTORY, contentJsonFiles } from './content-format';

describe('content files as the editor writes them', () => {
  it.each(contentJsonFiles())('src/content/%s is in the editor’s own formatting (else: npm run content:format)', async (file) => {
    const text = await readFile(join(CONTENT_DIRECTORY, file), 'utf8');
    expect(text).toBe(asEditorWrites(JSON.parse(text)));
  });

  it('orders keys as the editor’s maps do (more than 8 keys: not the order written)', () => {
    // site.json's fields as written by hand; the editor's first save put copyrightYear first.
    const names = ['name', 'shortName', 'tagline', 'description', 'keywords', 'locale', 'logo', 'socialImage', 'placeholder', 'address', 'phone', 'email', 'links', 'blurb', 'hours', 'rates', 'map', 'replyTime', 'copyrightYear'];
    const data = Object.fromEntries(names.map((name, index) => [name, index]));
    expect(Object.keys(JSON.parse(asEditorWrites(data)))[0]).toBe('copyrightYear');
    expect(asEditorWrites({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{\n  "b": 1,\n  "a": [\n    {\n      "d": 2,\n      "c": 3\n    }\n  ]\n}\n');
  });
});
