/** The season league.json dates now: what its playoffs and season view are stored under (play-store.ts). */
import { league } from '../catalogue';
import { seasonRunId } from './play-store';

export const currentSeason = seasonRunId(league.sessions);
