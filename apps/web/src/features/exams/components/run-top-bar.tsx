import { ActionIcon, Box, Button, Group, Menu, Paper, Text, Title, Tooltip } from '@mantine/core';
import type { TestMode } from '@qbank/contract';
import IconDots from '@tabler/icons-react/dist/esm/icons/IconDots.mjs';
import IconKeyboard from '@tabler/icons-react/dist/esm/icons/IconKeyboard.mjs';
import IconLayoutGrid from '@tabler/icons-react/dist/esm/icons/IconLayoutGrid.mjs';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import IconPlayerPause from '@tabler/icons-react/dist/esm/icons/IconPlayerPause.mjs';
import type { LocalClock } from '../lib/clock';
import { RunTimer } from './run-timer';

/**
 * The exam screen's one bar (the shell's header is hidden here): the test, the clock, suspend, the navigator on
 * narrow screens, a menu with the shortcuts and Sign out, and End test.
 */
export function RunTopBar({
  name,
  mode,
  clock,
  pausing,
  canPause,
  onExpired,
  onPause,
  onEnd,
  onHelp,
  onSignOut,
  onOpenNavigator,
}: {
  name: string;
  mode: TestMode;
  clock: LocalClock;
  pausing: boolean;
  canPause: boolean;
  onExpired: () => void;
  onPause: () => void;
  onEnd: () => void;
  onHelp: () => void;
  onSignOut: () => void;
  onOpenNavigator: () => void;
}) {
  return (
    <Paper
      withBorder
      radius={0}
      px={{ base: 'xs', sm: 'md' }}
      py="xs"
      style={{ position: 'sticky', top: 0, zIndex: 100, borderTop: 0, borderLeft: 0, borderRight: 0 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            hiddenFrom="md"
            variant="default"
            size="lg"
            aria-label="Questions"
            onClick={onOpenNavigator}
          >
            <IconLayoutGrid size={18} aria-hidden />
          </ActionIcon>
          <Box style={{ minWidth: 0 }}>
            <Title order={1} size="h5" lineClamp={1} title={name} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="xs" c="dimmed">
              {mode === 'TUTOR' ? 'Tutor mode' : 'Timed mode'}
            </Text>
          </Box>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <RunTimer clock={clock} onExpired={onExpired} />
          <Tooltip label="Suspend: stop the clock and leave; resume from the dashboard">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Suspend test"
              onClick={onPause}
              loading={pausing}
              disabled={!canPause}
            >
              <IconPlayerPause size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="More">
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconKeyboard size={16} aria-hidden />} onClick={onHelp}>
                Keyboard shortcuts
              </Menu.Item>
              <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
                Sign out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button size="sm" px="sm" color="red.9" onClick={onEnd}>
            End test
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
