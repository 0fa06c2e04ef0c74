import { Box, Button, Text } from '@mantine/core';
import IconShare from '@tabler/icons-react/dist/esm/icons/IconShare.mjs';
import { useEffect, useRef, useState } from 'react';

/** SPEC §9: the 'Link copied' notice lasts 2 s. */
export const LINK_COPIED_MS = 2000;

/** The product page's Share link button: copies the page's address and says 'Link copied' for 2 s (SPEC §2). */
export function ShareLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      // Clipboard refused (insecure context): the address bar still has the link.
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
  };
  // The confirmation floats above the button like a tooltip, in the page's top padding, so the button never
  // moves; the live region itself stays in the page so that screen readers hear it.
  return (
    <Box pos="relative">
      <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={copy}>
        Share link
      </Button>
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        pos="absolute"
        bottom="calc(100% + 4px)"
        right={0}
        style={{ zIndex: 10, whiteSpace: 'nowrap', pointerEvents: 'none' }}
        {...(copied && { bg: 'dark.7', c: 'white', px: 'xs', py: 2, bdrs: 'sm', fw: 500 })}
      >
        {copied ? 'Link copied' : ''}
      </Text>
    </Box>
  );
}
