import type { Config } from '@netlify/functions';
import { requestOpeningNotice } from '../../src/features/league/contract/league-notify';
import { notifyFormSchema } from '../../src/features/league/contract/notify-form';
import { joinNoticeList } from '../../src/features/league/server/notice-list';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { clientIp, readJsonBody } from '../../src/shared/server/request';

/**
 * POST /api/league-notify { email } → 201 { ok: true }: the address waits on the list until league
 * registration opens (the scheduled function league-opening-notices then e-mails it once).
 * 400 with the field's message; 429 over the connection's limit.
 */
export default handle(['POST'], async (request, context) => {
  const { email } = await readJsonBody(request, notifyFormSchema, { maxBytes: 2048 });
  await joinNoticeList(email, clientIp(request, context), new Date());
  return answer(requestOpeningNotice, { ok: true }, 201);
});

export const config: Config = { path: '/api/league-notify' };
