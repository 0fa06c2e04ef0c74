import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ErrorCode } from '@qbank/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { storedReferralToken } from '../../../lib/referral-token';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import { useCreateCheckoutSession } from '../../checkout/api/checkout';
import { pendingJoin } from '../../enrolment';
import {
  useCompleteRegistration,
  useCompleteStreamlinedRegistration,
  useRegistration,
} from '../api/registration';
import {
  RegistrationForm,
  type RegistrationValues,
  registrationHeading,
  useRegistrationForm,
} from '../components/registration-form';
import { registrationErrorMessage } from './register-page';

function InvalidLink() {
  return (
    <PageCard title="Invalid Link">
      <Text>
        This link is invalid or has expired. Verification links work once and expire after one hour.
      </Text>
      <Button component={Link} to="/register">
        Register again
      </Button>
    </PageCard>
  );
}

/** A spent link opened again by a signed-in visitor: nothing left to do but go on. */
function AlreadyVerified() {
  return (
    <PageCard title="Your email is already verified">
      <Text>This link has already been used and your account is set up.</Text>
      <Button component={Link} to="/dashboard">
        Go to your dashboard
      </Button>
    </PageCard>
  );
}

function RegistrationError({ message }: { message?: string }) {
  return (
    <PageCard title="Registration Error">
      <Alert color="red" role="alert">
        {message ?? 'We could not verify your registration link.'}
      </Alert>
      <Text>
        Please try the link again in a moment. If it keeps failing,{' '}
        <Anchor component={Link} to="/contact?subject=SUPPORT">
          contact us
        </Anchor>
        .
      </Text>
    </PageCard>
  );
}

/** Streamlined: verify, sign in and hand over to checkout straight away. */
function ProceedToCheckout({ token }: { token: string }) {
  const navigate = useNavigate();
  const { adoptSession } = useAuth();
  const { mutateAsync: completeStreamlinedRegistration } = useCompleteStreamlinedRegistration();
  const { mutateAsync: createCheckoutSession } = useCreateCheckoutSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const r = await completeStreamlinedRegistration(token);
        await adoptSession(r.accessToken);
        const { redirectUrl } = await createCheckoutSession({
          priceId: r.stripePriceId,
          customerId: r.customerId,
          tokenId: storedReferralToken() ?? undefined,
        });
        window.location.assign(redirectUrl);
      } catch {
        navigate('/error?msgId=registrationError', { replace: true });
      }
    })();
  }, [token, adoptSession, navigate, completeStreamlinedRegistration, createCheckoutSession]);
  return (
    <PageCard title="Email verified - Proceeding to checkout...">
      <Center py="md">
        <Loader role="status" aria-label="Proceeding to checkout" />
      </Center>
    </PageCard>
  );
}

/** The form that finishes a registration: the names as registered, a password, the consent (SPEC §2). */
function CompleteRegistration({
  token,
  initial,
  onDone,
}: {
  token: string;
  initial: Partial<RegistrationValues>;
  onDone: () => void;
}) {
  const form = useRegistrationForm('complete', initial);
  const { run, pending, error } = useFormSubmit(form, useCompleteRegistration(), {
    variables: (v: RegistrationValues) => ({
      token,
      firstName: v.firstName,
      lastName: v.lastName,
      password: v.password,
    }),
    onSuccess: onDone,
    errorMessage: registrationErrorMessage,
  });
  const heading = registrationHeading('complete');
  return (
    <PageCard title={heading.title} lead={heading.lead}>
      <Stack gap="sm">
        {error && (
          <Alert
            color="red"
            role="alert"
            title="Registration Error"
            // Mantine's light red title is below 4.5:1 on its background; red.9 passes.
            styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          >
            {error}
          </Alert>
        )}
        <RegistrationForm mode="complete" form={form} submitting={pending} onSubmit={(v) => void run(v)} />
      </Stack>
    </PageCard>
  );
}

/** /userRegistration?token=: the link from the verification mail (SPEC §2). */
function UserRegistrationPageContent() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const reg = useRegistration(token);

  if (!token) return <InvalidLink />;
  if (done) {
    // A visitor who chose to join a QBank with a code before registering goes back to it.
    const joinCode = pendingJoin.get();
    return (
      <PageCard title="You're all ready to go">
        <Text>Your account is set up and you are signed in.</Text>
        {joinCode ? (
          <Button component={Link} to={`/join/${encodeURIComponent(joinCode)}`}>
            Continue to join the QBank
          </Button>
        ) : (
          <Button component={Link} to="/dashboard">
            Go to the homepage
          </Button>
        )}
      </PageCard>
    );
  }
  if (reg.isPending)
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label="Verifying your link" />
      </Center>
    );
  if (reg.isError) {
    if (reg.error instanceof HttpError && reg.error.code === ErrorCode.ALREADY_VERIFIED)
      return <AlreadyVerified />;
    if (reg.error instanceof HttpError && reg.error.statusCode === 400) return <InvalidLink />;
    return <RegistrationError />;
  }
  const data = reg.data;
  if (data.customerId && data.stripePriceId) return <ProceedToCheckout token={token} />;
  return (
    <CompleteRegistration
      token={token}
      initial={{ firstName: data.firstName, lastName: data.lastName, email: data.username }}
      onDone={() => setDone(true)}
    />
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function UserRegistrationPage() {
  return (
    <>
      <PageTitle name="Complete registration" />
      <UserRegistrationPageContent />
    </>
  );
}
