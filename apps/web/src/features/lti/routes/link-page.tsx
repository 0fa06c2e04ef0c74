import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useLinkAccount, useLinkPreview } from '../api/lti';

/**
 * /lti/link/:code: a launch from a course whose e-mail has an account here. Nothing links by itself: the person
 * signs in to that account (in this browser) and links it, once; their course then opens it directly.
 */
export function LtiLinkPage() {
  const { code = '' } = useParams();
  const preview = useLinkPreview(code);
  const { status, user, refresh } = useAuth();
  const navigate = useNavigate();
  const link = useLinkAccount();
  const [error, setError] = useState<string | null>(null);
  let body: React.ReactNode;
  if (preview.isPending || status === 'loading')
    body = (
      <Center mih="50vh">
        <Loader role="status" aria-label="Checking the link" />
      </Center>
    );
  else if (preview.isError)
    body = (
      <PageCard title="This link no longer works">
        <Text>
          {preview.error instanceof HttpError && preview.error.statusCode === 404
            ? preview.error.serverMessage
            : 'The link could not be checked. Check your connection and try again.'}
        </Text>
      </PageCard>
    );
  else {
    const p = preview.data;
    const lead = `Your course on ${p.platform} opens ${p.productName}. An account with ${p.email} exists here already.`;
    body =
      status === 'unauthenticated' ? (
        <PageCard title="Link your course to your account" lead={lead}>
          <Text>
            Sign in to that account to link it to your course, once: after that, your course opens it
            directly.
          </Text>
          <Group>
            <Button component={Link} to="/login" state={{ from: `/lti/link/${code}` }}>
              Sign in to link
            </Button>
          </Group>
        </PageCard>
      ) : (
        <PageCard title="Link your course to your account" lead={lead}>
          <Text>
            Signed in as {user?.username}. Linking lets your course open this account directly from now on.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button
              loading={link.isPending}
              onClick={() =>
                link.mutate(code, {
                  onSuccess: async () => {
                    await refresh();
                    navigate('/dashboard', { replace: true });
                  },
                  onError: (e) =>
                    setError(e instanceof HttpError ? e.serverMessage : 'Your account could not be linked'),
                })
              }
            >
              Link and open {p.productName}
            </Button>
          </Group>
        </PageCard>
      );
  }
  return (
    <>
      <PageTitle name="Link your course" />
      {body}
    </>
  );
}
