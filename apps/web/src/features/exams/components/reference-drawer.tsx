import { Button, Drawer } from '@mantine/core';
import IconTable from '@tabler/icons-react/dist/esm/icons/IconTable.mjs';
import { useState } from 'react';
import { RichTextView } from '../../../components/rich-text-view';
import { useProductReference } from '../../catalogue/api/reference';
import { TextScale } from './font-size-control';
import classes from './reference-drawer.module.css';

/**
 * "Reference": the bank's reference panel (lab values, tables) in a drawer at the side, in the learner's text
 * size. No button while the bank has none (or while it loads, or when it could not be loaded: the test goes on
 * without it).
 */
export function ReferenceButton({ productUuid }: { productUuid: string }) {
  const reference = useProductReference(productUuid);
  const [open, setOpen] = useState(false);
  const html = reference.data?.html ?? '';
  if (html === '') return null;
  return (
    <>
      <Button
        variant={open ? 'light' : 'default'}
        leftSection={<IconTable size={16} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Reference
      </Button>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        size="lg"
        title="Reference"
        closeButtonProps={{ 'aria-label': 'Close the reference' }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <TextScale>
          <RichTextView html={html} className={classes.reference} />
        </TextScale>
      </Drawer>
    </>
  );
}
