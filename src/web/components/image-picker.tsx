import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ICON_MAX_BYTES } from '../../shared/constants';
import { ImageFileError, resizeImageFile } from '../lib/resize-image';
import type { ValidationKey } from '../../shared/messages/validation-keys';
import { fieldErrorText } from '../lib/field-error-text';

export interface ImagePickerProps {
  label: string;
  /** The longer side of the uploaded JPEG, in pixels (ICON_MAX_SIDE_*). */
  maxSide: number;
  required?: boolean;
  /** A catalogue key from the parent (form validation or the API); the picker's own error wins. */
  errorKey?: string | undefined;
  /** The resized JPEG, or null when nothing usable is picked. */
  onChange: (blob: Blob | null) => void;
  /** The image shown while nothing has been picked (the current profile image when editing). */
  initialUrl?: string | undefined;
}

/**
 * A file field for a profile image: the picked file is resized in the browser and previewed,
 * and the parent receives the JPEG through `onChange`. Same layout as FieldShell.
 */
export function ImagePicker({
  label,
  maxSide,
  required,
  errorKey,
  onChange,
  initialUrl,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const controlId = useId();
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  /** The picker's own finding: a validation key, or that the image could not be processed. */
  const [ownErrorKey, setOwnErrorKey] = useState<
    ValidationKey | 'imagePicker.processFailed' | null
  >(null);
  const [processing, setProcessing] = useState(false);
  /** Only the latest pick may update the field; older results are dropped. */
  const latestPick = useRef(0);

  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  useEffect(
    () => () => {
      latestPick.current += 1;
    },
    [],
  );

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    const pick = ++latestPick.current;
    setOwnErrorKey(null);
    if (!file) {
      setProcessing(false);
      setPreviewUrl(null);
      onChange(null);
      return;
    }
    setProcessing(true);
    try {
      const blob = await resizeImageFile(file, maxSide);
      if (pick !== latestPick.current) return;
      setPreviewUrl(URL.createObjectURL(blob));
      onChange(blob);
    } catch (error) {
      if (pick !== latestPick.current) return;
      setOwnErrorKey(
        error instanceof ImageFileError ? error.messageKey : 'imagePicker.processFailed',
      );
      setPreviewUrl(null);
      input.value = '';
      onChange(null);
    } finally {
      if (pick === latestPick.current) setProcessing(false);
    }
  }

  const shownErrorKey = ownErrorKey ?? errorKey;
  const shownUrl = previewUrl ?? initialUrl;
  return (
    <div className="field image-picker">
      <label htmlFor={controlId}>{label}</label>
      <p id={hintId} className="field-hint">
        {t('imagePicker.hint', { maxMegabytes: ICON_MAX_BYTES / (1024 * 1024) })}
      </p>
      {shownUrl ? (
        <img
          className="image-picker-preview"
          src={shownUrl}
          alt={previewUrl ? t('imagePicker.previewAlt') : t('imagePicker.currentAlt')}
        />
      ) : null}
      <input
        id={controlId}
        type="file"
        accept="image/*"
        required={required}
        aria-invalid={shownErrorKey ? true : undefined}
        aria-describedby={shownErrorKey ? `${hintId} ${errorId}` : hintId}
        aria-busy={processing || undefined}
        onChange={(event) => void handleChange(event)}
      />
      <p className="image-picker-status" aria-live="polite">
        {processing ? t('imagePicker.processing') : ''}
      </p>
      <p id={errorId} className="field-error" role="alert" hidden={!shownErrorKey}>
        {shownErrorKey === 'imagePicker.processFailed'
          ? t('imagePicker.processFailed')
          : fieldErrorText(t, shownErrorKey)}
      </p>
    </div>
  );
}
