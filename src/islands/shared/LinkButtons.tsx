import type { ReactNode } from 'react';

export interface LinkButton {
  href: string;
  label: string;
  /** The page's main way on (one at most); the others are secondary. */
  primary?: boolean;
}

/** Where a confirmation or error page sends the visitor next: a row of links styled as buttons, after any `children`. */
export function LinkButtons({ links, className, children }: { links: readonly LinkButton[]; className: string; children?: ReactNode }) {
  return (
    <div className={className}>
      {children}
      {links.map((link) => (
        <a key={link.href} href={link.href} className={link.primary ? 'btn-primary' : 'btn-secondary'}>
          {link.label}
        </a>
      ))}
    </div>
  );
}
