import { Alert, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { firstNameField, isValidPassword, Limits, lastNameField, passwordField } from '@qbank/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import { useAcceptStaffInvitation, useStaffInvitationPreview } from '../api/staff';

const newAccount = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  password: passwordField(),
});

function DeadLink() {
  return (
    <PageCard title="This invitation link no longer works">
      <Text>
        It may have expired, been replaced by a newer one, or been used already. Ask an admin of the QBank to
        send a new invitation.
      </Text>
      <Button component={Link} to="/login" variant="default">
        Sign in
      </Button>
    </PageCard>
  );
}

/** The invited person has no account: a name and a password make one (the link proves the address). */
function CreateAccount({ token, productName, email }: { token: string; productName: string; email: string }) {
  const navigate = useNavigate();
  const { adoptSession } = useAuth();
  const form = useForm({
    initialValues: { firstName: '', lastName: '', password: '' },
    validate: schemaResolver(newAccount, { sync: true }),
  });
  const { submit, pending, error } = useFormSubmit(form, useAcceptStaffInvitation(token), {
    onSuccess: async (r) => {
      if (r.accessToken) await adoptSession(r.accessToken);
      navigate('/dashboard', { replace: true });
    },
  });
  const password = form.getValues().password;
  return (
    <PageCard
      title={`Join the staff of ${productName}`}
      lead={`You are invited as ${email}. Create your account to start.`}
    >
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" value={email} readOnly />
          <TextInput
            label="First name"
            autoComplete="given-name"
            maxLength={Limits.nameMax}
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            maxLength={Limits.nameMax}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={pending} disabled={!isValidPassword(password)}>
            Create account and join
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

/** The address has an account: signed in as it, one click joins; otherwise sign in first. */
function JoinWithAccount({
  token,
  productName,
  email,
}: {
  token: string;
  productName: string;
  email: string;
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const accept = useAcceptStaffInvitation(token);
  const [error, setError] = useState<string | null>(null);
  const signedInAsIt = user?.username === email;
  if (!signedInAsIt)
    return (
      <PageCard
        title={`Join the staff of ${productName}`}
        lead={`You are invited as ${email}, which has an account.`}
      >
        <Text>Sign in as {email} to accept the invitation.</Text>
        <Button component={Link} to="/login" state={{ from: `/staff-invitation/${token}` }}>
          Sign in to accept
        </Button>
      </PageCard>
    );
  return (
    <PageCard title={`Join the staff of ${productName}`} lead={`You are invited as ${email}.`}>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            {},
            {
              onSuccess: () => navigate('/dashboard', { replace: true }),
              onError: (e) =>
                setError(e instanceof HttpError ? e.serverMessage : 'The invitation could not be accepted'),
            },
          )
        }
      >
        Accept and join
      </Button>
    </PageCard>
  );
}

/** /staff-invitation/:token: the link of an admin's staff invitation mail (docs/staff.md). */
export function StaffInvitationPage() {
  const { token = '' } = useParams();
  const preview = useStaffInvitationPreview(token);
  const { status } = useAuth();
  let body: React.ReactNode;
  if (preview.isPending || status === 'loading')
    body = (
      <Center mih="50vh">
        <Loader role="status" aria-label="Opening your invitation" />
      </Center>
    );
  else if (preview.isError)
    body =
      preview.error instanceof HttpError && preview.error.statusCode === 400 ? (
        <DeadLink />
      ) : (
        <PageCard title="The invitation could not be opened">
          <Text>Check your connection and open the link again.</Text>
        </PageCard>
      );
  else
    body = preview.data.accountExists ? (
      <JoinWithAccount token={token} productName={preview.data.productName} email={preview.data.email} />
    ) : (
      <CreateAccount token={token} productName={preview.data.productName} email={preview.data.email} />
    );
  return (
    <>
      <PageTitle name="Your staff invitation" />
      {body}
    </>
  );
}
