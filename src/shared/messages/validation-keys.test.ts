import { describe, expect, it } from 'vitest';
import { isValidationKey, VALIDATION, validationKeyOf } from './validation-keys';
import { ja } from './ja';

describe('validation message keys', () => {
  it('name every text of the catalogue’s validation section, and nothing else', () => {
    const names = Object.keys(ja.validation);
    expect(Object.keys(VALIDATION).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(VALIDATION[name as keyof typeof VALIDATION]).toBe(`validation.${name}`);
    }
  });

  it('recognise a known key and refuse anything else', () => {
    expect(isValidationKey('validation.emailRequired')).toBe(true);
    expect(isValidationKey('validation.noSuchKey')).toBe(false);
    expect(isValidationKey('validation.')).toBe(false);
    expect(isValidationKey('errors.not-found')).toBe(false);
    expect(isValidationKey('validation.toString')).toBe(false);
    expect(isValidationKey(42)).toBe(false);
  });

  it('turn any other message (zod’s own, a typo) into the general one', () => {
    expect(validationKeyOf('validation.emailInvalid')).toBe('validation.emailInvalid');
    expect(validationKeyOf('Expected string, received number')).toBe('validation.invalid');
    expect(validationKeyOf(undefined)).toBe('validation.invalid');
  });
});
