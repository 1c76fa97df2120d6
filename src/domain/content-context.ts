import { ContentFileError, formatIssuePath } from './content-file';
import { fillTemplates, type Filled, type TemplateValues } from './content-template';
import type { League } from './league';
import type { Media } from './media';
import { missingPhotos } from './media';
import type { MembershipCatalog } from './membership';
import { formatMoney } from './money';
import { joinList, type EventsContent } from './page-content';
import type { Site } from './site';

/**
 * What one content file may refer to in the others: the facts its {placeholders} name, the photo
 * library and the league sessions. Both ways of reading content (the collections pages use and
 * src/data for the functions) finish a parsed file with `finishContent`, so a file that names a
 * missing photo or session fails the same way everywhere.
 */
export interface ContentContext {
  site: Site;
  memberships: MembershipCatalog;
  league: League;
  /** The events page's capacity (events.json). */
  maxGuests: number;
  /** The events page's bay rental cards (events.json), whose rates bay booking may charge. */
  rental: EventsContent['rental'];
  media: Media;
  /** Names of the image files in src/content/media/, without extension. */
  photoFiles: readonly string[];
}

/** The cheapest monthly membership rate over every plan and term. */
export function lowestMonthlyRate(catalog: MembershipCatalog): number {
  return Math.min(...catalog.plans.flatMap((plan) => Object.values(plan.monthlyRates)));
}

/** Values the league's texts name: {teamFormat}, {sessionCount}, {weeks}, {teeDays}, {teeSlots}, {teamPrice}, {personPrice}. */
export function leagueTemplateValues(league: League) {
  const weeks = [...new Set(league.sessions.map((session) => session.weeks))];
  return {
    teamFormat: league.teamFormat,
    sessionCount: league.sessions.length,
    weeks: weeks.join(' or '),
    teeDays: joinList(league.teeTimes.days.map((day) => day.label)),
    teeSlots: joinList(league.teeTimes.slots.map((slot) => slot.label)),
    teamPrice: formatMoney(league.pricePerTeamPerSession),
    personPrice: formatMoney(league.pricePerPerson),
  };
}

/** Every value a content text may name, each derived from the file that owns the fact. */
export function contentTemplateValues(context: Pick<ContentContext, 'site' | 'memberships' | 'league' | 'maxGuests'>): TemplateValues {
  return {
    ...leagueTemplateValues(context.league),
    membershipFrom: formatMoney(lowestMonthlyRate(context.memberships)),
    maxGuests: context.maxGuests,
    phone: context.site.phone,
    email: context.site.email,
  };
}

/** A string found in a content file, with the field it sits in ("upcoming.items[1].sessionId"). */
export interface ContentReference {
  path: string;
  value: string;
}

/** Every string under a key named in `keys`, at any depth (photo names under "image", session ids under "sessionId"). */
export function referencesUnder(content: unknown, keys: readonly string[]): ContentReference[] {
  const found: ContentReference[] = [];
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value && typeof value === 'object') Object.entries(value).forEach(([name, item]) => visit(item, [...path, name]));
    else if (typeof value === 'string' && keys.includes(String(path.at(-1)))) found.push({ path: formatIssuePath(path), value });
  };
  visit(content, []);
  return found;
}

/** Every photo name a content file refers to: any "image" or "poster" field, at any depth. */
export function photoReferences(content: unknown): string[] {
  return referencesUnder(content, ['image', 'poster']).map((reference) => reference.value);
}

/** What a file names that the other files do not have: photos without an image file or alt text, unknown league sessions. */
export function crossFileProblems(photos: readonly string[], content: unknown, context: ContentContext): string[] {
  const missing = missingPhotos(photos, context.media.photos, context.photoFiles).map(
    (name) => `photo "${name}" needs src/content/media/${name}.jpg and an alt text in src/content/media.json`,
  );
  const sessions = referencesUnder(content, ['sessionId'])
    .filter(({ value }) => !context.league.sessions.some((session) => session.id === value))
    .map(({ path, value }) => `${path}: no session "${value}" in src/content/league.json`);
  return [...missing, ...sessions];
}

/**
 * Checks a parsed file against the others and fills its templates; throws a ContentFileError naming
 * `file` for every reference that does not resolve and every problem of the file's own cross-check.
 * `photos` lists the photo names the file uses.
 */
export function finishContent<T>(file: string, content: T, photos: readonly string[], context: ContentContext, ownProblems: readonly string[] = []): Filled<T> {
  const problems = [...crossFileProblems(photos, content, context), ...ownProblems];
  if (problems.length > 0) throw new ContentFileError(file, problems);
  return fillTemplates(content, contentTemplateValues(context));
}
