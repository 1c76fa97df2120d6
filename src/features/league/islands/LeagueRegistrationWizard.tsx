import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { formatMoney as usd } from '../../../domain/money';
import { showToast } from '../../../islands/toast';
import { InputField, SelectField } from '../../../islands/shared/Field';
import { clearDraftIfPaid } from './paid';
import { loadDraft, saveDraft, type CopyAction, type LeagueEntryValues } from './draft';
import { draftOf, initialWizard, isFull, isSelectable, orderedSelection, reduceWizard, stepOf, WIZARD_TEXT, type WizardLeague } from './wizard-state';
import { loadAvailability } from './wizard-calls';

const COPY_LABELS: Record<CopyAction, string> = {
  teamName: 'Copy Team Name',
  player1: 'Copy Player 1',
  player2: 'Copy Player 2',
  all: 'Copy Both Players + Team Name',
};

/**
 * The league registration wizard: choose sessions, then one form step per session; Next validates
 * and saves, Previous saves without validating; finalize pays through the hosted checkout. What was
 * typed survives a reload until payment. The workflow lives in wizard-state.ts; this island renders
 * it and dispatches.
 */
export default function LeagueRegistrationWizard({ league }: { league: WizardLeague }) {
  const [state, dispatch] = useReducer(reduceWizard, league, (summary) => initialWizard(summary, new Date()));
  const { step, selected, errors, copied, pending } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const firstRender = useRef(true);

  useEffect(() => {
    void loadAvailability().then((event) => event && dispatch(event));
    // Restore the draft after hydration (the server-rendered markup is the empty wizard).
    clearDraftIfPaid();
    dispatch({ type: 'restore', draft: loadDraft(league.sessions.map((session) => session.id)) });
  }, []);

  useEffect(() => {
    if (state.restored) saveDraft(draftOf(state));
  }, [state.restored, step, selected, state.entries]);

  // Move focus to the new step's heading so keyboard and screen-reader users follow the wizard.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const { sessionId: currentSessionId, session: currentSession, previousSessionId, values, isLast, sessionCount, total } = stepOf(state);

  function continueFromSessions() {
    if (orderedSelection(state).length === 0) showToast({ ...WIZARD_TEXT.sessionsRequired, variant: 'destructive' });
    else dispatch({ type: 'continue' });
  }

  async function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!currentSessionId || pending) return;
    const submit = await import('./wizard-submit');
    const found = submit.validateEntry(state, currentSessionId, values);
    dispatch({ type: 'checked', errors: found });
    const first = submit.firstErrorField(found);
    if (first) document.getElementById(`league-${first}`)?.focus();
    if (Object.keys(found).length > 0 || !isLast) return;
    const outcome = await submit.register(state);
    if (outcome.type === 'checkout') {
      window.location.assign(outcome.url);
      return;
    }
    if (outcome.type === 'failed') showToast({ title: WIZARD_TEXT.failed.title, description: outcome.message, variant: 'destructive' });
    dispatch(outcome);
  }

  function copy(action: CopyAction) {
    dispatch({ type: 'copy', action });
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => dispatch({ type: 'copyFaded' }), WIZARD_TEXT.copiedMs);
  }

  const stepLabels = ['Select Sessions', ...orderedSelection(state).map((_, index) => `Session ${index + 1}`)];
  const field = (name: keyof LeagueEntryValues) => ({
    id: `league-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => dispatch({ type: 'field', name, value: event.currentTarget.value }),
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
              const open = isSelectable(state, session.id);
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
                    onChange={() => dispatch({ type: 'toggle', sessionId: session.id })}
                    className="mt-1 h-5 w-5 accent-[#3ccf7a]"
                  />
                  <span className="flex-1">
                    <span className="block font-bold text-text">{session.name}</span>
                    <span className="block text-small text-muted">{session.dates}</span>
                    <span className="block text-small text-muted">Practice: {session.practiceDates}</span>
                    {!open ? <span className="mt-1 block text-small font-bold text-gold">{isFull(state, session.id) ? 'Session full' : 'Registration closed'}</span> : null}
                  </span>
                  <span className="font-bold text-gold">{usd(league.pricePerTeamPerSession)}</span>
                </label>
              );
            })}
          </fieldset>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
            <p className="text-body" aria-live="polite">
              {sessionCount} session{sessionCount === 1 ? '' : 's'} selected · Total <strong className="text-gold">{usd(total)}</strong>
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
            <button type="button" className="btn-secondary" onClick={() => dispatch({ type: 'previous' })} disabled={pending}>
              Previous
            </button>
            {isLast ? (
              <div className="flex flex-col items-stretch gap-2 sm:items-end">
                <p className="text-small text-muted">
                  Total for {sessionCount} session{sessionCount === 1 ? '' : 's'}: <strong className="text-gold">{usd(total)}</strong>
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
