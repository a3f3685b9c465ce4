import type { TFunction } from 'i18next';
import { isValidationKey } from '../../shared/messages/validation-keys';

/**
 * The words under a field for the message key its check gave (zod's or the server's). A key
 * the catalogue lacks (an older server, a schema mistake) still says something useful: 「入力内容
 * を確認してください」 rather than the raw key.
 */
export function fieldErrorText(t: TFunction, key: string | undefined): string {
  if (!key) return '';
  return t(isValidationKey(key) ? key : 'validation.invalid');
}
