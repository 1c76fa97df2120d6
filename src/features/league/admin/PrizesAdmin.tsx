import { useState } from 'react';
import { givePrize, type EntryAnswer } from '../contract/admin-league-play';
import { callApi, ApiError } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { InputField } from '../../../islands/shared/Field';
import { centsToDollars, formatMoney } from '../../../domain/money';
import { errorMessage } from '../../staff/islands/ui';

const prizeKey = (week: number, awardId: string) => `${week}:${awardId}`;

/**
 * The saved week's award winners, each with its prize: an amount and "Give prize" (a gift card issued
 * without payment and e-mailed to both players), or "Prize sent: $25" once given. Only a saved winner
 * can be given a prize; the server gives one per session, week and award whatever is clicked.
 */
export default function PrizesAdmin({ answer, week }: { answer: EntryAnswer; week: number }) {
  const [given, setGiven] = useState<Record<string, number>>(() => Object.fromEntries(answer.prizes.map((prize) => [prizeKey(prize.week, prize.awardId), prize.amountCents])));
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const saved = answer.weeks.find((each) => each.week === week);
  if (!saved || saved.awards.length === 0) return null;
  const teamName = (id: string) => answer.teams.find((team) => team.id === id)?.name ?? 'A team no longer registered';
  const awardName = (id: string) => answer.rules.awards.find((award) => award.id === id)?.name ?? id;
  const { min, max, suggested } = answer.rules.prize;

  async function give(awardId: string) {
    const key = prizeKey(week, awardId);
    setBusy(key);
    try {
      const result = await callApi(givePrize, { body: { sessionId: answer.session.id, week, awardId, amount: Number(amounts[key] ?? suggested) } });
      setGiven((current) => ({ ...current, [key]: result.amountCents }));
      setErrors((current) => ({ ...current, [key]: '' }));
      showToast({ title: result.issued ? `Prize sent: ${formatMoney(centsToDollars(result.amountCents))}` : 'This prize was given already', description: result.issued ? 'The gift card is e-mailed to both players.' : 'No second card was issued.' });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.json()?.fields ?? {}) : {};
      setErrors((current) => ({ ...current, [key]: fields['amount'] ?? errorMessage(error) }));
      showToast({ title: 'No prize given', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="mt-6" aria-labelledby="prizes-title" data-testid="prizes">
      <h3 id="prizes-title" className="font-bold">Prizes of week {week}</h3>
      <p className="text-small text-muted">A prize is a gift card e-mailed to both players of the winning team, from {formatMoney(min)} to {formatMoney(max)}, once per award.</p>
      <ul className="mt-2 grid gap-3">
        {saved.awards.map((award) => {
          const key = prizeKey(week, award.awardId);
          const sent = given[key];
          const label = `${awardName(award.awardId)}: ${teamName(award.teamId)}, ${award.value}`;
          return (
            <li key={key} className="flex flex-wrap items-end gap-3 rounded-field border border-line p-3" data-testid="prize-row">
              <span className="min-w-48 flex-1 font-semibold">{label}</span>
              {sent !== undefined ? (
                <span className="font-semibold" role="status">Prize sent: {formatMoney(centsToDollars(sent))}</span>
              ) : (
                <>
                  <InputField id={`prize-${award.awardId}`} label="Prize, in dollars" className="w-36" inputMode="numeric" value={amounts[key] ?? String(suggested)} error={errors[key] || undefined} onChange={(event) => setAmounts({ ...amounts, [key]: event.currentTarget.value })} />
                  <button type="button" className="btn-secondary" disabled={busy !== null} aria-label={`Give prize to ${teamName(award.teamId)} for ${awardName(award.awardId)}`} onClick={() => void give(award.awardId)}>
                    {busy === key ? 'Giving...' : 'Give prize'}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
