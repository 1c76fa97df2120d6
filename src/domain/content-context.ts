import { contentPath, contentProblem, formatIssuePath, type ContentProblem } from './content-file';
import type { BayBookingContent } from '../features/bay-booking/rules/content';
import { fillTemplates, type Filled, type TemplateValues } from './content-template';
import type { League } from '../features/league/rules/league';
import type { Media } from './media';
import { missingPhotos } from './media';
import type { MembershipCatalog } from '../features/memberships/rules/membership';
import { formatMoney } from './money';
import { joinList, type EventsContent } from './page-content';
import type { Site } from './site';

/**
 * What one content file may refer to in the others: the facts its {placeholders} name, the photo
 * library, the league sessions, the rental cards and bay booking. The content check
 * (content-check.ts) builds it from the parsed files and checks every file against it.
 */
export interface ContentContext {
  site: Site;
  memberships: MembershipCatalog;
  league: League;
  /** The events page's capacity (events.json). */
  maxGuests: number;
  /** The events page's bay rental cards (events.json), whose rates bay booking may charge. */
  rental: EventsContent['rental'];
  /** Bay booking (bay-booking.json): its cancellation policy is stated on the terms page, its bays are the event quotes' bays. */
  bayBooking: BayBookingContent;
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

/** "4 hours", "1 hour": how long before a bay booking it can still be cancelled and refunded. */
export function cancellationNotice(hours: number): string {
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Every value a content text may name, each derived from the file that owns the fact. */
export function contentTemplateValues(context: Pick<ContentContext, 'site' | 'memberships' | 'league' | 'maxGuests' | 'bayBooking'>): TemplateValues {
  return {
    ...leagueTemplateValues(context.league),
    membershipFrom: formatMoney(lowestMonthlyRate(context.memberships)),
    maxGuests: context.maxGuests,
    phone: context.site.phone,
    email: context.site.email,
    cancellationHours: cancellationNotice(context.bayBooking.cancellation.freeUntilHoursBefore),
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

/** Where `value` first appears as a string in `content` ("hero.image"), or "" when nowhere. */
function fieldHolding(content: unknown, value: string, path: PropertyKey[] = []): string {
  if (typeof content === 'string') return content === value ? formatIssuePath(path) : '';
  const entries = Array.isArray(content) ? content.map((item, index) => [index, item] as const) : content && typeof content === 'object' ? Object.entries(content) : [];
  for (const [key, item] of entries) {
    const found = fieldHolding(item, value, [...path, key]);
    if (found) return found;
  }
  return '';
}

/** What `file` names that the other files do not have: photos without an image file or alt text, unknown league sessions. */
export function crossFileProblems(file: string, photos: readonly string[], content: unknown, context: ContentContext): ContentProblem[] {
  const library = { file: contentPath('media'), field: 'photos' };
  const missing = missingPhotos(photos, context.media.photos, context.photoFiles).map((name) => {
    const message = `photo "${name}" needs src/content/media/${name}.jpg and an alt text in src/content/media.json`;
    const field = fieldHolding(content, name);
    return file === library.file ? contentProblem(message, field ? { file, field } : library) : contentProblem(message, { file, field }, library);
  });
  const sessions = referencesUnder(content, ['sessionId'])
    .filter(({ value }) => !context.league.sessions.some((session) => session.id === value))
    .map(({ path, value }) => contentProblem(`no session "${value}" in src/content/league.json`, { file, field: path }, { file: contentPath('league'), field: 'sessions' }));
  return [...missing, ...sessions];
}

/** A checked file with its templates filled from the facts the other files own. */
export function fillContent<T>(content: T, context: ContentContext): Filled<T> {
  return fillTemplates(content, contentTemplateValues(context));
}
