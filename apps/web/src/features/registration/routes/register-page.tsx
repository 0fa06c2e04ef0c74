import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Messages } from '@qbank/contract';
import IconMailCheck from '@tabler/icons-react/dist/esm/icons/IconMailCheck.mjs';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import {
  type RegistrationPayload,
  useInitiateRegistration,
  usePriceOnSale,
  useRegistrationVerified,
} from '../api/registration';
import { isNotOnSale, PlanSummary } from '../components/plan-summary';
import {
  RegistrationForm,
  type RegistrationValues,
  registrationHeading,
  useRegistrationForm,
} from '../components/registration-form';
import { forgetSentRegistration, keepSentRegistration, readSentRegistration } from '../lib/sent-registration';

type Stage =
  | { kind: 'form' }
  | { kind: 'sent'; resent: boolean }
  | { kind: 'in-use' }
  | { kind: 'error'; message: string };

/** What the server said, for the Registration Error page; the generic text when it said nothing useful. */
export function registrationErrorMessage(e: unknown): string {
  if (e instanceof HttpError && e.serverMessage && e.serverMessage !== 'Unknown' && e.statusCode < 500)
    return e.serverMessage;
  return Messages.registrationFallback;
}

/** Where a failed submit or resend goes (SPEC §4): 'user exists' (any case) is the e-mail-in-use page, anything else Registration Error. */
export function stageAfterFailure(e: unknown): Stage {
  if (e instanceof HttpError && /user exists/i.test(e.message)) return { kind: 'in-use' };
  return { kind: 'error', message: registrationErrorMessage(e) };
}

/**
 * 'Verify your email' once the link was opened, most often on another device (the mail read on a phone). That
 * device is signed in and, for a plan, already at checkout; this tab offers Sign In with the password chosen here
 * rather than a second checkout, so nobody pays twice for one plan. Going on here alone would also need a session
 * handed from the link to this tab, which only the link's holder should get.
 */
function EmailVerified({ email, streamlined }: { email: string | undefined; streamlined: boolean }) {
  return (
    <PageCard title="Your email is verified">
      <Text>
        <strong>{email}</strong> is verified.{' '}
        {streamlined
          ? 'Checkout goes on where you opened the link. Sign in here with the password you chose to use your QBank on this device.'
          : 'Your account is set up. Sign in with the password you chose.'}
      </Text>
      <Button component={Link} to="/login">
        Sign In
      </Button>
    </PageCard>
  );
}

