/**
 * Staff changes to an event request (status, notes), made inside Redis by one script: it reads the
 * stored JSON, changes only the fields that differ, appends one history entry and writes the record
 * back, so concurrent changes never lose a field or an entry.
 */
import type { EventRequest } from '../record';
import { withInboxFields } from '../rules/event-requests';
import type { EventRequestChangeBody } from '../contract/request-change';
import { parseAnswer } from '../../../shared/server/json-records';
import { withStore } from '../../../shared/server/store';
import { reqKey } from './requests';

/**
 * KEYS[1] the record; ARGV[1] the change as JSON, ARGV[2] now (ISO). Answers the record as JSON
 * after the change (unchanged when nothing differs: no entry), or nil when there is no record.
 * A record stored before the inbox counts as new without notes. cjson writes an empty list as {}:
 * the only list of a record is its history, which is never empty once written here.
 */
const CHANGE_SCRIPT = `
local text = redis.call('GET', KEYS[1])
if not text then return false end
local ok, record = pcall(cjson.decode, text)
if not ok or type(record) ~= 'table' then return false end
local change = cjson.decode(ARGV[1])
local entry = { at = ARGV[2] }
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
redis.call('SET', KEYS[1], updated)
return updated
`;

/** The request after the change, or null when no request has that id. One round trip. */
export async function changeEventRequest(id: string, change: EventRequestChangeBody, now = new Date()): Promise<EventRequest | null> {
  const wanted = JSON.stringify({ status: change.status, notes: change.notes });
  const answer = await withStore((store) => store.eval<string[], unknown>(CHANGE_SCRIPT, [reqKey(id)], [wanted, now.toISOString()]));
  if (answer === null || answer === undefined) return null;
  const record = parseAnswer(answer);
  return typeof record === 'object' && record !== null ? withInboxFields(record as Omit<EventRequest, 'status' | 'notes' | 'history'>) : null;
}
