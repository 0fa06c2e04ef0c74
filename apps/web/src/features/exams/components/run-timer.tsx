import { Group, Text } from '@mantine/core';
import IconClock from '@tabler/icons-react/dist/esm/icons/IconClock.mjs';
import { useEffect, useState } from 'react';
import { formatClock, formatDuration, type LocalClock, remainingAt, usedAt } from '../lib/clock';

/** Below this many seconds left the countdown turns red. */
const LOW_SECONDS = 60;

/**
 * Timed mode's countdown or tutor mode's elapsed time, counting on from the server's clock as last heard (each
 * answer from the server sets it right). Ticks on its own, so the rest of the screen does not redraw each second.
 */
export function RunTimer({ clock, onExpired }: { clock: LocalClock; onExpired: () => void }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    setNow(performance.now());
    if (clock.status !== 'IN_PROGRESS') return;
    const timer = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(timer);
  }, [clock]);
  const remaining = remainingAt(clock, now);
  const expired = remaining === 0 && clock.status === 'IN_PROGRESS';
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const seconds = remaining ?? usedAt(clock, now);
  const label = remaining === null ? 'Time used' : 'Time left';
  const low = remaining !== null && remaining <= LOW_SECONDS;
  return (
    <Group gap={4} wrap="nowrap" role="timer" aria-label={`${label}: ${formatDuration(seconds)}`}>
      <IconClock size={18} aria-hidden />
      <Text
        fw={700}
        c={low ? 'red.9' : undefined}
        ff="monospace"
        aria-hidden
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatClock(seconds)}
      </Text>
    </Group>
  );
}
