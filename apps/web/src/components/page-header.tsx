import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The title row every screen starts with, and room for its actions. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex className="page-header" align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
