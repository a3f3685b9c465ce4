import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { INDUSTRY_SEPARATOR } from '../../../shared/taxonomy';
import { industryPartName } from '../../../shared/taxonomy-en';
import type { RecommendationReason } from '../../../shared/schemas/recommendations';

/** One reason in plain words: 「志望業界（総合商社）が同じ」「入社3年目」「同じ大学の先輩」. */
export function reasonText(t: TFunction, language: string, reason: RecommendationReason): string {
  switch (reason.kind) {
    case 'same-industry':
    case 'same-category': {
      // The narrowest name that matched: the subcategory she shares, or the category.
      const stored = reason.kind === 'same-industry' ? reason.industry : reason.category;
      const industry = industryPartName(stored.split(INDUSTRY_SEPARATOR).at(-1)!.trim(), language);
      return t('recommendations.reasons.sameIndustry', { industry });
    }
    case 'same-job-type':
      return t('recommendations.reasons.sameJobType', {
        jobType: t(`profileFields.jobTypes.${reason.jobType}`),
      });
    case 'years-in':
      return t('recommendations.reasons.yearsIn', { years: reason.years });
    case 'topic':
      return t('recommendations.reasons.topic', {
        topic: t(`profileFields.topicLabels.${reason.topic}`),
      });
    case 'saved':
      return t('recommendations.reasons.saved');
    case 'read-note':
      return t('recommendations.reasons.readNote');
    case 'same-university':
      return t('recommendations.reasons.sameUniversity');
    case 'same-faculty':
      return t('recommendations.reasons.sameFaculty');
  }
}

/**
 * The card's one reason line: the strongest reason only (a card is scanned, not read). With none
 * (an empty profile's list), that she takes requests now, which is why she is there at all.
 */
export function ReasonLine({ reasons }: { reasons: readonly RecommendationReason[] }) {
  const { t, i18n } = useTranslation();
  const first = reasons[0];
  return (
    <p className="recommendation-reason">
      <span className="visually-hidden">{t('recommendations.reasonLabel')}: </span>
      {first ? reasonText(t, i18n.language, first) : t('recommendations.reasons.accepting')}
    </p>
  );
}
