/**
 * What a save changed in a week, as lines staff read in the week's history (pure): each team's entry
 * added, changed or removed, each award winner, and each starting handicap.
 */
import type { PlayRules } from './play-content';
import type { AwardWinner, WeekEntry } from './play-session';

const entryText = (entry: WeekEntry) => (entry.played ? `${entry.gross} at ${entry.course} (par ${entry.par})` : 'did not play');

export function weekChanges(
  rules: Pick<PlayRules, 'awards'>,
  names: ReadonlyMap<string, string>,
  before: { entries: readonly WeekEntry[]; awards: readonly AwardWinner[] } | null,
  after: { entries: readonly WeekEntry[]; awards: readonly AwardWinner[] },
  starting: { before: Readonly<Record<string, number>>; set: Readonly<Record<string, number | null>> },
): string[] {
  const name = (id: string) => names.get(id) ?? id;
  const changes: string[] = [];
  const previous = new Map((before?.entries ?? []).map((entry) => [entry.teamId, entry]));
  for (const entry of after.entries) {
    const old = previous.get(entry.teamId);
    previous.delete(entry.teamId);
    if (!old) changes.push(`${name(entry.teamId)}: ${entryText(entry)}`);
    else if (entryText(old) !== entryText(entry)) changes.push(`${name(entry.teamId)}: ${entryText(old)} → ${entryText(entry)}`);
  }
  for (const old of previous.values()) changes.push(`${name(old.teamId)}: removed (was ${entryText(old)})`);
  const award = (winner: AwardWinner | undefined) => (winner ? `${name(winner.teamId)}, ${winner.value}` : 'nobody');
  for (const { id, name: awardName } of rules.awards) {
    const old = before?.awards.find((winner) => winner.awardId === id);
    const now = after.awards.find((winner) => winner.awardId === id);
    if (award(old) !== award(now)) changes.push(`${awardName}: ${before ? `${award(old)} → ` : ''}${award(now)}`);
  }
  for (const [teamId, handicap] of Object.entries(starting.set)) {
    const old = starting.before[teamId] ?? null;
    if (old !== handicap) changes.push(`${name(teamId)} starting handicap: ${old ?? 'none'} → ${handicap ?? 'none'}`);
  }
  return changes;
}
