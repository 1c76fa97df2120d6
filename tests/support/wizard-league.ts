// A league as the registration wizard receives it, for unit tests: Fall closed by its date on
// 2026-01-10 (WIZARD_NOW), Winter and Spring open, Summer closed by its flag; one tee time.
import type { WizardLeague } from '../../src/features/league/islands/wizard-state';

export const WIZARD_NOW = new Date('2026-01-10T18:00:00Z');

/** A session's registration window: open from the start, until 2026-06-01 unless `closesAt` says otherwise. */
const session = (id: string, name: string, extra: { open?: boolean; closesAt?: string } = {}) => ({
  id,
  name,
  dates: `${name} dates`,
  practiceDates: 'practice',
  open: true,
  opensAt: null,
  closesAt: '2026-06-01T05:00:00Z',
  ...extra,
});

export const wizardLeague: WizardLeague = {
  pricePerTeamPerSession: 700,
  teeTimes: { days: [{ id: 'monday', label: 'Monday' }], slots: [{ id: '6pm', label: '6:00 PM' }] },
  sessions: [
    session('fall', 'Fall Session', { closesAt: '2026-01-01T00:00:00Z' }),
    session('winter', 'Winter Session'),
    session('spring', 'Spring Session'),
    session('summer', 'Summer Session', { open: false }),
  ],
};
