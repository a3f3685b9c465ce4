import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import {
  mentorProfileFormData,
  showServerFieldErrors,
  type MentorProfileFormApi,
  type MentorProfileValues,
} from './mentor-profile-fields';

/**
 * The icon beside the alumni profile's fields: the image picked, and what is said under the
 * picker (a new image clears it; the server's answer may set it).
 */
export function useProfileIcon() {
  const [image, setImage] = useState<Blob | null>(null);
  const [error, setError] = useState<string | undefined>();
  return {
    image,
    setError,
    /** What the ImagePicker takes from it. */
    picker: {
      errorKey: error,
      onChange: (blob: Blob | null) => {
        setImage(blob);
        if (blob) setError(undefined);
      },
    },
  };
}

export type ProfileIcon = ReturnType<typeof useProfileIcon>;

/**
 * The submit of a form that makes an alumni profile (registering, applying on graduating), where
 * the icon is required: a missing one is said under the picker whether or not the fields pass.
 * `send` gets the profile and the icon as multipart; a refusal's field errors go under their
 * fields, the icon's under the picker.
 */
export function submitWithIcon<Form extends FieldValues, Values extends MentorProfileValues>(
  form: UseFormReturn<Form, unknown, Values>,
  icon: ProfileIcon,
  send: (body: FormData, values: Values) => Promise<void>,
) {
  return form.handleSubmit(
    async (values) => {
      if (!icon.image) {
        icon.setError(VALIDATION.imageRequired);
        return;
      }
      const body = mentorProfileFormData(values, icon.image);
      try {
        await send(body, values);
      } catch (error) {
        // The profile's fields are this form's too (it may add an address): they take it as theirs.
        showServerFieldErrors(error, form as unknown as MentorProfileFormApi, icon.setError);
      }
    },
    () => {
      if (!icon.image) icon.setError(VALIDATION.imageRequired);
    },
  );
}
