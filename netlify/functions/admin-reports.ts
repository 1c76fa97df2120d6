import type { Config } from '@netlify/functions';
import { datesReport, defaultReport, presetReport } from '../../src/features/reports/contract/admin-reports';
import { customRange, DEFAULT_PRESET, RANGE_MESSAGES, presetRange, RANGE_PRESETS, type PresetName } from '../../src/features/reports/rules/range';
import { readReport } from '../../src/features/reports/server/report';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { venueDate } from '../../src/domain/venue-calendar';
import { answer } from '../../src/shared/server/http';
import { HttpError, routeParam } from '../../src/shared/server/request';

const isPreset = (value: string): value is PresetName => value !== 'custom' && (RANGE_PRESETS as readonly string[]).includes(value);

/**
 * GET /api/admin/reports                    → the last 8 weeks
 * GET /api/admin/reports/range/:preset      → a preset range on the venue's today
 * GET /api/admin/reports/dates/:from/:to    → two dates (400 naming the field when out of order, over 3 years or not a date)
 */
export default adminHandle(['GET'], async (_request, context) => {
  const now = new Date();
  const preset = routeParam(context, 'preset');
  const from = routeParam(context, 'from');
  if (from !== undefined) {
    const checked = customRange(from, routeParam(context, 'to') ?? '');
    if (!checked.ok) throw new HttpError(400, checked.message, { fields: { [checked.field]: checked.message } });
    return answer(datesReport, await readReport(checked.range, now));
  }
  if (preset !== undefined) {
    if (!isPreset(preset)) throw new HttpError(400, RANGE_MESSAGES.preset, { fields: { preset: RANGE_MESSAGES.preset } });
    return answer(presetReport, await readReport(presetRange(preset, venueDate(now)), now));
  }
  return answer(defaultReport, await readReport(presetRange(DEFAULT_PRESET, venueDate(now)), now));
});

export const config: Config = { path: ['/api/admin/reports', '/api/admin/reports/range/:preset', '/api/admin/reports/dates/:from/:to'] };
