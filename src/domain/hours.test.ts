import { describe, expect, it } from 'vitest';
import { formatDayRange, hoursLines, openingHoursSchema, openingHoursSpecification, rateLines } from './hours';
import site from '../content/site.json';

describe('opening hours', () => {
  it('prints the shipped fall hours as the venue posts them', () => {
    const hours = openingHoursSchema.parse(site.hours);
    expect(hours.label).toBe('Fall Hours');
    expect(hoursLines(hours)).toEqual([
      { days: 'Monday', hours: '4PM-10PM' },
      { days: 'Tuesday-Friday', hours: '12PM-10PM' },
      { days: 'Saturday', hours: '11AM-10PM' },
      { days: 'Sunday', hours: '11AM-7PM' },
    ]);
  });

  it('refuses a closing time before the opening time, naming the field', () => {
    const result = openingHoursSchema.safeParse({ label: 'Fall Hours', days: [{ days: ['Monday'], opens: '16:00', closes: '24:00' }, { days: ['Tuesday'], opens: '16:00', closes: '09:00' }] });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['days', 1, 'closes'], message: 'the closing time must be after the opening time (24:00 is midnight)' })]);
  });

  it('formats day runs', () => {
    expect(formatDayRange(['Friday', 'Saturday', 'Sunday'])).toBe('Friday-Sunday');
    expect(formatDayRange(['Monday'])).toBe('Monday');
  });

  it('prints the fall simulator rates', () => {
    expect(rateLines(site.rates as Parameters<typeof rateLines>[0])).toEqual([
      { days: 'Tuesday-Thursday', price: '$30/hour' },
      { days: 'Friday-Sunday', price: '$40/hour' },
    ]);
  });

  it('rejects days out of order and malformed times', () => {
    expect(openingHoursSchema.safeParse({ label: 'x', days: [{ days: ['Tuesday', 'Monday'], opens: '10:00', closes: '12:00' }] }).success).toBe(false);
    expect(openingHoursSchema.safeParse({ label: 'x', days: [{ days: ['Monday'], opens: '4pm', closes: '12:00' }] }).success).toBe(false);
  });

  it('derives schema.org opening hours from the same entries', () => {
    const spec = openingHoursSpecification(openingHoursSchema.parse(site.hours));
    expect(spec[1]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['https://schema.org/Tuesday', 'https://schema.org/Wednesday', 'https://schema.org/Thursday', 'https://schema.org/Friday'],
      opens: '12:00',
      closes: '22:00',
    });
    expect(openingHoursSpecification({ label: 'x', days: [{ days: ['Friday'], opens: '11:00', closes: '24:00' }] })[0]).toMatchObject({ closes: '23:59' });
  });
});
