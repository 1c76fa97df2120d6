import { useEffect, useState } from 'react';
import { health } from '../../../shared/contract/health';
import type { FailedMessage } from '../contract/admin-mail';
import { attentionItems, type AttentionFacts } from '../rules/attention';
import { configurationChecks } from '../rules/system';
import type { Loaded } from './ui';
import { useAdminData } from './ui';

/**
 * The dashboard's "Needs Attention": each item says what is wrong and links to the editor form, the
 * mail list or the checks that fix it. The content facts come with the page; the clock is the
 * browser's, read after hydration (the built page shows nothing until then); undelivered mail and the
 * configuration checks join as they load. Nothing is shown when all is well.
 */
export default function Attention({ facts, failed }: { facts: AttentionFacts; failed: Loaded<FailedMessage[]> }) {
  const [now, setNow] = useState<Date | null>(null);
  const [report] = useAdminData(health);
  useEffect(() => setNow(new Date()), []);
  if (now === null) return null;
  const items = attentionItems(facts, now, {
    failedMail: failed.status === 'ready' ? failed.data.length : null,
    checks: report.status === 'ready' && report.data.staff ? configurationChecks(report.data.staff) : null,
  });
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="needs-attention" className="wrap-anywhere mb-12 rounded-card border border-gold/60 bg-gold/5 p-6" data-testid="needs-attention">
      <h2 id="needs-attention" className="text-h3">
        Needs Attention
      </h2>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <li key={item.id} data-attention={item.id} className="flex flex-col gap-2 border-t border-line pt-3 first:border-t-0 first:pt-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
            <span className="text-body">{item.text}</span>
            <a href={item.href} className="shrink-0 font-bold">
              {item.action}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
