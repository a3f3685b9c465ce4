import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  followableMeetingUrl,
  meetingDetailsSchema,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { isStaleAnswer } from './stale-answer';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSetMeetingDetails } from './api';
import { PlaceWordWarning } from './place-kind-field';

type DetailsForm = z.input<typeof meetingDetailsSchema>;
type DetailsValues = z.output<typeof meetingDetailsSchema>;

/**
 * Where to meet (docs/PRODUCT.md §7): the place of an in-person visit or the online meeting's
 * URL, which the alumnus sets once the visit is agreed and both sides see. The alumnus edits
 * it here while the meeting is ahead. The link is named by the host it opens (「meet.google.com
 * を開きます」), so nobody follows it on the word of the URL's text.
 */
export function MeetingDetails({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const online = r.meetingFormat === 'online';
  // A place she described as 'other' is a place she wrote: said, never 「まだ設定されていません」.
  const value = online
    ? r.meetingUrl
    : (r.meetingPlace ?? (r.placeKind === 'other' ? r.placeOther : null));
  const url = online && value ? followableMeetingUrl(value) : null;
  const canEdit = r.side === 'mentor' && r.open;
  const [editing, setEditing] = useState(false);
  return (
    <div className="visit-meeting">
      <h3>{online ? t('visits.meeting.urlTitle') : t('visits.meeting.placeTitle')}</h3>
      {value ? (
        url ? (
          <>
            <p className="visit-meeting-value">
              <a href={url.href} target="_blank" rel="noopener noreferrer">
                {t('visits.meeting.opens', { host: url.host })}
              </a>
            </p>
            <p className="visit-meeting-url muted">{url.href}</p>
          </>
        ) : (
          <p className="visit-meeting-value">{value}</p>
        )
      ) : (
        <p className="muted">
          {r.side === 'mentor'
            ? t('visits.meeting.notSetMentor')
            : t('visits.meeting.notSetStudent')}
        </p>
      )}
      {canEdit &&
        (value && !editing ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setEditing(true)}
          >
            {t('visits.meeting.edit')}
          </button>
        ) : (
          <MeetingDetailsForm request={r} onDone={() => setEditing(false)} />
        ))}
    </div>
  );
}

function MeetingDetailsForm({ request: r, onDone }: { request: VisitRequest; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetMeetingDetails(r.id);
  const online = r.meetingFormat === 'online';
  const field = online ? 'meetingUrl' : 'meetingPlace';
  const form = useForm<DetailsForm, unknown, DetailsValues>({
    resolver: zodResolver(meetingDetailsSchema),
    defaultValues: { [field]: (online ? r.meetingUrl : r.meetingPlace) ?? '' },
  });
  const place = useWatch({ control: form.control, name: 'meetingPlace' }) ?? '';
  const fieldError = form.formState.errors[field]?.message;

  const submit = form.handleSubmit(async (values) => {
    // Saved as it is, nothing changes and no one is mailed (the server agrees): say so.
    if ((values[field] ?? '') === ((online ? r.meetingUrl : r.meetingPlace) ?? '')) {
      toast.success(t('visits.meeting.unchanged'));
      onDone();
      return;
    }
    try {
      await save.mutateAsync({ [field]: values[field] ?? '' });
      toast.success(t('visits.meeting.saved'));
      onDone();
    } catch (error) {
      // The page shows the request as it is now, with its notice at the top.
      if (isStaleAnswer(error)) {
        onDone();
        return;
      }
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(t('visits.meeting.failed', { message: errorMessage(t, error) }));
      }
    }
  });

  return (
    <form className="visit-meeting-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={online ? t('visits.meeting.url') : t('visits.meeting.place')}
        hint={online ? t('visits.meeting.urlRule') : t('visits.meeting.placeRule')}
        type={online ? 'url' : 'text'}
        inputMode={online ? 'url' : undefined}
        autoComplete="off"
        errorKey={fieldError}
        {...form.register(field)}
      />
      {!online && !fieldError && <PlaceWordWarning text={place} />}
      <SubmitButton
        pending={save.isPending}
        label={t('visits.meeting.save')}
        pendingLabel={t('visits.meeting.saving')}
      />
    </form>
  );
}
