/**
 * Staff changes to an event request (status, notes), made inside Redis by one script: it reads the
 * stored JSON, changes only the fields that differ, appends one history entry and writes the record
 * back, so concurrent changes never lose a field or an entry.
 */
import type { EventRequest } from '../record';
import { withInboxFields } from '../rules/event-requests';
import type { EventRequestChangeBody } from '../contract/request-change';
import { parseAnswer } from '../../../shared/server/json-records';
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { reqKey } from './requests';

/**
 * Answers the record as JSON after the change (unchanged when nothing differs: no entry), or nil when
 * there is no record. A record stored before the inbox counts as new without notes. cjson writes an
 * empty list as {}: the only list of a record is its history, which is never empty once written here.
 */
const changeScript = defineScript({
  name: 'event request change',
  keys: ['request'],
  args: { change: 'json', at: 'string' },
  lua: `
local text = redis.call('GET', request)
if not text then return false end
local ok, record = pcall(cjson.decode, text)
if not ok or type(record) ~= 'table' then return false end
local entry = { at = at }
local changed = false
if type(record.status) ~= 'string' then record.status = 'new' end
if type(record.notes) ~= 'string' then record.notes = '' end
if type(change.status) == 'string' and change.status ~= record.status then
  record.status = change.status
  entry.status = change.status
  changed = true
end
if type(change.notes) == 'string' and change.notes ~= record.notes then
  record.notes = change.notes
  entry.notesChanged = true
  changed = true
end
if not changed then return text end
if type(record.history) ~= 'table' then record.history = {} end
record.history[#record.history + 1] = entry
local updated = cjson.encode(record)
redis.call('SET', request, updated)
return updated`,
});

/** The request after the change, or null when no request has that id. One round trip. */
export async function changeEventRequest(id: string, change: EventRequestChangeBody, now = new Date()): Promise<EventRequest | null> {
  const answer = await withStore((store) => changeScript.run(store, { keys: { request: reqKey(id) }, args: { change: { status: change.status, notes: change.notes }, at: now.toISOString() } }));
  if (answer === null || answer === undefined) return null;
  const record = parseAnswer(answer);
  return typeof record === 'object' && record !== null ? withInboxFields(record as Omit<EventRequest, 'status' | 'notes' | 'history'>) : null;
}
