import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { isValidPassword, Limits, registrationForm, registrationFormWithPassword } from '@qbank/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { reservedErrorLine } from '../../../components/form-field';
import { PasswordField } from '../../../components/password-field';

export type RegistrationMode = 'initiate' | 'streamlined' | 'complete';

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  consent: boolean;
}

interface Props {
  mode: RegistrationMode;
  /** The form's state (`useRegistrationForm`), which the page sends with `useFormSubmit`. */
  form: RegistrationFormApi;
  submitting: boolean;
  /** The form's values once its own checks pass, names and e-mail trimmed. */
  onSubmit(values: RegistrationValues): void;
}

/** `a, b and c`; with `serial`, `a, b, and c` (for items that hold an "and" themselves). */
const listed = (items: string[], serial = false) =>
  items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')}${serial ? ',' : ''} and ${items.at(-1)}`;

/** The form's view of the contract's wording: the e-mail field is called Email, and a malformed one says how to fix it. */
const errorText = (message: string) =>
  message === 'Email must be a valid e-mail address' ? 'Enter a valid e-mail address' : message;

/** The contract's registration rules in the form's words; at module level, so the form's setters stay the same. */
const checkWith =
  (check: (values: unknown) => Record<string, unknown>) =>
  (values: RegistrationValues): Record<string, string> =>
    Object.fromEntries(Object.entries(check(values)).map(([k, m]) => [k, errorText(String(m))]));
const validateWithoutPassword = checkWith(schemaResolver(registrationForm, { sync: true }));
const validateWithPassword = checkWith(schemaResolver(registrationFormWithPassword, { sync: true }));

export type RegistrationFormApi = UseFormReturnType<RegistrationValues>;

/**
 * The state of the registration form in `mode`: the contract's registration rules check it; a field shows its
 * error once it has been left (or on a submit), not while it is first typed in. The page holds it, so it can
 * send it (`useFormSubmit`) and a server's field error lands on its field.
 */
export function useRegistrationForm(
  mode: RegistrationMode,
  initial?: Partial<RegistrationValues>,
): RegistrationFormApi {
  const needsPassword = mode !== 'initiate';
  return useForm<RegistrationValues>({
    initialValues: {
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      email: initial?.email ?? '',
      password: initial?.password ?? '',
      consent: initial?.consent ?? false,
    },
    validate: needsPassword ? validateWithPassword : validateWithoutPassword,
    validateInputOnBlur: ['firstName', 'lastName', 'email'],
  });
}

/**
 * The registration form of all three modes (SPEC §2): initiate, streamlined (with password), complete (e-mail
 * read-only).
 */
export function RegistrationForm({ mode, form, submitting, onSubmit }: Props) {
  const needsPassword = mode !== 'initiate';
  const hintId = useId();
  const v = form.getValues();
  const missingFields = [
    v.firstName.trim() === '' && 'first name',
    v.lastName.trim() === '' && 'last name',
    v.email.trim() === '' && 'e-mail',
  ].filter((x): x is string => !!x);
  // What still keeps Complete Registration disabled, said under it.
  const missing = [
    missingFields.length > 0 && `fill in your ${listed(missingFields)}`,
    needsPassword &&
      !isValidPassword(v.password) &&
      `enter a password of ${Limits.passwordMin} or more characters`,
    !v.consent && 'tick the box to agree to the policies',
  ].filter((x): x is string => !!x);
  // SPEC §5: enabled only when consent is ticked, names and e-mail are filled and (streamlined, complete)
  // the password is valid. An e-mail that is filled but malformed is refused on submit, with its error.
  const canSubmit = missing.length === 0 && !submitting;

  const submit = form.onSubmit(
    (values) => {
      if (!canSubmit) return;
      onSubmit({
        ...values,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      });
    },
    (errors) => {
      const first = (['firstName', 'lastName', 'email', 'password'] as const).find((k) => errors[k]);
      if (first) form.getInputNode(first)?.focus();
    },
  );
  const field = (name: 'firstName' | 'lastName' | 'email') => ({
    ...form.getInputProps(name),
    classNames: reservedErrorLine,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            maxLength={Limits.nameMax}
            key={form.key('firstName')}
            {...field('firstName')}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            maxLength={Limits.nameMax}
            key={form.key('lastName')}
            {...field('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={Limits.emailMax}
          readOnly={mode === 'complete'}
          variant={mode === 'complete' ? 'filled' : 'default'}
          key={form.key('email')}
          {...field('email')}
        />
        {needsPassword && (
          <PasswordField
            label="Password"
            required
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
            userInputs={[v.firstName, v.lastName, v.email]}
          />
        )}
        <Checkbox
          mt="xs"
          key={form.key('consent')}
          {...form.getInputProps('consent', { type: 'checkbox' })}
          label={
            <Text size="sm" component="span">
              I agree to the{' '}
              <Anchor href="/terms" target="_blank" rel="noopener">
                Terms of Use
              </Anchor>
              ,{' '}
              <Anchor href="/privacy" target="_blank" rel="noopener">
                Privacy Policy
              </Anchor>{' '}
              and{' '}
              <Anchor href="/cookies" target="_blank" rel="noopener">
                Cookie Policy
              </Anchor>
              .
            </Text>
          }
        />
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={submitting}
          fullWidth
          mt="sm"
          aria-describedby={missing.length && !submitting ? hintId : undefined}
        >
          Complete Registration
        </Button>
        {missing.length > 0 && !submitting && (
          <Text id={hintId} size="xs" c="dimmed" ta="center" mt={-4}>
            To continue, {listed(missing, true)}.
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign In
            </Anchor>
          </Text>
          <Anchor component={Link} to="/" size="sm">
            Cancel
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function registrationHeading(mode: RegistrationMode) {
  return mode === 'complete'
    ? { title: 'Almost ready to go', lead: 'Create a password to finish setting up your account.' }
    : { title: 'Start learning today', lead: 'Access to a question bank is two minutes away.' };
}
