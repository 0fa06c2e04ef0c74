import { schemaResolver } from '@mantine/form';
import { commentInput } from '@qbank/contract';

const check = schemaResolver(commentInput, { sync: true });

/** The contract's comment rules, with an empty comment told in people's words rather than the field's name. */
export function validateComment(values: { body: string }) {
  const errors = check(values);
  if (errors.body && values.body.trim() === '') errors.body = 'Write a comment first';
  return errors;
}
