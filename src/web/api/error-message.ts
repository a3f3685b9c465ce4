import type { TFunction } from 'i18next';
import { ApiError } from './client';

/** The one place a failure becomes the sentence a person reads. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return t('network.offline');
    return t(`errors.${error.code}`);
  }
  return t('login.unexpected', { code: 'unknown' });
}
