import { Alert, Button, Container, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isValidPassword, passwordUpdateBody, profileBody } from '@qbank/contract';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { RevealablePasswordInput } from '../../../components/revealable-password-input';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { SubscriptionsPanel } from '../../subscriptions';
import { useAuth } from '../api/auth';
import { useUpdatePassword } from '../api/passwords';
import { useUpdateProfile } from '../api/profile';

function ChangePassword() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: schemaResolver(passwordUpdateBody, { sync: true }),
  });
  const { currentPassword: current, newPassword: next } = form.getValues();
  // A wrong current password, a new one the server refuses: under their field.
  const { submit, pending, error } = useFormSubmit(form, useUpdatePassword(), {
    onSuccess: () => navigate('/dashboard', { state: { msgId: 'passwordChangeSuccess' } }),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <RevealablePasswordInput
          label="Current password"
          what="current password"
          autoComplete="current-password"
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
          userInputs={user ? [user.firstName, user.lastName, user.username] : []}
        />
        <Button
          type="submit"
          disabled={!current || !isValidPassword(next)}
          loading={pending}
          style={{ alignSelf: 'flex-start' }}
        >
          Change password
        </Button>
        <Text size="xs" c="dimmed">
          Changing your password signs out your other devices. We email you a notice of the change.
        </Text>
      </Stack>
    </form>
  );
}

/** Profile: the name is the user's to change; the e-mail address is the account's sign-in and stays as it is. */
function Profile({ user }: { user: { firstName: string; lastName: string; username: string } }) {
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validate: schemaResolver(profileBody, { sync: true }),
  });
  const updateProfile = useUpdateProfile();
  const { submit, pending, error } = useFormSubmit(form, updateProfile, {
    onSuccess: (me) => {
      form.setValues({ firstName: me.firstName, lastName: me.lastName });
      form.resetDirty();
    },
  });
  // The note stays until dismissed or the next save.
  const saved = updateProfile.isSuccess;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {saved && (
          <Alert
            color="teal"
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => updateProfile.reset()}
          >
            Your name was saved.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label="Email"
            value={user.username}
            readOnly
            variant="filled"
            styles={{ input: { textOverflow: 'ellipsis' } }}
          />
        </SimpleGrid>
        <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
          Save name
        </Button>
      </Stack>
    </form>
  );
}

/** Account Settings: profile, subscriptions and password. */
function AccountSettingsPageContent() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        Account Settings
      </Title>
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Title order={2} size="h3" mb="sm">
            Profile
          </Title>
          <Profile user={user} />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={2} size="h3" mb="sm">
            Subscriptions
          </Title>
          <SubscriptionsPanel />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={2} size="h3" mb="sm">
            Change password
          </Title>
          <ChangePassword />
        </Paper>
      </Stack>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function AccountSettingsPage() {
  return (
    <>
      <PageTitle name="Account Settings" />
      <AccountSettingsPageContent />
    </>
  );
}
