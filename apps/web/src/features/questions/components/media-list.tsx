import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { QuestionMediaType } from '@qbank/contract';
import { isVideo, type MediaEntry } from '../lib/media';

const PLACE: Record<QuestionMediaType, string> = { STEM: 'stem', EXPLANATION: 'explanation' };

/**
 * The images and videos attached to the stem or the explanation. Removing one marks it; it leaves the
 * question when the question is saved, and can be kept again until then.
 */
export function MediaList({
  entries,
  mediaType,
  onToggle,
}: {
  entries: MediaEntry[];
  mediaType: QuestionMediaType;
  onToggle: (key: string) => void;
}) {
  const mine = entries.filter((e) => e.mediaType === mediaType);
  if (mine.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Attached to the {PLACE[mediaType]}
      </Text>
      <Group gap="sm">
        {mine.map((e, i) => {
          const what = `${PLACE[mediaType]} ${isVideo(e.contentType) ? 'video' : 'image'} ${i + 1}`;
          return (
            <Paper key={e.key} withBorder p={6} w={140} style={{ opacity: e.removed ? 0.55 : 1 }}>
              {isVideo(e.contentType) ? (
                // biome-ignore lint/a11y/useMediaCaption: a question's own teaching video; captions are the author's to add
                <video src={e.url} controls preload="metadata" width="100%" aria-label={what} />
              ) : (
                <Image src={e.url} alt={what} h={80} fit="contain" />
              )}
              {e.removed && (
                <Text size="xs" fw={600} c="red.9">
                  Removed on save
                </Text>
              )}
              <Button
                size="compact-xs"
                variant="subtle"
                color={e.removed ? undefined : 'red.9'}
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
    </Stack>
  );
}
