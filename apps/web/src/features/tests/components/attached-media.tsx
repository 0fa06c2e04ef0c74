import { Image, SimpleGrid } from '@mantine/core';

const isVideo = (contentType: string) => contentType.startsWith('video/');

/** Images and videos attached to a stem or an explanation, below its text. */
export function AttachedMedia({
  items,
  label,
}: {
  items: readonly { url: string; contentType: string }[];
  label: string;
}) {
  if (items.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {items.map((m, i) =>
        isVideo(m.contentType) ? (
          // biome-ignore lint/a11y/useMediaCaption: a question's own teaching video; captions are the author's to add
          <video
            key={m.url}
            src={m.url}
            controls
            preload="metadata"
            style={{ maxWidth: '100%' }}
            aria-label={`${label} video ${i + 1}`}
          />
        ) : (
          <Image key={m.url} src={m.url} alt={`${label} image ${i + 1}`} radius="sm" maw="100%" />
        ),
      )}
    </SimpleGrid>
  );
}
