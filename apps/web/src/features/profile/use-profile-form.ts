import { useState } from 'react';
import type { z } from 'zod';
import type { TOtpPurpose } from '@sanad/contracts/otp';
import { ApiError } from '../../lib/api-client';
import { toastError } from '../../lib/toast';
import { useOtpFlow, type OtpProof } from '../../components/use-otp-flow';
import { firstOfEach, validateWith, type FieldErrors } from '../../lib/form-errors';

/**
 * A profile form that is sent with a one-time code: the first validation error shows
 * as the message and on its field; if valid, the code flow starts; a refusal shows the server's
 * first error, else its message, else 'There is something wrong' (AD-13), also as a toast.
 */
export function useProfileForm<V extends Record<string, string>>(options: {
  initial: V;
  schema: z.ZodType<V>;
  purpose: TOtpPurpose;
  send: (values: V, proof: OtpProof) => Promise<void>;
  errorToastMs?: number;
  /** Once done the form no longer submits. */
  isDone?: boolean;
}) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const flow = useOtpFlow({
    purpose: options.purpose,
    async submit(proof) {
      await options.send(options.schema.parse(values), proof);
      setMessage(null);
    },
    onError(text, error) {
      setMessage(text);
      if (error instanceof ApiError && error.errors) setErrors(firstOfEach(error.errors));
      toastError(text, options.errorToastMs);
    },
  });

  const change = (field: keyof V) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const isDone = options.isDone ?? false;

  function onSubmit(): void {
    if (isDone) return;
    const result = validateWith(options.schema, values);
    setErrors(result.isValid ? {} : result.errors);
    setMessage(result.isValid ? null : result.first);
    if (result.isValid) void flow.start();
  }

  return {
    values,
    change,
    errorOf: (field: keyof V & string) => errors[field],
    message,
    onSubmit,
    isDone,
    isRequesting: flow.isRequesting,
    isStepOpen: flow.isStepOpen,
    dialogs: flow.dialogs,
  };
}

export type ProfileFormState = Pick<
  ReturnType<typeof useProfileForm>,
  'message' | 'onSubmit' | 'isDone' | 'isRequesting' | 'isStepOpen' | 'dialogs'
>;
