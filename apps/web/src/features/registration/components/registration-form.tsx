import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, Limits } from '@qbank/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isValidPassword, PasswordField } from '../../../components/password-field';

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
  initial?: Partial<RegistrationValues>;
  submitting: boolean;
  onSubmit(values: RegistrationValues): void;
}

/** `a, b and c`; with `serial`, `a, b, and c` (for items that hold an "and" themselves). */
const listed = (items: string[], serial = false) =>
  items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')}${serial ? ',' : ''} and ${items.at(-1)}`;

/** The registration form of all three modes (SPEC §2): initiate, streamlined (with password), complete (e-mail read-only). */
export function RegistrationForm({ mode, initial, submitting, onSubmit }: Props) {
  const [v, setV] = useState<RegistrationValues>({
    firstName: initial?.firstName ?? '',
    lastName: initial?.lastName ?? '',
    email: initial?.email ?? '',
    password: initial?.password ?? '',
    consent: initial?.consent ?? false,
  });
  // A field shows its error once it has lost focus (or on a submit), not while it is first typed in.
  const [blurred, setBlurred] = useState<Partial<Record<'firstName' | 'lastName' | 'email', boolean>>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const needsPassword = mode !== 'initiate';
  const emailLooksValid = EMAIL_PATTERN.test(v.email.trim());
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
  const errors = {
    firstName: blurred.firstName && v.firstName.trim() === '' ? 'First name is required' : undefined,
    lastName: blurred.lastName && v.lastName.trim() === '' ? 'Last name is required' : undefined,
    email: !blurred.email
      ? undefined
      : v.email.trim() === ''
        ? 'Email is required'
        : emailLooksValid
          ? undefined
          : 'Enter a valid e-mail address',
  };

  const set = <K extends keyof RegistrationValues>(k: K, value: RegistrationValues[K]) =>
    setV((s) => ({ ...s, [k]: value }));
  const blur = (k: keyof typeof blurred) => () => setBlurred((b) => ({ ...b, [k]: true }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBlurred({ firstName: true, lastName: true, email: true });
    if (!canSubmit) return;
    if (!emailLooksValid) {
      emailRef.current?.focus();
      return;
    }
    onSubmit({ ...v, firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            maxLength={Limits.nameMax}
            value={v.firstName}
            onChange={(e) => set('firstName', e.currentTarget.value)}
            onBlur={blur('firstName')}
            error={errors.firstName}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            maxLength={Limits.nameMax}
            value={v.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value)}
            onBlur={blur('lastName')}
            error={errors.lastName}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={Limits.emailMax}
          value={v.email}
          readOnly={mode === 'complete'}
          variant={mode === 'complete' ? 'filled' : 'default'}
          ref={emailRef}
          onChange={(e) => set('email', e.currentTarget.value)}
          onBlur={mode === 'complete' ? undefined : blur('email')}
          error={errors.email}
        />
        {needsPassword && (
          <PasswordField
            label="Password"
            required
            autoComplete="new-password"
            value={v.password}
            onChange={(p) => set('password', p)}
            userInputs={[v.firstName, v.lastName, v.email]}
          />
        )}
        <Checkbox
          mt="xs"
          checked={v.consent}
          onChange={(e) => set('consent', e.currentTarget.checked)}
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
