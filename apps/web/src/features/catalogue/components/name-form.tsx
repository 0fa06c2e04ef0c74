import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CATALOGUE_NAME_MAX, catalogueCreateBody } from '@qbank/contract';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { nameErrorOf } from '../lib/errors';

/** The contract's rule for a name (trimmed, 1-200 characters, one line): the form and the server agree. */
const validate = schemaResolver(catalogueCreateBody, { sync: true });

/**
 * A name typed in place: a new node's (a labelled field with Add and Cancel) or a rename (the row's own field
 * with Save and Cancel icons). Enter saves, Escape cancels. A refusal about the name (taken among the siblings,
 * too long) lands on the field; any other failure below it.
 */
export function NameForm({
  variant,
  label,
  initialName = '',
  initialError,
  onSave,
  onCancel,
}: {
  variant: 'add' | 'rename';
  label: string;
  initialName?: string;
  initialError?: string;
  /** For a new node resolves once it exists; a rename returns at once (it shows before the server answers). */
  onSave: (name: string) => Promise<void> | void;
  onCancel: () => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initialName },
    initialErrors: initialError ? { name: initialError } : {},
    validate,
  });
  const input = useRef<HTMLInputElement>(null);
  // The field takes the focus when it opens: it opened because someone asked to type a name.
  useEffect(() => {
    input.current?.focus();
    if (variant === 'rename') input.current?.select();
  }, [variant]);

  const {
    submit,
    pending: saving,
    error: failure,
  } = useFormSubmit(form, onSave, {
    variables: ({ name }) => name.trim(),
    onSuccess: () => {
      if (variant !== 'add') return;
      form.reset();
      input.current?.focus();
    },
    onFieldError: () => input.current?.focus(),
    // A taken name (409) is the field's too.
    onError: (e) => {
      input.current?.focus();
      const onField = nameErrorOf(e);
      if (onField) form.setFieldError('name', onField);
      return !!onField;
    },
  });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onCancel();
  };

  const field = (
    <TextInput
      label={variant === 'add' ? label : undefined}
      aria-label={variant === 'rename' ? label : undefined}
      maxLength={CATALOGUE_NAME_MAX}
      autoComplete="off"
      onKeyDown={onKeyDown}
      size={variant === 'rename' ? 'xs' : 'sm'}
      style={{ flex: '1 1 12rem', minWidth: 0 }}
      key={form.key('name')}
      {...form.getInputProps('name')}
      ref={input}
    />
  );

  return (
    <form onSubmit={submit} noValidate style={{ flex: 1, minWidth: 0 }}>
      {variant === 'add' ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          {field}
          <Group gap="xs" wrap="nowrap">
            <Button type="submit" size="sm" loading={saving}>
              Add
            </Button>
            <Button variant="default" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Group>
      ) : (
        <Group gap={4} align="flex-start" wrap="nowrap">
          {field}
          <ActionIcon type="submit" size="md" variant="light" aria-label="Save name" loading={saving}>
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon size="md" variant="subtle" color="gray" aria-label="Cancel renaming" onClick={onCancel}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      {failure && (
        <Text size="sm" c="red.9" role="alert" mt={4}>
          {failure}
        </Text>
      )}
    </form>
  );
}
