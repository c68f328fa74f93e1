/** The node flags `npm start` runs the server with. */
export const serverNodeFlags: string[];
