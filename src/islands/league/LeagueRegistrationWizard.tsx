import { useEffect, useRef, useState, type FormEvent } from 'react';
import { leagueAvailability, type LeagueAvailability } from '../../domain/api/league-availability';
import { registerTeam } from '../../domain/api/league-registration-multi';
import { callApi } from '../../lib/api-client';
import { formatMoney as usd } from '../../domain/money';
import { showToast } from '../../stores/toast';
import type { FieldErrors } from '../../domain/forms/field-errors';
import { LEAGUE_MESSAGES } from '../../domain/forms/league-messages';
import { isSessionOpen, registrationTotal, teeTimeId, type LeagueSummary } from '../../domain/league-rules';
import { InputField, SelectField } from '../shared/Field';
import { clearDraftIfPaid } from './paid';
import { copyFromPrevious, emptyEntry, loadDraft, saveDraft, type CopyAction, type LeagueEntryValues } from './draft';

export type WizardLeague = LeagueSummary;

export const WIZARD_TEXT = {
  sessionsRequired: { title: LEAGUE_MESSAGES.sessionsRequiredTitle, description: LEAGUE_MESSAGES.sessionsRequired },
  failed: { title: 'Registration Failed', fallback: 'Unable to process registration. Please try again.' },
  teeTimeFull: 'This tee time is full. Please choose another.',
  copiedMs: 2000,
} as const;

const COPY_LABELS: Record<CopyAction, string> = {
  teamName: 'Copy Team Name',
  player1: 'Copy Player 1',
  player2: 'Copy Player 2',
  all: 'Copy Both Players + Team Name',
};

/**
 * The league registration wizard: choose sessions, then one form step per session; Next validates
 * and saves, Previous saves without validating; finalize pays through the hosted checkout. What was
 * typed survives a reload until payment.
 */
