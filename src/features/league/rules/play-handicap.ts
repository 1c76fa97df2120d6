/**
 * A team's handicap (pure): `percent` % of (the average of its best `bestOf` of its last `lastRounds`
 * gross 18-hole scores, each minus the par of its course), to one decimal. Before the team has a
 * recorded round it plays off the established starting handicap staff set, or scratch (0).
 */
import type { PlayRules } from './play-content';

export interface Round {
  gross: number;
  par: number;
}

/** To one decimal, halves away from zero, as handicaps are printed. */
export const oneDecimal = (value: number): number => Math.sign(value) * Math.round(Math.abs(value) * 10 + 1e-9) / 10;

/** The handicap from these rounds (oldest first); null with no round. Fewer rounds than the rule asks count as they are. */
export function handicapFromRounds(rounds: readonly Round[], rule: PlayRules['handicap']): number | null {
  if (rounds.length === 0) return null;
  const best = rounds
    .slice(-rule.lastRounds)
    .map((round) => round.gross - round.par)
    .sort((a, b) => a - b)
    .slice(0, rule.bestOf);
  const average = best.reduce((sum, each) => sum + each, 0) / best.length;
  return oneDecimal((average * rule.percent) / 100);
}

/** The handicap a team plays a week off: from its rounds before it, else its starting handicap, else 0. */
export function playingHandicap(previous: readonly Round[], starting: number | null, rule: PlayRules['handicap']): number {
  return handicapFromRounds(previous, rule) ?? starting ?? 0;
}
