import { useState } from 'react';
import { savePlayoffs, type EntryAnswer, type PlayoffsBody } from '../contract/admin-league-play';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { controlClass } from '../../../islands/shared/Field';
import { errorMessage } from '../../staff/islands/ui';

type Round = EntryAnswer['season']['playoffs']['qualifier'];

/** The season's qualifiers, seeding the qualifier round from them, and the rounds' gross scores. */
export default function PlayoffsAdmin({ answer, onSaved }: { answer: EntryAnswer; onSaved: () => Promise<void> }) {
  const { qualifiers, playoffs } = answer.season;
  const [scores, setScores] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function send(body: Omit<PlayoffsBody, 'expectedVersion'>, done: string) {
    setBusy(true);
    try {
      await callApi(savePlayoffs, { body: { ...body, expectedVersion: answer.version } });
      showToast({ title: done });
      setScores({});
      await onSaved();
    } catch (error) {
      showToast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  const typed = (round: 'qualifier' | 'final', entries: Round) =>
    entries.flatMap((entry) => {
      const value = scores[`${round}-${entry.seed}`];
      return value === undefined ? [] : [{ seed: entry.seed, gross: value.trim() === '' ? null : Number(value) }];
    });

  const roundTable = (round: 'qualifier' | 'final', title: string, entries: Round) => (
    <table className="mt-3 w-full text-left text-small">
      <caption className="text-left font-bold">{title}</caption>
      <thead>
        <tr className="text-muted">
          <th scope="col" className="py-1 pr-3">Seed</th>
          <th scope="col" className="py-1 pr-3">Team</th>
          <th scope="col" className="py-1 pr-3">Gross</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.seed} className="border-t border-line">
            <td className="py-1 pr-3">{entry.seed}</td>
            <th scope="row" className="py-1 pr-3 font-semibold">{entry.team}</th>
            <td className="py-1 pr-3">
              <input aria-label={`${title} gross of ${entry.team}`} inputMode="numeric" className={`${controlClass} mt-0 w-24`} value={scores[`${round}-${entry.seed}`] ?? (entry.gross === null ? '' : String(entry.gross))} onChange={(event) => setScores({ ...scores, [`${round}-${entry.seed}`]: event.currentTarget.value })} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <section className="mt-12 border-t border-line pt-8" aria-labelledby="playoffs-title">
      <h2 id="playoffs-title" className="text-h3">Playoffs</h2>
      <p className="mt-2 text-muted">{qualifiers.length === 0 ? 'No team has qualified yet.' : `Qualified so far: ${qualifiers.map((each) => `${each.team} (${each.reasons.join('; ')})`).join(', ')}.`}</p>
      <button type="button" className="btn-secondary mt-4" disabled={busy || qualifiers.length < 2} onClick={() => void send({ action: 'seed' }, 'Qualifier round seeded')}>
        {playoffs.qualifier.length > 0 ? 'Seed the qualifier round again' : 'Seed the qualifier round'}
      </button>
      {playoffs.qualifier.length > 0 ? roundTable('qualifier', 'Qualifier round', playoffs.qualifier) : null}
      {playoffs.final.length > 0 ? roundTable('final', 'Championship final', playoffs.final) : null}
      {playoffs.qualifier.length > 0 ? (
        <button type="button" className="btn-primary mt-4" disabled={busy} onClick={() => void send({ action: 'results', qualifier: typed('qualifier', playoffs.qualifier), final: typed('final', playoffs.final) }, 'Playoff scores saved')}>
          Save playoff scores
        </button>
      ) : null}
      {playoffs.champion ? <p className="mt-4 font-bold">Champion: {playoffs.champion}</p> : null}
    </section>
  );
}
