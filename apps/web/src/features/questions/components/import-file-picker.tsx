import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IMPORT_FORMATS_TEXT, IMPORT_MAX_BYTES } from '@qbank/contract';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconFileImport from '@tabler/icons-react/dist/esm/icons/IconFileImport.mjs';
import { useId, useRef, useState } from 'react';
import { downloads } from '../lib/import-flow';
import { formatSize } from '../lib/media';

/** What the file dialog offers; the server still reads the format from the name, then the content. */
const ACCEPT = '.xml,.gift,.txt,.csv,.xlsx,.zip';

function fileProblem(file: File): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > IMPORT_MAX_BYTES)
    return `${file.name} is ${formatSize(file.size)}; a question file may be at most ${formatSize(IMPORT_MAX_BYTES)}. Split it into smaller files.`;
  return null;
}

/**
 * The first step: one question file, dropped or chosen, with the formats read and the templates to start from.
 * The drop area is not itself a control (it would hold the dialog's input); its button is.
 */
export function ImportFilePicker({
  productId,
  onFile,
  uploading,
  error,
}: {
  /** The product imported into: its templates file their examples in its own tree. */
  productId: string;
  onFile: (file: File) => void;
  /** The file being uploaded now, if any. */
  uploading: File | null;
  /** Why the server refused the last file. */
  error: string | null;
}) {
  const open = useRef<() => void>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const take = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const why = files.length > 1 ? 'Drop one file at a time.' : fileProblem(file);
    setProblem(why);
    if (!why) onFile(file);
  };
  const shown = problem ?? error;
  return (
    <Stack gap="md">
      <Dropzone
        onDrop={take}
        onReject={(rejected) => take(rejected.map((r) => r.file))}
        openRef={open}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        multiple={false}
        loading={uploading !== null}
        inputProps={{ accept: ACCEPT }}
        p="xl"
      >
        <Stack align="center" gap="xs" ta="center">
          <IconFileImport size={40} stroke={1.5} aria-hidden />
          <Text fw={600}>Drop a question file here</Text>
          <Button onClick={() => open.current?.()} aria-describedby={hintId} disabled={uploading !== null}>
            Choose a file
          </Button>
          <Text size="sm" c="dimmed" id={hintId} maw={480}>
            {IMPORT_FORMATS_TEXT}, up to {formatSize(IMPORT_MAX_BYTES)}. Nothing is imported until you have
            seen what the file holds.
          </Text>
        </Stack>
      </Dropzone>
      <Text role="status" size="sm">
        {uploading ? `Uploading ${uploading.name}…` : ''}
      </Text>
      {shown && (
        <Alert color="red" role="alert" title="This file cannot be read">
          {shown}
        </Alert>
      )}
      <div>
        <Text size="sm" fw={600}>
          Starting from scratch?
        </Text>
        <Text size="sm">
          Fill in a template: a header row and two example questions, filed in a place of your subject tree.
        </Text>
        <Group gap="md" mt={4}>
          <Anchor href={downloads.csvTemplate(productId)} download size="sm">
            <IconDownload size={14} aria-hidden /> Download the CSV template
          </Anchor>
          <Anchor href={downloads.xlsxTemplate(productId)} download size="sm">
            <IconDownload size={14} aria-hidden /> Download the Excel template
          </Anchor>
        </Group>
      </div>
    </Stack>
  );
}
