import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Messages } from '@qbank/contract';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { RevealablePasswordInput } from '../../../components/revealable-password-input';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../api/auth';
import { useLogin } from '../api/session';

/** /login: e-mail and password, show/hide, Forgot password (SPEC §2); messages from SPEC §8. */
function LoginPageContent() {
  const { status, expiredMessage } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  // SPEC §5: an e-mail field and no client-side rules; the server's 401 is the one answer.
  const form = useForm({ initialValues: { username: '', password: '' } });
  const { submit, pending, error } = useFormSubmit(form, useLogin(), {
    variables: ({ username, password }) => ({ username: username.trim(), password }),
    onSuccess: () => navigate(from ?? '/dashboard', { replace: true }),
    errorMessage: (err) =>
      err instanceof HttpError && err.statusCode === 401 ? Messages.loginFailed : formErrorMessage(err),
  });

  if (status === 'authenticated' && !pending) return <Navigate to={from ?? '/dashboard'} replace />;

  return (
    <PageCard title="Sign In" lead="Welcome back. Sign in to continue to your question banks.">
      {expiredMessage && !error && (
        <Alert color="yellow" role="status">
          {expiredMessage}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <RevealablePasswordInput
            label="Password"
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/resetPassword" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={pending} fullWidth>
            Sign In
          </Button>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PageCard>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function LoginPage() {
  return (
    <>
      <PageTitle name="Sign In" />
      <LoginPageContent />
    </>
  );
}
