import { describe, expect, it } from 'vitest';
import type { SessionView } from '../contract/league-standings';
import { correctionMessage, teamFacts, weekMessage } from './play-week';

const view: SessionView = {
  version: 4,
  sessionId: 'winter',
  sessionName: 'Winter Session',
  weeks: 8,
  flights: [{ id: 'a', name: 'A Flight', rows: [{ rank: 1, team: 'Birdies', weeksPlayed: 1, points: 3, averageNet: 72, handicap: 6.4, bestGross: 80 }, { rank: 2, team: 'Eagles', weeksPlayed: 0, points: 0, averageNet: null, handicap: 0, bestGross: null }] }],
  results: [
    {
      week: 1,
      rows: [
        { team: 'Birdies', flight: 'A Flight', played: true, course: 'Oakmont', gross: 80, handicap: 8, net: 72, flightRank: 1, points: 3 },
        { team: 'Eagles', flight: 'A Flight', played: false, course: '', gross: null, handicap: 0, net: null, flightRank: null, points: 0 },
      ],
      awards: [{ award: 'Longest Drive', team: 'Eagles', value: '312 yd' }],
    },
  ],
};
const input = { teamId: 'reg-1', team: 'Birdies', to: ['ann@example.com', 'bo@example.com'], optOutUrl: 'https://verona.example/league/mail-opt-out?token=t', standingsUrl: 'https://verona.example/league/standings?session=winter' };

describe('the weekly result mail', () => {
  it('tells the team its score, net, points, rank in its flight and the awards, once per session, week and team', () => {
    const message = weekMessage(view, 1, input)!;
    expect(message.key).toBe('league-week:winter:1:reg-1');
    expect(message.to).toEqual(['ann@example.com', 'bo@example.com']);
    expect(message.subject).toMatch(/^Winter Session, week 1: Birdies – /);
    expect(message.content.blocks).toContainEqual({ kind: 'facts', facts: [
      { label: 'Gross', value: '80 (Oakmont)' },
      { label: 'Handicap', value: '8' },
      { label: 'Net', value: '72' },
      { label: 'Points', value: '3' },
      { label: 'Rank in A Flight', value: '1 of 1' },
      { label: 'Season points', value: '3' },
    ] });
    expect(message.content.blocks).toContainEqual({ kind: 'facts', facts: [{ label: 'Longest Drive', value: 'Eagles, 312 yd' }] });
    expect(message.content.blocks).toContainEqual({ kind: 'link', text: 'Stop these weekly e-mails for our team', href: input.optOutUrl });
  });

  it('says a team did not play, and keys a correction by the save', () => {
    expect(teamFacts(view, 1, 'Eagles')).toEqual([{ label: 'Week', value: '1: did not play' }, { label: 'Season points', value: '0' }]);
    expect(teamFacts(view, 2, 'Eagles')).toBeNull();
    expect(correctionMessage(view, 1, input)!.key).toBe('league-week-fix:winter:1:reg-1:4');
  });
});
