import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { busRouteMessages } from '@dnx/shared';
import { Button, Flex, Form, Input, Typography, type FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RoutePointItemProps {
  field: FormListFieldData;
  index: number;
  /** How many stops the list has. */
  count: number;
  /** "the 2nd stop": names its fields for assistive technology. */
  label: string;
  /** The stop's name as typed, or "unnamed". */
  name: string;
  readOnly: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One stop of the list: its name and coordinates, and the buttons that move it up or down and remove it. */
export function RoutePointItem({ field, index, count, label, name, readOnly, onMove, onRemove }: RoutePointItemProps) {
  const { t } = useTranslation();
  return (
    <li data-testid={`route-point-${index}`} style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
      <Flex gap={8} align="start" wrap>
        <Typography.Text strong style={{ minWidth: 24, paddingTop: 5 }} aria-hidden>
          {index + 1}.
        </Typography.Text>
        <Form.Item
          name={[field.name, 'name']}
          rules={[{ required: true, whitespace: true, message: busRouteMessages.pointNameRequired }]}
          style={{ flex: '2 1 180px', marginBottom: 8 }}
        >
          <Input aria-label={`${label}: ${t('busRoutes.points.name')}`} maxLength={200} />
        </Form.Item>
        <Form.Item name={[field.name, 'lat']} style={{ flex: '1 1 100px', marginBottom: 8 }}>
          <Input
            aria-label={`${label}: ${t('busRoutes.points.lat')}`}
            placeholder={t('busRoutes.points.lat')}
            inputMode="decimal"
            maxLength={12}
          />
        </Form.Item>
        <Form.Item name={[field.name, 'lng']} style={{ flex: '1 1 100px', marginBottom: 8 }}>
          <Input
            aria-label={`${label}: ${t('busRoutes.points.lng')}`}
            placeholder={t('busRoutes.points.lng')}
            inputMode="decimal"
            maxLength={12}
          />
        </Form.Item>
        {!readOnly && (
          <Flex gap={4} style={{ marginBottom: 8 }}>
            <Button
              id={`route-point-${index}-up`}
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={t('busRoutes.points.upLabel', { name })}
              title={t('busRoutes.points.up')}
              data-testid={`route-point-${index}-up`}
            />
            <Button
              id={`route-point-${index}-down`}
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={t('busRoutes.points.downLabel', { name })}
              title={t('busRoutes.points.down')}
              data-testid={`route-point-${index}-down`}
            />
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={onRemove}
              id={`route-point-${index}-remove`}
              aria-label={t('busRoutes.points.removeLabel', { name })}
              title={t('busRoutes.points.remove')}
              data-testid={`route-point-${index}-remove`}
            />
          </Flex>
        )}
      </Flex>
    </li>
  );
}
