import type { Config } from '@netlify/functions';
import { recordFamilies } from '../../src/features/record-families';
import { venueDataFile, venueDataFileName } from '../../src/shared/venue-data/format';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { readVenueData } from '../../src/shared/venue-data/store';

/** GET /api/admin/data-export: the venue data file (the same bytes as `npm run data:export`), as a download named by its time. */
export default adminHandle(['GET'], async () => {
  const { data, skipped } = await readVenueData(recordFamilies);
  if (skipped.length > 0) console.warn('[data-export] left out unreadable records:', skipped.join(', '));
  return new Response(venueDataFile(data, recordFamilies), {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${venueDataFileName(new Date())}"`,
    },
  });
});

export const config: Config = { path: '/api/admin/data-export' };
