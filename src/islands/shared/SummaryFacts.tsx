/** The row of labelled facts a confirmation page shows (sessions, tee time, plan, status…). */
export function SummaryFacts({ facts, className = '' }: { facts: ReadonlyArray<{ label: string; value: string; tone?: 'success' }>; className?: string }) {
  return (
    <dl className={`grid gap-4 sm:grid-cols-3 ${className}`}>
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-card border border-line bg-raised p-4">
          <dt className="text-small text-muted">{fact.label}</dt>
          <dd className={`mt-1 font-bold ${fact.tone === 'success' ? 'text-success' : ''}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
