import { Modal, type ButtonProps } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusHeadingIfOpenerLost } from '../lib/page-focus';

export interface DeleteConfirmation {
  title: ReactNode;
  content: ReactNode;
  /** The delete; the dialog stays open, its button spinning, until it settles. */
  onOk: () => Promise<unknown>;
}

/**
 * The one confirmation before a delete: a modal dialog that takes the focus on its harmless button (Cancel, as
 * WAI-ARIA's alert dialog advises for a destructive action), keeps it inside until closed, and gives it back to
 * the button that opened it; Escape cancels. When that button is gone or disabled after the delete (nothing is
 * selected any more), the screen's heading takes the focus instead of the page losing it. Render the holder
 * where it outlives the opening button (the screen, not a table row that the delete removes).
 */
export function useDeleteConfirmation() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    ({ title, content, onOk }: DeleteConfirmation) => {
      const opener = document.activeElement;
      return modal.confirm({
        title,
        content,
        okText: t('list.delete'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
        cancelText: t('list.cancel'),
        cancelButtonProps: { 'data-testid': 'cancel-delete' } as ButtonProps,
        autoFocusButton: 'cancel',
        onOk,
        // The dialog has tried to give the focus back; an opener that is gone or disabled (or turns so as the list
        // reloads) cannot keep it.
        afterClose: () => focusHeadingIfOpenerLost(opener),
      });
    },
    [modal, t],
  );
  return [confirm, holder] as const;
}
