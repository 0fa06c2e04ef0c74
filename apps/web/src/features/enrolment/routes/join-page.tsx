import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { pendingJoin } from '..';
import { useCodePreview, useJoin } from '../api/enrolment';

/** /join/:code: a QBank's enrolment code (or link). Signed in, one click joins; signed out, sign in or register first. */
export function JoinPage() {
  const { code = '' } = useParams();
  const preview = useCodePreview(code);
  const { status } = useAuth();
  const navigate = useNavigate();
  const join = useJoin();
  const [error, setError] = useState<string | null>(null);
  let body: React.ReactNode;
  if (preview.isPending || status === 'loading')
    body = (
      <Center mih="50vh">
        <Loader role="status" aria-label="Checking the code" />
      </Center>
    );
  else if (preview.isError)
    body = (
      <PageCard title="This code does not open a QBank">
        <Text>
          {preview.error instanceof HttpError && preview.error.statusCode === 404
            ? `There is no enrolment code ${code.toUpperCase()}. Check it with your instructor.`
            : 'The code could not be checked. Check your connection and try again.'}
        </Text>
      </PageCard>
    );
  else if (preview.data.problem)
    body = (
      <PageCard title={`Join ${preview.data.productName}`}>
        <Alert color="red" role="alert">
          {preview.data.problem}
        </Alert>
      </PageCard>
    );
  else if (status === 'unauthenticated')
    body = (
      <PageCard
        title={`Join ${preview.data.productName}`}
        lead={`Your instructor's code ${code.toUpperCase()} opens this QBank for you.`}
      >
        <Text>Sign in to join, or create an account first: you come back here once it is set up.</Text>
        <Group>
          <Button component={Link} to="/login" state={{ from: `/join/${code}` }}>
            Sign in to join
          </Button>
          <Button component={Link} to="/register" variant="default" onClick={() => pendingJoin.set(code)}>
            Create an account
          </Button>
        </Group>
      </PageCard>
    );
  else
    body = (
      <PageCard
        title={`Join ${preview.data.productName}`}
        lead={`Your instructor's code ${code.toUpperCase()} opens this QBank for you.`}
      >
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button
          loading={join.isPending}
          onClick={() =>
            join.mutate(code, {
              onSuccess: () => {
                pendingJoin.clear();
                navigate('/dashboard', { replace: true });
              },
              onError: (e) => setError(e instanceof HttpError ? e.serverMessage : 'You could not join'),
            })
          }
        >
          Join {preview.data.productName}
        </Button>
      </PageCard>
    );
  return (
    <>
      <PageTitle name="Join a QBank" />
      {body}
    </>
  );
}
