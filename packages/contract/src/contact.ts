import { z } from 'zod';
import { emailField, firstNameField, lastNameField } from './accounts';
import { Limits } from './limits';
import { textField } from './text';

export const CONTACT_SUBJECTS = ['SALES', 'FEEDBACK', 'SUPPORT', 'OTHER'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const contactSubjectLabels: Record<ContactSubject, string> = {
  SALES: 'Sales',
  FEEDBACK: 'Feedback',
  SUPPORT: 'Support',
  OTHER: 'Other',
};

/** The ?subject= query presets the subject only when it is one of the four (SPEC §5). */
export function subjectFromQuery(value: string | null | undefined): ContactSubject {
  return (CONTACT_SUBJECTS as readonly string[]).includes(value ?? '') ? (value as ContactSubject) : 'OTHER';
}

export const contactMessageBody = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  emailAddress: emailField(),
  // Optional: absent or null is OTHER (SPEC §5).
  contactUsSubject: z
    .enum(CONTACT_SUBJECTS, { error: 'Subject must be SALES, FEEDBACK, SUPPORT or OTHER' })
    .nullish()
    .transform((v) => v ?? 'OTHER'),
  description: textField('Description')
    .trim()
    .min(1, { error: 'Description is required' })
    .max(Limits.contactDescriptionMax, {
      error: `Description must be at most ${Limits.contactDescriptionMax} characters`,
    }),
});
export type ContactMessage = z.input<typeof contactMessageBody>;

/** Shown when sending a contact message fails (SPEC §8). */
export const contactFailureMessage = (email: string) =>
  `Something went wrong - please contact us directly at ${email}`;
