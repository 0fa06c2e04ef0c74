import { Alert, Badge, Button, Group, Image, List, Paper, Stack, Text } from '@mantine/core';
import type { QuestionMediaType } from '@qbank/contract';
import { useState } from 'react';
import { isVideo, type MediaEntry, mediaFileProblem } from '../lib/media';
import { MediaPicker } from './media-picker';

const PLACE: Record<QuestionMediaType, string> = { STEM: 'stem', EXPLANATION: 'explanation' };

/**
 * The images and videos of the stem or the explanation, and the control that adds more. A file added here is
 * marked new and shown from memory; it is uploaded when the question is saved. Removing a stored one marks it;
 * it leaves the question on save and can be kept again until then.
 */
export function MediaList({
  entries,
  mediaType,
  onAdd,
  onToggle,
}: {
  entries: MediaEntry[];
  mediaType: QuestionMediaType;
  onAdd: (files: File[]) => void;
  onToggle: (key: string) => void;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const mine = entries.filter((e) => e.mediaType === mediaType);
  const place = PLACE[mediaType];
  const pick = (files: File[]) => {
    const refused = files.map(mediaFileProblem).filter((p): p is string => p !== null);
    setProblems(refused);
    const taken = files.filter((f) => mediaFileProblem(f) === null);
    if (taken.length) onAdd(taken);
  };
  return (
    <Stack gap={6}>
      {mine.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            Images and videos with the {place}
          </Text>
          <Group gap="sm" align="stretch">
            {mine.map((e, i) => {
              const what = `${place} ${isVideo(e.contentType) ? 'video' : 'image'} ${i + 1}`;
              return (
                <Paper key={e.key} withBorder p={6} w={140} style={{ opacity: e.removed ? 0.55 : 1 }}>
                  {isVideo(e.contentType) ? (
                    // biome-ignore lint/a11y/useMediaCaption: a question's own teaching video; captions are the author's to add
                    <video src={e.url} controls preload="metadata" width="100%" aria-label={what} />
                  ) : (
                    <Image src={e.url} alt={what} h={80} fit="contain" />
                  )}
                  {e.name && (
                    <Text size="xs" truncate="end" title={e.name}>
                      {e.name}
                    </Text>
                  )}
                  {e.origin === 'new' && (
                    <Group gap={4} mt={2}>
                      <Badge size="xs" color="blue.8">
                        New
                      </Badge>
                      <Text size="xs" c="dimmed">
                        Uploads on save
                      </Text>
                    </Group>
                  )}
                  {e.removed && (
                    <Text size="xs" fw={600} c="red.9">
                      Removed on save
                    </Text>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color={e.removed ? undefined : 'red'}
                    // The subtle variant's red text is below 4.5:1 on white at this size; red.9 passes.
                    c={e.removed ? undefined : 'red.9'}
                    mt={4}
                    aria-label={e.removed ? `Keep ${what}` : `Remove ${what}`}
                    onClick={() => onToggle(e.key)}
                  >
                    {e.removed ? 'Keep' : 'Remove'}
                  </Button>
                </Paper>
              );
            })}
          </Group>
        </>
      )}
      <MediaPicker place={place} onFiles={pick} />
      {problems.length > 0 && (
        <Alert color="red" role="alert" title="Not added" p="xs">
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