export default function LeagueRegistrationWizard({ league }: { league: WizardLeague }) {
  const sessionIds = league.sessions.map((session) => session.id);
  const [step, setStep] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [entries, setEntries] = useState<Record<string, LeagueEntryValues>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [copied, setCopied] = useState<CopyAction | null>(null);
  const [pending, setPending] = useState(false);
  const [restored, setRestored] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const firstRender = useRef(true);
  const [now] = useState(() => new Date());
  const [availability, setAvailability] = useState<LeagueAvailability | null>(null);

  // Full sessions and tee times (when the league sets a capacity); the server enforces them anyway.
  useEffect(() => {
    callApi(leagueAvailability)
      .then((answer) => {
        setAvailability(answer);
        const full = new Set(answer.sessions.filter((session) => session.full || !session.open).map((session) => session.id));
        setSelected((current) => current.filter((id) => !full.has(id)));
      })
      .catch(() => undefined);
  }, []);

  // Restore the draft after hydration (the server-rendered markup is the empty wizard).
  useEffect(() => {
    clearDraftIfPaid();
    const draft = loadDraft(sessionIds);
    if (draft) {
      setSelected(draft.selected.filter((id) => isSelectable(id)));
      setEntries(draft.entries);
      setStep(Math.min(draft.step, draft.selected.length));
    }
    setRestored(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  useEffect(() => {
    if (restored) saveDraft({ step, selected, entries });
  }, [restored, step, selected, entries]);

  // Move focus to the new step's heading so keyboard and screen-reader users follow the wizard.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  function isOpen(id: string): boolean {
    const session = league.sessions.find((candidate) => candidate.id === id);
    return session ? isSessionOpen({ open: session.open, closesAt: session.closesAt }, now) : false;
  }

  const sessionAvailability = (id: string) => availability?.sessions.find((session) => session.id === id);
  const isFull = (id: string) => sessionAvailability(id)?.full === true;
  const isSelectable = (id: string) => isOpen(id) && sessionAvailability(id)?.open !== false && !isFull(id);

  const orderedSelection = sessionIds.filter((id) => selected.includes(id));
  const currentSessionId = step > 0 ? orderedSelection[step - 1] : undefined;
  const currentSession = league.sessions.find((session) => session.id === currentSessionId);
  const previousSessionId = step > 1 ? orderedSelection[step - 2] : undefined;
  const values = (currentSessionId && entries[currentSessionId]) || emptyEntry();
  const isLast = step > 0 && step === orderedSelection.length;
  const total = registrationTotal(league, orderedSelection.length);

  function toggleSession(id: string) {
    setSelected((current) => (current.includes(id) ? current.filter((existing) => existing !== id) : [...current, id]));
  }

  function setField(name: keyof LeagueEntryValues, value: string) {
    if (!currentSessionId) return;
    setEntries((current) => ({ ...current, [currentSessionId]: { ...(current[currentSessionId] ?? emptyEntry()), [name]: value } }));
  }

  async function validate(entry: LeagueEntryValues, sessionId: string): Promise<FieldErrors> {
    // The shared schema (and zod) load on first use, keeping them out of the page's first load.
    const [{ leagueSessionEntrySchema }, { fieldErrors }] = await Promise.all([import('../../domain/forms/league-registration'), import('../../domain/forms/field-errors')]);
    const result = leagueSessionEntrySchema(league).safeParse({ sessionId, ...entry });
    const found = result.success ? {} : fieldErrors(result.error);
    const teeTime = teeTimeId(entry.teeTimeDay, entry.teeTimeSlot);
    if (!found['teeTimeSlot'] && sessionAvailability(sessionId)?.fullTeeTimes.includes(teeTime)) found['teeTimeSlot'] = WIZARD_TEXT.teeTimeFull;
    return found;
  }

  function focusFirstError(found: FieldErrors) {
    const first = (Object.keys(emptyEntry()) as Array<keyof LeagueEntryValues>).find((name) => found[name]);
    if (first) document.getElementById(`league-${first}`)?.focus();
  }

  function continueFromSessions() {
    if (orderedSelection.length === 0) {
      showToast({ ...WIZARD_TEXT.sessionsRequired, variant: 'destructive' });
      return;
    }
    setSelected(orderedSelection);
    setErrors({});
    setStep(1);
  }

  function previous() {
    setErrors({});
    setStep((current) => Math.max(0, current - 1));
  }

  async function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!currentSessionId || pending) return;
    const found = await validate(values, currentSessionId);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    if (!isLast) {
      setStep(step + 1);
      return;
    }
    await finalize();
  }

  async function finalize() {
    setPending(true);
    try {
      for (const [index, id] of orderedSelection.entries()) {
        const found = await validate(entries[id] ?? emptyEntry(), id);
        if (Object.keys(found).length > 0) {
          setStep(index + 1);
          setErrors(found);
          setPending(false);
          return;
        }
      }
      const sessionRegistrations = orderedSelection.map((sessionId) => ({ sessionId, ...(entries[sessionId] ?? emptyEntry()) }));
      const { checkoutUrl } = await callApi(registerTeam, { body: { sessionRegistrations } });
      window.location.assign(checkoutUrl);
    } catch (error) {
      showToast({ title: WIZARD_TEXT.failed.title, description: (error instanceof Error && error.message) || WIZARD_TEXT.failed.fallback, variant: 'destructive' });
      setPending(false);
    }
  }

  function copy(action: CopyAction) {
    if (!previousSessionId || !currentSessionId) return;
    const from = entries[previousSessionId] ?? emptyEntry();
    setEntries((current) => ({ ...current, [currentSessionId]: copyFromPrevious(current[currentSessionId] ?? emptyEntry(), from, action) }));
    setCopied(action);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(null), WIZARD_TEXT.copiedMs);
  }

  const stepLabels = ['Select Sessions', ...orderedSelection.map((_, index) => `Session ${index + 1}`)];
  const field = (name: keyof LeagueEntryValues) => ({
    id: `league-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setField(name, event.currentTarget.value),
  });

  return (
    <div>
      <nav aria-label="Registration progress">
        <ol className="flex flex-wrap gap-2" data-testid="wizard-progress">
          {stepLabels.map((label, index) => {
            const done = index < step;
            const current = index === step;
            return (
              <li
                key={label}
                aria-current={current ? 'step' : undefined}
                data-completed={done ? 'true' : undefined}
                className={`flex items-center gap-2 rounded-button border px-4 py-2 text-small font-bold ${
                  current ? 'border-accent bg-accent text-accent-on' : done ? 'border-accent/60 text-accent-strong' : 'border-line text-muted'
                }`}
              >
                {done ? (
                  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14"><path d="M2 7.5l3 3 7-7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" /></svg>
                ) : null}
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </li>
            );
          })}
        </ol>
      </nav>

      {step === 0 ? (
        <section className="card mt-8" aria-labelledby="league-step-title">
          <h2 id="league-step-title" ref={headingRef} tabIndex={-1} className="text-h3 outline-none">
            Select Sessions
          </h2>
          <p className="mt-2 text-muted">Choose one or more sessions. Each session is {usd(league.pricePerTeamPerSession)} per team.</p>
          <fieldset className="mt-6 space-y-3">
            <legend className="sr-only">League sessions</legend>
            {league.sessions.map((session) => {
              const open = isSelectable(session.id);
              const checked = selected.includes(session.id);
              return (
                <label
                  key={session.id}
                  className={`flex items-start gap-4 rounded-card border p-4 ${open ? 'cursor-pointer hover:border-accent' : 'cursor-not-allowed opacity-70'} ${checked ? 'border-accent bg-raised' : 'border-line'}`}
                >
                  <input
                    type="checkbox"
                    name="sessions"
                    value={session.id}
                    checked={checked}
                    disabled={!open}
                    onChange={() => toggleSession(session.id)}
                    className="mt-1 h-5 w-5 accent-[#3ccf7a]"
                  />
                  <span className="flex-1">
                    <span className="block font-bold text-text">{session.name}</span>
                    <span className="block text-small text-muted">{session.dates}</span>
                    <span className="block text-small text-muted">Practice: {session.practiceDates}</span>
                    {!open ? <span className="mt-1 block text-small font-bold text-gold">{isFull(session.id) ? 'Session full' : 'Registration closed'}</span> : null}
                  </span>
                  <span className="font-bold text-gold">{usd(league.pricePerTeamPerSession)}</span>
                </label>
              );
            })}
          </fieldset>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
            <p className="text-body" aria-live="polite">
              {orderedSelection.length} session{orderedSelection.length === 1 ? '' : 's'} selected · Total <strong className="text-gold">{usd(total)}</strong>
            </p>
            <button type="button" className="btn-primary" onClick={continueFromSessions}>
              Continue
            </button>
          </div>
        </section>
      ) : (
        <form noValidate onSubmit={next} className="card mt-8" aria-labelledby="league-step-title">
          <h2 id="league-step-title" ref={headingRef} tabIndex={-1} className="text-h3 outline-none">
            Session {step}: {currentSession?.name}
          </h2>
          <p className="mt-1 text-small text-muted">{currentSession?.dates}</p>

          {previousSessionId ? (
            <div className="mt-6 rounded-card border border-line bg-raised p-4">
              <p className="text-small font-bold text-text">Same team as the previous session?</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {(Object.keys(COPY_LABELS) as CopyAction[]).map((action) => (
                  <button key={action} type="button" className="btn-secondary px-4 py-2 text-small" onClick={() => copy(action)}>
                    {copied === action ? 'Copied!' : COPY_LABELS[action]}
                  </button>
                ))}
              </div>
            </div>
          ) : null}

          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <InputField label="Team Name" optional className="sm:col-span-2" autoComplete="off" {...field('teamName')} />
            <SelectField label="Tee Time Day" placeholder="Select a day" options={league.teeTimes.days.map((day) => ({ value: day.id, label: day.label }))} {...field('teeTimeDay')} />
            <SelectField label="Tee Time" placeholder="Select a time" options={league.teeTimes.slots.map((slot) => ({ value: slot.id, label: slot.label }))} {...field('teeTimeSlot')} />
          </div>

          {([1, 2] as const).map((player) => (
            <fieldset key={player} className="mt-8">
              <legend className="text-body font-bold text-accent-strong">Player {player}</legend>
              <div className="mt-4 grid gap-5 sm:grid-cols-2">
                <InputField label="First Name" autoComplete={player === 1 ? 'given-name' : 'off'} {...field(`player${player}FirstName`)} />
                <InputField label="Last Name" autoComplete={player === 1 ? 'family-name' : 'off'} {...field(`player${player}LastName`)} />
                <InputField label="Email" type="email" autoComplete={player === 1 ? 'email' : 'off'} {...field(`player${player}Email`)} />
                <InputField label="Phone" type="tel" autoComplete={player === 1 ? 'tel' : 'off'} {...field(`player${player}Phone`)} />
              </div>
            </fieldset>
          ))}

          <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
            <button type="button" className="btn-secondary" onClick={previous} disabled={pending}>
              Previous
            </button>
            {isLast ? (
              <div className="flex flex-col items-stretch gap-2 sm:items-end">
                <p className="text-small text-muted">
                  Total for {orderedSelection.length} session{orderedSelection.length === 1 ? '' : 's'}: <strong className="text-gold">{usd(total)}</strong>
                </p>
                <button type="submit" className="btn-primary disabled:cursor-wait disabled:opacity-70" disabled={pending}>
                  {pending ? 'Processing...' : `Complete Registration & Pay ${usd(total)}`}
                </button>
              </div>
            ) : (
              <button type="submit" className="btn-primary">
                Next Session
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
