import { Paper, Text, Title } from '@mantine/core';
import { type MediaEntry, shownMedia } from '../lib/media';
import type { QuestionFormValues } from '../lib/question-form';
import { QuestionView } from './question-view';

/** The editor's preview: the question being written, with the media it will show, as a learner sees it. */
export function QuestionPreview({ values, media }: { values: QuestionFormValues; media: MediaEntry[] }) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      id="question-preview"
      aria-labelledby="question-preview-heading"
    >
      <Title order={2} size="h4" id="question-preview-heading">
        Preview
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Exactly as a learner will see it.
      </Text>
      <QuestionView
        question={{
          ...values,
          stemMedia: shownMedia(media, 'STEM'),
          explanationMedia: shownMedia(media, 'EXPLANATION'),
        }}
      />
    </Paper>
  );
}
