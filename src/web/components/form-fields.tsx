import {
  forwardRef,
  useId,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { gradeName, GRADES } from '../../shared/constants';
import { toHalfWidth } from '../../shared/half-width';
import { fieldErrorText } from '../lib/field-error-text';

interface FieldShellProps {
  label: string;
  /** A catalogue key (what the shared zod schemas and the API return). */
  errorKey?: string | undefined;
  hint?: string | undefined;
  /** Said after the control and announced politely, e.g. what leaving the field changed. */
  status?: ReactNode;
  id?: string | undefined;
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** Label, hint and error around one control, tied to it and announced when the error appears. */
function FieldShell({ label, errorKey, hint, status, id, children }: FieldShellProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, errorKey ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': errorKey ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {status !== undefined ? (
        <p className="field-hint field-status" aria-live="polite">
          {status}
        </p>
      ) : null}
      <p id={errorId} className="field-error" role="alert" hidden={!errorKey}>
        {fieldErrorText(t, errorKey)}
      </p>
    </div>
  );
}

type ShellProps = Pick<FieldShellProps, 'label' | 'errorKey' | 'hint'>;

export const TextField = forwardRef<
  HTMLInputElement,
  ShellProps & Pick<FieldShellProps, 'status'> & InputHTMLAttributes<HTMLInputElement>
