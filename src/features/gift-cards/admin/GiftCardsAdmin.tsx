import { useCallback, useState, type FormEvent } from 'react';
import { callApi } from '../../../lib/api-client';
import { formatDate } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { InputField } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import { downloadFile } from '../../staff/islands/download';
import { errorMessage, LoadError, Loading, useAdminRead } from '../../staff/islands/ui';
import { giftCardByCode, giftCardById, listGiftCards, searchGiftCards, type StaffGiftCardDetail } from '../contract/admin-gift-cards';
import CardPanel from './CardPanel';
import { csvFileName, giftCardsCsv } from './gift-cards';

/** /admin/gift-cards: look a card up by its code, search and list every card (CSV), and change one. */
export default function GiftCardsAdmin() {
  return (
    <AdminShell current="/admin/gift-cards" title="Gift Cards" intro="Look up a card by its code to take a purchase at the venue, or search by e-mail or name.">
      <GiftCards />
    </AdminShell>
  );
}

function GiftCards() {
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<StaffGiftCardDetail | null>(null);
  const [lookupError, setLookupError] = useState('');
  const read = useCallback(() => (search.trim() ? callApi(searchGiftCards, { params: { text: search.trim() } }) : callApi(listGiftCards)), [search]);
  const [loaded, reload] = useAdminRead(read);

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    setLookupError('');
    try {
      setOpen(await callApi(giftCardByCode, { body: { code } }));
    } catch (error) {
      setLookupError(errorMessage(error));
    }
  }

  async function openCard(id: string) {
    try {
      setOpen(await callApi(giftCardById, { params: { id } }));
    } catch (error) {
      setLookupError(errorMessage(error));
    }
  }

  const changed = (card: StaffGiftCardDetail) => {
    setOpen(card);
    void reload();
  };

  return (
    <div>
      <form onSubmit={lookUp} className="card flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Look up a card by code">
        <InputField id="lookup-code" label="Card code" placeholder="ABCD-EFGH-JKLM-NPQR" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} error={lookupError || undefined} className="flex-1" />
        <button type="submit" className="btn-primary">Look up</button>
      </form>

      {open ? <CardPanel card={open} onChanged={changed} /> : null}

      <section className="mt-10" aria-labelledby="all-cards">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="all-cards" className="text-h3">All cards</h2>
          <div className="flex flex-wrap items-end gap-3">
            <InputField id="card-search" label="Search e-mail, name or last 4" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
            <button type="button" className="btn-secondary" disabled={loaded.status !== 'ready'} onClick={() => loaded.status === 'ready' && downloadFile(csvFileName(new Date()), giftCardsCsv(loaded.data))}>
              Export CSV
            </button>
          </div>
        </div>
        {loaded.status === 'loading' ? <Loading label="Loading gift cards..." /> : null}
        {loaded.status === 'error' ? <LoadError message={loaded.message} onRetry={() => void reload()} /> : null}
        {loaded.status === 'ready' ? (
          loaded.data.length === 0 ? (
            <p className="mt-4 text-muted">No gift cards{search.trim() ? ' match the search' : ' yet'}.</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full table-fixed text-left text-small">
                <thead><tr><th scope="col">Card</th><th scope="col">Purchaser</th><th scope="col">Balance</th><th scope="col" className="hidden md:table-cell">Recipient</th><th scope="col" className="hidden md:table-cell">Issued</th></tr></thead>
                <tbody>
                  {loaded.data.map((card) => (
                    <tr key={card.id} className="border-t border-line align-top">
                      <td className="py-2 pr-3">
                        <button type="button" className="font-bold text-accent-strong underline" onClick={() => void openCard(card.id)}>
                          <span className="sr-only">Open card ending </span>…{card.codeHint}
                        </button>
                        {card.status === 'void' ? ' (void)' : ''}
                      </td>
                      <td className="break-all py-2 pr-3">{card.purchaser.email}</td>
                      <td className="py-2 pr-3">{formatCents(card.balanceCents)} of {formatCents(card.amountCents)}</td>
                      <td className="hidden break-all py-2 pr-3 md:table-cell">{card.toSelf ? 'to print' : card.recipient.email}</td>
                      <td className="hidden py-2 md:table-cell">{formatDate(card.issuedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : null}
      </section>
    </div>
  );
}
