import { Button, Menu } from '@mantine/core';
import { EXPORT_FORMATS, type QuestionStatus, STATUS_LABELS } from '@qbank/contract';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import { downloads, EXPORT_LABELS } from '../lib/import-flow';

/**
 * "Export": the questions of the status tab open now (all but deleted on All) as a download, in each format
 * the server writes. The server decides whose: a writer's own, every question for auditors and admins.
 */
// In the page, not a portal: the dropdown stays inside the main landmark (axe), as the user menu does.
export function ExportMenu({ productId, status }: { productId: string; status: QuestionStatus | null }) {
  return (
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {status ? `${STATUS_LABELS[status]} questions as` : 'All questions but deleted, as'}
        </Menu.Label>
        {EXPORT_FORMATS.map((f) => (
          <Menu.Item key={f} component="a" href={downloads.exportBank(productId, f, status)} download>
            {EXPORT_LABELS[f]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
