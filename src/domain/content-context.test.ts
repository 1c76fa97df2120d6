import { describe, expect, it } from 'vitest';
import { contentTemplateValues, crossFileProblems, fillContent, leagueTemplateValues, lowestMonthlyRate, photoReferences, type ContentContext } from './content-context';
import { fillTemplate } from './content-template';
import { contentFiles } from './content-files';
import { homeSchema } from './page-content';
import { leaguePlaySchema } from '../features/league/rules/play-content';
import eventsRaw from '../content/events.json';
import home from '../content/home.json';
import leaguePlay from '../content/league-play.json';
import { league } from '../features/league/catalogue';
import { membershipCatalog } from '../features/memberships/catalogue';
import { site } from '../data/site';
import mediaRaw from '../content/media.json';
import bayBookingRaw from '../content/bay-booking.json';

const media = contentFiles.media.schema.parse(mediaRaw);
const bayBooking = contentFiles['bay-booking'].schema.parse(bayBookingRaw);
const context: ContentContext = {
  site,
  memberships: membershipCatalog,
  league,
  maxGuests: eventsRaw.maxGuests,
  rental: eventsRaw.rental,
  bayBooking: { ...bayBooking, cancellation: { freeUntilHoursBefore: 4 } },
  media,
  photoFiles: Object.keys(media.photos),
};

describe('template values', () => {
  it('fill from league.json', () => {
    const values = leagueTemplateValues(league);
    expect(values).toMatchObject({ teamFormat: '2-Person Team', sessionCount: 3, weeks: '8', teamPrice: '$700', personPrice: '$350' });
    expect(fillTemplate(leaguePlaySchema.parse(leaguePlay).playoffs.qualification.text, values)).toBe(
      'Qualify for free by winning any session flight or by competing in all 3 sessions.',
    );
    expect(values['teeDays']).toBe('Monday, Tuesday & Wednesday');
  });

  it('fill page texts with the lowest membership rate, the event capacity and the venue contacts', () => {
    expect(lowestMonthlyRate(membershipCatalog)).toBe(99);
    const values = contentTemplateValues(context);
    const cards = homeSchema.parse(home).cards.items;
    expect(fillTemplate(cards[0]!.text.text, values)).toBe('Daily simulator time from $99 a month, with guests on Bogey and Bogey+.');
    expect(fillTemplate(cards[1]!.text.text, values)).toMatch(/^2-Person Teams, 8-week sessions/);
    expect(fillTemplate(cards[2]!.text.text, values)).toContain('up to 150 guests');
    expect(values).toMatchObject({ phone: site.phone, email: site.email, cancellationHours: '4 hours' });
    expect(contentTemplateValues({ ...context, bayBooking: { ...bayBooking, cancellation: { freeUntilHoursBefore: 1 } } })['cancellationHours']).toBe('1 hour');
  });
});

describe('cross-file checks', () => {
  it('collects the photos a page names', () => {
    expect(photoReferences(homeSchema.parse(home))).toEqual(['hero-poster', 'bay-sunrise', 'bay-league', 'lounge-party', 'bay-six', 'bar-back']);
  });

  it('finish a page: references resolve and every template is filled', () => {
    const parsed = homeSchema.parse(home);
    expect(crossFileProblems('src/content/home.json', photoReferences(parsed), parsed, context)).toEqual([]);
    const finished = fillContent(parsed, context);
    expect(finished.visit.membershipNote).toBe('Memberships from $99/month.');
    expect(JSON.stringify(finished)).not.toMatch(/\{\w+\}/);
  });

  it('name the page’s field and the library for a photo without an image file or alt text', () => {
    const page = { hero: { image: 'bay-seven' } };
    expect(crossFileProblems('src/content/home.json', ['bay-seven'], page, context)).toEqual([
      {
        places: [{ file: 'src/content/home.json', field: 'hero.image' }, { file: 'src/content/media.json', field: 'photos' }],
        message: 'photo "bay-seven" needs src/content/media/bay-seven.jpg and an alt text in src/content/media.json',
      },
    ]);
    expect(crossFileProblems('src/content/media.json', ['bay-six'], { gallery: ['bay-six'] }, { ...context, photoFiles: [] })).toEqual([
      { places: [{ file: 'src/content/media.json', field: 'gallery[0]' }], message: 'photo "bay-six" needs src/content/media/bay-six.jpg and an alt text in src/content/media.json' },
    ]);
  });

  it('name the field and the league file for a league event naming an unknown session', () => {
    const events = { upcoming: { items: [{ kind: 'league', sessionId: 'winter' }, { kind: 'league', sessionId: 'summer' }] } };
    expect(crossFileProblems('src/content/events.json', [], events, context)).toEqual([
      { places: [{ file: 'src/content/events.json', field: 'upcoming.items[1].sessionId' }, { file: 'src/content/league.json', field: 'sessions' }], message: 'no session "summer" in src/content/league.json' },
    ]);
  });

  it('the files src/data reads for the functions name nothing to check or fill', () => {
    for (const [name, data] of [['league', league], ['memberships', membershipCatalog], ['site', site]] as const) {
      expect(contentFiles[name].photos(data as never)).toEqual([]);
      expect(crossFileProblems(`src/content/${name}.json`, [], data, context)).toEqual([]);
      expect(fillContent(data, context)).toEqual(data);
    }
  });
});
