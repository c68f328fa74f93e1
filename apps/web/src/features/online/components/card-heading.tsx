import type { ReactNode } from 'react';

/** A card's title as a heading of the review screen (the screen's own title is the level above). */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{children}</h2>;
}
