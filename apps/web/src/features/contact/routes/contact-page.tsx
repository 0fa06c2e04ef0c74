import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  Brand,
  CONTACT_SUBJECTS,
  type ContactSubject,
  contactFailureMessage,
  contactMessageBody,
  contactSubjectLabels,
  Limits,
  subjectFromQuery,
} from '@qbank/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAuth } from '../../accounts/api/auth';
import { useSendContactMessage } from '../api/contact';

const checkMessage = schemaResolver(contactMessageBody, { sync: true });
/**
 * The contract's check of a contact message. The form calls the description field "Message"; its error uses the
 * same word. At module level: a form whose rules change on every render hands out new setters every time.
 */
const validate = (values: Parameters<typeof checkMessage>[0]) => {
  const errors = checkMessage(values);
  if (errors.description)
    errors.description = String(errors.description).replace(/^Description\b/, 'Message');
  return errors;
};

/** /contact: the contact form with SPEC §5's rules; success goes to the dashboard (or home) with a thank-you banner. */
function ContactPageContent() {
  const [params] = useSearchParams();
  const { user, status } = useAuth();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      emailAddress: '',
      contactUsSubject: subjectFromQuery(params.get('subject')) as ContactSubject,
      description: '',
    },
    validate,
  });
  // SPEC §8: a failure that is no field's ends the form (its message says where to write instead).
  const [failed, setFailed] = useState(false);
  const { run, pending } = useFormSubmit(form, useSendContactMessage(), {
    variables: (values) => ({
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      emailAddress: values.emailAddress.trim(),
      description: values.description.trim(),
    }),
    onSuccess: () =>
      navigate(status === 'authenticated' ? '/dashboard' : '/', { state: { msgId: 'feedbackSubmitted' } }),
    onError: () => {
      setFailed(true);
      return true;
    },
  });
  const { setFieldValue } = form;

  // Names and e-mail come from the signed-in user.
  useEffect(() => {
    if (!user) return;
    form.setValues((v) => ({
      firstName: v.firstName || user.firstName,
      lastName: v.lastName || user.lastName,
      emailAddress: v.emailAddress || user.username,
    }));
  }, [user, form.setValues]);

  useEffect(() => {
    setFieldValue('contactUsSubject', subjectFromQuery(params.get('subject')));
  }, [params, setFieldValue]);

  const submit = form.onSubmit(
    // A rule the server names a field for shows on it and the form can be sent again; a double submit is
    // ignored (useFormSubmit).
    (values) => {
      if (!failed) void run(values);
    },
    (errors) => {
      const first = ['firstName', 'lastName', 'emailAddress', 'description'].find((k) => errors[k]);
      if (first) form.getInputNode(first)?.focus();
    },
  );
  const description = form.getValues().description;

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Title order={1}>Contact us</Title>
      <Text c="dimmed" mt={4} mb="lg">
        Questions about a QBank, pricing, a demo or your account? Send us a message and we will answer within
        one business day.
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {failed && (
              <Alert color="red" role="alert">
                {contactFailureMessage(Brand.supportEmail)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                id="contact-firstName"
                label="First name"
                required
                autoComplete="given-name"
                maxLength={Limits.nameMax}
                key={form.key('firstName')}
                {...form.getInputProps('firstName')}
              />
              <TextInput
                id="contact-lastName"
                label="Last name"
                required
                autoComplete="family-name"
                maxLength={Limits.nameMax}
                key={form.key('lastName')}
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              id="contact-emailAddress"
              label="Email"
              type="email"
              required
              autoComplete="email"
              maxLength={Limits.emailMax}
              key={form.key('emailAddress')}
              {...form.getInputProps('emailAddress')}
            />
            <Select
              label="Subject"
              data={CONTACT_SUBJECTS.map((s) => ({ value: s, label: contactSubjectLabels[s] }))}
              key={form.key('contactUsSubject')}
              {...form.getInputProps('contactUsSubject')}
              onChange={(v) => setFieldValue('contactUsSubject', (v as ContactSubject | null) ?? 'OTHER')}
              allowDeselect={false}
            />
            <Textarea
              id="contact-description"
              label="Message"
              required
              autosize
              minRows={5}
              maxLength={Limits.contactDescriptionMax}
              key={form.key('description')}
              {...form.getInputProps('description')}
              description={`${description.length} / ${Limits.contactDescriptionMax}`}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={failed} loading={false}>
                {pending ? 'Submitting...' : 'Submit'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

/** The page with its title (React 19 hoists the <title> into the head). */
export function ContactPage() {
  return (
    <>
      <PageTitle name="Contact us" />
      <ContactPageContent />
    </>
  );
}
