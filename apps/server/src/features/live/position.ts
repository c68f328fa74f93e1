import fp from 'fastify-plugin';

/** The header of every API read that says where this process's live events stood when the read began. */
export const livePositionHeader = 'x-live-position';

/**
 * Every signed-in API read answers with the id of the last live event this process had when the read began (issue 47). A tab
 * opens its stream a moment after its first screen's reads; it resumes from the oldest position those reads carried,
 * so a change committed between a read and the stream's opening is replayed, not lost (a change after the read's
 * snapshot reaches the hub only after its commit, so after the read began). Another process's position, or one too
 * old for the ring, is answered with `reset`: the tab reads what it shows again. The position is sealed afresh each
 * read (issue 56): two reads' positions differ whether or not anything changed, so they tell nothing.
 */
export const livePositionPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      // Only a signed-in tab's reads (the stream itself needs a bearer): an outsider is not told how busy the
      // authority is by the count of its changes.
      if (request.method !== 'GET' || !request.url.startsWith('/api/') || !request.headers.authorization) return;
      const { hub } = app.services.live;
      reply.header(livePositionHeader, hub.position());
    });
  },
  { name: 'live-position' },
);
