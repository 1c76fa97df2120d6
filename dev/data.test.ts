import { describe, expect, it } from 'vitest';
import { parseDataArgs } from './data';
import { UsageError } from './runtime/args';

describe('npm run data:export / data:import arguments', () => {
  it('reads export with an optional --out and import with one file and an optional --replace', () => {
    expect(parseDataArgs(['export'])).toEqual({ action: 'export', file: undefined, replace: false });
    expect(parseDataArgs(['export', '--out', '-'])).toEqual({ action: 'export', file: '-', replace: false });
    expect(parseDataArgs(['import', 'backup.json'])).toEqual({ action: 'import', file: 'backup.json', replace: false });
    expect(parseDataArgs(['import', 'backup.json', '--replace'])).toEqual({ action: 'import', file: 'backup.json', replace: true });
  });

  it('refuses what it does not understand, saying why', () => {
    expect(() => parseDataArgs(['import'])).toThrow(new UsageError('import needs exactly one FILE'));
    expect(() => parseDataArgs(['import', 'a.json', 'b.json'])).toThrow(UsageError);
    expect(() => parseDataArgs(['export', '--replace'])).toThrow('export takes only --out FILE');
    expect(() => parseDataArgs(['import', 'a.json', '--out', 'b'])).toThrow(UsageError);
    expect(() => parseDataArgs(['import', 'a.json', '--force'])).toThrow(UsageError);
    expect(() => parseDataArgs(['restore'])).toThrow('unknown action "restore"');
  });
});
