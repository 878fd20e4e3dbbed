import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext';
import { ogcException } from '../../http/requireApiKey';
import { validationMessage } from '../../http/registerErrorHandling';
import { OgcInputError } from '../../services/ogc/ogcCrs';
import { SearchInputError } from '../../services/search/parseSearchQuery';
import { ogcFeatureRoutes } from './ogcFeatureRoutes';
import { ogcTileRoutes } from './ogcTileRoutes';

/**
 * The OGC API for GIS clients (ADR 025), mounted at /ogc: Features (Part 1 and 2) and vector tiles. Bad
 * parameters answer 400 as OGC exceptions ({code, description}); other errors go to the app's handler.
 */
export async function ogcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler((error: FastifyError | Error, _request, reply) => {
    if ('validation' in error && error.validation)
      return reply.code(400).send(ogcException('InvalidParameterValue', validationMessage(error)));
    if (error instanceof OgcInputError || error instanceof SearchInputError)
      return reply.code(400).send(ogcException('InvalidParameterValue', error.message));
    throw error;
  });
  await ogcFeatureRoutes(app, ctx);
  await ogcTileRoutes(app, ctx);
}
