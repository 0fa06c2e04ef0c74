import { Button, Skeleton, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COMMENT_MAX } from '@qbank/contract';
import { QueryState } from '../../../components/query-state';
import { formErrorMessage } from '../../../lib/form-errors';
import { useAddComment, useComments } from '../api/questions';
import { validateComment } from '../lib/comment';
import { showQuestionFieldError } from '../lib/server-errors';
import { CommentItem } from './comment-item';

/**
 * The review thread, oldest first, each comment with its author, time and the version it was about; learners'
 * problem reports among them (comment-item.tsx).
 */
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
              <CommentItem key={c.uuid} c={c} questionId={questionId} />
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
