import { Image, SimpleGrid } from '@mantine/core';

const isVideo = (contentType: string) => contentType.startsWith('video/');

/** Images and videos attached to a stem or an explanation, as a learner sees them below its text. */
export function AttachedMedia({
  items,
  label,
}: {
  /** `alt`: a text for the item when there is a better one than "{label} image N" (a picked file's name). */
  items: readonly { url: string; contentType: string; alt?: string }[];
  label: string;
}) {
  if (items.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {items.map((m, i) => {
        const fromName = m.alt ?? '';
        return isVideo(m.contentType) ? (
          // biome-ignore lint/a11y/useMediaCaption: a question's own teaching video; captions are the author's to add
          <video
            key={m.url}
            src={m.url}
            controls
            preload="metadata"
            style={{ maxWidth: '100%' }}
            aria-label={fromName || `${label} video ${i + 1}`}
          />
        ) : (
          <Image key={m.url} src={m.url} alt={fromName || `${label} image ${i + 1}`} radius="sm" maw="100%" />
        );
      })}
    </SimpleGrid>
  );
}
