import type { ReactNode } from 'react';

/** A labelled field with its error slot, in Ant Design's look, for the light sign-in form. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <div className="auth-field-error" role={error ? 'alert' : undefined} id={`${id}-error`}>
        {error}
      </div>
    </div>
  );
}
