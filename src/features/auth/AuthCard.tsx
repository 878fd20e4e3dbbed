import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The card every account screen sits in on the simple layout. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}
