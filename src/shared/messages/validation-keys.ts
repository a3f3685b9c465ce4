import { jaValidation } from './ja/validation';

type ValidationName = keyof typeof jaValidation.validation;

/** A key of the catalogue's `validation` texts: what a form shows under a field. */
export type ValidationKey = `validation.${ValidationName}`;

/**
 * Every validation message key by name. Schemas and services name a field's message as
 * `VALIDATION.emailRequired`, so a key the catalogue lacks fails the type check (a plain string
 * would fail only on screen, as the raw key).
 */
export const VALIDATION = Object.fromEntries(
  Object.keys(jaValidation.validation).map((name) => [name, `validation.${name}`]),
) as { readonly [Name in ValidationName]: `validation.${Name}` };

/** Whether a message from outside the type system (zod, the server's JSON) names a known key. */
export function isValidationKey(value: unknown): value is ValidationKey {
  return (
    typeof value === 'string' &&
    value.startsWith('validation.') &&
    Object.hasOwn(jaValidation.validation, value.slice('validation.'.length))
  );
}

/** The key a failed check names, or the general 「入力内容を確認してください」 for any other text. */
export function validationKeyOf(message: unknown): ValidationKey {
  return isValidationKey(message) ? message : VALIDATION.invalid;
}

/** A field's message key by the field's path (`_` for the whole form), as the API answers them. */
export type FieldErrors = Record<string, ValidationKey>;
