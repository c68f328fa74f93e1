import { Grid } from 'antd';

/** Below 1200 px the side navigation becomes a temporary drawer (spec section 2). */
export function useIsDrawerMode(): boolean {
  const screens = Grid.useBreakpoint();
  // useBreakpoint is empty on the first render; treat unknown as wide so the layout does not flash a drawer.
  return screens.xl === false;
}
