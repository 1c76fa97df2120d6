import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { readEntry, saveWeekEndpoint, type EntryAnswer } from '../contract/admin-league-play';
import { rowErrors, weekBody, weekForm, weekSummary, type WeekForm } from './play-form';
import PlayoffsAdmin from './PlayoffsAdmin';
import PrizesAdmin from './PrizesAdmin';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { InputField, SelectField, controlClass } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import { errorMessage, LoadError, Loading, useAdminRead } from '../../staff/islands/ui';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../domain/dates';

/** /admin/league: staff enter a week's scores and awards per session, review, save; the history and the playoffs below. */
export default function LeaguePlayAdmin({ sessions }: { sessions: Array<{ id: string; name: string }> }) {
  return (
    <AdminShell current="/admin/league" title="League Play" intro="Enter each week's gross scores and award winners; teams see the standings and get their result by e-mail.">
      <LeaguePlay sessions={sessions} />
    </AdminShell>
  );
}

function LeaguePlay({ sessions }: { sessions: Array<{ id: string; name: string }> }) {
  const [sessionId, setSessionId] = useState(sessions[0]?.id ?? '');
  const read = useCallback(() => callApi(readEntry, { params: { session: sessionId } }), [sessionId]);
  const [loaded, reload] = useAdminRead(read);
  return (
    <>
      <SelectField id="play-session" label="Session" className="sm:w-64" value={sessionId} onChange={(event) => setSessionId(event.currentTarget.value)} options={sessions.map(({ id, name }) => ({ value: id, label: name }))} />
      {loaded.status === 'loading' ? <Loading label="Loading the session..." /> : null}
      {loaded.status === 'error' ? <LoadError message={loaded.message} onRetry={reload} /> : null}
      {loaded.status === 'ready' ? (
        <>
          <WeekEntry key={`${loaded.data.session.id}-${loaded.data.version}`} answer={loaded.data} onSaved={reload} />
          <PlayoffsAdmin answer={loaded.data} onSaved={reload} />
        </>
      ) : null}
    </>
  );
}

function firstOpenWeek(answer: EntryAnswer): number {
  const entered = new Set(answer.weeks.map((week) => week.week));
  for (let week = 1; week <= answer.session.weeks; week += 1) if (!entered.has(week)) return week;
  return answer.session.weeks;
}

