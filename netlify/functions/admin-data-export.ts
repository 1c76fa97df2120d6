import type { Config } from '@netlify/functions';
import { venueDataFile, venueDataFileName } from '../../src/domain/venue-data';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { readVenueData } from '../../src/server/venue-data-store';

/** GET /api/admin/data-export: the venue data file (the same bytes as `npm run data:export`), as a download named by its time. */
export default adminHandle(['GET'], async () => {
  const { data, skipped } = await readVenueData();
  if (skipped.length > 0) console.warn('[data-export] left out unreadable records:', skipped.join(', '));
  return new Response(venueDataFile(data), {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${venueDataFileName(new Date())}"`,
    },
  });
});

export const config: Config = { path: '/api/admin/data-export' };
