/**
 * A week of scores as staff send it (the request body of the score entry), and the checks that need
 * the session: the week in the session's range, every team one of its teams (completed registrations),
 * each gross score in the content's sane range, each award one of the content's with a measurement as
 * its value. Each problem names its field ('entries.3.gross'), and nothing is written while any stands.
 */
import * as z from 'zod';
import type { FieldErrors } from '../../../shared/contract/field-errors';
import { measurement } from './play-awards';
import type { PlayRules } from './play-content';
import type { AwardWinner, WeekEntry } from './play-session';

const teamId = z.string().min(1, 'Choose a team').max(64);

export const weekBodySchema = z.object({
  sessionId: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Choose a league session'),
  week: z.number({ error: 'The week is a number' }).int('The week is a whole number'),
  /** The save the form started from (the version it read); another save since then is refused (409). */
  expectedVersion: z.number().int().min(0),
  entries: z
    .array(
      z.object({
        teamId,
        played: z.boolean(),
        gross: z.number({ error: 'The gross score is a number' }).int('The gross score is a whole number').nullable(),
        course: z.string().trim().max(80, 'The course name is too long'),
        par: z.number({ error: 'Par is a number' }).int('Par is a whole number').min(27, 'Par is at least 27').max(80, 'Par is at most 80'),
      }),
    )
    .max(200),
  awards: z.array(z.object({ awardId: z.string().max(40), teamId, value: z.string().max(40) })).max(20),
  /** The established handicaps for week 1 by team; null clears one. */
  startingHandicaps: z.record(z.string().max(64), z.number().min(-10, 'A handicap is at least -10').max(54, 'A handicap is at most 54').nullable()).optional(),
});

export type WeekBody = z.output<typeof weekBodySchema>;

export interface CheckedWeek {
  entries: WeekEntry[];
  awards: AwardWinner[];
}

/** The week checked against the session: its entries and awards as stored, or the fields that are wrong. */
export function checkWeek(
  rules: Pick<PlayRules, 'scores' | 'awards'>,
  session: { weeks: number; teamIds: ReadonlySet<string> },
  body: WeekBody,
): { week: CheckedWeek } | { fields: FieldErrors } {
  const fields: FieldErrors = {};
  if (body.week < 1 || body.week > session.weeks) fields['week'] = `The week is from 1 to ${session.weeks}`;
  const seen = new Set<string>();
  body.entries.forEach((entry, index) => {
    const at = `entries.${index}`;
    if (!session.teamIds.has(entry.teamId)) fields[`${at}.teamId`] = 'This team is not registered for the session';
    else if (seen.has(entry.teamId)) fields[`${at}.teamId`] = 'This team is entered twice';
    seen.add(entry.teamId);
    if (entry.played && entry.gross === null) fields[`${at}.gross`] = 'Enter the gross score of a team that played';
    if (entry.played && entry.gross !== null && (entry.gross < rules.scores.minGross || entry.gross > rules.scores.maxGross)) {
      fields[`${at}.gross`] = `A gross score for 18 holes is from ${rules.scores.minGross} to ${rules.scores.maxGross}`;
    }
    if (entry.played && entry.course.trim() === '') fields[`${at}.course`] = 'Enter the course played';
  });
  const awards: AwardWinner[] = [];
  body.awards.forEach((winner, index) => {
    const at = `awards.${index}`;
    const award = rules.awards.find((each) => each.id === winner.awardId);
    if (!award) {
      fields[`${at}.awardId`] = 'Choose one of the weekly awards';
      return;
    }
    if (!session.teamIds.has(winner.teamId)) fields[`${at}.teamId`] = 'This team is not registered for the session';
    const value = measurement(winner.value, award.units);
    if (value === null) fields[`${at}.value`] = `Write a measurement in ${award.units.join(' or ')}, like "${award.example}"`;
    else awards.push({ awardId: award.id, teamId: winner.teamId, value });
  });
  for (const id of Object.keys(body.startingHandicaps ?? {})) if (!session.teamIds.has(id)) fields[`startingHandicaps.${id}`] = 'This team is not registered for the session';
  if (Object.keys(fields).length > 0) return { fields };
  const entries = body.entries.map((entry) => ({ teamId: entry.teamId, played: entry.played, gross: entry.played ? entry.gross : null, course: entry.course.trim(), par: entry.par }));
  return { week: { entries, awards } };
}
