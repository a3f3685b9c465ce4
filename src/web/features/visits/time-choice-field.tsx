import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../components/form-fields';
import { formatMeetingTime } from '../../lib/meeting-time';

/**
 * One of the other side's meeting times, chosen as a radio: a request's preferred slots (the
 * alumnus's first answer) or a proposal's times. A time already past is shown but cannot be
 * chosen.
 */
export function TimeChoiceField({
  legend,
  times,
  now,
  valueFor = (time) => time,
  more = [],
  field,
  errorKey,
  tooLate,
}: {
  legend: string;
  times: readonly string[];
  /** When the form opened: a time at or before it has passed. */
  now: number;
  /** What the form keeps for the time at `index` (the time itself unless said otherwise). */
  valueFor?: (time: string, index: number) => string;
  /** Choices after the times (proposing another one). */
  more?: readonly { value: string; label: string }[];
  field: UseFormRegisterReturn;
  errorKey: string | undefined;
  /** A time that would end after her employer's end time: shown, not to be chosen. */
  tooLate?: ((time: string, index: number) => boolean) | undefined;
}) {
  const { t } = useTranslation();
  const options = times.map((time, i) => {
    const past = new Date(time).getTime() <= now;
    const late = !past && tooLate?.(time, i) === true;
    const label = formatMeetingTime(time);
    return {
      value: valueFor(time, i),
      label: past
        ? `${label} ${t('visits.accept.past')}`
        : late
          ? `${label} ${t('employerRules.tooLate')}`
          : label,
      disabled: past || late,
    };
  });
  return (
    <RadioGroupField
      legend={legend}
      errorKey={errorKey}
      options={[...options, ...more]}
      inputProps={field}
    />
  );
}
