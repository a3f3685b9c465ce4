import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PLACE_KINDS, PLACE_OTHER_MAX_LENGTH } from '../../../shared/constants';
import { refusedPlaceWord } from '../../../shared/place-words';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { TextField } from '../../components/form-fields';
import { fieldErrorText } from '../../lib/field-error-text';
import { EmployerRuleNote } from '../employer-rules';
import { placeKindBreach } from './employer-rule-checks';

/** A form with the kind of place (every form where the alumna commits to a visit). */
type WithPlace = { placeKind?: string | null | undefined; placeOther?: string | null | undefined };

/**
 * The kind of place the alumna chooses where she commits to a visit (docs/PRODUCT.md §7):
 * online, her office, a café or other public place, the university, or 'other' with a short
 * description, which is checked for refused words while she types. A kind her employer's rules
 * forbid (`rules`: online only, in person on the premises only) cannot be chosen, and the note
 * under the choices says why.
 */
export function PlaceKindField<Form extends WithPlace, Values>({
  form,
  rules,
}: {
  form: UseFormReturn<Form, unknown, Values>;
  rules?: EmployerRules | null | undefined;
}) {
  // Every such form has the place under these two names; the generic paths cannot see them.
  const placeForm = form as unknown as UseFormReturn<WithPlace>;
  const kind = useWatch({ control: placeForm.control, name: 'placeKind' });
  const other = useWatch({ control: placeForm.control, name: 'placeOther' }) ?? '';
  const kindError = placeForm.formState.errors.placeKind?.message;
  const otherError = placeForm.formState.errors.placeOther?.message;
  const kindField = placeForm.register('placeKind');
  const otherField = placeForm.register('placeOther');
  const { t } = useTranslation();
  const breaches = PLACE_KINDS.map((value) => placeKindBreach(rules, value));
  return (
    <>
      <fieldset
        className="field radio-group"
        aria-invalid={kindError ? true : undefined}
        aria-describedby={kindError ? 'place-kind-error' : 'place-kind-hint'}
      >
        <legend>{t('visits.place.legend')}</legend>
        <p id="place-kind-hint" className="field-hint">
          {t('visits.place.hint')}
        </p>
        {PLACE_KINDS.map((value, i) => (
          <label key={value} className="radio-option">
            <input type="radio" value={value} disabled={breaches[i] !== null} {...kindField} />
            {t(`visits.place.kinds.${value}`)}
          </label>
        ))}
        <EmployerRuleNote rules={rules} breach={breaches.find((breach) => breach) ?? null} />
        <p id="place-kind-error" className="field-error" role="alert" hidden={!kindError}>
          {fieldErrorText(t, kindError)}
        </p>
      </fieldset>
      {kind === 'other' && (
        <>
          <TextField
            label={t('visits.place.other')}
            placeholder={t('visits.place.otherPlaceholder')}
            maxLength={PLACE_OTHER_MAX_LENGTH * 2}
            autoComplete="off"
            errorKey={otherError}
            {...otherField}
          />
          {!otherError && <PlaceWordWarning text={other} />}
        </>
      )}
    </>
  );
}

/** The refused word a place text names, said while typing, as the server would refuse it. */
export function PlaceWordWarning({ text }: { text: string }) {
  const { t } = useTranslation();
  const refused = refusedPlaceWord(text);
  if (!refused) return null;
  return (
    <p className="notice notice-error" role="alert">
      {t(refused.message)}
    </p>
  );
}
