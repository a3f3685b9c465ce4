import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../lib/field-error-text';

/**
 * Several choices of one list (topics, years), with the list's error under them: the form that
 * opens a 座談会 and the one that edits it.
 */
export function CheckboxesField({
  legend,
  hint,
  errorKey,
  options,
  inputProps,
}: {
  legend: string;
  hint?: string;
  errorKey: string | undefined;
  options: readonly { value: string; label: string }[];
  inputProps: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="field checkbox-group" aria-invalid={errorKey ? true : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <div className="group-session-checkboxes">
        {options.map((option) => (
          <label key={option.value} className="checkbox-option">
            <input type="checkbox" value={option.value} {...inputProps} />
            {option.label}
          </label>
        ))}
      </div>
      <p className="field-error" role="alert" hidden={!errorKey}>
        {fieldErrorText(t, errorKey)}
      </p>
    </fieldset>
  );
}
