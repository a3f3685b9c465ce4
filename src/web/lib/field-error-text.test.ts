import { describe, expect, it } from 'vitest';
import { ja } from '../../shared/messages/ja';
import { i18n } from '../i18n';
import { fieldErrorText } from './field-error-text';

describe('fieldErrorText', () => {
  const t = i18n.t.bind(i18n);

  it('says the catalogue’s words for a known key', () => {
    expect(fieldErrorText(t, 'validation.emailRequired')).toBe(ja.validation.emailRequired);
  });

  it('says nothing when the field has no error', () => {
    expect(fieldErrorText(t, undefined)).toBe('');
    expect(fieldErrorText(t, '')).toBe('');
  });

  it('says the general words, not the raw key, for a key the catalogue lacks', () => {
    expect(fieldErrorText(t, 'validation.fromANewerServer')).toBe(ja.validation.invalid);
  });
});
