import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { PROBLEM_REPORT_MAX } from '@qbank/contract';
import IconMessageReport from '@tabler/icons-react/dist/esm/icons/IconMessageReport.mjs';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useReportProblem } from '../../questions/api/problem-reports';
import { problemReportError } from '../lib/problem-report';

/** The dialog's form; a new one for every opening. */
function ReportForm({ questionId, onClose }: { questionId: string; onClose: () => void }) {
  const send = useReportProblem();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const counterId = useId();
  if (send.isSuccess)
    return (
      <>
        <Text role="status">
          Thank you. Your report was sent to the people who write and review this question.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </>
    );
  const failed =
    send.isError && !(send.error instanceof HttpError && send.error.field === 'body')
      ? formErrorMessage(send.error)
      : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const invalid = problemReportError(body);
        setError(invalid);
        if (invalid) return;
        send.mutate(
          { questionId, body: body.trim() },
          {
            onError: (e) => {
              if (e instanceof HttpError && e.field === 'body') setError(e.serverMessage);
            },
          },
        );
      }}
    >
      <Textarea
        label="What is wrong with this question?"
        description="A wrong answer key, a typo, a missing image… Your name is not shown to its authors."
        required
        autosize
        minRows={4}
        maxRows={10}
        maxLength={PROBLEM_REPORT_MAX}
        value={body}
        error={error}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          if (error) setError(null);
        }}
        aria-describedby={counterId}
        data-autofocus
      />
      <Text id={counterId} size="xs" c="dimmed" ta="right" mt={4}>
        {body.length} of {PROBLEM_REPORT_MAX} characters
      </Text>
      {failed && (
        <Alert color="red" title="The report was not sent" mt="sm">
          {failed}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={send.isPending}>
          Send report
        </Button>
      </Group>
    </form>
  );
}

/**
 * "Report a problem": a dialog where the learner says what is wrong with a question of their test; it reaches
 * the question's writer and auditors as a comment they resolve (decision 0029).
 */
export function ReportProblemButton({ questionId, label }: { questionId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessageReport size={16} aria-hidden />}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Report a problem
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title="Report a problem with this question">
        {open && <ReportForm key={questionId} questionId={questionId} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
