import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message';
import { useToast } from '../../components/toast';
import { introductionSettingsQuery, useSaveIntroductionSettings } from './api';

/** Her setting on /mentor-profile: whether she may be introduced to students (decision 0044). */
export function IntroductionSettingsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = useQuery(introductionSettingsQuery);
  const save = useSaveIntroductionSettings();
  if (!settings.data) return null;
  return (
    <section className="introduction-settings" aria-labelledby="introduction-settings-title">
      <h2 id="introduction-settings-title">{t('introductions.settingsTitle')}</h2>
      <label className="checkbox-option">
        <input
          type="checkbox"
          checked={settings.data.takesIntroductions}
          disabled={save.isPending}
          aria-describedby="introduction-settings-hint"
          onChange={(event) =>
            save.mutate(
              { takesIntroductions: event.target.checked },
              {
                onSuccess: () => toast.success(t('introductions.settingsSaved')),
                onError: (error) =>
                  toast.error(
                    t('introductions.settingsFailed', { message: errorMessage(t, error) }),
                  ),
              },
            )
          }
        />{' '}
        {t('introductions.settingsLabel')}
      </label>
      <p id="introduction-settings-hint" className="field-hint">
        {t('introductions.settingsHint')}
      </p>
    </section>
  );
}
