import { describe, expect, it } from 'vitest';
import { ContentFileError } from './content-file';
import { contentTemplateValues, crossFileProblems, finishContent, leagueTemplateValues, lowestMonthlyRate, photoReferences, type ContentContext } from './content-context';
import { fillTemplate } from './content-template';
import { contentFiles } from './content-files';
import { homeSchema, leaguePageSchema } from './page-content';
import eventsRaw from '../content/events.json';
import home from '../content/home.json';
import leaguePage from '../content/league-page.json';
import { league } from '../data/league';
import { membershipCatalog } from '../data/memberships';
import { site } from '../data/site';
import mediaRaw from '../content/media.json';

const media = contentFiles.media.schema.parse(mediaRaw);
const context: ContentContext = {
  site,
  memberships: membershipCatalog,
  league,
  maxGuests: eventsRaw.maxGuests,
  rental: eventsRaw.rental,
  media,
  photoFiles: Object.keys(media.photos),
};

describe('template values', () => {
  it('fill from league.json', () => {
    const values = leagueTemplateValues(league);
    expect(values).toMatchObject({ teamFormat: '2-Person Team', sessionCount: 3, weeks: '8', teamPrice: '$700', personPrice: '$350' });
    expect(fillTemplate(leaguePageSchema.parse(leaguePage).playoffs.qualification.text, values)).toBe(
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
    expect(values).toMatchObject({ phone: site.phone, email: site.email });
  });
});

describe('cross-file checks', () => {
  it('collects the photos a page names', () => {
    expect(photoReferences(homeSchema.parse(home))).toEqual(['hero-poster', 'bay-sunrise', 'bay-league', 'lounge-party', 'bay-six', 'bar-back']);
  });

  it('finish a page: references resolve and every template is filled', () => {
    const finished = finishContent('src/content/home.json', homeSchema.parse(home), photoReferences(home), context);
    expect(finished.visit.membershipNote).toBe('Memberships from $99/month.');
    expect(JSON.stringify(finished)).not.toMatch(/\{\w+\}/);
  });

  it('fail naming the file for a photo without an image file or alt text', () => {
    const finish = () => finishContent('src/content/home.json', {}, ['bay-seven'], context);
    expect(finish).toThrow(ContentFileError);
    expect(finish).toThrow(/src\/content\/home\.json is invalid:\n {2}- photo "bay-seven" needs src\/content\/media\/bay-seven\.jpg/);
    expect(crossFileProblems(['bay-six'], {}, { ...context, photoFiles: [] })).toEqual([
      'photo "bay-six" needs src/content/media/bay-six.jpg and an alt text in src/content/media.json',
    ]);
  });

  it('fail naming the field for a league event naming an unknown session', () => {
    const events = { upcoming: { items: [{ kind: 'league', sessionId: 'winter' }, { kind: 'league', sessionId: 'summer' }] } };
    expect(crossFileProblems([], events, context)).toEqual(['upcoming.items[1].sessionId: no session "summer" in src/content/league.json']);
  });

  it('the files src/data reads for the functions name nothing to check or fill', () => {
    for (const [name, data] of [['league', league], ['memberships', membershipCatalog], ['site', site]] as const) {
      expect(contentFiles[name].photos(data as never)).toEqual([]);
      expect(finishContent(`src/content/${name}.json`, data, [], context)).toEqual(data);
    }
  });
});