>(function TextField({ label, errorKey, hint, status, id, ...inputProps }, ref) {
  return (
    <FieldShell label={label} errorKey={errorKey} hint={hint} status={status} id={id}>
      {(control) => <input ref={ref} {...control} {...inputProps} />}
    </FieldShell>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  ShellProps & SelectHTMLAttributes<HTMLSelectElement> & { placeholder?: string }
>(function SelectField({ label, errorKey, hint, id, placeholder, children, ...selectProps }, ref) {
  return (
    <FieldShell label={label} errorKey={errorKey} hint={hint} id={id}>
      {(control) => (
        <select ref={ref} {...control} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {children}
        </select>
      )}
    </FieldShell>
  );
});

/** A multi-line text with an optional live counter (announced politely as it changes). */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  ShellProps &
    TextareaHTMLAttributes<HTMLTextAreaElement> & { counter?: string; counterOver?: boolean }
>(function TextAreaField({ label, errorKey, hint, id, counter, counterOver, ...props }, ref) {
  return (
    <FieldShell label={label} errorKey={errorKey} hint={hint} id={id}>
      {(control) => (
        <>
          <textarea ref={ref} {...control} {...props} />
          {counter ? (
            <p
              className={counterOver ? 'field-counter field-counter-over' : 'field-counter'}
              aria-live="polite"
            >
              {counter}
            </p>
          ) : null}
        </>
      )}
    </FieldShell>
  );
});

/**
 * A field for what is ASCII by nature (an address, a code, a 学籍番号, a phone number): what was
 * typed in 全角 shows half-width once the field is left, as the schema reads it, and a line under
 * the field says so, so nobody wonders why it changed. `fold` is the conversion (toHalfWidth
 * unless given, e.g. foldPhone for the dashes too).
 *
 * The line appears while 全角 is typed (「…半角に直します。」) and only its words change when the
 * field is left, both kept in one box as high as the longer (issue 56): a line appearing on leaving
 * moved the button under it between a tap's press, which leaves the field, and its release, so
 * the first tap on 送信 sent nothing.
 */
export const HalfWidthField = forwardRef<
  HTMLInputElement,
  ShellProps & InputHTMLAttributes<HTMLInputElement> & { fold?: (typed: string) => string }
>(function HalfWidthField({ fold = toHalfWidth, onBlur, onChange, ...props }, ref) {
  const { t } = useTranslation();
  const [note, setNote] = useState<'none' | 'willConvert' | 'converted'>('none');
  // Trimmed spaces alone are no news; a changed character is.
  const changes = (typed: string) => fold(typed).trim() !== typed.trim();
  function noteWhileTyping(event: ChangeEvent<HTMLInputElement>) {
    if (changes(event.target.value)) setNote('willConvert');
    onChange?.(event);
  }
  function toHalfWidthOnLeave(event: FocusEvent<HTMLInputElement>) {
    const typed = event.target.value;
    const folded = fold(typed);
    if (folded !== typed) {
      event.target.value = folded;
      onChange?.(event);
    }
    setNote(changes(typed) ? 'converted' : 'none');
    onBlur?.(event);
  }
  return (
    <TextField
      ref={ref}
      status={
        note === 'none' ? (
          ''
        ) : (
          <span className="field-status-words">
            <span className={note === 'willConvert' ? undefined : 'field-status-off'}>
              {t('halfWidth.willConvert')}
            </span>
            <span className={note === 'converted' ? undefined : 'field-status-off'}>
              {t('halfWidth.converted')}
            </span>
          </span>
        )
      }
      {...props}
      onChange={noteWhileTyping}
      onBlur={toHalfWidthOnLeave}
    />
  );
});

/** The address field of every sign-in form: type=email as the contract asks, read half-width. */
export const EmailField = forwardRef<
  HTMLInputElement,
  ShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'>
>(function EmailField(props, ref) {
  return (
    <HalfWidthField
      ref={ref}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
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

/**
 * Grades as the forms show them (1年 … 大学院2年, and 卒業予定 where a profile may hold it): one
 * list for every form.
 */
export const GradeSelectField = forwardRef<
  HTMLSelectElement,
  ShellProps &
    SelectHTMLAttributes<HTMLSelectElement> & {
      placeholder: string;
      grades?: readonly string[];
    }
>(function GradeSelectField({ grades = GRADES, ...props }, ref) {
  const { i18n } = useTranslation();
  return (
    <SelectField ref={ref} required {...props}>
      {grades.map((grade) => (
        <option key={grade} value={grade}>
          {gradeName(grade, i18n.language)}
        </option>
      ))}
    </SelectField>
  );
});

/** A checkbox with its label beside it (and its error under it), e.g. "I have read the rules". */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  Pick<FieldShellProps, 'label' | 'errorKey'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function CheckboxField({ label, errorKey, id, ...inputProps }, ref) {
  const { t } = useTranslation();
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  return (
    <div className="field field-checkbox">
      <input
        ref={ref}
        type="checkbox"
        id={controlId}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={errorKey ? errorId : undefined}
        {...inputProps}
      />
      <label htmlFor={controlId}>{label}</label>
      <p id={errorId} className="field-error" role="alert" hidden={!errorKey}>
        {fieldErrorText(t, errorKey)}
      </p>
    </div>
  );
});

/** A set of radio buttons under one legend: a choice among a few visible options. */
export function RadioGroupField({
  legend,
  errorKey,
  options,
  inputProps,
}: {
  legend: string;
  errorKey?: string | undefined;
  /** A disabled option is shown but cannot be chosen (a meeting time already past). */
  options: readonly { value: string; label: string; disabled?: boolean }[];
  /** What react-hook-form's register() returns, spread on every radio of the group. */
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <fieldset
      className="field radio-group"
      aria-invalid={errorKey ? true : undefined}
      aria-describedby={errorKey ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-option">
          <input type="radio" value={option.value} disabled={option.disabled} {...inputProps} />
          {option.label}
        </label>
      ))}
      <p id={errorId} className="field-error" role="alert" hidden={!errorKey}>
        {fieldErrorText(t, errorKey)}
      </p>
    </fieldset>
  );
}

/**
 * The foot of a list of rows she adds to (questions, question-and-answer pairs): the add button
 * while the list has room, then the list's own error (too many, none at all).
 */
export function RowListFoot({
  canAdd,
  addLabel,
  onAdd,
  errorKey,
}: {
  canAdd: boolean;
  addLabel: string;
  onAdd: () => void;
  errorKey: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {canAdd ? (
        <button type="button" className="button button-secondary" onClick={onAdd}>
          {addLabel}
        </button>
      ) : null}
      <p className="field-error" role="alert" hidden={!errorKey}>
        {fieldErrorText(t, errorKey)}
      </p>
    </>
  );
}
