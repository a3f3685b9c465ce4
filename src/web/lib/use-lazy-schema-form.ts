import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';

type Fields = Record<string, string>;

type FieldErrors<Values extends Fields> = Partial<Record<keyof Values, string>>;

type Validation<Output, Values extends Fields> =
  | { valid: true; data: Output; errors: FieldErrors<Values> }
  | { valid: false; errors: FieldErrors<Values> };

export interface LazySchemaFormOptions<Values extends Fields, Output> {
  /** The shared zod schema, imported on first use: zod stays out of the first download. */
  loadSchema: () => Promise<ZodType<Output>>;
  defaultValues: Values;
}

/**
 * A form of text fields checked by a shared zod schema that is downloaded only once the
 * visitor starts using the form (on focus or on submit). For the pages that must load fast
 * (/login), where zod and react-hook-form would add a quarter to the download; it behaves like
 * the react-hook-form forms elsewhere: checked on submit, then again on every change, focus on
 * the first invalid field, errors as catalogue keys, the schema's output passed to `onValid`.
 */
export function useLazySchemaForm<Values extends Fields, Output>({
  loadSchema,
  defaultValues,
}: LazySchemaFormOptions<Values, Output>) {
  const inputs = useRef(new Map<keyof Values, HTMLInputElement>());
  const schema = useRef<Promise<ZodType<Output>> | null>(null);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [unavailable, setUnavailable] = useState(false);

  function loadOnce(): Promise<ZodType<Output>> {
    schema.current ??= loadSchema().catch((error: unknown) => {
      // Offline: try again on the next submit.
      schema.current = null;
      throw error;
    });
    return schema.current;
  }

  function currentValues(): Values {
    const values: Fields = { ...defaultValues };
    for (const [name, input] of inputs.current) values[name as string] = input.value;
    return values as Values;
  }

  async function validate(): Promise<Validation<Output, Values>> {
    const result = (await loadOnce()).safeParse(currentValues());
    if (result.success) return { valid: true, data: result.data, errors: {} };
    const found: FieldErrors<Values> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof Values | undefined;
      if (name !== undefined && found[name] === undefined) found[name] = issue.message;
    }
    return { valid: false, errors: found };
  }

  function register<Name extends keyof Values & string>(name: Name) {
    return {
      name,
      defaultValue: defaultValues[name],
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
      onChange: () => {
        if (!submitted.current) return;
        void validate().then(
          (result) => setErrors((previous) => ({ ...previous, [name]: result.errors[name] })),
          () => setUnavailable(true),
        );
      },
    };
  }

  function handleSubmit(onValid: (values: Output) => Promise<void>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      let result: Validation<Output, Values>;
      try {
        result = await validate();
      } catch {
        setUnavailable(true);
        return;
      }
      setUnavailable(false);
      setErrors(result.errors);
      if (result.valid) {
        await onValid(result.data);
        return;
      }
      const firstInvalid = [...inputs.current].find(([name]) => result.errors[name]);
      firstInvalid?.[1].focus();
    };
  }

  return {
    register,
    handleSubmit,
    errors,
    /** True when the checks could not be downloaded (offline): the page says so. */
    unavailable,
    /** Starts the download ahead of the first submit. */
    prepare: () => void loadOnce().catch(() => {}),
  };
}
