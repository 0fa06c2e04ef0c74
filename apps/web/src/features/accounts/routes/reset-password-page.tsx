import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  completePasswordResetBody,
  initiatePasswordResetBody,
  isValidPassword,
  Limits,
  Messages,
} from '@qbank/contract';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCompletePasswordReset, useInitiatePasswordReset } from '../api/passwords';

function RequestReset() {
  const form = useForm({
    initialValues: { emailAddress: '' },
    validate: schemaResolver(initiatePasswordResetBody, { sync: true }),
  });
  const email = form.getValues().emailAddress;
  const [stage, setStage] = useState<'entry' | 'sent'>('entry');
  const [resent, setResent] = useState(false);
  const again = useRef(false); // whether the request running is Resend email's
  const { run, pending, error } = useFormSubmit(form, useInitiatePasswordReset(), {
    variables: (v) => v.emailAddress.trim(),
    onSuccess: () => {
      setStage('sent');
      setResent(again.current);
    },
    onFieldError: () => setStage('entry'),
  });
  const send = (resend: boolean) => {
    if (pending) return;
    again.current = resend;
    void run(form.getValues());
  };
  const submit = form.onSubmit(() => send(false));

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
          <Button variant="subtle" px={0} onClick={() => send(true)} loading={pending}>
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
            key={form.key('emailAddress')}
            {...form.getInputProps('emailAddress')}
          />
          <Button type="submit" disabled={!email.trim()} loading={pending}>
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
  const form = useForm({
    initialValues: { newPassword: '' },
    validate: schemaResolver(completePasswordResetBody, { sync: true }),
  });
  const password = form.getValues().newPassword;
  const [stage, setStage] = useState<'form' | 'completed' | 'failed'>('form');
  // A rule of the new password shows under it; any other 400 is the link (SPEC §8).
  const { submit, pending, error } = useFormSubmit(form, useCompletePasswordReset(), {
    variables: ({ newPassword }) => ({ token, newPassword }),
    onSuccess: () => setStage('completed'),
    onError: (err) => {
      if (!(err instanceof HttpError && err.statusCode === 400)) return false;
      setStage('failed');
      return true;
    },
  });

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
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <Button type="submit" disabled={!isValidPassword(password)} loading={pending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

/** /resetPassword: without a token it asks for the e-mail; with ?token= it sets the new password (SPEC §2). */
function ResetPasswordPageContent() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function ResetPasswordPage() {
  return (
    <>
      <PageTitle name="Reset password" />
      <ResetPasswordPageContent />
    </>
  );
}
