import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { applyServerFieldErrors } from './server-field-errors';

interface Form {
  name: string;
  choice: string;
}

describe('applyServerFieldErrors', () => {
  it('puts each field error on its field, mapped and focused as asked', () => {
    const setError = vi.fn();
    const unmapped = vi.fn();
    const error = new ApiError(400, 'invalid-argument', {
      name: 'validation.nameRequired',
      slotIndex: 'validation.slotRequired',
      image: 'upload/not-an-image',
    });
    const placed = applyServerFieldErrors<Form>(error, setError, {
      fieldOf: (field) =>
        field === 'slotIndex' ? 'choice' : field === 'name' ? 'name' : undefined,
      onUnmapped: unmapped,
      shouldFocus: true,
    });
    expect(placed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['name', { message: 'validation.nameRequired' }, { shouldFocus: true }],
      ['choice', { message: 'validation.slotRequired' }, { shouldFocus: true }],
    ]);
    expect(unmapped).toHaveBeenCalledWith('image', 'upload/not-an-image');
  });

  it('does nothing for an error that is not the API\u2019s, or carries no field errors', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors<Form>(new Error('offline'), setError)).toBe(false);
    expect(applyServerFieldErrors<Form>(new ApiError(409, 'already-exists'), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