/** /register: initiate mode, or streamlined when ?priceId= is present (SPEC §2). */
function RegisterPageContent() {
  const [params] = useSearchParams();
  const priceId = params.get('priceId') ?? undefined;
  const mode = priceId ? 'streamlined' : 'initiate';
  const { status } = useAuth();
  // A reload of 'Verify your email' comes back to it (the mail's address and names are kept in the tab).
  const [kept] = useState(() => readSentRegistration(priceId ?? null));
  const [stage, setStage] = useState<Stage>(kept ? { kind: 'sent', resent: false } : { kind: 'form' });
  const [values, setValues] = useState<RegistrationValues | null>(
    kept ? { ...kept, password: '', consent: true } : null,
  );
  const price = usePriceOnSale(priceId);
  const unavailable = isNotOnSale(price.error);
  const form = useRegistrationForm(mode, values ?? undefined);
  const verified = useRegistrationVerified(values?.email, stage.kind === 'sent').data === true;
  // Verified, the page is done: a reload shows the form, not 'Verify your email' again.
  useEffect(() => {
    if (verified) forgetSentRegistration();
  }, [verified]);

  const sent = (v: RegistrationValues, resent: boolean) => {
    keepSentRegistration({
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      priceId: priceId ?? null,
    });
    setStage({ kind: 'sent', resent });
  };
  const leaveSent = (next: Stage) => {
    forgetSentRegistration();
    setStage(next);
  };
  const payload = (v: RegistrationValues): RegistrationPayload => ({
    firstName: v.firstName,
    lastName: v.lastName,
    username: v.email,
    ...(priceId ? { password: v.password, stripePriceId: priceId } : {}),
  });
  // The form's submit and the resend of 'Verify your email' send the same request with the same values.
  const { run, pending } = useFormSubmit(form, useInitiateRegistration(), {
    variables: payload,
    fields: { username: 'email' },
    onSuccess: (_sent, v) => sent(v, stage.kind === 'sent'),
    // A rule the server names a field for shows on that field, on the form; the rest are the pages of SPEC §4.
    onFieldError: () => {
      if (stage.kind !== 'form') leaveSent({ kind: 'form' });
    },
    onError: (e) => {
      leaveSent(stageAfterFailure(e));
      return true;
    },
  });

  if (status === 'authenticated' && stage.kind === 'form') {
    if (!priceId) return <Navigate to="/dashboard" replace />;
    // Signed in, a plan's link opens that plan's product page (where Buy Now goes for a signed-in visitor).
    if (price.isPending)
      return (
        <Center mih="50vh">
          <Loader role="status" aria-label="Opening the plan" />
        </Center>
      );
    if (price.isError) return <Navigate to="/store" replace />;
    const to = `/store/products/${price.data.productUuid}?priceId=${encodeURIComponent(priceId)}`;
    return <Navigate to={to} replace />;
  }

  const submit = (v: RegistrationValues) => {
    setValues(v);
    void run(v);
  };

  const resend = () => {
    if (!values) return;
    // After a reload the password of a streamlined registration is gone: the form asks for it again.
    if (priceId && !values.password) {
      leaveSent({ kind: 'form' });
      return;
    }
    void run(values);
  };

  if (stage.kind === 'sent' && verified)
    return <EmailVerified email={values?.email} streamlined={!!priceId} />;

  if (stage.kind === 'sent')
    return (
      <PageCard title="Verify your email">
        <Stack gap="sm">
          <IconMailCheck size={40} aria-hidden color="var(--mantine-color-brand-7)" />
          <Text>
            We sent a verification email to <strong>{values?.email}</strong>. Open the link in it to{' '}
            {priceId ? 'continue to checkout' : 'finish your registration'}.
          </Text>
          <Text size="sm" c="dimmed">
            It may take up to 10 minutes to arrive. If you don't see it, check your spam folder or use the
            link below.
          </Text>
          {stage.resent && (
            <Alert color="green" role="status">
              Verification email has been resent
            </Alert>
          )}
          <div>
            <Button variant="subtle" px={0} onClick={resend} loading={pending}>
              Resend verification email
            </Button>
          </div>
          <div>
            <Button variant="subtle" px={0} onClick={() => leaveSent({ kind: 'form' })}>
              Use another email
            </Button>
          </div>
        </Stack>
      </PageCard>
    );

  if (stage.kind === 'in-use')
    return (
      <PageCard title="This email address is in use">
        <Text>
          An account with <strong>{values?.email}</strong> already exists. Sign in, or{' '}
          <Anchor component={Link} to="/resetpassword">
            reset your password
          </Anchor>{' '}
          if you have forgotten it.
        </Text>
        <Button component={Link} to="/login">
          Sign In
        </Button>
        <Button variant="default" onClick={() => setStage({ kind: 'form' })}>
          Use another email
        </Button>
      </PageCard>
    );

  if (stage.kind === 'error')
    return (
      <PageCard title="Registration Error">
        <Alert color="red" role="alert">
          {stage.message}
        </Alert>
        <Button onClick={() => setStage({ kind: 'form' })}>Try Again</Button>
      </PageCard>
    );

  const heading = registrationHeading(mode);
  return (
    <PageCard title={heading.title} lead={heading.lead}>
      {priceId && <PlanSummary priceId={priceId} />}
      {!unavailable && <RegistrationForm mode={mode} form={form} submitting={pending} onSubmit={submit} />}
    </PageCard>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function RegisterPage() {
  return (
    <>
      <PageTitle name="Register" />
      <RegisterPageContent />
    </>
  );
}
