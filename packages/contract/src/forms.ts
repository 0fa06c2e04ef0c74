import { z } from 'zod';
import { emailField, firstNameField, lastNameField, passwordField } from './accounts';

/**
 * The web forms' own shapes where a form's fields are not the request body's: built from the same field rules,
 * so the browser refuses exactly what the server would.
 */

/** The registration screen (SPEC §2): the e-mail is `email` on the form and `username` in the request. */
export const registrationForm = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField('Email'),
});

/** Streamlined and complete registration add the password (SPEC §5). */
export const registrationFormWithPassword = registrationForm.extend({ password: passwordField() });

/** Whether a password passes the rules of every password field (at least 8 characters, SPEC §9). */
export const isValidPassword = (password: string): boolean => passwordField().safeParse(password).success;
