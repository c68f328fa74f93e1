import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkButtonProps extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: To;
  /** Router state handed to the next screen (where a form returns to). */
  state?: unknown;
}

/**
 * A link that looks like a button: one `<a>`, so Tab stops once on it and its focus ring is the button's
 * (a `<Link>` around a `<Button>` made two stops, the first with a ring round nothing). The router follows it;
 * a middle click or Ctrl+click still opens a new tab.
 */
export function LinkButton({ to, state, ...button }: LinkButtonProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLElement>(to, { state });
  return <Button {...button} href={href} onClick={follow} />;
}