function WeekEntry({ answer, onSaved }: { answer: EntryAnswer; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState<WeekForm>(() => weekForm(answer, firstOpenWeek(answer)));
  const [review, setReview] = useState<string[] | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setReview(null), [form]);

  if (answer.teams.length === 0) {
    return <p className="card mt-6" data-testid="no-teams">No team has a completed registration for the {answer.session.name} yet.</p>;
  }
  const entered = new Set(answer.weeks.map((week) => week.week));
  const weeks = Array.from({ length: answer.session.weeks }, (_, index) => index + 1);
  const setRow = (index: number, change: Partial<WeekForm['rows'][number]>) => setForm((current) => ({ ...current, rows: current.rows.map((row, at) => (at === index ? { ...row, ...change } : row)) }));
  const setAward = (index: number, change: Partial<WeekForm['awards'][number]>) => setForm((current) => ({ ...current, awards: current.awards.map((row, at) => (at === index ? { ...row, ...change } : row)) }));
  /** Enter in a gross score moves to the next team's: the fast way down 40 teams. */
  const nextOnEnter = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = document.getElementById(`gross-${index + 1}`) ?? document.getElementById('review-week');
    next?.focus();
  };

  async function save() {
    setBusy(true);
    try {
      const { version } = await callApi(saveWeekEndpoint, { body: weekBody(answer, form) });
      showToast({ title: `Week ${form.week} saved`, description: `Standings updated (version ${version}); teams are e-mailed.` });
      setFields({});
      await onSaved();
    } catch (error) {
      const refused = error instanceof ApiError ? (error.json()?.fields ?? {}) : {};
      setFields(refused);
      setReview(null);
      showToast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const history = answer.history.filter((entry) => entry.week === form.week).reverse();
  return (
    <section className="mt-8" aria-labelledby="entry-title">
      <h2 id="entry-title" className="text-h3">Scores of the week</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <SelectField
          id="play-week"
          label="Week"
          value={String(form.week)}
          onChange={(event) => setForm(weekForm(answer, Number(event.currentTarget.value)))}
          options={weeks.map((week) => ({ value: String(week), label: `Week ${week}${entered.has(week) ? ' (entered)' : ''}` }))}
          error={fields['week']}
        />
        <InputField id="week-course" label="Course played" value={form.course} onChange={(event) => setForm({ ...form, course: event.currentTarget.value })} />
        <InputField id="week-par" label="Par" inputMode="numeric" value={form.par} onChange={(event) => setForm({ ...form, par: event.currentTarget.value })} />
      </div>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-left text-small" data-testid="entry-table">
          <caption className="sr-only">Gross scores of week {form.week}: leave a score blank for a team that did not play; Enter goes to the next team.</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-2 pr-3">Team</th>
              <th scope="col" className="py-2 pr-3">Gross</th>
              <th scope="col" className="py-2 pr-3">Course, if another</th>
              <th scope="col" className="py-2 pr-3">Par, if another</th>
              {form.week === 1 ? <th scope="col" className="py-2 pr-3">Starting handicap</th> : null}
            </tr>
          </thead>
          <tbody>
            {form.rows.map((row, index) => {
              const errors = rowErrors(fields, 'entries', index);
              const message = Object.values(errors).join(' ');
              return (
                <tr key={row.teamId} className="border-t border-line" data-testid="entry-row">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {row.name}
                    {message ? <span id={`row-error-${index}`} className="block text-danger">{message}</span> : null}
                  </th>
                  <td className="py-2 pr-3">
                    <input id={`gross-${index}`} aria-label={`Gross score of ${row.name}`} inputMode="numeric" className={`${controlClass} mt-0 w-24`} value={row.gross} aria-invalid={Boolean(errors['gross'])} {...(message ? { 'aria-describedby': `row-error-${index}` } : {})} onKeyDown={nextOnEnter(index)} onChange={(event) => setRow(index, { gross: event.currentTarget.value })} />
                  </td>
                  <td className="py-2 pr-3">
                    <input aria-label={`Course of ${row.name}, if not the week's`} className={`${controlClass} mt-0 w-40`} value={row.course} aria-invalid={Boolean(errors['course'])} onChange={(event) => setRow(index, { course: event.currentTarget.value })} />
                  </td>
                  <td className="py-2 pr-3">
                    <input aria-label={`Par of ${row.name}, if not the week's`} inputMode="numeric" className={`${controlClass} mt-0 w-20`} value={row.par} aria-invalid={Boolean(errors['par'])} onChange={(event) => setRow(index, { par: event.currentTarget.value })} />
                  </td>
                  {form.week === 1 ? (
                    <td className="py-2 pr-3">
                      <input aria-label={`Starting handicap of ${row.name}`} inputMode="decimal" className={`${controlClass} mt-0 w-20`} value={row.starting} onChange={(event) => setRow(index, { starting: event.currentTarget.value })} />
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h3 className="mt-8 font-bold">Awards of the week</h3>
      <div className="mt-2 grid gap-4 lg:grid-cols-2">
        {form.awards.map((award, index) => {
          const errors = rowErrors(fields, 'awards', index);
          return (
            <fieldset key={award.awardId} className="grid min-w-0 gap-3 rounded-field border border-line p-3 sm:grid-cols-2">
              <legend className="px-1 text-small font-bold">{award.name}</legend>
              <SelectField id={`award-team-${index}`} label="Team" value={award.teamId} placeholder="Nobody" onChange={(event) => setAward(index, { teamId: event.currentTarget.value })} options={form.rows.map((row) => ({ value: row.teamId, label: row.name }))} error={errors['teamId']} />
              <InputField id={`award-value-${index}`} label="Value" placeholder={award.example} value={award.value} onChange={(event) => setAward(index, { value: event.currentTarget.value })} error={errors['value'] ?? errors['awardId']} />
            </fieldset>
          );
        })}
      </div>

      <PrizesAdmin answer={answer} week={form.week} />

      <div className="mt-6 flex flex-wrap gap-3">
        <button id="review-week" type="button" className="btn-secondary" onClick={() => setReview(weekSummary(answer, weekBody(answer, form)))}>
          Review week {form.week}
        </button>
      </div>
      {review ? (
        <div className="card mt-4" role="region" aria-label="Summary before saving" data-testid="week-summary">
          <ul className="list-disc pl-5">
            {review.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <button type="button" className="btn-primary mt-4" disabled={busy} onClick={() => void save()}>
            {busy ? 'Saving...' : `Save week ${form.week}`}
          </button>
        </div>
      ) : null}

      {history.length > 0 ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-bold">History of week {form.week} ({history.length} saves)</summary>
          <ul className="mt-2 grid gap-2 text-small">
            {history.map((entry) => (
              <li key={entry.version}>
                <span className="font-semibold">{formatDateTime(entry.at)}</span>: {entry.changes.join('; ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
