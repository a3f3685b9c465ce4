import { forwardRef, type FocusEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { toKatakana } from '../../shared/search';
import { TextField } from './form-fields';

type ReadingFieldProps = {
  errorKey?: string | undefined;
  /** The label; a person's フリガナ when absent. */
  label?: string;
  /** The company's reading: optional, and its own hint. */
  of?: 'person' | 'company';
} & InputHTMLAttributes<HTMLInputElement>;

/**
 * A フリガナ field (docs/PRODUCT.md §4). What is typed in hiragana (or half-width ｶﾅ) shows as
 * katakana once the field is left, as the schema stores it, so nobody is surprised after saving.
 */
export const ReadingField = forwardRef<HTMLInputElement, ReadingFieldProps>(function ReadingField(
  { errorKey, label, of = 'person', onBlur, onChange, ...inputProps },
  ref,
) {
  const { t } = useTranslation();
  function toKatakanaOnLeave(event: FocusEvent<HTMLInputElement>) {
    const typed = event.target.value;
    const converted = toKatakana(typed.normalize('NFKC'));
    if (converted !== typed) {
      event.target.value = converted;
      onChange?.(event);
    }
    onBlur?.(event);
  }
  return (
    <TextField
      ref={ref}
      label={label ?? t('nameReading.label')}
      hint={t(of === 'person' ? 'nameReading.hint' : 'nameReading.companyHint')}
      placeholder={t(
        of === 'person' ? 'nameReading.placeholder' : 'nameReading.companyPlaceholder',
      )}
      required={of === 'person'}
      autoComplete="off"
      lang="ja"
      errorKey={errorKey}
      {...inputProps}
      onChange={onChange}
      onBlur={toKatakanaOnLeave}
    />
  );
});
