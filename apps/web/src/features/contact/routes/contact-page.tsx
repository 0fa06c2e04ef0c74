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
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth';
import { fieldErrors } from '../../../lib/form-errors';
import { sendContactMessage } from '../api/contact';

type Phase = 'idle' | 'submitting' | 'error';

/** /contact: the contact form with SPEC §5's rules; success goes to the dashboard (or home) with a thank-you banner. */
export function ContactPage() {
  const [params] = useSearchParams();
  const { user, status } = useAuth();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [emailAddress, setEmailAddress] = useState('');
  const [subject, setSubject] = useState<ContactSubject>(subjectFromQuery(params.get('subject')));
  const [description, setDescription] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useRef(false);

  // Names and e-mail come from the signed-in user.
  useEffect(() => {
    if (!user) return;
    setFirstName((v) => v || user.firstName);
    setLastName((v) => v || user.lastName);
    setEmailAddress((v) => v || user.username);
  }, [user]);

  useEffect(() => {
    setSubject(subjectFromQuery(params.get('subject')));
  }, [params]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current || phase !== 'idle') return; // a double submit is ignored
    const message = {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      emailAddress: emailAddress.trim(),
      contactUsSubject: subject,
      description: description.trim(),
    };
    const errs = fieldErrors(contactMessageBody, message);
    // The form calls the description field "Message"; its error uses the same word.
    if (errs.description) errs.description = errs.description.replace(/^Description\b/, 'Message');
    setErrors(errs);
    if (Object.keys(errs).length) {
      const first = ['firstName', 'lastName', 'emailAddress', 'description'].find((k) => errs[k]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    sending.current = true;
    setPhase('submitting');
    try {
      await sendContactMessage(message);
      navigate(status === 'authenticated' ? '/dashboard' : '/', { state: { msgId: 'feedbackSubmitted' } });
    } catch {
      setPhase('error');
    } finally {
      sending.current = false;
    }
  };

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
            {phase === 'error' && (
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
                value={firstName}
                onChange={(e) => setFirstName(e.currentTarget.value)}
                error={errors.firstName}
              />
              <TextInput
                id="contact-lastName"
                label="Last name"
                required
                autoComplete="family-name"
                maxLength={Limits.nameMax}
                value={lastName}
                onChange={(e) => setLastName(e.currentTarget.value)}
                error={errors.lastName}
              />
            </SimpleGrid>
            <TextInput
              id="contact-emailAddress"
              label="Email"
              type="email"
              required
              autoComplete="email"
              maxLength={Limits.emailMax}
              value={emailAddress}
              onChange={(e) => setEmailAddress(e.currentTarget.value)}
              error={errors.emailAddress}
            />
            <Select
              label="Subject"
              data={CONTACT_SUBJECTS.map((s) => ({ value: s, label: contactSubjectLabels[s] }))}
              value={subject}
              onChange={(v) => setSubject((v as ContactSubject | null) ?? 'OTHER')}
              allowDeselect={false}
            />
            <Textarea
              id="contact-description"
              label="Message"
              required
              autosize
              minRows={5}
              maxLength={Limits.contactDescriptionMax}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={errors.description}
              description={`${description.length} / ${Limits.contactDescriptionMax}`}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={phase === 'error'} loading={false}>
                {phase === 'submitting' ? 'Submitting...' : 'Submit'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
