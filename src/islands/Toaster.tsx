import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from './toast';

/**
 * The toast viewport shared by the islands of a page: one toast at a time, announced to screen
 * readers (status for information, alert for errors), at most 420 px wide from md up.
 */
export default function Toaster() {
  const toast = useStore($toast);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[90] flex flex-col p-4 md:bottom-4 md:left-auto md:right-4 md:max-w-[420px]">
      <div role="status" aria-live="polite" aria-atomic="true" className="contents">
        {toast && toast.variant === 'default' ? <ToastCard key={toast.id} {...toast} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="contents">
        {toast && toast.variant === 'destructive' ? <ToastCard key={toast.id} {...toast} /> : null}
      </div>
    </div>
  );
}

function ToastCard({ id, title, description, variant }: { id: number; title: string; description?: string | undefined; variant: 'default' | 'destructive' }) {
  const tone = variant === 'destructive' ? 'border-danger/60 bg-raised' : 'border-accent/50 bg-raised';
  return (
    <div data-testid="toast" data-variant={variant} className={`pointer-events-auto flex w-full items-start gap-3 rounded-card border p-4 shadow-card ${tone}`}>
      <div className="min-w-0 flex-1">
        <p className={`font-bold ${variant === 'destructive' ? 'text-danger' : 'text-text'}`}>{title}</p>
        {description ? <p className="mt-1 text-small text-muted">{description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(id)}
        className="-m-1 rounded-full p-2 text-muted hover:text-text"
        aria-label="Dismiss notification"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
    </div>
  );
}
