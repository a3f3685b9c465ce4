import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { MentorLabel } from './note-view';

/**
 * Whether the alumna's name appears on a shared note, each choice with what students will read:
 * her name, or the label MentorLabel gives an unnamed alumna (「{業界}・{入社年}年入社のOG」).
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
  // The same note as a reader sees it when she is not named: the label comes from one place.
  const unnamed: VisitNote = { ...note, mentor: { ...note.mentor, name: null, urlParam: null } };
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
            {t('noteConsent.shownAs')}
            <MentorLabel note={unnamed} />
          </span>
        </span>
      </label>
    </fieldset>
  );
}
