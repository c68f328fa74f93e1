import { Modal, type ButtonProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The question before leaving a changed form: a modal dialog with "Səhifədə qal" focused (Escape gives it too) and
 * "Çıx, dəyişikliklər itsin" in danger red. Loaded only when a move is held back (the first screen's JS budget).
 */
export default function UnsavedChangesDialog({ onSettle }: { onSettle: (leave: boolean) => void }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const settleRef = useRef(onSettle);
  useEffect(() => {
    settleRef.current = onSettle;
  });
  useEffect(() => {
    let settled = false;
    const settle = (leave: boolean) => {
      if (settled) return;
      settled = true;
      settleRef.current(leave);
    };
    const dialog = modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.text'),
      okText: t('unsaved.leave'),
      okButtonProps: { danger: true, 'data-testid': 'unsaved-leave' } as ButtonProps,
      cancelText: t('unsaved.stay'),
      cancelButtonProps: { 'data-testid': 'unsaved-stay' } as ButtonProps,
      autoFocusButton: 'cancel',
      onOk: () => settle(true),
      onCancel: () => settle(false),
      afterClose: () => settle(false),
    });
    return () => {
      settled = true;
      dialog.destroy();
    };
  }, [modal, t]);
  return holder;
}
