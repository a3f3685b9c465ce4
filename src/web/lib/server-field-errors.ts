import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

export interface ServerFieldErrorOptions<Values extends FieldValues> {
  /** The form's field for a field the server named; undefined: not one of this form's. */
  fieldOf?: (field: string) => Path<Values> | undefined;
  /** What to do with an error for a field the form does not have (e.g. an upload). */
  onUnmapped?: (field: string, messageKey: string) => void;
  shouldFocus?: boolean;
}

/**
 * Puts the server's field errors (`ApiError.fieldErrors`: field → message key) onto a form,
 * where the fields show them in the reader's language. Every form that submits uses this one
 * loop. Returns whether any error was placed on a field.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  options: ServerFieldErrorOptions<Values> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [field, messageKey] of Object.entries(error.fieldErrors)) {
    const name = options.fieldOf ? options.fieldOf(field) : (field as Path<Values>);
    if (name === undefined) {
      options.onUnmapped?.(field, messageKey);
      continue;
    }
    setError(name, { message: messageKey }, { shouldFocus: options.shouldFocus ?? false });
    placed = true;
  }
  return placed;
}
