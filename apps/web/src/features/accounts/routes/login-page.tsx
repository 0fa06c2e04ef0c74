import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Messages } from '@qbank/contract';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { PageCard } from '../../../components/page-card';
import { RevealablePasswordInput } from '../../../components/revealable-password-input';
import { HttpError } from '../../../lib/http';

/** /login: e-mail and password, show/hide, Forgot password (SPEC §2); messages from SPEC §8. */
export function LoginPage() {
  const { status, login, expiredMessage } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (status === 'authenticated' && !submitting) return <Navigate to={from ?? '/dashboard'} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await login(username.trim(), password);
      navigate(from ?? '/dashboard', { replace: true });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401) setError(Messages.loginFailed);
      else if (err instanceof HttpError) setError(err.serverMessage);
      else setError(Messages.loginNetwork);
      setSubmitting(false);
    }
  };

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
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <RevealablePasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/resetPassword" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={submitting} fullWidth>
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
