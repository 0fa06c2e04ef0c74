import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Limits, Messages } from '@qbank/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { isValidPassword, PasswordField } from '../../../components/password-field';
import { HttpError } from '../../../lib/http';
import { completePasswordReset, initiatePasswordReset } from '../api/passwords';

function RequestReset() {
  const [email, setEmail] = useState('');
  const [stage, setStage] = useState<'entry' | 'sent'>('entry');
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (again: boolean) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await initiatePasswordReset(email.trim());
      setStage('sent');
      setResent(again);
    } catch (e) {
      setError(e instanceof HttpError ? e.serverMessage : Messages.loginNetwork);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) void send(false);
  };

  if (stage === 'sent')
    return (
      <PageCard title="Check your email">
        <Text>
          If an account exists for <strong>{email.trim()}</strong>, we sent it a link to reset the password.
          The link expires after one hour.
        </Text>
        <Text size="sm" c="dimmed">
          It may take a few minutes to arrive; check your spam folder too.
        </Text>
        {resent && (
          <Alert color="green" role="status">
            The reset email has been resent.
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <div>
          <Button variant="subtle" px={0} onClick={() => void send(true)} loading={busy}>
            Resend email
          </Button>
        </div>
      </PageCard>
    );

  return (
    <PageCard
      title="Reset your password"
      lead="Enter the email of your account and we will send you a link to choose a new password."
    >
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
            autoComplete="email"
            maxLength={Limits.emailMax}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" disabled={!email.trim()} loading={busy}>
            Send Email
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            Back to Sign In
          </Anchor>
        </Stack>
      </form>
    </PageCard>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [stage, setStage] = useState<'form' | 'completed' | 'failed'>('form');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !isValidPassword(password)) return;
    setBusy(true);
    setError(null);
    try {
      await completePasswordReset(token, password);
      setStage('completed');
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400 && err.field !== 'newPassword')
        setStage('failed');
      else setError(err instanceof HttpError ? err.serverMessage : Messages.loginNetwork);
    } finally {
      setBusy(false);
    }
  };

  if (stage === 'completed')
    return (
      <PageCard title="Your password was reset">
        <Text>You can now sign in with your new password. Other devices were signed out.</Text>
        <Button component={Link} to="/login">
          Sign In
        </Button>
      </PageCard>
    );
  if (stage === 'failed')
    return (
      <PageCard title={Messages.resetFailed}>
        <Alert color="red" role="alert">
          This reset link is invalid or has expired. Links work once and expire after one hour.
        </Alert>
        <Button component={Link} to="/resetPassword">
          Request a new link
        </Button>
      </PageCard>
    );

  return (
    <PageCard title="Choose a new password">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
          />
          <Button type="submit" disabled={!isValidPassword(password)} loading={busy}>
            Set new password
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

/** /resetPassword: without a token it asks for the e-mail; with ?token= it sets the new password (SPEC §2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}
