import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../../domain/csv';
import { csvFileName, registrationsCsv } from './registrations-csv';
import { adminRegistration } from '../../../../tests/support/registrations';

describe('CSV cells', () => {
  it('leaves plain text as it is and quotes commas, quotes and line breaks', () => {
    const cells: Array<[Parameters<typeof csvCell>[0], string]> = [
      ['Birdie Bros', 'Birdie Bros'],
      ['Smith, Jr.', '"Smith, Jr."'],
      ['The "Aces"', '"The ""Aces"""'],
      ['line\nbreak', '"line\nbreak"'],
      [' padded ', '" padded "'],
      ['', ''],
      [null, ''],
      [42, '42'],
    ];
    for (const [value, cell] of cells) expect(csvCell(value), JSON.stringify(value)).toBe(cell);
  });

  it('never lets a cell run as a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 608 555 0100')).toBe("'+1 608 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('joins rows with CRLF after a byte order mark', () => {
    expect(toCsv([['a', 'b'], ['c,d', 'e']])).toBe('\uFEFFa,b\r\n"c,d",e\r\n');
  });
});

describe('registrations CSV', () => {
  const registration = adminRegistration(
    {
      teamName: '=cmd|calc',
      teeTime: 'tuesday-8pm',
      players: [
        { name: 'Ann Able', email: 'ann@example.com', phone: '+1 608-555-0101' },
        { name: 'Ben "BB" Baker', email: 'ben@example.com', phone: '608-555-0102' },
      ],
    },
    'pending',
  );

  it('writes a header and one guarded row per registration', () => {
    const csv = registrationsCsv([registration], [{ id: 'fall', name: 'Fall Session', filterLabel: 'Fall (Sep-Nov)' }], () => 'Tuesday 8:00 PM');
    const [header, row, end] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('Registered At,Team Name,Sessions,Tee Time,Player 1,Player 1 Email,Player 1 Phone,Player 2,Player 2 Email,Player 2 Phone,Amount,Payment Status,Registration ID');
    expect(row).toBe(
      `2025-10-02T23:30:00.000Z,'=cmd|calc,Fall Session,Tuesday 8:00 PM,Ann Able,ann@example.com,'+1 608-555-0101,"Ben ""BB"" Baker",ben@example.com,608-555-0102,$700.00,Pending,reg-1`,
    );
    expect(end).toBe('');
  });

  it('names the file after the filter and the day', () => {
    expect(csvFileName('fall', new Date('2025-10-03T10:00:00Z'))).toBe('league-registrations-fall-2025-10-03.csv');
  });
});
