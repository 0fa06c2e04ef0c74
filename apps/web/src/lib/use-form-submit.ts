import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { formErrorMessage, showServerFieldError } from './form-errors';

/** What the helper needs of a @mantine/form form. */
interface SubmittableForm<Values> {
  onSubmit(handler: (values: Values) => void): (event?: FormEvent<HTMLFormElement>) => void;
  getValues(): object;
  setFieldError(path: string, error: string): void;
}

interface Options<Values, Variables, Result> {
  /** The mutation's variables from the form's values (the values themselves when left out). */
  variables?: (values: Values) => Variables;
  /** A request field's name on the form where they differ (see showServerFieldError). */
  fields?: Record<string, string>;
  /** After the mutation succeeded (a navigation, a saved note). */
  onSuccess?: (result: Result, values: Values) => void;
  /** After a server error landed on its field. */
  onFieldError?: () => void;
  /** A failure that is no field's: answer true when it is handled, else `error` says it in words. */
  onError?: (error: unknown) => boolean | undefined;
  /** Those words, when the form's own differ from the server's message (formErrorMessage). */
  errorMessage?: (error: unknown) => string;
}

export interface FormSubmit<Values> {
  /** For the <form>'s onSubmit: the form's own checks, then the mutation with its values. */
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Runs the mutation with these values (a second button, a resend); answers whether it succeeded. */
  run: (values: Values) => Promise<boolean>;
  /** The mutation's pending state: a submit while pending is ignored. */
  pending: boolean;
  /** What went wrong that is no field's, for an alert of the whole form; cleared by the next submit. */
  error: string | null;
}

/**
 * What sends the form: a mutation, or an action of the form's owner (a tree editor's create, which updates its
 * list before it asks the server).
 */
export type FormSend<Variables, Result> =
  | Pick<UseMutationResult<Result, unknown, Variables>, 'mutateAsync' | 'isPending'>
  | ((variables: Variables) => Promise<Result> | Result);

/**
 * A form that sends its values through a mutation (DESIGN.md §4): runs it with the form's values, is pending
 * while it is, and puts a server 400 that names a field under that field, anything else in `error`.
 */
export function useFormSubmit<Values, Variables = Values, Result = unknown>(
  form: SubmittableForm<Values>,
  send: FormSend<Variables, Result>,
  options: Options<Values, Variables, Result> = {},
): FormSubmit<Values> {
  const [error, setError] = useState<string | null>(null);
  // An action has no pending state of its own: the helper keeps it.
  const [acting, setActing] = useState(false);
  // A second submit before the first one's render (a double click) is ignored too.
  const inFlight = useRef(false);
  const pending = typeof send === 'function' ? acting : send.isPending;

  const run = async (values: Values) => {
    if (pending || inFlight.current) return false;
    inFlight.current = true;
    setError(null);
    const variables = options.variables ? options.variables(values) : (values as unknown as Variables);
    let result: Result;
    try {
      if (typeof send === 'function') {
        setActing(true);
        result = await send(variables);
      } else result = await send.mutateAsync(variables);
    } catch (e) {
      if (showServerFieldError(form, e, options.fields)) options.onFieldError?.();
      else if (!options.onError?.(e)) setError((options.errorMessage ?? formErrorMessage)(e));
      return false;
    } finally {
      inFlight.current = false;
      setActing(false);
    }
    options.onSuccess?.(result, values);
    return true;
  };

  return { submit: form.onSubmit((values) => void run(values)), run, pending, error };
}
