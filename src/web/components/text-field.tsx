import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A catalogue key (what the shared zod schemas and the API return). */
  errorKey?: string | undefined;
  hint?: string;
}

/** A labelled input whose error is tied to it and announced when it appears. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, errorKey, hint, id, ...inputProps },
  ref,
) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, errorKey ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        id={inputId}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      <p id={errorId} className="field-error" role="alert" hidden={!errorKey}>
        {errorKey ? t(errorKey as 'validation.emailInvalid') : ''}
      </p>
    </div>
  );
});

/** Bots fill every field; people never see or reach this one. */
export const HoneypotField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function HoneypotField(props, ref) {
    const { t } = useTranslation();
    return (
      <div className="honeypot" aria-hidden="true">
        <label>
          {t('login.honeypotLabel')}
          <input ref={ref} type="text" tabIndex={-1} autoComplete="off" {...props} />
        </label>
      </div>
    );
  },
);

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode'>;

/** The address field of every sign-in form: type=email as the contract asks. */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(
  function EmailField(props, ref) {
    return (
      <TextField
        ref={ref}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...props}
      />
    );
  },
);
