import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, Limits } from '@qbank/contract';
import { type FormEvent, useState } from 'react';
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

/** The registration form of all three modes (SPEC §2): initiate, streamlined (with password), complete (e-mail read-only). */
export function RegistrationForm({ mode, initial, submitting, onSubmit }: Props) {
  const [v, setV] = useState<RegistrationValues>({
    firstName: initial?.firstName ?? '',
    lastName: initial?.lastName ?? '',
    email: initial?.email ?? '',
    password: initial?.password ?? '',
    consent: initial?.consent ?? false,
  });
  const [touched, setTouched] = useState(false);
  const needsPassword = mode !== 'initiate';
  const emailLooksValid = EMAIL_PATTERN.test(v.email.trim());
  const canSubmit =
    v.consent &&
    v.firstName.trim() !== '' &&
    v.lastName.trim() !== '' &&
    v.email.trim() !== '' &&
    (!needsPassword || isValidPassword(v.password)) &&
    !submitting;

  const set = <K extends keyof RegistrationValues>(k: K, value: RegistrationValues[K]) =>
    setV((s) => ({ ...s, [k]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!canSubmit || !emailLooksValid) return;
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
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            maxLength={Limits.nameMax}
            value={v.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value)}
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
          onChange={(e) => set('email', e.currentTarget.value)}
          error={touched && v.email && !emailLooksValid ? 'Enter a valid e-mail address' : undefined}
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
        <Button type="submit" disabled={!canSubmit} loading={submitting} fullWidth mt="sm">
          Complete Registration
        </Button>
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
