import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import type { ListDensity } from '@dnx/shared';
import { Alert, Button, Checkbox, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DensityChoice } from './density-choice';

export interface ColumnSettingsProps {
  columns: readonly { key: string; title: string }[];
  shown: readonly string[];
  defaults: readonly string[];
  density: ListDensity;
  fromView: boolean;
  /** The new columns (null: the list's defaults) and density. */
  onChange: (columns: string[] | null, density: ListDensity) => void;
  onDensity: (density: ListDensity) => void;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * "Sütunlar": a drawer to show, hide and reorder a list's columns (buttons, so the keyboard does all of it), go back
 * to the defaults, and choose the density. Each change is saved at once.
 */
export function ColumnSettings(props: ColumnSettingsProps) {
  const { columns, shown, defaults, density, fromView, onChange, onDensity } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleOf = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
  // The shown columns in their order, then the hidden ones in the list's order.
  const ordered = [...shown, ...columns.map((c) => c.key).filter((k) => !shown.includes(k))];

  const save = (next: string[]) => onChange(sameList(next, defaults) ? null : next, density);
  const toggle = (key: string, checked: boolean) => {
    const next = checked ? ordered.filter((k) => k === key || shown.includes(k)) : shown.filter((k) => k !== key);
    if (next.length > 0) save(next);
  };
  const move = (key: string, by: -1 | 1) => {
    const next = [...shown];
    const at = next.indexOf(key);
    const to = at + by;
    if (at < 0 || to < 0 || to >= next.length) return;
    [next[at], next[to]] = [next[to]!, next[at]!];
    save(next);
  };

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="column-settings">
        {t('views.columns')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('views.settingsTitle')}
        size={380}
        data-testid="column-settings-drawer"
        footer={
          <Flex justify="space-between">
            <Button
              onClick={() => onChange(null, density)}
              disabled={!fromView && sameList(shown, defaults)}
              data-testid="column-settings-reset"
            >
              {t('views.reset')}
            </Button>
            <Button type="primary" onClick={() => setOpen(false)}>
              {t('views.close')}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={16}>
          <DensityChoice density={density} onDensity={onDensity} />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('views.settingsHelp')}
          </Typography.Paragraph>
          {fromView && <Alert type="info" showIcon message={t('views.fromView')} />}
          <ul aria-label={t('views.columnList')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {ordered.map((key) => {
              const visible = shown.includes(key);
              const index = shown.indexOf(key);
              const name = titleOf(key);
              return (
                <li key={key} data-testid={`column-setting-${key}`}>
                  <Flex align="center" justify="space-between" gap={8} style={{ padding: '4px 0' }}>
                    <Checkbox
                      checked={visible}
                      disabled={visible && shown.length === 1}
                      onChange={(e) => toggle(key, e.target.checked)}
                    >
                      {name}
                    </Checkbox>
                    <Flex gap={4}>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('views.moveUp', { name })}
                        disabled={!visible || index === 0}
                        onClick={() => move(key, -1)}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('views.moveDown', { name })}
                        disabled={!visible || index === shown.length - 1}
                        onClick={() => move(key, 1)}
                      />
                    </Flex>
                  </Flex>
                </li>
              );
            })}
          </ul>
        </Flex>
      </Drawer>
    </>
  );
}
