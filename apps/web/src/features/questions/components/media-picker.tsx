import '@mantine/dropzone/styles.css';
import { Button, Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import IconPhotoPlus from '@tabler/icons-react/dist/esm/icons/IconPhotoPlus.mjs';
import { useId, useRef } from 'react';
import { MEDIA_ACCEPT } from '../lib/media';

/**
 * "Add image or video": a button that opens the file dialog, in an area files can be dropped on. The area
 * itself is not a control (a button may not hold another); the button is what the keyboard reaches. It hands
 * over every file picked or dropped; the caller checks them, so a refusal always says why in our words.
 */
export function MediaPicker({ place, onFiles }: { place: string; onFiles: (files: File[]) => void }) {
  const hintId = useId();
  const open = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={onFiles}
      onReject={(rejected) => onFiles(rejected.map((r) => r.file))}
      openRef={open}
      activateOnClick={false}
      activateOnKeyboard={false}
      enablePointerEvents
      multiple
      inputProps={{ accept: MEDIA_ACCEPT }}
      p="sm"
    >
      <Group gap="sm" wrap="nowrap">
        <IconPhotoPlus size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
        <div>
          <Button
            variant="default"
            size="xs"
            aria-label={`Add image or video to the ${place}`}
            aria-describedby={hintId}
            onClick={() => open.current?.()}
          >
            Add image or video
          </Button>
          <Text size="xs" c="dimmed" id={hintId} mt={4}>
            Or drop files here. PNG, JPEG, GIF or WebP images up to 10 MB; MP4 or WebM videos up to 200 MB.
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}
