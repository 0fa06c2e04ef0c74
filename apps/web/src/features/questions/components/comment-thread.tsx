import { Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COMMENT_MAX } from '@qbank/contract';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { useAddComment, useComments } from '../api/questions';
import { validateComment } from '../lib/comment';
import { formatTime, personName } from '../lib/format';
import { showQuestionFieldError } from '../lib/server-errors';

/** The review thread, oldest first, each comment with its author, time and the version it was about. */
export function CommentThread({ questionId }: { questionId: string }) {
  const comments = useComments(questionId);
  const add = useAddComment(questionId);
  const form = useForm({ mode: 'controlled', initialValues: { body: '' }, validate: validateComment });
  const submit = form.onSubmit(async ({ body }) => {
    try {
      await add.mutateAsync(body.trim());
      form.reset();
    } catch (e) {
      if (!showQuestionFieldError(form, e)) form.setFieldError('body', formErrorMessage(e));
    }
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="comments-heading">
      <Title order={2} size="h3" id="comments-heading">
        Comments
      </Title>
      <QueryState
        query={comments}
        label="Loading the comments"
        skeleton={<Skeleton height={60} />}
        errorTitle="The comments could not be loaded"
        empty={{
          when: (list) => list.length === 0,
          message: 'No comments yet. Auditors and writers talk about the question here.',
        }}
      >
        {(list) => (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((c) => (
              <Paper component="li" key={c.uuid} withBorder p="sm">
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {personName(c.author)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <time dateTime={c.createdAt}>{formatTime(c.createdAt)}</time> · on version{' '}
                    {c.versionNumber}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.body}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      <form onSubmit={submit} noValidate>
        <Textarea
          label="Add a comment"
          autosize
          minRows={2}
          maxLength={COMMENT_MAX}
          {...form.getInputProps('body')}
        />
        <Button type="submit" mt="xs" variant="default" loading={add.isPending}>
          Post comment
        </Button>
      </form>
    </Stack>
  );
}
