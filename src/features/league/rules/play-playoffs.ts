/** The playoff request body as staff send it: seed the qualifier round, or record gross scores by seed. */
import * as z from 'zod';

const scores = z.array(z.object({ seed: z.number().int().min(1).max(64), gross: z.number({ error: 'The gross score is a number' }).int('The gross score is a whole number').nullable() })).max(64);

export const playoffsBodySchema = z.object({
  expectedVersion: z.number().int().min(0),
  action: z.enum(['seed', 'results'], { error: 'Choose seed or results' }),
  qualifier: scores.optional(),
  final: scores.optional(),
});
