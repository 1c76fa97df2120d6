/**
 * The staff reports: GET /api/admin/reports (the last 8 weeks), /api/admin/reports/range/:preset
 * (this-week, last-month, this-year, last-8-weeks, on the venue's today) and
 * /api/admin/reports/dates/:from/:to (both days included, at most 3 years). Amounts are cents,
 * days venue-local, weeks start on Monday.
 */
import { endpoint } from '../../../shared/contract/endpoint';
import type { Report } from '../rules/report';

export const defaultReport = endpoint('GET', '/api/admin/reports').answers<Report>();
export const presetReport = endpoint('GET', '/api/admin/reports/range/:preset').answers<Report>();
export const datesReport = endpoint('GET', '/api/admin/reports/dates/:from/:to').answers<Report>();
