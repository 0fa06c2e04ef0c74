import { Button, Group, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COMMENT_MAX } from '@qbank/contract';
import { Dialog } from '../../../components/dialog';
import { validateComment } from '../lib/comment';

/**
 * Sending a question back asks the auditor what needs to change: the comment is posted to the thread, then the
 * question moves to Needs revision.
 */
export function SendBackDialog({
  opened,
  loading,
  onClose,
  onSend,
}: {
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onSend: (comment: string) => Promise<void>;
}) {
  const form = useForm({ mode: 'controlled', initialValues: { body: '' }, validate: validateComment });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog opened={opened} onClose={close} title="Send back for revision">
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ body }) => {
          await onSend(body.trim());
          form.reset();
        })}
      >
        <Text size="sm" mb="sm">
          The writer sees your comment in the question's thread.
        </Text>
        <Textarea
          label="What needs to change?"
          required
          autosize
          minRows={3}
          maxLength={COMMENT_MAX}
          data-autofocus
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Send back for revision
          </Button>
        </Group>
      </form>
    </Dialog>
  );
}
