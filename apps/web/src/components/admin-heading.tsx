import { Anchor, Group, Text, Title } from '@mantine/core';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { Link } from 'react-router';

/** The head of a page under Admin: the way back to Admin, the page's heading and the QBank it is about. */
export function AdminHeading({ title, productName }: { title: string; productName?: string | undefined }) {
  return (
    <>
      <Anchor component={Link} to="/admin" size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Admin
        </Group>
      </Anchor>
      <div>
        <Title order={1}>{title}</Title>
        {productName && (
          <Text c="dimmed" size="sm">
            {productName}
          </Text>
        )}
      </div>
    </>
  );
}
