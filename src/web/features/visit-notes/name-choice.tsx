import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ANONYMITY_MIN } from '../../../shared/constants';
import type { VisitNote } from '../../../shared/schemas/visit-notes';

/**
 * Whether the alumna's name appears on a shared note, each choice with what students will read:
 * her name, or, unnamed, only what at least ANONYMITY_MIN alumnae of the OG list share (issue
 * 54, point 1). Not a label: which facts that leaves is decided each time a student reads the
 * note, from the list as it is then (server/visit-notes/anonymity.ts), so no preview could hold.
 */
export function NameChoice({
  note,
  showName,
  onChange,
}: {
  note: VisitNote;
  showName: boolean;
  onChange: (showName: boolean) => void;
}) {
  const { t } = useTranslation();
  const group = useId();
  return (
    <fieldset className="field radio-group mnotes-name">
      <legend>{t('noteConsent.nameLegend')}</legend>
      <label className="radio-option">
        <input type="radio" name={group} checked={showName} onChange={() => onChange(true)} />
        <span>
          {t('noteConsent.showName')}
          <span className="mnotes-shown-as">
            {t('noteConsent.shownAs')}
            {note.mentor.name}
          </span>
        </span>
      </label>
      <label className="radio-option">
        <input type="radio" name={group} checked={!showName} onChange={() => onChange(false)} />
        <span>
          {t('noteConsent.hideName')}
          <span className="mnotes-shown-as">
            {t('noteConsent.unnamedShownAs', { min: ANONYMITY_MIN })}
          </span>
        </span>
      </label>
    </fieldset>
  );
}
