import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether other students read the author's name on her 訪問記録, or only her 学年 (issue 56). Her
 * alumna and the admins read it either way; a change of this alone does not ask her alumna again.
 */
export function AuthorNameField({
  named,
  onChange,
}: {
  named: boolean;
  onChange: (named: boolean) => void;
}) {
  const { t } = useTranslation();
  const group = useId();
  const hint = useId();
  return (
    <fieldset className="field radio-group vnote-author-name" aria-describedby={hint}>
      <legend>{t('visitNotes.authorName.legend')}</legend>
      <label className="radio-option">
        <input type="radio" name={group} checked={named} onChange={() => onChange(true)} />
        <span>{t('visitNotes.authorName.named')}</span>
      </label>
      <label className="radio-option">
        <input type="radio" name={group} checked={!named} onChange={() => onChange(false)} />
        <span>{t('visitNotes.authorName.unnamed')}</span>
      </label>
      <p className="field-hint" id={hint}>
        {t('visitNotes.authorName.hint')}
      </p>
    </fieldset>
  );
}
