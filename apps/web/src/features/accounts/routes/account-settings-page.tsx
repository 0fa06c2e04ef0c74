import { Alert, Button, Container, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { isValidPassword, PasswordField } from '../../../components/password-field';
import { RevealablePasswordInput } from '../../../components/revealable-password-input';
import { HttpError } from '../../../lib/http';
import { SubscriptionsPanel } from '../../subscriptions/components/subscriptions-panel';
import { updatePassword } from '../api/passwords';

function ChangePassword() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !current || !isValidPassword(next)) return;
    setBusy(true);
    setError(null);
    try {
      await updatePassword(current, next);
      navigate('/dashboard', { state: { msgId: 'passwordChangeSuccess' } });
    } catch (err) {
      setError(
        err instanceof HttpError
          ? { field: err.field, message: err.serverMessage }
          : { message: 'Failed to connect to server, please try again' },
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && !error.field && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <RevealablePasswordInput
          label="Current password"
          what="current password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={error?.field === 'currentPassword' ? error.message : undefined}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          userInputs={user ? [user.firstName, user.lastName, user.username] : []}
          error={error?.field === 'newPassword' ? error.message : undefined}
        />
        <Button
          type="submit"
          disabled={!current || !isValidPassword(next)}
          loading={busy}
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

/** Account Settings: profile, subscriptions and password. */
export function AccountSettingsPage() {
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" value={user.firstName} readOnly variant="filled" />
            <TextInput label="Last name" value={user.lastName} readOnly variant="filled" />
            <TextInput label="Email" value={user.username} readOnly variant="filled" />
          </SimpleGrid>
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
