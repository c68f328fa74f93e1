/**
 * A dialog's `afterOpenChange` that puts the focus in its field once it has opened. A field's own `autoFocus` is
 * not enough: the dialog keeps the focus inside itself by moving it to its first control when it opens, and without
 * motion (the system's "reduce motion", antd-shell.tsx) that comes after the field took the focus, leaving a
 * keyboard user on the close button. Ant Design calls `afterOpenChange` when the dialog has opened, with motion or
 * without, after its own focus work.
 */
export function focusWhenOpened(open: boolean, field: { focus: () => void } | null | undefined): void {
  if (open) field?.focus();
}
