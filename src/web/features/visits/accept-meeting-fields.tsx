import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { meetingDetailsSchema } from '../../../shared/schemas/visit-requests';
import { TextField } from '../../components/form-fields';
import { PlaceWordWarning } from './place-kind-field';

/**
 * Where to meet, asked where the alumna accepts (docs/PRODUCT.md §7, the place is said once):
 * 待ち合わせ場所 for an in-person visit, filled with the words her window named for a booked slot,
 * or the online meeting's URL in its own field. Only the field shown is checked and sent.
 */

/** A form with the kind of place and the two meeting fields. */
type WithMeeting = {
  placeKind?: string | null | undefined;
  meetingPlace?: string | undefined;
  meetingUrl?: string | undefined;
};

/** Which meeting field the form shows for the kind chosen: none before a kind is chosen. */
export function shownMeetingField(placeKind: string | null | undefined) {
  if (!placeKind) return null;
  return placeKind === 'online' ? ('meetingUrl' as const) : ('meetingPlace' as const);
}

/** The shown field checked as the server checks it, its problems under its own name. */
export function checkShownMeetingField(value: WithMeeting, context: z.RefinementCtx): void {
  const field = shownMeetingField(value.placeKind);
  if (!field) return;
  const checked = meetingDetailsSchema.shape[field].safeParse(value[field] ?? '');
  for (const issue of checked.error?.issues ?? []) {
    context.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
}

/** What the API takes: the shown field alone, as typed (the server trims it); empty sends none. */
export function shownMeetingDetails(value: WithMeeting): {
  meetingPlace?: string;
  meetingUrl?: string;
} {
  const field = shownMeetingField(value.placeKind);
  const text = field ? (value[field] ?? '').trim() : '';
  return field && text ? { [field]: text } : {};
}

export function AcceptMeetingFields<Form extends WithMeeting, Values>({
  form,
}: {
  form: UseFormReturn<Form, unknown, Values>;
}) {
  const { t } = useTranslation();
  // Every accepting form has these under the same names; the generic paths cannot see them.
  const meetingForm = form as unknown as UseFormReturn<WithMeeting>;
  const kind = useWatch({ control: meetingForm.control, name: 'placeKind' });
  const place = useWatch({ control: meetingForm.control, name: 'meetingPlace' }) ?? '';
  const errors = meetingForm.formState.errors;
  const field = shownMeetingField(kind);
  if (field === 'meetingUrl') {
    return (
      <TextField
        label={t('visits.placeOnce.meetingUrl')}
        hint={t('visits.meeting.urlRule')}
        type="url"
        inputMode="url"
        autoComplete="off"
        errorKey={errors.meetingUrl?.message}
        {...meetingForm.register('meetingUrl')}
      />
    );
  }
  if (field === 'meetingPlace') {
    const error = errors.meetingPlace?.message;
    return (
      <>
        <TextField
          label={t('visits.placeOnce.meetingPlace')}
          hint={t('visits.meeting.placeRule')}
          autoComplete="off"
          errorKey={error}
          {...meetingForm.register('meetingPlace')}
        />
        {!error && <PlaceWordWarning text={place} />}
      </>
    );
  }
  return null;
}
