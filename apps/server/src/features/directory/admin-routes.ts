import { directoryPreviewRequestSchema, directoryPreviewSchema, directoryProviderStateSchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';

const common = { tags: ['directory'], security: [{ bearer: [] }] };
const access = { access: { permissions: ['view_user', 'view_group'] } } as const;

/** The administrators' screen of the directories (issue 59): the providers' state, and the mapping's preview. */
export const directoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = app.services.directory;

  app.get(
    '/api/admin/directory/providers/',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'listDirectoryProviders',
        summary: 'Each configured directory: its address, state (last contact), last error, mapping, linked accounts',
        response: { 200: z.array(directoryProviderStateSchema), ...signedInErrors },
      },
    },
    async () => directory.providerStates(),
  );

  app.post(
    '/api/admin/directory/preview/',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'previewDirectoryMapping',
        summary:
          "A set of claims (as a provider's ID token and userinfo give them, or an LDAP entry's) -> exactly the " +
          'account, groups, role letters and region a sign-in with them would result in, or why it is refused; ' +
          'nothing is written (the same decision as the sign-in)',
        body: directoryPreviewRequestSchema,
        response: { 200: directoryPreviewSchema, ...signedInErrors },
      },
    },
    async (request) => directory.preview(request.body),
  );
};
