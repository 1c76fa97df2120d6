import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** Shared look of every form control in the islands. */
export const controlClass =
  'mt-2 block w-full rounded-field border border-line bg-ink px-4 py-3 text-body text-text placeholder:text-muted/70 ' +
  'focus:border-accent focus:outline-none focus-visible:shadow-focus aria-[invalid=true]:border-danger';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

/** A label, the control, an optional hint and the field's error message, wired with ids for screen readers. */
export function FieldShell({ id, label, error, hint, optional, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-small font-bold text-text">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-small text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-small font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying a control to its error and hint. */
export function describedBy(id: string, error: string | undefined, hint?: string): { 'aria-invalid': boolean; 'aria-describedby'?: string } {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(error), ...(ids ? { 'aria-describedby': ids } : {}) };
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { id: string; label: string; error?: string | undefined; hint?: string; optional?: boolean };

export function InputField({ id, label, error, hint, optional, className, ...input }: InputFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} {...(hint ? { hint } : {})} {...(optional ? { optional } : {})} {...(className ? { className } : {})}>
      <input id={id} name={id} className={controlClass} {...describedBy(id, error, hint)} {...input} />
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first choice of a required field ("Select a day"); a filter without one shows its first option. */
  placeholder?: string;
};

export function SelectField({ id, label, error, options, placeholder, className, ...select }: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} {...(className ? { className } : {})}>
      <select id={id} name={id} className={controlClass} {...describedBy(id, error)} {...select}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { id: string; label: string; error?: string | undefined; optional?: boolean };

export function TextareaField({ id, label, error, optional, className, ...textarea }: TextareaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} {...(optional ? { optional } : {})} {...(className ? { className } : {})}>
      <textarea id={id} name={id} className={`${controlClass} min-h-[6rem]`} {...describedBy(id, error)} {...textarea} />
    </FieldShell>
  );
}
