import { JOB_TYPES, type JobType } from '../../shared/constants';
import { jaMentors } from '../../shared/messages/ja/mentors';
import { enMentors } from '../../shared/messages/en/mentors';

/**
 * The 職種 a student's 志望職種 names. She writes it in her own words (「営業」「エンジニア」「人事」),
 * the alumnae choose from JOB_TYPES: a word of hers matches a job type when it is one of the
 * label's parts (「エンジニア・技術職」: エンジニア, 技術職) in either language, or the label holds
 * it whole. 「その他」 matches nothing: it says nothing about her.
 */
export function jobTypesNamedBy(desired: string | null): JobType[] {
  const words = (desired ?? '')
    .toLowerCase()
    .split(/[、,，/／・\s]+/u)
    .map((word) => word.trim())
    .filter((word) => word.length >= 2);
  if (words.length === 0) return [];
  return JOB_TYPES.filter((jobType) => {
    if (jobType === 'other') return false;
    const labels = [
      jaMentors.profileFields.jobTypes[jobType],
      enMentors.profileFields.jobTypes[jobType],
    ].map((label) => label.toLowerCase());
    const parts = labels.flatMap((label) =>
      label.split(/[・（）()、,\s]+|など|and|similar/u).filter((part) => part.length >= 2),
    );
    return words.some(
      (word) =>
        word === jobType ||
        parts.includes(word) ||
        labels.some((label) => label === word || (word.length >= 3 && label.includes(word))),
    );
  });
}
