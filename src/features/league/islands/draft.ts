/**
 * The league registration draft: what a visitor typed survives a reload until payment.
 * Kept in localStorage; cleared by the success page once the payment is confirmed.
 */
export interface LeagueEntryValues {
  teamName: string;
  teeTimeDay: string;
  teeTimeSlot: string;
  player1FirstName: string;
  player1LastName: string;
  player1Email: string;
  player1Phone: string;
  player2FirstName: string;
  player2LastName: string;
  player2Email: string;
  player2Phone: string;
}

export interface LeagueDraft {
  step: number;
  selected: string[];
  entries: Record<string, LeagueEntryValues>;
}

export const LEAGUE_DRAFT_KEY = 'league-registration-draft';

export const emptyEntry = (): LeagueEntryValues => ({
  teamName: '',
  teeTimeDay: '',
  teeTimeSlot: '',
  player1FirstName: '',
  player1LastName: '',
  player1Email: '',
  player1Phone: '',
  player2FirstName: '',
  player2LastName: '',
  player2Email: '',
  player2Phone: '',
});

const entryKeys = Object.keys(emptyEntry()) as Array<keyof LeagueEntryValues>;

/** Reads a stored draft, keeping only known sessions and fields; anything malformed is dropped. */
export function parseDraft(text: string | null, sessionIds: readonly string[]): LeagueDraft | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<LeagueDraft>;
    const selected = Array.isArray(raw.selected) ? sessionIds.filter((id) => raw.selected!.includes(id)) : [];
    const entries: Record<string, LeagueEntryValues> = {};
    for (const id of sessionIds) {
      const stored = raw.entries?.[id];
      if (!stored || typeof stored !== 'object') continue;
      const entry = emptyEntry();
      for (const key of entryKeys) {
        const value = (stored as unknown as Record<string, unknown>)[key];
        if (typeof value === 'string') entry[key] = value.slice(0, 300);
      }
      entries[id] = entry;
    }
    const step = typeof raw.step === 'number' && Number.isInteger(raw.step) ? Math.min(Math.max(raw.step, 0), selected.length) : 0;
    return { step, selected, entries };
  } catch {
    return null;
  }
}

export function loadDraft(sessionIds: readonly string[]): LeagueDraft | null {
  try {
    return parseDraft(window.localStorage.getItem(LEAGUE_DRAFT_KEY), sessionIds);
  } catch {
    return null; // storage disabled
  }
}

export function saveDraft(draft: LeagueDraft): void {
  try {
    window.localStorage.setItem(LEAGUE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the wizard still works, only without reload survival.
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(LEAGUE_DRAFT_KEY);
  } catch {
    // nothing stored
  }
}

export type CopyAction = 'teamName' | 'player1' | 'player2' | 'all';

const player1Keys = ['player1FirstName', 'player1LastName', 'player1Email', 'player1Phone'] as const;
const player2Keys = ['player2FirstName', 'player2LastName', 'player2Email', 'player2Phone'] as const;

/** Copies team name, player 1, player 2, or both players plus team name from the previous session's entry. */
export function copyFromPrevious(current: LeagueEntryValues, previous: LeagueEntryValues, action: CopyAction): LeagueEntryValues {
  const keys: ReadonlyArray<keyof LeagueEntryValues> =
    action === 'teamName' ? ['teamName'] : action === 'player1' ? player1Keys : action === 'player2' ? player2Keys : ['teamName', ...player1Keys, ...player2Keys];
  const next = { ...current };
  for (const key of keys) next[key] = previous[key];
  return next;
}
