import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { useAuth } from '../../accounts/api/auth';
import { useSetActiveProduct } from '../../subscriptions/api/subscriptions';

/** Handles a user-menu choice; an unexpected key is logged as a warning (SPEC §8). */
export function menuAction(key: string, actions: Record<string, () => void>): void {
  const action = actions[key];
  if (action) action();
  else console.warn(`Unexpected menu key: ${key}`);
}

interface Props {
  /** Signs out; the caller decides where the visitor goes next. */
  onLogout(): void;
  /** A Dashboard item first: the public pages have no sidebar to go back with. */
  withDashboard?: boolean;
  /** Hides Visit Store, as on the store itself. */
  hideStore?: boolean;
  /** The active product's DROPDOWN_BUTTON and DROPDOWN_BUTTON_TEXT colours (SPEC §3). */
  buttonBackground?: string;
  buttonColor?: string;
}

/**
 * The signed-in user's menu (SPEC §2), the same in the app shell and on the public pages: the username and
 * active product, Change active product (with more than one active subscription), Visit Store, Account
 * Settings, Logout. The trigger shows the username with a chevron.
 */
export function UserMenu({ onLogout, withDashboard, hideStore, buttonBackground, buttonColor }: Props) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const setActiveProduct = useSetActiveProduct();
  if (!user) return null;
  const active = activeSubscription(user);
  const activeSubs = user.subscriptions.filter((s) => s.active);
  const others = activeSubs.filter((s) => s.subscriptionUuid !== active?.subscriptionUuid);

  const choose = (key: string) =>
    menuAction(key, {
      dashboard: () => navigate('/dashboard'),
      store: () => navigate('/store'),
      settings: () => navigate('/account'),
      logout: onLogout,
    });
  const changeProduct = (productUuid: string, name: string) =>
    setActiveProduct.mutate(
      { userUuid: user.uuid, productUuid },
      {
        onSuccess: () => navigate('/dashboard'), // SPEC §2: changing the active product goes to /dashboard
        onError: (e) => notifyError(`Could not change the active product to ${name}`, e),
      },
    );

  return (
    // In the header's landmark, and without Mantine's focus placeholder (not a menu item).
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          aria-label="User menu"
          px="sm"
          py={6}
          style={{
            borderRadius: 6,
            background: buttonBackground ?? 'var(--mantine-color-gray-1)',
            color: buttonColor ?? 'inherit',
            minWidth: 0,
          }}
        >
          <Group gap={6} wrap="nowrap">
            {/* Narrower on phones, so the header keeps room for the product name. */}
            <Text size="sm" fw={600} truncate="end" maw={{ base: 110, sm: 180 }}>
              {user.username}
            </Text>
            <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The dropdown is as wide as its widest item: a long unbroken address wraps instead. */}
        <Menu.Label maw="min(320px, calc(100vw - 32px))" style={{ overflowWrap: 'anywhere' }}>
          {user.username}
          {active ? ` · ${active.product.name}` : ''}
        </Menu.Label>
        {activeSubs.length > 1 && (
          <>
            <Menu.Label>Change active product</Menu.Label>
            {others.map((s) => (
              <Menu.Item
                key={s.subscriptionUuid}
                onClick={() => changeProduct(s.product.uuid, s.product.name)}
              >
                {s.product.name}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        {withDashboard && <Menu.Item onClick={() => choose('dashboard')}>Dashboard</Menu.Item>}
        {!hideStore && <Menu.Item onClick={() => choose('store')}>Visit Store</Menu.Item>}
        <Menu.Item onClick={() => choose('settings')}>Account Settings</Menu.Item>
        <Menu.Item onClick={() => choose('logout')}>Logout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
